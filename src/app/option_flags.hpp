// The flag table: one row per flag and setting of the window and the runner
// (name, value placeholder, help with unit and range, where it may appear, how
// it is applied). Parsing (options.cpp) and --help (options_help.cpp) read it.
// Internal to the app core: not a public header of fluid_app_core's users.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/options.hpp"

namespace fluid::app::flag_table {

// Where a flag may appear: settings also live in the config file; headless
// flags are refused when a window opens instead, window flags with --headless.
// WindowSetting: a setting of the window alone (the look, the first sight),
// kept in the settings file but refused on a --headless command line, where
// it would change nothing.
enum class Scope { CommandLine, Everywhere, Headless, Window, WindowSetting };

inline bool inSettingsFile(Scope scope)
{
    return scope == Scope::Everywhere || scope == Scope::WindowSetting;
}

struct Flag {
    const char* name;   // without "--"
    std::string value;  // placeholder in --help; "" for switches
    std::string help;   // includes the unit and the accepted range
    Scope scope;
    // Applies the value; returns an error message (without the flag name) or "".
    std::function<std::string(Options&, const std::string&)> apply;
};

const std::vector<Flag>& flags();
// The row named `name` (without "--"), or null.
const Flag* find(const std::string& name);

}  // namespace fluid::app::flag_table
