// ChosenGrid: whether a grid chosen in the panel kept real time here, so that
// one which did not is not saved as the user's choice. Saved, it made every
// later plain start run at a fraction of real time (256 cells on a machine
// whose auto grid picks 128 ran at 0.03-0.36x), with nothing to say why.
// Fed the running frames at that grid, like RunSummary; free of GL and
// clocks: tests feed it times.
#pragma once

#include <optional>
#include <string>

#include "app/options.hpp"

namespace fluid::app {

class ChosenGrid {
public:
    // Wall s the grid must have run (after GridWatch::kSettle, in which a new
    // grid compiles its shaders) before it is judged: a few frames say nothing.
    static constexpr double kJudgedAfter = 3.0;

    // The panel chose a grid of `shortSide` cells at wall time `now`; 0: auto
    // (the pick keeps real time itself: nothing to judge).
    void chose(int shortSide, double now);
    // A running frame at wall time `now` that ran `fluidSeconds` of fluid.
    void running(double now, double fluidSeconds);
    // Paused or minimised: the wall time until the next running frame is not counted.
    void held() { lastFrame_ = -1.0; }

    int shortSide() const { return shortSide_; }
    // Fluid s per wall s at the chosen grid, once it ran kJudgedAfter s; none before.
    std::optional<double> realTimeFactor() const;
    // It was judged and fell short of GridWatch::kMinRealTimeFactor.
    bool tooSlow() const;

private:
    int shortSide_ = 0;
    double settledAt_ = 0.0;
    double lastFrame_ = -1.0;  // negative: the next frame starts a run of frames
    double wallSeconds_ = 0.0;
    double fluidSeconds_ = 0.0;
};

// The grid the window saves at exit: `atExit`'s (the panel's), except a grid
// chosen in the panel that fell below real time, which goes back to
// `atStart`'s, so that the settings file keeps the grid it had. Returns the
// line that says so (and how to keep the grid anyway, with `settingsPath`),
// or "" when the grid is saved as it is.
std::string keepGridOnlyIfItKeptUp(Options& atExit, const Options& atStart, const ChosenGrid& chosen,
                                   const std::string& settingsPath);

}  // namespace fluid::app
