#include "app/sim_clock.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

int SimClock::advance(double now, double dt, int maxSteps, double stepSeconds)
{
    const double elapsed = std::max(now - last_, 0.0);  // a clock that steps back owes nothing
    last_ = now;
    if (!(dt > 0.0)) return 0;
    owed_ += elapsed;

    int allowed = std::max(maxSteps, 1);
    if (stepSeconds > 0.0) allowed = std::min(allowed, std::max(1, static_cast<int>(kStepBudget / stepSeconds)));
    allowed = std::min(allowed, lastSteps_ + 1);

    const int wanted = static_cast<int>(std::min(std::floor(owed_ / dt + 1e-6), 1e6));
    const int steps = std::min(wanted, allowed);
    owed_ = std::max(owed_ - steps * dt, 0.0);  // (the 1e-6: rounding of sums of frame times)
    // Behind by a hitch: drop what is owed rather than catch up. A debt
    // under kCarriedSteps steps is a frame's jitter, repaid by the next
    // frames (the ramp lets each run one step more).
    if (owed_ >= kCarriedSteps * dt) owed_ = std::fmod(owed_, dt);
    lastSteps_ = steps;

    if (elapsed > 0.0) {
        const double weight = 1.0 - std::exp(-elapsed / kFactorSmoothing);
        factor_ += weight * (steps * dt / elapsed - factor_);
    }
    return steps;
}

void SimClock::hold(double now)
{
    last_ = now;
    owed_ = 0.0;
    lastSteps_ = 0;
    factor_ = 1.0;
}

void SimClock::start(double now, double dt)
{
    hold(now);
    owed_ = std::max(dt, 0.0);
}

}  // namespace fluid::app
