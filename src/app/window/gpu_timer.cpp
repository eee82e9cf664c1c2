#include "app/window/gpu_timer.hpp"

namespace fluid::app {

GpuTimer::GpuTimer()
{
    for (gl::Query& q : queries_) q = gl::Query::create();
}

void GpuTimer::begin()
{
    if (open_ || inFlight_[static_cast<std::size_t>(next_)]) return;  // ring full: skip this span
    glBeginQuery(GL_TIME_ELAPSED, queries_[static_cast<std::size_t>(next_)].id());
    open_ = true;
}

void GpuTimer::end()
{
    if (!open_) return;
    glEndQuery(GL_TIME_ELAPSED);
    inFlight_[static_cast<std::size_t>(next_)] = true;
    next_ = (next_ + 1) % kRing;
    open_ = false;
}

double GpuTimer::milliseconds()
{
    for (std::size_t n = 0; n < queries_.size(); ++n) {
        if (!inFlight_[n]) continue;
        GLint available = 0;
        glGetQueryObjectiv(queries_[n].id(), GL_QUERY_RESULT_AVAILABLE, &available);
        if (!available) continue;
        GLuint64 nanoseconds = 0;
        glGetQueryObjectui64v(queries_[n].id(), GL_QUERY_RESULT, &nanoseconds);
        inFlight_[n] = false;
        const double ms = static_cast<double>(nanoseconds) * 1e-6;
        smoothedMs_ = smoothedMs_ < 0.0 ? ms : 0.9 * smoothedMs_ + 0.1 * ms;
    }
    return smoothedMs_;
}

}  // namespace fluid::app
