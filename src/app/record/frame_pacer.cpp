#include "app/record/frame_pacer.hpp"

#include <cmath>

namespace fluid::app {

namespace {
// Fluid time is a sum of steps of dt: a picture at exactly k / fps, computed
// as such a sum, may fall a rounding error short of it and must still count.
constexpr double kSameMoment = 1e-9;  // in frames
}  // namespace

FramePacer::FramePacer(double fps, double start) : fps_(fps > 0.0 ? fps : 30.0), start_(start) {}

long FramePacer::framesFor(double time)
{
    const double elapsed = (time - start_) * fps_;
    if (!(elapsed > -kSameMoment)) return 0;  // before the start, or NaN
    // Frames 0 .. due-1 are due by `time`.
    const long due = static_cast<long>(std::floor(std::min(elapsed, 1e15) + kSameMoment)) + 1;
    if (due <= frames_) return 0;
    const long count = due - frames_;
    frames_ = due;
    return count;
}

}  // namespace fluid::app
