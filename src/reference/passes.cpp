// CPU mirrors of the shaders. Keep each body in step with its .frag file: the
// GPU-vs-CPU tests compare them to float32 rounding, so a reordered sum shows.
// The advection passes are in advection_passes.cpp (their reads at a point in
// point_reads.cpp); the passes that depend on the layout are the collocated
// layout's (collocated.hpp), the staggered layout's are in staggered.cpp and
// staggered_stencils.cpp.
//
// Every stencil pass is written twice, on purpose: once per cell through the
// boundary rules of boundary.hpp (the shader, line for line), used for the
// cells on the grid's edge, and once as a loop over one interior row on raw
// row pointers, used for every cell whose neighbours are all inside the grid.
// There the boundary rules are the identity, so the row loop is the same
// float operations in the same order, without a branch, and the compiler
// vectorises it. tests/reference/fast_path_test.cpp holds the two to bitwise
// equality.
#include "reference/passes.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include "reference/boundary.hpp"
#include "reference/collocated.hpp"
#include "reference/float_ops.hpp"
#include "reference/pressure_residual.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

namespace {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// --- iteration ---------------------------------------------------------------

// The seam between the two versions of a stencil pass: borderCell(cell) for
// every cell with a neighbour outside the grid (the first and last row and
// column) or a solid one (or itself solid: the columns of k.solid's
// nearSolid span), interiorRow(j, begin, end) for the other cells [begin, end)
// of every other row j.
template <typename BorderCell, typename InteriorRow>
void forEachCellSplitAtBorder(const PassConstants& k, Exec exec, BorderCell&& borderCell, InteriorRow&& interiorRow)
{
    const int width = k.width;
    const int height = k.height;
    forEachRow(k, exec, [&](int j) {
        if (j == 0 || j == height - 1 || width < 3) {
            for (int i = 0; i < width; ++i) borderCell(glm::ivec2(i, j));
            return;
        }
        borderCell(glm::ivec2(0, j));
        const ColumnSpan near = k.solid != nullptr ? k.solid->nearSolid(j) : ColumnSpan{};
        if (near.empty()) {
            interiorRow(j, 1, width - 1);
        } else {
            const int begin = std::clamp(near.begin, 1, width - 1);
            const int end = std::clamp(near.end, begin, width - 1);
            interiorRow(j, 1, begin);
            for (int i = begin; i < end; ++i) borderCell(glm::ivec2(i, j));
            interiorRow(j, end, width - 1);
        }
        borderCell(glm::ivec2(width - 1, j));
    });
}

// Row j and its neighbours below and above, for a 5-point stencil's interior.
struct RowsAround {
    const float* below;
    const float* row;
    const float* above;
};

RowsAround rowsAround(const Field& f, int j)
{
    return {rowOf(f, j - 1), rowOf(f, j), rowOf(f, j + 1)};
}

// --- per-cell helpers --------------------------------------------------------

void store2(Field& f, glm::ivec2 c, glm::vec2 v)
{
    f.at(c.x, c.y, 0) = v.x;
    f.at(c.x, c.y, 1) = v.y;
}

float dot2(glm::vec2 a, glm::vec2 b)
{
    return a.x * b.x + a.y * b.y;
}

}  // namespace

namespace {

// --- interior rows of the stencil passes --------------------------------------
// Each loops over the cells [begin, end) of one row; `below`, `row` and `above`
// are rows j-1, j, j+1 of the stencil's input, other pointers row j of theirs.
// Velocity fields interleave (u, v) per cell, so cell i's u is at [2 i].

void curlInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                  float* __restrict out, float halfInverseCellSize, int begin, int end)
{
    for (int i = begin; i < end; ++i)
        out[i] = ((row[2 * i + 3] - row[2 * i - 1]) - (above[2 * i] - below[2 * i])) * halfInverseCellSize;
}

void divergenceInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                        float* __restrict out, float halfInverseCellSize, int begin, int end)
{
    for (int i = begin; i < end; ++i)
        out[i] = ((row[2 * i + 2] - row[2 * i - 2]) + (above[2 * i + 1] - below[2 * i + 1])) * halfInverseCellSize;
}

// The confinement limiter of vorticity.frag: `confined` scaled back to a
// speed of sqrt(limit2) if it is faster.
glm::vec2 limitSpeed(glm::vec2 confined, float limit2)
{
    const float s2 = dot2(confined, confined);
    return s2 > limit2 ? confined * (std::sqrt(limit2) / std::sqrt(s2)) : confined;
}

void vorticityInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                       const RowsAround& us, float* __restrict out, float halfInverseCellSize, float vorticityScale,
                       int begin, int end)
{
    const float* __restrict velocity = us.row;
    for (int i = begin; i < end; ++i) {
        const glm::vec2 force = confinementForceAt(below, row, above, i, halfInverseCellSize, vorticityScale);
        const glm::vec2 u(velocity[2 * i], velocity[2 * i + 1]);
        const glm::vec2 confined(u.x + force.x, u.y + force.y);
        const auto speed2 = [](const float* v) { return v[0] * v[0] + v[1] * v[1]; };
        const float limit2 = atLeast2(
            atLeast2(dot2(u, u), speed2(velocity + 2 * i - 2)),
            atLeast2(speed2(velocity + 2 * i + 2), atLeast2(speed2(us.below + 2 * i), speed2(us.above + 2 * i))));
        const glm::vec2 limited = limitSpeed(confined, limit2);
        out[2 * i] = limited.x;
        out[2 * i + 1] = limited.y;
    }
}

void pressureInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                      const float* __restrict divergence, float* __restrict out, float cellSizeSquared, int begin,
                      int end)
{
    for (int i = begin; i < end; ++i)
        out[i] = ((row[i - 1] + row[i + 1]) + (below[i] + above[i]) - cellSizeSquared * divergence[i]) * 0.25f;
}

void dampedPressureInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                            const float* __restrict divergence, float* __restrict out, float cellSizeSquared,
                            float weight, int begin, int end)
{
    for (int i = begin; i < end; ++i) {
        const float jacobi =
            ((row[i - 1] + row[i + 1]) + (below[i] + above[i]) - cellSizeSquared * divergence[i]) * 0.25f;
        out[i] = row[i] + weight * (jacobi - row[i]);
    }
}

void gradientInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                      const float* __restrict velocity, float* __restrict out, float halfInverseCellSize, int begin,
                      int end)
{
    for (int i = begin; i < end; ++i) {
        out[2 * i] = velocity[2 * i] - (row[i + 1] - row[i - 1]) * halfInverseCellSize;
        out[2 * i + 1] = velocity[2 * i + 1] - (above[i] - below[i]) * halfInverseCellSize;
    }
}

// A border cell of a pass that writes one float a cell: 0 in a solid cell
// (the shaders' fluidOnly), value() elsewhere.
template <typename Value>
void storeFluidOnly(Field& out, glm::ivec2 cell, const PassConstants& k, Value&& value)
{
    out.at(cell.x, cell.y) = solidAt(cell, k) ? 0.0f : value();
}

// curl and divergence: a central difference of the four velocities beside
// each cell, `differences` (ul, ur, ub, ut) scaled by 1 / 2h (0 in a solid
// cell); `interior` is the same pass on a raw row.
template <typename Differences>
void velocityToScalar(const Field& velocity, Field& out, const PassConstants& k, Exec exec, Differences&& differences,
                      void (*interior)(const float*, const float*, const float*, float*, float, int, int))
{
    forEachCellSplitAtBorder(
        k, exec,
        [&](glm::ivec2 cell) {
            storeFluidOnly(out, cell, k, [&] {
                const glm::vec2 ul = velocityBeside(velocity, cell, kLeft, k);
                const glm::vec2 ur = velocityBeside(velocity, cell, kRight, k);
                const glm::vec2 ub = velocityBeside(velocity, cell, kBottom, k);
                const glm::vec2 ut = velocityBeside(velocity, cell, kTop, k);
                return differences(ul, ur, ub, ut) * k.halfInverseCellSize;
            });
        },
        [&](int j, int begin, int end) {
            const RowsAround us = rowsAround(velocity, j);
            interior(us.below, us.row, us.above, rowOf(out, j), k.halfInverseCellSize, begin, end);
        });
}

}  // namespace

namespace collocated {

void buoyancy(const Field& velocity, const Field& temperature, const Field& dye, Field& out, const PassConstants& k,
              const PassConstants& dyeGrid, Exec exec)
{
    assert(velocity.sameShape(out) && temperature.width() == k.width && temperature.height() == k.height);
    const bool sharedGrid = dyeGrid.onVelocityGrid;
    forEachRow(k, exec, [&](int j) {
        const float* u = rowOf(velocity, j);
        const float* t = rowOf(temperature, j);
        float* result = rowOf(out, j);
        for (int i = 0; i < k.width; ++i) {
            glm::vec4 d;
            if (sharedGrid) {
                d = load(dye, {i, j});
            } else {
                const glm::vec2 p((static_cast<float>(i) + 0.5f) * dyeGrid.fromVelocityCells - 0.5f,
                                  (static_cast<float>(j) + 0.5f) * dyeGrid.fromVelocityCells - 0.5f);
                d = scalarAtPoint(dye, p, dyeGrid);
            }
            const float smoke = ((d.r + d.g) + d.b) * (1.0f / 3.0f);
            const float lift = k.buoyancyPerKelvin * t[i] - k.buoyancyPerSmoke * smoke;
            const bool solid = solidAt({i, j}, k);  // fluidOnly
            result[2 * i] = solid ? 0.0f : u[2 * i];
            result[2 * i + 1] = solid ? 0.0f : u[2 * i + 1] + lift;
        }
    });
}

void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec)
{
    assert(x.sameShape(out) && b.sameShape(out));
    forEachCellSplitAtBorder(
        k, exec,
        [&](glm::ivec2 cell) {
            if (solidAt(cell, k)) return store2(out, cell, glm::vec2(0.0f));  // fluidOnly
            const glm::vec2 xl = velocityBeside(x, cell, kLeft, k);
            const glm::vec2 xr = velocityBeside(x, cell, kRight, k);
            const glm::vec2 xb = velocityBeside(x, cell, kBottom, k);
            const glm::vec2 xt = velocityBeside(x, cell, kTop, k);
            const glm::vec2 rhs = load2(b, cell);
            store2(out, cell, (rhs + k.diffusionAlpha * ((xl + xr) + (xb + xt))) * k.diffusionInverseDenominator);
        },
        [&](int j, int begin, int end) {
            const RowsAround xs = rowsAround(x, j);
            stencil::diffuseInterior(xs.below, xs.row, xs.above, rowOf(b, j), rowOf(out, j), k.diffusionAlpha,
                                     k.diffusionInverseDenominator, begin, end);
        });
}

void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    velocityToScalar(
        velocity, out, k, exec,
        [](glm::vec2 ul, glm::vec2 ur, glm::vec2 ub, glm::vec2 ut) { return (ur.y - ul.y) - (ut.x - ub.x); },
        curlInterior);
}

void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    forEachCellSplitAtBorder(
        k, exec,
        [&](glm::ivec2 cell) {
            if (solidAt(cell, k)) return store2(out, cell, glm::vec2(0.0f));
            const float wl = std::fabs(scalar1Beside(curlField, cell, kLeft, k));
            const float wr = std::fabs(scalar1Beside(curlField, cell, kRight, k));
            const float wb = std::fabs(scalar1Beside(curlField, cell, kBottom, k));
            const float wt = std::fabs(scalar1Beside(curlField, cell, kTop, k));
            const glm::vec2 g = glm::vec2(wr - wl, wt - wb) * k.halfInverseCellSize;
            const glm::vec2 n = g / std::fmax(std::sqrt(dot2(g, g)), 1e-5f);
            const float w = curlField.at(cell.x, cell.y);
            const glm::vec2 u = load2(velocity, cell);
            const glm::vec2 confined = u + k.vorticityScale * glm::vec2(n.y * w, -n.x * w);
            // The neighbours raw, as the shader's sampler returns them (a
            // solid one reads as this cell).
            const auto speed2 = [&](glm::ivec2 c) {
                const glm::vec2 v = solidAt(c, k) ? u : load2(velocity, k.periodic ? wrapCell(c, k) : clampCell(c, k));
                return dot2(v, v);
            };
            float limit2 =
                atLeast2(atLeast2(dot2(u, u), speed2(cell + kLeft)),
                         atLeast2(speed2(cell + kRight), atLeast2(speed2(cell + kBottom), speed2(cell + kTop))));
            if (k.tunnel ? cell.x == 0 : !k.periodic && cell.y == k.height - 1)
                limit2 = atLeast2(limit2, k.lidSpeed * k.lidSpeed);
            store2(out, cell, limitSpeed(confined, limit2));
        },
        [&](int j, int begin, int end) {
            const RowsAround ws = rowsAround(curlField, j);
            vorticityInterior(ws.below, ws.row, ws.above, rowsAround(velocity, j), rowOf(out, j), k.halfInverseCellSize,
                              k.vorticityScale, begin, end);
        });
}

void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    velocityToScalar(
        velocity, out, k, exec,
        [](glm::vec2 ul, glm::vec2 ur, glm::vec2 ub, glm::vec2 ut) { return (ur.x - ul.x) + (ut.y - ub.y); },
        divergenceInterior);
}

}  // namespace collocated

namespace {

// One Jacobi sweep, damped by `weight` (p + weight (J - p)) where one is given.
void pressureSweep(const Field& p, const Field& div, Field& out, const PassConstants& k, std::optional<float> weight,
                   Exec exec)
{
    assert(p.sameShape(out));
    forEachCellSplitAtBorder(
        k, exec,
        [&](glm::ivec2 cell) {
            storeFluidOnly(out, cell, k, [&] {
                const float pl = pressureBeside(p, cell, kLeft, k);
                const float pr = pressureBeside(p, cell, kRight, k);
                const float pb = pressureBeside(p, cell, kBottom, k);
                const float pt = pressureBeside(p, cell, kTop, k);
                const float jacobi = ((pl + pr) + (pb + pt) - k.cellSizeSquared * div.at(cell.x, cell.y)) * 0.25f;
                const float old = p.at(cell.x, cell.y);
                return weight ? old + *weight * (jacobi - old) : jacobi;
            });
        },
        [&](int j, int begin, int end) {
            const RowsAround ps = rowsAround(p, j);
            if (weight)
                dampedPressureInterior(ps.below, ps.row, ps.above, rowOf(div, j), rowOf(out, j), k.cellSizeSquared,
                                       *weight, begin, end);
            else
                pressureInterior(ps.below, ps.row, ps.above, rowOf(div, j), rowOf(out, j), k.cellSizeSquared, begin,
                                 end);
        });
}

}  // namespace

void pressure(const Field& p, const Field& div, Field& out, const PassConstants& k, Exec exec)
{
    pressureSweep(p, div, out, k, std::nullopt, exec);
}

void pressure(const Field& p, const Field& div, Field& out, const PassConstants& k, float weight, Exec exec)
{
    pressureSweep(p, div, out, k, weight, exec);
}

void collocated::gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    forEachCellSplitAtBorder(
        k, exec,
        [&](glm::ivec2 cell) {
            if (solidAt(cell, k)) return store2(out, cell, glm::vec2(0.0f));
            const float pl = pressureBeside(p, cell, kLeft, k);
            const float pr = pressureBeside(p, cell, kRight, k);
            const float pb = pressureBeside(p, cell, kBottom, k);
            const float pt = pressureBeside(p, cell, kTop, k);
            const glm::vec2 g = glm::vec2(pr - pl, pt - pb) * k.halfInverseCellSize;
            store2(out, cell, load2(velocity, cell) - g);
        },
        [&](int j, int begin, int end) {
            const RowsAround ps = rowsAround(p, j);
            gradientInterior(ps.below, ps.row, ps.above, rowOf(velocity, j), rowOf(out, j), k.halfInverseCellSize,
                             begin, end);
        });
}

void pressureForcing(const Field& velocity, const Field& fullPressure, Field& out, const PassConstants& k, Exec exec)
{
    // gradient.frag's stencil and rule, scaled by (1 / 2) (0.5 / h) instead of 0.5 / h.
    PassConstants halfStep = k;
    halfStep.halfInverseCellSize = k.pressureForcingScale;
    halfStep.inverseCellSize = k.pressureForcingScale;  // the staggered layout's
    gradient(velocity, fullPressure, out, halfStep, exec);
}

void fullPressure(const Field& kinematic, const Field& p, Field& out, const PassConstants& k, Exec exec)
{
    assert(kinematic.sameShape(out) && p.sameShape(out) && out.components() == 1);
    forEachRow(k, exec, [&](int j) {
        const float* q = rowOf(kinematic, j);
        const float* pj = rowOf(p, j);
        float* o = rowOf(out, j);
        for (int i = 0; i < k.width; ++i) o[i] = solidAt(glm::ivec2(i, j), k) ? 0.0f : q[i] * 0.5f + pj[i];
    });
}

// The pass table's mirrors, by the row's name: each unpacks the row's inputs
// (in the row's order) into the function of the shader's name.
namespace {

struct NamedMirror {
    const char* name;
    CpuMirror mirror;
};

const NamedMirror kMirrors[] = {
    {"buoyancy", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                    Exec e) { buoyancy(*in[0], *in[1], *in[2], out, g.simulation, g.dye, e); }},
    {"pressure_forcing", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                            Exec e) { pressureForcing(*in[0], *in[1], out, g.simulation, e); }},
    {"full_pressure", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                         Exec e) { fullPressure(*in[0], *in[1], out, g.simulation, e); }},
    {"curl", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                Exec e) { curl(*in[0], out, g.simulation, e); }},
    {"vorticity", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                     Exec e) { vorticity(*in[0], *in[1], out, g.simulation, e); }},
    {"divergence", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                      Exec e) { divergence(*in[0], out, g.simulation, e); }},
    {"gradient", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                    Exec e) { gradient(*in[0], *in[1], out, g.simulation, e); }},
    {"pressure_residual", [](std::span<const Field* const> in, Field& out, const PassGrids& g,
                             Exec e) { pressureResidual(*in[0], *in[1], out, g.simulation, e); }},
};

}  // namespace

CpuMirror cpuMirror(const FieldPass& pass)
{
    for (const NamedMirror& m : kMirrors)
        if (std::strcmp(m.name, pass.name) == 0) return m.mirror;
    throw std::logic_error(std::string("reference::cpuMirror(): the pass \"") + pass.name +
                           "\" has no CPU mirror; add one to kMirrors in src/reference/passes.cpp");
}

}  // namespace fluid::reference
