// fluidsim --headless --replay FILE: a --record-input log played back on the
// GPU (EGL) or the CPU reference, frames to --out (the final one, or every
// --frames-every K steps) and --video. The log's steps are the only clock.
#pragma once

#include "app/options.hpp"

namespace fluid::app {

// The exit code: 0, 1 when the run fails, 2 for a log that cannot be read
// (one line "FILE:LINE: why") or flags the log decides itself (--steps, ...).
int runHeadlessReplay(const Options& options);

}  // namespace fluid::app
