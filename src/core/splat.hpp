// Splat: one piece of user input. Along the segment from -> to it adds a
// velocity impulse and dye, each shaped by the brush kernel
//
//     K(x) = mean over the points p of the segment of exp(-|x - p|^2 / r^2),
//
// a Gaussian of radius r smeared along the segment. K integrates to pi r^2
// whatever the segment's length, and a stroke cut into pieces adds up to the
// same field as the whole stroke (the mean over a segment is the length-weighted
// mean over its parts): how often input is sampled changes nothing. For a point
// (from == to) K is the plain Gaussian, 1 at the centre; along a segment much
// longer than r it is about sqrt(pi) r / length.
#pragma once

#include <cmath>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "core/pass_constants.hpp"

namespace fluid {

struct Splat {
    glm::vec2 from{0.5f, 0.5f};  // m, domain coordinates (origin at the bottom-left wall)
    glm::vec2 to{0.5f, 0.5f};    // m
    float radius = 0.02f;        // m, Gaussian radius r
    glm::vec2 velocity{0.0f};    // m/s, added times K: a momentum of velocity * pi r^2 per unit density
    glm::vec3 dye{0.0f};         // dye added times K: dye * pi r^2 in all
    bool addsDye = true;         // false: push the fluid only (right-drag)
    float heat = 0.0f;           // K added to T - T0 times K: a smoke emitter's (src/core/emitter.hpp)
};

// Below this length (in radii) a segment is evaluated as a point at its
// midpoint: the kernel differs from the point Gaussian by ~(length/r)^2 / 12,
// under 1e-5 here, while the difference of two erf values would lose precision.
constexpr float kSplatPointLength = 0.01f;

// The splat in cell coordinates (cell (i, j) has its centre at (i, j)), as both
// solvers consume it; computed once on the host so both use identical floats.
struct SplatInCells {
    glm::vec2 from{0.0f};        // start of the segment, or the point
    glm::vec2 axis{0.0f};        // unit vector from -> to; zero for a point
    float length = 0.0f;         // cells; zero for a point
    float inverseRadius = 1.0f;  // 1 / r, 1/cells
    float lineScale = 0.0f;      // sqrt(pi) r / (2 length): the mean of the Gaussian along the axis
};

inline SplatInCells toCells(const Splat& s, const PassConstants& c)
{
    const float invH = 1.0f / c.cellSize;
    const float r = std::max(s.radius * invH, 1e-3f);
    const glm::vec2 from = s.from * invH - 0.5f;
    const glm::vec2 to = s.to * invH - 0.5f;
    const float length = glm::length(to - from);
    SplatInCells cells;
    cells.inverseRadius = 1.0f / r;
    if (!(length >= kSplatPointLength * r)) {  // also catches NaN
        cells.from = 0.5f * (from + to);
        return cells;
    }
    cells.from = from;
    cells.axis = (to - from) / length;
    cells.length = length;
    cells.lineScale = 0.886226925f * r / length;  // sqrt(pi) / 2 = 0.886226925...
    return cells;
}

// How far a splat reaches, in radii from its segment. Beyond it the kernel
// is below exp(-4.5^2) = 1.6e-9 (the mean over the segment of Gaussians each
// that small), under float32's resolution (6e-8) of a value the splat adds
// at its centre; so both solvers leave the cells there as they are, and a
// splat costs its neighbourhood, not the grid: on a 512x512 dye grid a
// stroke of the default brush (radius 0.02 of the domain, 10 cells) reads
// and writes 93x93 cells instead of 512x512.
constexpr float kSplatReachRadii = 4.5f;

// A block of cells: [begin.x, end.x) x [begin.y, end.y); empty when any
// end is not past its begin.
struct CellBlock {
    glm::ivec2 begin{0};
    glm::ivec2 end{0};
    bool empty() const { return end.x <= begin.x || end.y <= begin.y; }
    bool contains(glm::ivec2 c) const { return c.x >= begin.x && c.x < end.x && c.y >= begin.y && c.y < end.y; }
};

// The cells of a width x height grid a splat changes (its segment's bounding
// box grown by kSplatReachRadii radii, and a cell more for the staggered
// layout's faces, half a cell from the centres), as both solvers take it.
// Anything not finite reaches the whole grid, as the kernel would.
inline CellBlock splatReach(const SplatInCells& s, int width, int height)
{
    const float reach = kSplatReachRadii / s.inverseRadius + 1.0f;
    const glm::vec2 to = s.from + s.axis * s.length;
    const glm::vec2 low = glm::floor(glm::min(s.from, to) - reach);
    const glm::vec2 high = glm::floor(glm::max(s.from, to) + reach) + 1.0f;  // one past the last cell
    const glm::vec2 size(static_cast<float>(width), static_cast<float>(height));
    if (!(std::isfinite(low.x) && std::isfinite(low.y) && std::isfinite(high.x) && std::isfinite(high.y)))
        return {{0, 0}, {width, height}};
    // Clamped as floats, so that the conversions are defined however far off the splat is.
    const glm::vec2 begin = glm::clamp(low, glm::vec2(0.0f), size);
    const glm::vec2 end = glm::clamp(high, glm::vec2(0.0f), size);
    return {glm::ivec2(begin), glm::ivec2(end)};
}

}  // namespace fluid
