// SimClock: how many fixed steps of dt each frame runs so that the fluid
// follows wall-clock time, and how close to real time it manages to run.
//
// A fixed-timestep accumulator: every frame adds the wall time since the last
// one and runs a step for each whole dt owed. Three limits keep the frame
// rate from collapsing where the machine cannot keep up:
//   - the cap (a panel setting): at most maxSteps steps in one frame;
//   - the budget: no more steps than fit in kStepBudget seconds, by the
//     measured cost of a step;
//   - the ramp: at most one step more than the previous frame ran, so a slow
//     frame (a window drag, a screenshot) never triggers a burst of catch-up.
// A debt of a few steps is carried to the next frames, which repay it one
// step more at a time: frames that take 30 ms, then 55 ms, then 40 ms on a
// busy machine keep real time. A larger debt (a hitch) is dropped rather
// than owed: the fluid runs slower than real time (realTimeFactor() says how
// much) and the step count never spirals. Free of GL and GLFW, so it is
// unit-tested with made-up times.
#pragma once

namespace fluid::app {

class SimClock {
public:
    // Wall seconds of stepping a frame may spend (keeps >= 20 frames/s for input).
    static constexpr double kStepBudget = 0.05;
    // Time constant (s) of the smoothing of the real-time factor.
    static constexpr double kFactorSmoothing = 1.0;
    // Steps owed after a frame that are carried, not dropped: less than
    // this is jitter (a debt of 1-3 steps with frames of 25-60 ms), this
    // many or more a hitch.
    static constexpr int kCarriedSteps = 4;

    explicit SimClock(double now) : last_(now) {}

    // Steps of `dt` the frame at wall time `now` runs. stepSeconds: measured
    // wall cost of one step (<= 0: not known yet, then only the cap applies).
    int advance(double now, double dt, int maxSteps, double stepSeconds);
    // Time passes without the fluid (paused, minimised): nothing is owed for it.
    void hold(double now);
    // hold(now), owing one step of dt: the next frame runs a step however
    // soon it comes. The window starts so, and its first frame shows the
    // first step's work (the first sight's burst) even where frames are
    // shorter than dt.
    void start(double now, double dt);

    // Simulated time per wall time, smoothed over about kFactorSmoothing s;
    // 1 when the fluid keeps up. Meaningless while held.
    double realTimeFactor() const { return factor_; }
    // Wall time owed after the last advance(), under kCarriedSteps dt: the
    // steps of that frame covered the wall time up to lastFrame() - owed().
    double owed() const { return owed_; }
    // Wall time the last advance() or hold() was called at.
    double lastFrame() const { return last_; }

private:
    double last_;
    double owed_ = 0.0;  // wall time not yet simulated, < dt after every frame
    int lastSteps_ = 0;
    double factor_ = 1.0;
};

}  // namespace fluid::app
