// ReplayDriver: --replay as the window's loop sees it. The loop asks it for
// the solver to show, the grid to letterbox and a frame's steps; the steps
// follow the clock (one per N while paused) and the replay's end pauses the
// window, said once.
#pragma once

#include <string>

#include <glm/vec2.hpp>

#include "app/window/window_replay.hpp"

namespace fluid::app {

class DisplayChain;
class SimClock;
struct LoopRequests;
struct PanelState;
struct RunSummary;

// What a frame of the replay reads and moves: the loop's own parts, lent.
struct ReplayFrame {
    PanelState& state;   // paused, the most steps a frame
    LoopRequests& loop;  // N presses
    SimClock& clock;
    RunSummary& summary;
    DisplayChain& display;  // the log's obstacle masks
    double stepSeconds;     // a step's measured cost; negative until measured
};

class ReplayDriver {
public:
    // Reads and checks the log; throws std::runtime_error with "PATH:LINE: why".
    // On --backend's solver (`threads`: the CPU backend's).
    ReplayDriver(const std::string& path, Backend backend, int threads) : replay_(path, backend, threads) {}

    GpuSolver& solver() { return replay_.solver(); }
    double fluidSeconds() const { return replay_.fluidSeconds(); }
    glm::ivec2 grid() const { return {replay_.params().gridWidth, replay_.params().gridHeight}; }

    // The frame's steps of the log; returns how many ran.
    int advance(double now, const ReplayFrame& frame);

private:
    WindowReplay replay_;
    bool endSaid_ = false;  // the end is said once (Space after it said it again)
};

}  // namespace fluid::app
