// Emitter: a source of heat and smoke that stays put (a fire, a chimney),
// placed by a scenario or with the mouse. Each step it adds heat and smoke
// through the brush kernel as a splat with no impulse: the rising comes from
// buoyancy alone (SimParams::gravity).
#pragma once

#include <glm/vec2.hpp>

#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid {

struct Emitter {
    glm::vec2 position{0.5f, 0.1f};  // m, domain coordinates
    float radius = 0.04f;            // m, Gaussian radius r
    float heatRate = 300.0f;         // K/s added to T - T0 at the centre
    float smokeRate = 1.0f;          // 1/s, smoke (grey dye) added at the centre
};

// The splat that adds one step's (dt, s) heat and smoke.
inline Splat emitterSplat(const Emitter& e, float dt)
{
    Splat s;
    s.from = s.to = e.position;
    s.radius = e.radius;
    s.velocity = glm::vec2(0.0f);
    s.dye = glm::vec3(e.smokeRate * dt);
    s.addsDye = e.smokeRate > 0.0f;
    s.heat = e.heatRate * dt;
    return s;
}

// A plume where none was set up: standard gravity, and heat that fades in a
// couple of seconds so the plume does not fill the box with warm air (the
// smoke scenario's defaults, and the window's first emitter's).
inline constexpr float kPlumeGravity = 9.81f;  // m/s^2
inline constexpr float kPlumeCooling = 0.5f;   // 1/s

// `p` with smoke on for an emitter: where gravity is 0 (smoke off, the
// default) it becomes kPlumeGravity, and a cooling of 0 kPlumeCooling;
// settings that already make smoke are kept as they are.
inline SimParams withPlume(SimParams p)
{
    if (smokeIsOn(p)) return p;
    p.gravity = kPlumeGravity;
    if (p.cooling <= 0.0f) p.cooling = kPlumeCooling;
    return p;
}

}  // namespace fluid
