// When the auto grid picks again: the real-time factor under 0.95 for a few
// seconds of frames, fed with explicit times (no clock, no sleeping).
#include <gtest/gtest.h>

#include "app/grid_watch.hpp"
#include "app/sim_clock.hpp"

namespace fluid::app {
namespace {

constexpr double kFrame = 1.0 / 30.0;

// Frames from `from` to `to` (wall s) at the given factor; the time of the
// first frame that asked for a pick, or a negative number.
double runFrames(GridWatch& watch, double from, double to, double factor)
{
    for (double t = from; t < to; t += kFrame)
        if (watch.onFrame(t, kFrame, 0.5 * kFrame, factor * kFrame, factor)) return t;
    return -1.0;
}

// --dt 10 at 30 frames/s, the steps on time (a SimClock runs one every 10 s,
// each 20 ms): the clock's factor falls between steps and a 10 s window holds
// one step or none, so the watch asked for smaller grids again and again. A
// step that long is not judged; a short one that falls behind still is.
TEST(GridWatch, AStepLongerThanItsWindowsIsNotJudged)
{
    const auto firstPickOnTime = [](double dt, bool told) {
        GridWatch watch(0.0);
        if (told) watch.setDt(dt);
        SimClock clock(0.0);
        clock.start(0.0, dt);
        for (double t = kFrame; t < 120.0; t += kFrame) {
            const int steps = clock.advance(t, dt, 4, 0.02);
            if (watch.onFrame(t, kFrame, steps * 0.02, steps * dt, clock.realTimeFactor())) return t;
        }
        return -1.0;
    };
    EXPECT_LT(firstPickOnTime(10.0, true), 0.0);
    EXPECT_LT(firstPickOnTime(1.0, true), 0.0);
    // The control: these frames are the ones it misjudged when not told dt.
    EXPECT_GT(firstPickOnTime(10.0, false), 0.0) << "the case the watch misjudged";
    GridWatch behind(0.0);
    behind.setDt(1.0 / 60.0);
    EXPECT_GT(runFrames(behind, 0.0, 20.0, 0.6), 0.0);
}

TEST(GridWatch, AFluidThatKeepsUpIsLeftAlone)
{
    GridWatch watch(0.0);
    EXPECT_LT(runFrames(watch, 0.0, 60.0, 1.0), 0.0);
    EXPECT_LT(runFrames(watch, 60.0, 120.0, GridWatch::kMinRealTimeFactor), 0.0);  // at the promise exactly
}

TEST(GridWatch, ASlowFluidAsksForAPickAfterSettlingAndAFewSlowSeconds)
{
    GridWatch watch(0.0);
    // Slow from the start: nothing counts before kSettle, then kSlowFor of slow frames.
    const double asked = runFrames(watch, 0.0, 20.0, 0.6);
    EXPECT_GE(asked, GridWatch::kSettle + GridWatch::kSlowFor - kFrame);
    EXPECT_LT(asked, GridWatch::kSettle + GridWatch::kSlowFor + 2 * kFrame);
}

// One-off dips (a screenshot, a window drag: 1 s at half speed) among frames
// that keep up never stay under the promise for kSlowFor in a row, and leave
// each kAverageOver window at 0.95x or more.
TEST(GridWatch, OneOffDipsAskForNothing)
{
    GridWatch watch(0.0);
    double t = GridWatch::kSettle;
    for (int n = 0; n < 10; ++n) {
        EXPECT_LT(runFrames(watch, t, t + 1.0, 0.5), 0.0);
        EXPECT_LT(runFrames(watch, t + 1.0, t + 2.0 * GridWatch::kAverageOver, 1.0), 0.0);
        t += 2.0 * GridWatch::kAverageOver;
    }
}

// Uneven frames: two seconds at half speed, one at full, over and over. The
// smoothed factor is never under the promise kSlowFor in a row, but the
// fluid runs at 0.67x: the average over kAverageOver asks for a pick.
TEST(GridWatch, UnevenFramesThatAverageUnderThePromiseAskForAPick)
{
    GridWatch watch(0.0);
    double t = 0.0;
    double asked = -1.0;
    for (int n = 0; n < 10 && asked < 0.0; ++n) {
        asked = runFrames(watch, t, t + 2.0, 0.5);
        if (asked < 0.0) asked = runFrames(watch, t + 2.0, t + 3.0, 1.0);
        t += 3.0;
    }
    EXPECT_GE(asked, GridWatch::kSettle + GridWatch::kAverageOver - kFrame);
    EXPECT_LT(asked, GridWatch::kSettle + GridWatch::kAverageOver + 2 * kFrame);
}

TEST(GridWatch, AfterAPickItSettlesAgainBeforeAskingAgain)
{
    GridWatch watch(0.0);
    const double first = runFrames(watch, 0.0, 20.0, 0.5);
    ASSERT_GT(first, 0.0);
    const double second = runFrames(watch, first + kFrame, first + 20.0, 0.5);
    EXPECT_GE(second - first, GridWatch::kSettle + GridWatch::kSlowFor - kFrame);
}

TEST(GridWatch, RestartForgetsASlowStretch)
{
    GridWatch watch(0.0);
    EXPECT_LT(runFrames(watch, 0.0, GridWatch::kSettle + 2.5, 0.5), 0.0);
    watch.restart(GridWatch::kSettle + 2.5);  // paused: the slow stretch does not carry over
    EXPECT_LT(runFrames(watch, GridWatch::kSettle + 2.5, 2 * GridWatch::kSettle + 2.5 + 1.0, 0.5), 0.0);
}

TEST(GridWatch, TheOverheadIsTheFrameLessItsSteps)
{
    GridWatch watch(0.0);
    EXPECT_LT(watch.overheadSeconds(), 0.0);
    for (int n = 0; n < 500; ++n) watch.onFrame(n * 0.03, 0.03, 0.01, 0.03, 1.0);
    EXPECT_NEAR(watch.overheadSeconds(), 0.02, 1e-9);
    // A frame whose steps were measured longer than the frame counts as no overhead, never negative.
    GridWatch other(0.0);
    other.onFrame(0.0, 0.01, 0.02, 0.01, 1.0);
    EXPECT_EQ(other.overheadSeconds(), 0.0);
}

// Full screen (1280 x 1024) cost the frame a smaller grid; back at 640 x 480
// the window kept it for good. Now, once the window has held a size of at
// most 0.8 of the pixels it gave up at for a second, the pick from all sizes
// is due, once.
TEST(GridRegain, ASmallerWindowAfterAGiveUpPicksFromAllSizesOnce)
{
    GridRegain regain;
    for (double t = 0.0; t < 5.0; t += kFrame) EXPECT_FALSE(regain.onFrame(t, 640, 480)) << "nothing given up yet";
    regain.gaveUp(1280, 1024);
    double asked = -1.0;
    for (double t = 5.0; t < 10.0 && asked < 0.0; t += kFrame)
        if (regain.onFrame(t, t < 7.0 ? 1280 : 640, t < 7.0 ? 1024 : 480)) asked = t;
    EXPECT_GE(asked, 7.0 + GridRegain::kSteadyFor - kFrame);
    EXPECT_LT(asked, 7.0 + GridRegain::kSteadyFor + 2 * kFrame);
    for (double t = 10.0; t < 15.0; t += kFrame) EXPECT_FALSE(regain.onFrame(t, 640, 480)) << "once";
}

// A window dragged smaller passes through many sizes: one pick, at the last;
// a size only a little smaller than the one given up at asks for none.
TEST(GridRegain, ADragAsksOnceAtTheEndAndASlightlySmallerWindowNotAtAll)
{
    GridRegain regain;
    regain.gaveUp(1000, 1000);
    int asks = 0;
    double t = 0.0;
    for (int side = 1000; side >= 500; side -= 10, t += kFrame) asks += regain.onFrame(t, side, side);
    EXPECT_EQ(asks, 0) << "while the size changes";
    for (const double end = t + 3.0; t < end; t += kFrame) asks += regain.onFrame(t, 500, 500);
    EXPECT_EQ(asks, 1);

    GridRegain slightly;
    slightly.gaveUp(1000, 1000);
    for (double u = 0.0; u < 5.0; u += kFrame) EXPECT_FALSE(slightly.onFrame(u, 950, 950));  // 0.90 of the pixels
}

// A window of a new shape: the grid is made again at its shape once the size
// has held kSteadyFor s, once; a grid that already fills the window is never.
TEST(GridReshape, ANewShapeGetsItsGridOnceTheSizeHolds)
{
    GridReshape reshape;
    EXPECT_FALSE(reshape.onFrame(0.0, 1024, 768, 172, 128));
    EXPECT_FALSE(reshape.onFrame(1.0, 1024, 768, 172, 128)) << "the grid fills the window";
    EXPECT_FALSE(reshape.onFrame(2.0, 1200, 780, 172, 128)) << "being dragged";
    EXPECT_FALSE(reshape.onFrame(2.1, 1280, 800, 172, 128));
    EXPECT_FALSE(reshape.onFrame(2.1 + GridReshape::kSteadyFor - 0.01, 1280, 800, 172, 128));
    EXPECT_TRUE(reshape.onFrame(2.1 + GridReshape::kSteadyFor, 1280, 800, 172, 128));
    EXPECT_FALSE(reshape.onFrame(3.0, 1280, 800, 172, 128)) << "once per size, made or not";
    EXPECT_FALSE(reshape.onFrame(4.0, 1280, 800, 204, 128));
    EXPECT_FALSE(reshape.onFrame(5.0, 800, 1280, 204, 128));
    EXPECT_TRUE(reshape.onFrame(5.0 + GridReshape::kSteadyFor, 800, 1280, 204, 128)) << "turned portrait";
}

}  // namespace
}  // namespace fluid::app
