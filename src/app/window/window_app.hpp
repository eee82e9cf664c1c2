// The interactive simulator: a GLFW window, the GPU solver, the field display
// and the ImGui panel, driven by one frame loop.
#pragma once

#include <string>
#include <vector>

#include "app/options.hpp"

namespace fluid::app {

// True when a window system seems reachable (X11 or Wayland on Linux; always
// on other platforms, where GLFW will tell).
bool displayAvailable();

// Runs until the window closes; returns the process exit code. `options`:
// the settings file, then the flags on top; `settingsFile`: the file alone
// (on the defaults), which keeps every setting not changed in the panel.
// `warnings` (about the settings file) are printed once the window is open.
int runWindow(const Options& options, const Options& settingsFile, const std::vector<std::string>& warnings = {});

}  // namespace fluid::app
