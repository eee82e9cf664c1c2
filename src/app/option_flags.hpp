// The flag table: one row per flag and setting of the window and the runner
// (name, value placeholder, help with unit and range, where it may appear, how
// it is applied, its --help section). It is made of three tables' rows, each
// knob declared once with its range and default: the simulation's
// (core/parameters.hpp), the app's settings (src/app/setting_rows.hpp) and
// the run's own (file names, the runner's one-run flags, values such as
// auto|N: src/app/options_rows.hpp). Parsing, the settings file (options.cpp)
// and --help (options_help.cpp) read it.
// Internal to the app core: not a public header of fluid_app_core's users.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/setting_rows.hpp"

namespace fluid::app::flag_table {

using fluid::app::HelpSection;
using fluid::app::inSettingsFile;
using fluid::app::Scope;

struct Flag {
    const char* name;   // without "--"
    std::string value;  // placeholder in --help; "" for switches
    std::string help;   // includes the unit and the accepted range
    Scope scope;
    // Applies the value; returns an error message (without the flag name) or "".
    std::function<std::string(Options&, const std::string&)> apply;
    HelpSection section = HelpSection::Headless;  // where --help lists it
    // A setting's value as the settings file writes it, which apply() reads
    // back; every flag of the settings file (inSettingsFile, with a value) has
    // one, so formatConfig() writes each from its row alone.
    std::function<std::string(const Options&)> current = nullptr;
};

const std::vector<Flag>& flags();
// The row named `name` (without "--"), or null.
const Flag* find(const std::string& name);

}  // namespace fluid::app::flag_table
