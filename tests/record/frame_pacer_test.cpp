// FramePacer: which pictures become video frames, by fluid time alone.
#include "app/record/frame_pacer.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace fluid::app {
namespace {

// The frames each picture stands for, for pictures at these fluid times.
std::vector<long> framesAt(FramePacer& pacer, const std::vector<double>& times)
{
    std::vector<long> counts;
    for (double t : times) counts.push_back(pacer.framesFor(t));
    return counts;
}

TEST(FramePacer, TheFirstPictureIsFrameZero)
{
    FramePacer pacer(30.0, 5.0);
    EXPECT_EQ(pacer.framesFor(5.0), 1);
    EXPECT_EQ(pacer.frames(), 1);
}

TEST(FramePacer, ADrawingFasterThanTheVideoSkipsPictures)
{
    // 60 pictures per second of fluid into 30 frames: every other one.
    FramePacer pacer(30.0, 0.0);
    std::vector<double> times;
    for (int n = 0; n <= 6; ++n) times.push_back(n / 60.0);
    EXPECT_EQ(framesAt(pacer, times), (std::vector<long>{1, 0, 1, 0, 1, 0, 1}));
}

TEST(FramePacer, ADrawingSlowerThanTheVideoRepeatsPictures)
{
    // 10 pictures per second of fluid into 30 frames: each three times.
    FramePacer pacer(30.0, 0.0);
    EXPECT_EQ(framesAt(pacer, {0.0, 0.1, 0.2, 0.3}), (std::vector<long>{1, 3, 3, 3}));
}

TEST(FramePacer, FluidTimeSetsTheLengthWhateverTheFrameRate)
{
    // 4 s of fluid at uneven frame times are 4 s of video: 120 frames after
    // frame 0, however the pictures fell.
    for (const double step : {1.0 / 7.0, 1.0 / 29.0, 1.0 / 31.0, 1.0 / 144.0, 0.5}) {
        FramePacer pacer(30.0, 1.0);
        long frames = 0;
        double t = 1.0;
        for (; t < 5.0 - 1e-12; t += step) frames += pacer.framesFor(t);
        frames += pacer.framesFor(5.0);
        EXPECT_EQ(frames, 121) << "pictures every " << step << " s";
        EXPECT_NEAR(pacer.seconds(), 121.0 / 30.0, 1e-12);
    }
}

TEST(FramePacer, SumsOfStepsThatFallJustShortStillCount)
{
    // 2 steps of 1/60 summed in floating point reach 1/30 only to rounding.
    FramePacer pacer(30.0, 0.0);
    EXPECT_EQ(pacer.framesFor(0.0), 1);
    double t = 0.0;
    for (int n = 0; n < 2; ++n) t += static_cast<double>(1.0f / 60.0f);
    EXPECT_EQ(pacer.framesFor(t - 1e-13), 1);
}

TEST(FramePacer, APausedFluidMakesNoFrames)
{
    FramePacer pacer(30.0, 0.0);
    EXPECT_EQ(pacer.framesFor(1.0), 31);
    EXPECT_EQ(framesAt(pacer, {1.0, 1.0, 1.0}), (std::vector<long>{0, 0, 0}));
}

TEST(FramePacer, TimeRunningBackwardsOrNotANumberMakesNoFrames)
{
    FramePacer pacer(30.0, 2.0);
    EXPECT_EQ(pacer.framesFor(1.0), 0);
    EXPECT_EQ(pacer.framesFor(std::numeric_limits<double>::quiet_NaN()), 0);
    EXPECT_EQ(pacer.framesFor(2.0), 1);
}

}  // namespace
}  // namespace fluid::app
