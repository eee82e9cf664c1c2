// GridWatch: when the auto grid picks again. The first pick (grid_picker.hpp)
// measures the machine at start; a core that gets busy later, a larger
// window or a heavier look can still leave the fluid behind. The watch is fed
// every running frame's wall time, its steps' measured cost, the fluid time
// it ran and the clock's real-time factor, and says when the factor has
// stayed under kMinRealTimeFactor for kSlowFor seconds, or the fluid time
// over the last kAverageOver seconds fell short of it (uneven frames, whose
// smoothed factor dips under the promise and back): then the window gives
// something up (speed_keeper.hpp), keeping the fluid. It also keeps
// the frame's measured cost outside the steps (display, bloom, panel, swap),
// which that pick budgets. Free of GL and clocks: tests feed it times.
#pragma once

namespace fluid::app {

class GridWatch {
public:
    // The promise: the fluid runs at least this fast against wall time.
    static constexpr double kMinRealTimeFactor = 0.95;
    // Wall s the factor must stay under it before a new pick (a window drag
    // or a screenshot is one slow frame, not a slow machine).
    static constexpr double kSlowFor = 3.0;
    // Wall s after a start, a pick, a pause or a minimised window before
    // the factor counts: the clock's factor is smoothed over about 1 s and
    // a new grid's first steps compile shaders.
    static constexpr double kSettle = 2.0;
    // Time constant (frames) of the smoothing of the frame's overhead.
    static constexpr double kOverheadFrames = 30.0;
    // Wall s over which the fluid time must average kMinRealTimeFactor: long
    // enough that a one-off hitch (a screenshot, 0.2 s) does not count.
    static constexpr double kAverageOver = 10.0;

    // The longest step the watch judges. Its measures are of steps: with dt
    // of a second or more a window of kSlowFor or kAverageOver s holds one
    // step or none, and the smoothed factor falls between steps (at dt = 10 s
    // the window gave up its grid five times, down to 84 cells, and ran one
    // step in 45 s). Such a step keeps real time anyway: the pick keeps it
    // within a frame (grid_picker.hpp's keepsUp).
    static constexpr double kLongestJudgedDt = 0.2;
    explicit GridWatch(double now) { restart(now); }
    // The step the frames run; beyond kLongestJudgedDt nothing asks for a pick.
    void setDt(double dt) { dt_ = dt; }

    // A running frame at wall time `now`: `frameSeconds` since the previous
    // one, of which `steppingSeconds` went to its steps (their measured cost),
    // `fluidSeconds` of fluid time its steps ran, and the clock's factor after
    // it. True when a new pick is due (once: the watch then settles again, as
    // after restart()).
    bool onFrame(double now, double frameSeconds, double steppingSeconds, double fluidSeconds, double realTimeFactor);
    // Nothing counts before now + kSettle (paused, minimised, a new grid).
    void restart(double now);

    // Wall s per frame outside the steps, smoothed; negative until a frame
    // was measured. With vsync a frame that keeps up also waits here: the
    // estimate is high then, but only a frame that falls behind asks for a pick.
    double overheadSeconds() const { return overhead_; }
    // Wall s the factor has been under kMinRealTimeFactor (0 when it is not).
    double slowSeconds() const { return slowSince_ < 0.0 ? 0.0 : last_ - slowSince_; }

private:
    double settledAt_ = 0.0;
    double slowSince_ = -1.0;  // negative: the factor is at or above the promise
    double last_ = 0.0;
    double overhead_ = -1.0;
    double averageSince_ = -1.0;  // wall s the kAverageOver window began; negative: at the next frame
    double averageFluid_ = 0.0;   // fluid s run since then
    double dt_ = 1.0 / 60.0;
};

// GridRegain: when the auto grid picks again from all its sizes. GridWatch
// only gives up (a smaller grid, a coarser dye grid, no bloom), so a trip to
// full screen, where the frame cost more, left the window at the smaller grid
// for good once it was back at its size. After a give-up at a framebuffer of
// P pixels, a framebuffer of at most kShrunkShare P that has kept its size
// for kSteadyFor s asks for the pick the window made at start (once: a
// later give-up arms it again). Free of GL and clocks: tests feed it sizes.
class GridRegain {
public:
    static constexpr double kShrunkShare = 0.8;
    // Wall s the size must hold (a window being dragged smaller passes
    // through many sizes; one pick, at the last).
    static constexpr double kSteadyFor = 1.0;

    // The window gave something up for speed at this framebuffer.
    void gaveUp(int width, int height);
    // A frame at wall time `now` with this framebuffer; true when the pick
    // from all sizes is due.
    bool onFrame(double now, int width, int height);

private:
    double gaveUpPixels_ = 0.0;  // 0: nothing given up since the last pick from all sizes
    int width_ = 0, height_ = 0;
    double sizeSince_ = 0.0;
};

// GridReshape: when the grid takes the window's new shape, so that the fluid
// fills the window at any size and aspect. A grid that no longer fills the
// framebuffer (gridFillsWindow, src/app/input.hpp) is made again at its shape,
// the fluid resampled onto it, once the framebuffer has kept its size for
// kSteadyFor s (a window being dragged passes through many sizes; one grid,
// at the last), and once per size (where the shape cannot be met, a grid
// capped at its largest, it is not made again every frame). Free of GL and
// clocks: tests feed it sizes.
class GridReshape {
public:
    static constexpr double kSteadyFor = 0.25;

    // A frame at wall time `now` showing a grid of gridWidth x gridHeight
    // cells in a framebuffer of width x height pixels; true when the grid is
    // due to be made again at the framebuffer's shape.
    bool onFrame(double now, int width, int height, int gridWidth, int gridHeight);

private:
    int width_ = 0, height_ = 0;
    double sizeSince_ = 0.0;
    bool reshaped_ = false;  // at this size already
};

}  // namespace fluid::app
