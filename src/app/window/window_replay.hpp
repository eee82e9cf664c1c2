// WindowReplay: --replay in the window. The log's own solver (InputReplay,
// on --backend's solver: fluid_stepper.hpp) takes the place of the live one: each frame runs as many of the log's
// steps as the clock asks for (or one per N while paused), and the window
// shows it, letterboxed at the log's grid. Strokes, keys and panel changes
// do not reach it: the log is the only input.
#pragma once

#include <memory>
#include <string>

#include "app/input_replay.hpp"
#include "app/options.hpp"
#include "app/window/fluid_stepper.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

class WindowReplay {
public:
    // Reads and checks the log; throws std::runtime_error with "PATH:LINE: why".
    WindowReplay(const std::string& path, Backend backend, int threads);

    // Runs up to `steps` of the log's steps; returns how many ran.
    int advance(int steps);
    bool finished() const { return replay_->finished(); }
    double fluidSeconds() const { return replay_->time(); }
    int step() const { return replay_->step(); }
    int steps() const { return log_.steps; }
    // What the display reads (fluid_stepper.hpp).
    GpuSolver& solver() { return replay_->solver().display(); }
    const SimParams& params() const { return replay_->params(); }
    // The mask the log handed over since the last call, for the display; null: none.
    const Field* takeObstacles();
    const std::string& path() const { return path_; }

private:
    std::string path_;
    InputLog log_;
    std::unique_ptr<InputReplay<FluidStepper>> replay_;
    long masksSeen_ = 0;
    Field noObstacles_;
};

}  // namespace fluid::app
