// The settings file from the window's side: where it lives, and what is
// saved to it at exit (what the panel changed, over the file's own values).
#pragma once

#include <string>

#include "app/chosen_grid.hpp"
#include "app/options.hpp"
#include "app/window/panel.hpp"

namespace fluid::app {

// --config, or the default location.
std::string configPath(const Options& o);

// The options as the panel leaves them.
Options fromPanel(const Options& start, const PanelState& state);

// Saves what the panel changed (nothing with --no-config or --replay; a file
// that could not be read is left alone), but not a grid chosen in the panel
// that fell below real time (`chosenGrid`; one line on stderr says so). False
// (after one line on stderr) when the file could not be written.
bool saveSettings(const Options& o, const Options& settingsFile, const PanelState& state, const ChosenGrid& chosenGrid);

}  // namespace fluid::app
