#include "app/grid_watch.hpp"

#include <algorithm>

namespace fluid::app {

void GridWatch::restart(double now)
{
    settledAt_ = now + kSettle;
    slowSince_ = -1.0;
    last_ = now;
}

bool GridWatch::onFrame(double now, double frameSeconds, double steppingSeconds, double realTimeFactor)
{
    last_ = now;
    if (frameSeconds > 0.0 && steppingSeconds >= 0.0) {
        const double sample = std::max(0.0, frameSeconds - steppingSeconds);
        overhead_ = overhead_ < 0.0 ? sample : overhead_ + (sample - overhead_) / kOverheadFrames;
    }
    if (now < settledAt_) return false;
    if (realTimeFactor >= kMinRealTimeFactor) {
        slowSince_ = -1.0;
        return false;
    }
    if (slowSince_ < 0.0) slowSince_ = now;
    if (now - slowSince_ < kSlowFor) return false;
    restart(now);
    return true;
}

}  // namespace fluid::app
