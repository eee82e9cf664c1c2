// IdleMotion: for a wall nobody is standing at. After `idleAfter` seconds of
// fluid time with no pointer input and no motion from the camera, a slow,
// gentle brush wanders over the water (a Lissajous path), so the wall never
// looks dead; any activity stops it at once. Driven by fluid time, step by
// step, so it is the same at any frame rate.
#pragma once

#include <optional>

#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::app {

class IdleMotion {
public:
    // idleAfter: seconds without activity before the brush starts; 0 = never.
    explicit IdleMotion(double idleAfter) : idleAfter_(idleAfter) {}

    void noteActivity(double t) { lastActivity_ = t; }
    bool idle(double t) const { return idleAfter_ > 0.0 && t - lastActivity_ >= idleAfter_; }

    // The splat of the step from fluid time t to t + dt: the path's segment
    // over that step, pushing along it and leaving a little dye; nothing while
    // someone is active.
    std::optional<Splat> splatFor(double t, double dt, const SimParams& params) const;

private:
    double idleAfter_;
    double lastActivity_ = 0.0;
};

}  // namespace fluid::app
