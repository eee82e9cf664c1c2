// Boundary rules of the CPU reference solver, line for line the functions of
// shaders/common.glsl. Cells outside the grid are ghost cells whose values the
// rules define; every stencil reads its neighbours through these functions, so
// the walls lie exactly on the domain edge (domain width = W h).
#pragma once

#include <algorithm>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "core/field.hpp"
#include "core/pass_constants.hpp"

namespace fluid::reference {

// Periodic wrap of a cell index known to lie in [-8n, 8n); non-negative operands
// keep '%' defined in GLSL 330 too.
inline int wrapIndex(int i, int n) { return (i + 8 * n) % n; }

inline glm::ivec2 wrapCell(glm::ivec2 c, const PassConstants& k)
{
    return {wrapIndex(c.x, k.width), wrapIndex(c.y, k.height)};
}

inline glm::ivec2 clampCell(glm::ivec2 c, const PassConstants& k)
{
    return {std::clamp(c.x, 0, k.width - 1), std::clamp(c.y, 0, k.height - 1)};
}

inline glm::vec2 load2(const Field& f, glm::ivec2 c) { return {f.at(c.x, c.y, 0), f.at(c.x, c.y, 1)}; }

inline glm::vec4 load(const Field& f, glm::ivec2 c)
{
    glm::vec4 v(0.0f);
    for (int k = 0; k < f.components(); ++k) v[k] = f.at(c.x, c.y, k);
    return v;
}

// Velocity: a ghost cell beyond a no-slip wall holds minus its mirror cell, so
// the wall face halfway between has zero velocity; beyond the moving lid it
// holds 2 U - u, so the face moves at the lid speed U. A corner ghost is
// mirrored across both walls (the sign flips twice), so the bilinear read at
// the corner point gives zero as well.
inline glm::vec2 velocityAt(const Field& u, glm::ivec2 c, const PassConstants& k)
{
    if (k.periodic) return load2(u, wrapCell(c, k));
    const glm::ivec2 inside = clampCell(c, k);
    glm::vec2 v = load2(u, inside);
    if (inside.x != c.x) v = -v;
    if (inside.y != c.y) {
        v = -v;
        if (c.y >= k.height) v.x += 2.0f * k.lidSpeed;
    }
    return v;
}

// Scalars (pressure, dye, curl): zero normal derivative at walls, the ghost
// cell repeats its mirror cell (pure Neumann).
inline glm::vec4 scalarAt(const Field& s, glm::ivec2 c, const PassConstants& k)
{
    return load(s, k.periodic ? wrapCell(c, k) : clampCell(c, k));
}

inline float scalar1At(const Field& s, glm::ivec2 c, const PassConstants& k)
{
    const glm::ivec2 m = k.periodic ? wrapCell(c, k) : clampCell(c, k);
    return s.at(m.x, m.y, 0);
}

}  // namespace fluid::reference
