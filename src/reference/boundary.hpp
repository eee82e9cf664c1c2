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
#include "core/solid_mask.hpp"

namespace fluid::reference {

// Periodic wrap of a cell index known to lie in [-8n, 8n); non-negative operands
// keep '%' defined in GLSL 330 too.
inline int wrapIndex(int i, int n)
{
    return (i + 8 * n) % n;
}

inline glm::ivec2 wrapCell(glm::ivec2 c, const PassConstants& k)
{
    return {wrapIndex(c.x, k.width), wrapIndex(c.y, k.height)};
}

inline glm::ivec2 clampCell(glm::ivec2 c, const PassConstants& k)
{
    return {std::clamp(c.x, 0, k.width - 1), std::clamp(c.y, 0, k.height - 1)};
}

inline glm::vec2 load2(const Field& f, glm::ivec2 c)
{
    return {f.at(c.x, c.y, 0), f.at(c.x, c.y, 1)};
}

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
// Tunnel: beyond the inflow (left) the ghost is (2 U - u, -v), so the face
// moves at (U, 0); beyond the outflow (right) it repeats its mirror (zero
// normal gradient); beyond the top and bottom (slip) only v flips, or with
// tunnelWalls (no-slip) both components do, as at the box's walls.
// v is the mirror cell's velocity, c the ghost (or any) cell.
inline glm::vec2 mirroredVelocity(glm::vec2 v, glm::ivec2 c, const PassConstants& k)
{
    if (k.tunnel) {
        if (c.x < 0) v = glm::vec2(2.0f * k.lidSpeed - v.x, -v.y);
        if (c.y < 0 || c.y >= k.height) {
            if (k.tunnelWalls)
                v = -v;
            else
                v.y = -v.y;
        }
        return v;
    }
    if (k.slipWalls) return v;  // the dye's read: the ghost repeats its mirror (algorithm.md §3.2a)
    if (c.x < 0 || c.x >= k.width) v = -v;
    if (c.y < 0 || c.y >= k.height) {
        v = -v;
        if (c.y >= k.height) v.x += 2.0f * k.lidSpeed;
    }
    return v;
}

inline glm::vec2 velocityAt(const Field& u, glm::ivec2 c, const PassConstants& k)
{
    if (k.periodic) return load2(u, wrapCell(c, k));
    return mirroredVelocity(load2(u, clampCell(c, k)), c, k);
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

// Pressure: the scalar rule, except at the tunnel's outflow, where p = 0 on
// the face (Dirichlet): the ghost is minus its mirror.
inline float pressureGhost(float p, glm::ivec2 c, const PassConstants& k)
{
    return k.tunnel && c.x >= k.width ? -p : p;
}

inline float pressureAt(const Field& p, glm::ivec2 c, const PassConstants& k)
{
    return pressureGhost(scalar1At(p, c, k), c, k);
}

// --- obstacles (the mask of k.solid) ---------------------------------------
// A solid neighbour of `cell` is a ghost that mirrors `cell` across the face
// between them, as a wall's ghost mirrors the cell beside the wall: velocity
// -u (no-slip face), scalars and pressure the cell's own value (zero normal
// gradient). Cells beyond the grid are looked up as the rule's texture wrap
// does (clamped, or wrapped when periodic): a direct neighbour beyond a wall
// then reads the asking cell's own flag, never solid for a fluid cell.

inline bool solidAt(glm::ivec2 c, const PassConstants& k)
{
    if (k.solid == nullptr) return false;
    const glm::ivec2 m = k.periodic ? wrapCell(c, k) : clampCell(c, k);
    return k.solid->solid(m.x, m.y);
}

inline glm::vec2 velocityBeside(const Field& u, glm::ivec2 cell, glm::ivec2 offset, const PassConstants& k)
{
    if (solidAt(cell + offset, k)) return -load2(u, cell);
    return velocityAt(u, cell + offset, k);
}

inline float scalar1Beside(const Field& s, glm::ivec2 cell, glm::ivec2 offset, const PassConstants& k)
{
    if (solidAt(cell + offset, k)) return s.at(cell.x, cell.y, 0);
    return scalar1At(s, cell + offset, k);
}

inline float pressureBeside(const Field& p, glm::ivec2 cell, glm::ivec2 offset, const PassConstants& k)
{
    return pressureGhost(scalar1Beside(p, cell, offset, k), cell + offset, k);
}

}  // namespace fluid::reference
