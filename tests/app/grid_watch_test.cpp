// When the auto grid picks again: the real-time factor under 0.95 for a few
// seconds of frames, fed with explicit times (no clock, no sleeping).
#include <gtest/gtest.h>

#include "app/grid_watch.hpp"

namespace fluid::app {
namespace {

constexpr double kFrame = 1.0 / 30.0;

// Frames from `from` to `to` (wall s) at the given factor; the time of the
// first frame that asked for a pick, or a negative number.
double runFrames(GridWatch& watch, double from, double to, double factor)
{
    for (double t = from; t < to; t += kFrame)
        if (watch.onFrame(t, kFrame, 0.5 * kFrame, factor)) return t;
    return -1.0;
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

TEST(GridWatch, ShortDipsDoNotAddUp)
{
    GridWatch watch(0.0);
    double t = GridWatch::kSettle;
    // Two seconds slow, one fast, over and over: never kSlowFor in a row.
    for (int n = 0; n < 20; ++n) {
        EXPECT_LT(runFrames(watch, t, t + 2.0, 0.5), 0.0);
        EXPECT_LT(runFrames(watch, t + 2.0, t + 3.0, 1.0), 0.0);
        t += 3.0;
    }
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
    for (int n = 0; n < 500; ++n) watch.onFrame(n * 0.03, 0.03, 0.01, 1.0);
    EXPECT_NEAR(watch.overheadSeconds(), 0.02, 1e-9);
    // A frame whose steps were measured longer than the frame counts as no overhead, never negative.
    GridWatch other(0.0);
    other.onFrame(0.0, 0.01, 0.02, 1.0);
    EXPECT_EQ(other.overheadSeconds(), 0.0);
}

}  // namespace
}  // namespace fluid::app
