// Splat: one stroke of user input. Along the segment from -> to it adds a
// velocity impulse and dye, each weighted by exp(-d^2 / r^2), d being the
// distance from a cell centre to the segment. A point splat has from == to.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "core/pass_constants.hpp"

namespace fluid {

struct Splat {
    glm::vec2 from{0.5f, 0.5f};  // m, domain coordinates (origin at the bottom-left wall)
    glm::vec2 to{0.5f, 0.5f};    // m
    float radius = 0.02f;        // m, Gaussian radius r
    glm::vec2 velocity{0.0f};    // m/s, added at the segment (scaled by the Gaussian)
    glm::vec3 dye{0.0f};         // dye added at the segment
    bool addsDye = true;         // false: push the fluid only (right-drag)
};

// The splat in cell coordinates (cell (i, j) has its centre at (i, j)), as both
// solvers consume it; computed once on the host so both use identical floats.
struct SplatInCells {
    glm::vec2 from{0.0f};
    glm::vec2 to{0.0f};
    float radiusSquared = 1.0f;  // cells^2
};

inline SplatInCells toCells(const Splat& s, const PassConstants& c)
{
    const float invH = 1.0f / c.cellSize;
    const float r = s.radius * invH;
    return {s.from * invH - 0.5f, s.to * invH - 0.5f, r * r > 1e-6f ? r * r : 1e-6f};
}

}  // namespace fluid
