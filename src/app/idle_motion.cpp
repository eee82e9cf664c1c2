#include "app/idle_motion.hpp"

#include <cmath>
#include <numbers>

namespace fluid::app {

namespace {

// Periods of the path along x and y (s): incommensurate, so it takes minutes
// to repeat; 0.3 of the domain from the centre, at most 0.2 m/s in a 1 m box.
constexpr double kPeriodX = 17.0;
constexpr double kPeriodY = 11.0;
constexpr double kReach = 0.3;

glm::vec2 pathAt(double t, const SimParams& p)
{
    const double w = p.domainWidth, h = p.domainHeight();
    return {static_cast<float>(w * (0.5 + kReach * std::sin(2.0 * std::numbers::pi * t / kPeriodX))),
            static_cast<float>(h * (0.5 + kReach * std::sin(2.0 * std::numbers::pi * t / kPeriodY)))};
}

}  // namespace

std::optional<Splat> IdleMotion::splatFor(double t, double dt, const SimParams& params) const
{
    if (!idle(t)) return std::nullopt;
    const double since = t - lastActivity_ - idleAfter_;  // the path starts where it starts, every time
    Splat s;
    s.from = pathAt(since, params);
    s.to = pathAt(since + dt, params);
    s.radius = 0.04f * params.domainHeight();
    // The fluid under the brush moves with it, a little faster (1.5x).
    s.velocity = (s.to - s.from) * static_cast<float>(1.5 / dt);
    // A slowly turning hue, faint: 0.02 per step at the centre.
    const double hue = since / 40.0;
    for (int c = 0; c < 3; ++c)
        s.dye[c] = static_cast<float>(0.02 * (0.5 + 0.5 * std::cos(2.0 * std::numbers::pi * (hue + c / 3.0))));
    return s;
}

}  // namespace fluid::app
