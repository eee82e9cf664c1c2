// GpuTimer: GPU time of a span of GL commands (GL_TIME_ELAPSED queries, core
// since 3.3). Results arrive a few frames late; a ring of queries means we only
// read ones the GPU has finished, so timing never stalls the frame.
#pragma once

#include <array>

#include "gl/handle.hpp"

namespace fluid::app {

class GpuTimer {
public:
    GpuTimer();
    void begin();
    void end();
    // Smoothed milliseconds per measured span; negative until the first result.
    double milliseconds();

private:
    static constexpr int kRing = 4;
    std::array<gl::Query, kRing> queries_;
    std::array<bool, kRing> inFlight_{};
    int next_ = 0;
    bool open_ = false;
    double smoothedMs_ = -1.0;
};

}  // namespace fluid::app
