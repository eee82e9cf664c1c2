// The headless runner: steps a scenario on the GPU (EGL, no display) or the
// CPU reference solver, writes the requested outputs and exits.
#pragma once

#include "app/options.hpp"

namespace fluid::app {

// Returns the process exit code (0 success, 1 runtime failure, 2 bad input).
int runHeadless(const Options& options);

}  // namespace fluid::app
