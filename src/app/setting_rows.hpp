// The settings table: one row per knob of AppSettings (src/app/app_settings.hpp),
// in the form of the simulation's parameter table (core/parameters.hpp): its
// flag name, panel label, unit, accepted range, help text and panel slider,
// plus where it may appear, its --help section and its panel group. The
// command-line flags, --help, the settings file, sanitize() and the panel are
// all built from these rows, so a new brush knob is an AppSettings field and
// one row in setting_rows.cpp.
//
// Knobs that are not one number, switch or choice (the brush colour, the
// display range "auto|V", file names) and the runner's one-run flags are the
// run's own rows (src/app/options_rows.hpp); every row here and there becomes
// a row of the flag table (src/app/option_flags.hpp).
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "app/app_settings.hpp"
#include "core/parameters.hpp"

namespace fluid::app {

// Where a flag may appear: settings also live in the settings file; headless
// flags are refused when a window opens instead, window flags with --headless.
// WindowSetting: a setting of the window alone (the look, the first sight),
// kept in the settings file but refused on a --headless command line, where
// it would change nothing.
enum class Scope { CommandLine, Everywhere, Headless, Window, WindowSetting };

inline bool inSettingsFile(Scope scope)
{
    return scope == Scope::Everywhere || scope == Scope::WindowSetting;
}

// The sections of --help, in their order.
enum class HelpSection { Simulation, BrushAndDisplay, Water, Motion, Obstacles, Window, Headless };

// The panel's groups (src/app/window/panel.cpp); None: not in the panel. The
// quick group shows Quick rows, the simulation's quick rows, then QuickLook.
enum class PanelGroup { None, Quick, QuickLook, Brush, Emitters, Look, Obstacles, Motion, Solver };

// A row of a flag table over Owner: a knob of AppSettings here, a run's own
// number or choice (--steps, --backend) over Options in options_rows.hpp.
template <typename Owner>
struct FlagRow : BasicParameter<Owner> {
    using BasicParameter<Owner>::BasicParameter;
    explicit FlagRow(BasicParameter<Owner> row) : BasicParameter<Owner>(std::move(row)) {}
    Scope scope = Scope::Everywhere;
    HelpSection section = HelpSection::BrushAndDisplay;
    PanelGroup group = PanelGroup::None;
    // A switch given as a bare flag (--hover-paint) that turns it on; it is
    // then not a setting of the file but of one run.
    bool bareFlag = false;
};

using Setting = FlagRow<AppSettings>;

// Every row, in the panel's and --help's order.
const std::vector<Setting>& settingRows();
const Setting* findSetting(std::string_view key);

// Every row's value into its accepted range (NaN, or a value no row accepts,
// to the default), so nothing typed into the panel can put NaN or a huge
// impulse into the fluid; and the knobs that are no row (brush colour,
// display range, light azimuth) the same way.
void sanitize(AppSettings& settings);

}  // namespace fluid::app
