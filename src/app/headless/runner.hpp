// The headless runner: steps a scenario on the GPU (EGL, no display) or the
// CPU reference solver, writes the requested outputs and exits. The pieces it
// is made of (scenarios, the step loop, measurements, outputs) live beside it
// in the fluid_headless library, where the validation tests use them too.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "app/options.hpp"

namespace fluid::app {

// Returns the process exit code: 0 success; 1 runtime failure, or
// --until-steady not met within the step budget (outputs are still written);
// 2 (kUsageErrorExit) flags that contradict each other or the scenario.
// `notes`: lines from the caller (why the run is headless), printed as
// "fluidsim: note: ..." once the flags are known to be good, so that a
// refusal stays the only line on stderr.
int runHeadless(const Options& options, const std::vector<std::string>& notes = {});

// A headless run (or replay) stopped by `e`: reports it, with the CPU backend
// as the way out when no OpenGL context could be made, and returns 1.
int reportRunFailure(const std::exception& e);

}  // namespace fluid::app
