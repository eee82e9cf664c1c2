// SimClock: the fluid follows wall-clock time where the machine keeps up,
// slows down gracefully where it does not, and never bursts after a hitch.
#include <gtest/gtest.h>

#include "app/sim_clock.hpp"

namespace fluid::app {
namespace {

constexpr double kDt = 1.0 / 60.0;

// Frames of `interval` seconds from `start`; returns the steps run in all.
int runFrames(SimClock& clock, double& now, int frames, double interval, int cap = 4, double stepSeconds = 0.001)
{
    int steps = 0;
    for (int f = 0; f < frames; ++f) {
        now += interval;
        steps += clock.advance(now, kDt, cap, stepSeconds);
    }
    return steps;
}

TEST(SimClock, KeepsRealTimeAtAnyFrameRateWithinTheCap)
{
    for (double fps : {20.0, 30.0, 60.0, 144.0, 500.0}) {
        SimClock clock(0.0);
        double now = 0.0;
        const int frames = static_cast<int>(10.0 * fps);  // 10 s
        const int steps = runFrames(clock, now, frames, 1.0 / fps);
        // 10 s of dt = 1/60 s, less what the ramp drops in the first frames
        // (1 + 2 + ... steps while 3 are owed per frame at 20 frames/s: 3).
        EXPECT_LE(steps, 600) << fps << " frames/s";
        EXPECT_GE(steps, 597) << fps << " frames/s";
        EXPECT_NEAR(clock.realTimeFactor(), 1.0, 0.01) << fps << " frames/s";
    }
}

// A busy machine's frames are uneven: 30 ms, then 55 ms, ... (2.55 steps a
// frame on average). A frame that falls one step short repays it in the
// next, so nothing is lost. (Dropping every debt at once kept 0.94x here.)
TEST(SimClock, UnevenFramesKeepRealTime)
{
    SimClock clock(0.0);
    double now = 0.0;
    int steps = 0;
    for (int f = 0; f < 240; ++f) steps += runFrames(clock, now, 1, f % 2 == 0 ? 0.030 : 0.055);
    const double fluidSeconds = steps * kDt;
    EXPECT_GE(fluidSeconds / now, 0.995) << steps << " steps in " << now << " s";
    EXPECT_NEAR(clock.realTimeFactor(), 1.0, 0.05);
}

TEST(SimClock, SlowsDownGracefullyWhenTheCapIsReached)
{
    SimClock clock(0.0);
    double now = 0.0;
    runFrames(clock, now, 50, 0.1);                            // 10 frames/s, 6 steps owed per frame
    EXPECT_EQ(runFrames(clock, now, 1, 0.1), 4);               // the cap
    EXPECT_NEAR(clock.realTimeFactor(), 4 * kDt / 0.1, 0.01);  // 0.67x real time
    EXPECT_EQ(runFrames(clock, now, 1, 0.1, 2), 2);            // a lower cap, from the panel
}

TEST(SimClock, StepsThatCostTooMuchAreLimitedByTheBudget)
{
    SimClock clock(0.0);
    double now = 0.0;
    // Steps of 20 ms: two fit in the 50 ms budget, whatever is owed.
    runFrames(clock, now, 20, 0.1, 4, 0.02);
    EXPECT_EQ(runFrames(clock, now, 1, 0.1, 4, 0.02), 2);
    // Steps slower than the budget still run, one per frame.
    EXPECT_EQ(runFrames(clock, now, 1, 0.3, 4, 0.2), 1);
}

// A 2 s hitch (a window drag, a screenshot) owes 120 steps: none of them is
// caught up; the frames after it step as before.
TEST(SimClock, AHitchCausesNoBurst)
{
    SimClock clock(0.0);
    double now = 0.0;
    runFrames(clock, now, 60, kDt);
    now += 2.0;
    EXPECT_LE(clock.advance(now, kDt, 4, 0.001), 2);
    for (int f = 0; f < 10; ++f) {
        now += kDt;
        EXPECT_LE(clock.advance(now, kDt, 4, 0.001), 2) << "frame " << f << " after the hitch";
    }
}

TEST(SimClock, HoldingOwesNothing)
{
    SimClock clock(0.0);
    double now = 0.0;
    runFrames(clock, now, 10, kDt);
    clock.hold(now + 5.0);  // paused for 5 s
    now += 5.0;
    EXPECT_EQ(runFrames(clock, now, 1, kDt), 1);
}

// The window's start: its first frame runs a step even when it comes sooner
// than dt (1 ms here), where a held clock runs none; real time is kept after.
TEST(SimClock, AStartedClockRunsAStepInTheFirstFrameHoweverSoon)
{
    SimClock held(0.0);
    held.hold(0.0);
    EXPECT_EQ(held.advance(0.001, kDt, 8, -1.0), 0);
    SimClock started(0.0);
    started.start(0.0, kDt);
    EXPECT_EQ(started.advance(0.001, kDt, 8, -1.0), 1);
    double now = 0.001;
    EXPECT_EQ(runFrames(started, now, 59, kDt), 59);  // one step a frame of dt on
}

TEST(SimClock, AClockThatStepsBackOrAZeroDtRunsNothing)
{
    SimClock clock(10.0);
    EXPECT_EQ(clock.advance(9.0, kDt, 4, 0.0), 0);
    EXPECT_EQ(clock.advance(9.5, 0.0, 4, 0.0), 0);
    EXPECT_EQ(clock.advance(9.6, kDt, 0, 0.0), 1);  // a cap below 1 still steps
}

}  // namespace
}  // namespace fluid::app
