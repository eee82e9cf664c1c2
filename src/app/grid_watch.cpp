#include "app/grid_watch.hpp"

#include <algorithm>

#include "app/input.hpp"

namespace fluid::app {

void GridWatch::restart(double now)
{
    settledAt_ = now + kSettle;
    slowSince_ = -1.0;
    last_ = now;
    averageSince_ = -1.0;
}

bool GridWatch::onFrame(double now, double frameSeconds, double steppingSeconds, double fluidSeconds,
                        double realTimeFactor)
{
    last_ = now;
    if (frameSeconds > 0.0 && steppingSeconds >= 0.0) {
        const double sample = std::max(0.0, frameSeconds - steppingSeconds);
        overhead_ = overhead_ < 0.0 ? sample : overhead_ + (sample - overhead_) / kOverheadFrames;
    }
    if (now < settledAt_ || dt_ > kLongestJudgedDt) return false;
    // The average: the frames after the window's first, over the wall time since it.
    if (averageSince_ < 0.0) {
        averageSince_ = now;
        averageFluid_ = 0.0;
    } else {
        averageFluid_ += fluidSeconds;
    }
    if (const double wall = now - averageSince_; wall >= kAverageOver) {
        // (The 1e-6: sums of frame times that keep the promise exactly.)
        const bool short_ = averageFluid_ < (kMinRealTimeFactor - 1e-6) * wall;
        averageSince_ = now;
        averageFluid_ = 0.0;
        if (short_) {
            restart(now);
            return true;
        }
    }
    if (realTimeFactor >= kMinRealTimeFactor) {
        slowSince_ = -1.0;
        return false;
    }
    if (slowSince_ < 0.0) slowSince_ = now;
    if (now - slowSince_ < kSlowFor) return false;
    restart(now);
    return true;
}

void GridRegain::gaveUp(int width, int height)
{
    gaveUpPixels_ = std::max(gaveUpPixels_, static_cast<double>(width) * static_cast<double>(height));
}

bool GridRegain::onFrame(double now, int width, int height)
{
    if (width != width_ || height != height_) {
        width_ = width;
        height_ = height;
        sizeSince_ = now;
    }
    const double pixels = static_cast<double>(width) * static_cast<double>(height);
    if (gaveUpPixels_ <= 0.0 || pixels > kShrunkShare * gaveUpPixels_ || now - sizeSince_ < kSteadyFor) return false;
    gaveUpPixels_ = 0.0;
    return true;
}

bool GridReshape::onFrame(double now, int width, int height, int gridWidth, int gridHeight)
{
    if (width != width_ || height != height_) {
        width_ = width;
        height_ = height;
        sizeSince_ = now;
        reshaped_ = false;
    }
    if (reshaped_ || gridFillsWindow({width, height}, {gridWidth, gridHeight}) || now - sizeSince_ < kSteadyFor)
        return false;
    reshaped_ = true;
    return true;
}

}  // namespace fluid::app
