// The run's own rows of the flag table (option_flags.hpp): the flags of the
// window and the runner that are no knob of SimParams or AppSettings, each
// with its range, default and help written once. Internal to the app core.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/setting_rows.hpp"

namespace fluid::app::flag_table {

using Apply = std::function<std::string(Options&, const std::string&)>;
using Current = std::function<std::string(const Options&)>;

// A flag of the window or the runner that is no knob of SimParams or
// AppSettings: a number, choice or switch of one run (--steps, --backend,
// --fullscreen) read by its row's range like every knob; or, with `text`
// set, a value the row parses itself (a file name, auto|N, a colour).
struct RunRow : FlagRow<Options> {
    using FlagRow::FlagRow;
    Apply text;
    std::string textHelp;  // a text row's help, as --help prints it
    Current current;       // a text row that is a setting: its value as the settings file writes it
};

// Grid: the grid's two rows, which --help and the settings file list before
// the simulation's; Rest: every other, after the settings'.
enum class RunRows { Grid, Rest };
const std::vector<RunRow>& runRows(RunRows which);

// ", got 'TEXT'", TEXT fit to print: the end of every refusal of a value.
std::string got(const std::string& text);

}  // namespace fluid::app::flag_table
