// TimeLine: a screenshot's wall time left out of the clocks the window feeds.
// The window's own loop (viewer.cpp's advanceFluid and watchRealTime) on a
// made-up wall clock: frames of 1/60 s, and once a second a screenshot whose
// writing takes 0.25 s.
#include "app/time_line.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "app/grid_watch.hpp"
#include "app/sim_clock.hpp"

namespace fluid::app {
namespace {

constexpr double kDt = 1.0 / 60.0;
constexpr double kStepSeconds = 0.002;  // a step's measured cost: far inside the frame
constexpr double kScreenshotSeconds = 0.25;

// The clocks as the viewer feeds them, every time read from one TimeLine.
struct WindowLoop {
    double wall = 0.0;
    TimeLine line{[this] { return wall; }};
    SimClock clock{0.0};
    GridWatch watch{0.0};
    double lastFrameEnd = -1.0;
    int picksAsked = 0;
    double lowestFactor = 1.0;

    void frame()
    {
        wall += kDt;
        const double now = line.now();
        const int steps = clock.advance(now, kDt, 4, kStepSeconds);
        const double frameSeconds = lastFrameEnd < 0.0 ? -1.0 : now - lastFrameEnd;
        lastFrameEnd = now;
        watch.setDt(kDt);
        if (watch.onFrame(now, frameSeconds, steps * kStepSeconds, steps * kDt, clock.realTimeFactor())) ++picksAsked;
        lowestFactor = std::min(lowestFactor, clock.realTimeFactor());
    }
    void screenshot(bool leftOut)
    {
        if (leftOut)
            line.leaveOut([this] { wall += kScreenshotSeconds; });
        else
            wall += kScreenshotSeconds;
    }
    // `seconds` of frames, a screenshot after every 60th.
    void run(double seconds, bool leftOut)
    {
        for (int n = 1; n <= static_cast<int>(seconds / kDt); ++n) {
            frame();
            if (n % 60 == 0) screenshot(leftOut);
        }
    }
};

TEST(TimeLine, LeavesOutTheWallTimeOfTheWorkItWasGiven)
{
    double wall = 10.0;
    TimeLine line([&] { return wall; });
    EXPECT_DOUBLE_EQ(line.now(), 10.0);
    line.leaveOut([&] { wall += 0.3; });
    EXPECT_DOUBLE_EQ(line.now(), 10.0);
    wall += 0.5;
    EXPECT_DOUBLE_EQ(line.now(), 10.5);
    EXPECT_NEAR(line.leftOutSeconds(), 0.3, 1e-12);  // 10.3 - 10.0 in doubles
}

TEST(TimeLine, WorkThatThrowsIsLeftOutToo)
{
    double wall = 0.0;
    TimeLine line([&] { return wall; });
    EXPECT_THROW(line.leaveOut([&] {
        wall += 0.2;
        throw std::runtime_error("disk full");
    }),
                 std::runtime_error);
    EXPECT_DOUBLE_EQ(line.now(), 0.0);
}

TEST(TimeLine, AScreenshotASecondIsNeitherOwedNorASlowMachine)
{
    WindowLoop leftOut;
    leftOut.run(30.0, true);
    WindowLoop counted;
    counted.run(30.0, false);
    std::printf(
        "[ measured ] a screenshot a second for 30 s: picks asked %d (lowest factor %.2f) with its time left "
        "out, %d (%.2f) counted\n",
        leftOut.picksAsked, leftOut.lowestFactor, counted.picksAsked, counted.lowestFactor);
    EXPECT_EQ(leftOut.picksAsked, 0);
    EXPECT_GE(leftOut.lowestFactor, GridWatch::kMinRealTimeFactor);
    // Counted, the same frames fall under the promise and the window gives
    // something up (what the window did: its sharp dye, then a dye rung).
    EXPECT_GT(counted.picksAsked, 0);
}

}  // namespace
}  // namespace fluid::app
