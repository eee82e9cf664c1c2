// The staggered passes' seam between their two versions, as passes.cpp's
// forEachCellSplitAtBorder is the collocated ones': a face that the rules
// (FaceVelocity's u and v, FaceGrid's shut rule) could treat as anything but
// its stored value goes through them one face at a time; every other face of
// a row goes through a loop on the views' row pointers, the same float
// operations in the same order, without a branch, which the compiler
// vectorises.
//
// A staggered stencil of cell (i, j) reads the faces of cells i-2 .. i+1 and
// j-2 .. j+1 at most (a face's rule looks at the cells on both its sides), so
// a cell is interior when those are all inside the grid and fluid: rows
// 2 .. height-2 and columns 2 .. width-2 (1 .. for the stencils that reach
// one cell down and left: Reach), less the columns near a solid.
//
// Below, the row loops the staggered passes share: the splat's faces, the
// centre velocities the scalars' advection reads, the advection's traces,
// and whole rows read through the rules (the diffusion's and the viscous
// smoother's 5-point sweeps). tests/reference/staggered_fast_path_test.cpp
// holds each to the per-face form, bit for bit.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <vector>

#include <glm/vec2.hpp>

#include "core/pass_constants.hpp"
#include "core/solid_mask.hpp"
#include "core/splat.hpp"
#include "reference/face_velocity.hpp"
#include "reference/float_ops.hpp"
#include "reference/passes.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

// splatWeightAt at the points (i - shift.x, j - shift.y) for i in [begin,
// end), into out[i - begin]: the same floats, from one branch-free loop
// (splat_pass.cpp).
void splatWeightsAlongRow(const SplatInCells& s, glm::vec2 shift, int j, int begin, int end, float* out);

}  // namespace fluid::reference

namespace fluid::reference::staggered {

// The columns of row j whose staggered stencil may meet a solid: those within
// two cells left and one right of a solid cell in rows j-2 .. j+1 (the mask's
// nearSolid covers one cell each way over rows j-1 .. j+1).
inline ColumnSpan nearSolidFaces(const SolidMask& solid, int j, int width)
{
    const ColumnSpan a = solid.nearSolid(j - 1);
    const ColumnSpan b = solid.nearSolid(j);
    if (a.empty() && b.empty()) return {};
    const int begin = a.empty() ? b.begin : b.empty() ? a.begin : std::min(a.begin, b.begin);
    const int end = a.empty() ? b.end : b.empty() ? a.end : std::max(a.end, b.end);
    return {begin, std::min(end + 1, width)};
}

// Each component bilinearly interpolated at the point p from its own faces
// (staggered.hpp's velocityAtPoint on the view).
glm::vec2 velocityAtPoint(const FaceVelocity& velocity, glm::vec2 p);

// body(c) for every cell, one at a time (the passes with no interior version).
template <typename FaceBody>
void forEachFace(const PassConstants& k, Exec exec, FaceBody&& body)
{
    stencil::forEachRow(k.height, exec, [&](int j) {
        for (int i = 0; i < k.width; ++i) body(glm::ivec2(i, j));
    });
}

// How far a pass's stencil reaches below and left of its cell: 2 for a
// face's neighbours of its own component (a diffusion sweep: u at i = 1
// reads the wall's face at i = 0, which the rules shut), 1 for the others,
// whose reads below and left stay on faces the rules give as stored from
// i, j = 1 on. Above and right every stencil reaches 1.
enum class Reach { One = 1, Two = 2 };

// borderFace(c) for every cell a rule may touch, interiorRow(j, begin, end)
// for the other cells [begin, end) of row j. Exec::perCell sends every cell
// through borderFace (tests hold the two versions to bitwise equality).
template <typename BorderFace, typename InteriorRow>
void forEachFaceSplitAtBorder(const PassConstants& k, Exec exec, Reach reach, BorderFace&& borderFace,
                              InteriorRow&& interiorRow)
{
    const int width = k.width;
    const int height = k.height;
    const int low = static_cast<int>(reach);
    const auto border = [&](int j, int begin, int end) {
        for (int i = begin; i < end; ++i) borderFace(glm::ivec2(i, j));
    };
    stencil::forEachRow(height, exec, [&](int j) {
        if (exec.perCell || j < low || j > height - 2 || width < low + 2) return border(j, 0, width);
        border(j, 0, low);
        const ColumnSpan near = k.solid != nullptr ? nearSolidFaces(*k.solid, j, width) : ColumnSpan{};
        if (near.empty()) {
            interiorRow(j, low, width - 1);
        } else {
            const int begin = std::clamp(near.begin, low, width - 1);
            const int end = std::clamp(near.end, begin, width - 1);
            interiorRow(j, low, begin);
            border(j, begin, end);
            interiorRow(j, end, width - 1);
        }
        border(j, width - 1, width);
    });
}

// velocityAtPoint at the centre of cell i of a row, on the velocity's own
// grid, for a cell away from walls and solids, whose faces read as stored:
// `row` and `above` are rows j and j + 1 of the velocity. The same float
// operations as velocityAtPoint, whose weights there are (1/2, 0) for u and
// (0, 1/2) for v.
inline glm::vec2 velocityAtCentre(const float* row, const float* above, int i)
{
    const auto blend = [](float a, float b, float c, float d, float fx, float fy) {
        const float bottom = a * (1.0f - fx) + b * fx;
        const float top = c * (1.0f - fx) + d * fx;
        return (bottom * (1.0f - fy) + top * fy) * 1.0f;
    };
    return {blend(row[2 * i], row[2 * i + 2], above[2 * i], above[2 * i + 2], 0.5f, 0.0f),
            blend(row[2 * i + 1], row[2 * i + 3], above[2 * i + 1], above[2 * i + 3], 0.0f, 0.5f)};
}

// The velocity at the centre of each cell of row j of the velocity's own
// grid, velocityAtPoint at (i, j), into a per-thread row of two floats a
// cell: what the scalars' advection on that grid reads there. Away from
// walls and solids each face pair's footprint is its own cell's and the one
// right of it (u) or above it (v), read raw with velocityAtPoint's weights
// (1/2, 0) and (0, 1/2) (velocityAtCentre), in a loop that vectorises.
inline const float* centreVelocities(const FaceVelocity& velocity, int j)
{
    const PassConstants& k = velocity.constants();
    thread_local std::vector<float> centres;
    const std::size_t size = 2 * static_cast<std::size_t>(k.width);
    if (centres.size() < size) centres.resize(size);
    float* __restrict out = centres.data();
    const auto byRules = [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
            const glm::vec2 v = velocityAtPoint(velocity, {static_cast<float>(i), static_cast<float>(j)});
            out[2 * i] = v.x;
            out[2 * i + 1] = v.y;
        }
    };
    if (k.solid != nullptr || j < 1 || j >= k.height - 1 || k.width < 3) {
        byRules(0, k.width);
        return out;
    }
    const float* row = velocity.row(j);
    const float* above = velocity.row(j + 1);
    byRules(0, 1);
    for (int i = 1; i < k.width - 1; ++i) {
        const glm::vec2 v = velocityAtCentre(row, above, i);
        out[2 * i] = v.x;
        out[2 * i + 1] = v.y;
    }
    byRules(k.width - 1, k.width);
    return out;
}

// splat's faces of cells [begin, end) of row j: u += value.x K at u's face
// (i - 1/2, j), v += value.y K at v's (i, j - 1/2), except on the faces the
// shut rule fixes (fixedU, fixedV), which keep what they hold.
// The row's weights come from one branch-free loop; Exec::perCell takes each
// face's from splatWeightAt instead (tests hold the two to bitwise equality).
inline void splatRow(const FaceVelocity& in, const SplatInCells& s, glm::vec2 value, const FaceVelocityOut& out, int j,
                     int begin, int end, Exec exec)
{
    const PassConstants& k = in.constants();
    if (exec.perCell) {
        for (int i = begin; i < end; ++i) {
            const glm::ivec2 c{i, j};
            const float u = in.storedU(c) + value.x * splatWeightAt(s, FaceGrid::pointOfU(c));
            const float v = in.storedV(c) + value.y * splatWeightAt(s, FaceGrid::pointOfV(c));
            out.row(j)[2 * i] = in.fixedU(c) ? in.storedU(c) + 0.0f : u;
            out.row(j)[2 * i + 1] = in.fixedV(c) ? in.storedV(c) + 0.0f : v;
        }
        return;
    }
    thread_local std::vector<float> weights;
    const auto n = static_cast<std::size_t>(std::max(end - begin, 0));
    if (weights.size() < 2 * n) weights.resize(2 * n);
    float* __restrict u = weights.data();
    float* __restrict v = u + n;
    splatWeightsAlongRow(s, {0.5f, 0.0f}, j, begin, end, u);
    splatWeightsAlongRow(s, {0.0f, 0.5f}, j, begin, end, v);
    const float* __restrict from = in.row(j);
    float* __restrict to = out.row(j);
    for (int i = begin; i < end; ++i) {
        to[2 * i] = from[2 * i] + value.x * u[i - begin];
        to[2 * i + 1] = from[2 * i + 1] + value.y * v[i - begin];
    }
    // Away from solids, only the walls' faces (u at i = 0, v at j = 0) are
    // fixed. On them the GPU's blend adds +0 (a -0 stored becomes +0), as here.
    const bool fixesRow = k.solid != nullptr || j == 0;
    for (int i = begin; i < (fixesRow ? end : std::min(end, 1)); ++i) {
        if (in.fixedU({i, j})) to[2 * i] = from[2 * i] + 0.0f;
        if (in.fixedV({i, j})) to[2 * i + 1] = from[2 * i + 1] + 0.0f;
    }
}

// --- the advection's traces along a row --------------------------------------

// std::floor(q) for a q the trace clamped to the grid (|q| < 2^31, or NaN,
// whose conversion to int the per-face trace has as well), the sign of a
// zero kept: the truncation t, less one where t - q > 0 (std::floor alone
// does not vectorise). The test is on t - q's bits: under -ftrapping-math
// the compiler neither if-converts a float compare that selects between
// computed floats nor speculates the subtraction, and either stops the
// vectoriser. t - q is exact and never -0 (t is never -0).
inline float floorOf(float q)
{
    const float t = static_cast<float>(static_cast<int>(q));
    const auto above = 0u - std::bit_cast<unsigned>(t - q);  // top bit set where t - q > 0
    return std::copysign(t - static_cast<float>(above >> 31), q);
}

// Where the traces of one component's faces lead: for each face, the lower
// left face c0 of the 2x2 footprint it reads and the fraction f within it.
struct Footprints {
    std::vector<int> x, y;
    std::vector<float> fx, fy;
};

// The footprints of the traces of `component`'s faces [begin, end) of row j
// (rows j - 1, j, j + 1 of the velocity: an interior row without solids,
// face_rows.hpp's forEachFaceSplitAtBorder), each traced back from its own
// point by dt times the velocity there, clamped to the grid (or, periodic,
// kept near it), in the component's index space: the operations of the
// advection's trace and bilinear read (staggered.cpp), in a loop that
// vectorises. Footprints of the calling thread, entry i - begin.
template <int component>
const Footprints& traceFaceRow(const float* __restrict below, const float* __restrict row,
                               const float* __restrict above, int j, int begin, int end, const PassConstants& k)
{
    thread_local Footprints out;
    const auto n = static_cast<std::size_t>(std::max(end - begin, 0));
    if (out.x.size() < n) out.x.resize(n), out.y.resize(n), out.fx.resize(n), out.fy.resize(n);
    const glm::vec2 size(static_cast<float>(k.width), static_cast<float>(k.height));
    const glm::vec2 lo = k.periodic ? -4.0f * size : glm::vec2(-0.5f);
    const glm::vec2 hi = k.periodic ? 4.0f * size : size - 0.5f;
    const float dt = k.dtOverCellSize;
    int* __restrict x0 = out.x.data();
    int* __restrict y0 = out.y.data();
    float* __restrict fx = out.fx.data();
    float* __restrict fy = out.fy.data();
    for (int i = begin; i < end; ++i) {
        float hereX, hereY, px, py;
        if constexpr (component == 0) {
            hereX = row[2 * i];
            hereY = ((row[2 * i - 1] + row[2 * i + 1]) + (above[2 * i - 1] + above[2 * i + 1])) * 0.25f;
            px = static_cast<float>(i) - 0.5f;
            py = static_cast<float>(j);
        } else {
            hereX = ((below[2 * i] + below[2 * i + 2]) + (row[2 * i] + row[2 * i + 2])) * 0.25f;
            hereY = row[2 * i + 1];
            px = static_cast<float>(i);
            py = static_cast<float>(j) - 0.5f;
        }
        const float cx = glslMin(glslMax(px - dt * hereX, lo.x), hi.x);
        const float cy = glslMin(glslMax(py - dt * hereY, lo.y), hi.y);
        const float qx = component == 0 ? cx + 0.5f : cx;
        const float qy = component == 0 ? cy : cy + 0.5f;
        const float bx = floorOf(qx);
        const float by = floorOf(qy);
        const auto m = static_cast<std::size_t>(i - begin);
        fx[m] = qx - bx;
        fy[m] = qy - by;
        x0[m] = static_cast<int>(bx);
        y0[m] = static_cast<int>(by);
    }
    return out;
}

// --- whole rows as the rules read them ------------------------------------------
// The 5-point face stencils (diffuse's sweep, the viscous multigrid's
// smoother) run each row in one loop over all its cells, walls included, on
// three rows that hold the faces as the rules read them: row j padded with
// the rules' faces of cells -1 and width (and its own u at i = 0, which the
// rules may shut or drive), rows j - 1 and j + 1 raw where they are stored
// rows above the bottom wall, else through the rules. A raw neighbour row's
// u at i = 0 can differ from the rule's only where the rule fixes that face
// (a box's wall, the inflow), and that face only feeds the output's own u at
// i = 0, which the shut rule then fixes too. The rows' walls cost a few rule calls a
// row instead of a few per wall face; faces near a solid, and the first and
// last rows and columns of a grid with solids (whose rules wrap or look past
// the mask's spans), still go one at a time.

// Per-thread buffers for the rules' rows: each 2 (width + 2) floats, cell -1 first.
struct RuledRowBuffers {
    std::vector<float> below, row, above;
};
inline RuledRowBuffers& ruledRowBuffers(int width)
{
    thread_local RuledRowBuffers buffers;
    const std::size_t size = 2 * (static_cast<std::size_t>(width) + 2);
    for (std::vector<float>* b : {&buffers.below, &buffers.row, &buffers.above})
        if (b->size() < size) b->resize(size);
    return buffers;
}

// Row r of cells -1 .. width through the rules into buffer; the entry of cell 0.
inline const float* ruledRow(const FaceVelocity& x, int r, std::vector<float>& buffer)
{
    for (int i = -1; i <= x.width(); ++i) {
        const std::size_t n = 2 * static_cast<std::size_t>(i + 1);
        buffer[n] = x.u({i, r});
        buffer[n + 1] = x.v({i, r});
    }
    return buffer.data() + 2;
}

// Row r as a neighbour row: raw if stored above the bottom wall, else ruled.
inline const float* neighbourRow(const FaceVelocity& x, int r, std::vector<float>& buffer)
{
    if (r >= 1 && r < x.height() && x.width() >= 2) return x.row(r);
    return ruledRow(x, r, buffer);
}

// Row j with the rules' faces of cells -1 and width and its u at i = 0.
inline const float* paddedRow(const FaceVelocity& x, int j, std::vector<float>& buffer)
{
    const int width = x.width();
    if (j < 1 || j >= x.height() || width < 2) return ruledRow(x, j, buffer);
    const float* raw = x.row(j);
    const std::size_t last = 2 * static_cast<std::size_t>(width) + 2;
    std::copy(raw, raw + 2 * width, buffer.data() + 2);
    buffer[0] = x.u({-1, j});
    buffer[1] = x.v({-1, j});
    buffer[2] = x.u({0, j});
    buffer[last] = x.u({width, j});
    buffer[last + 1] = x.v({width, j});
    return buffer.data() + 2;
}

// Rows j - 1, j and j + 1 of faces as the rules read them (row: padded).
struct RuledRows {
    const float* below;
    const float* row;
    const float* above;
};

// rowBody(j, rows) writes every face of row j from the rules' rows around it
// (RuledRows; row[-2], row[-1] and row[2 width],
// row[2 width + 1] are the faces of cells -1 and width), then its faces that
// a wall shuts go through the shut rule, then borderFace(c) redoes the
// faces near solids. Exec::perCell sends every face through borderFace.
template <typename BorderFace, typename RowBody>
void forEachRuledRow(const FaceVelocity& x, const FaceVelocityOut& out, Exec exec, BorderFace&& borderFace,
                     RowBody&& rowBody)
{
    const PassConstants& k = x.constants();
    const int width = k.width;
    const int height = k.height;
    const auto border = [&](int j, int begin, int end) {
        for (int i = begin; i < end; ++i) borderFace(glm::ivec2(i, j));
    };
    stencil::forEachRow(height, exec, [&](int j) {
        const bool solids = k.solid != nullptr;
        if (exec.perCell || width < 3 || height < 3 || (solids && (j == 0 || j == height - 1)))
            return border(j, 0, width);
        RuledRowBuffers& buffers = ruledRowBuffers(width);
        rowBody(j, RuledRows{neighbourRow(x, j - 1, buffers.below), paddedRow(x, j, buffers.row),
                             neighbourRow(x, j + 1, buffers.above)});
        out.shutWrittenU({0, j});
        if (j == 0)
            for (int i = 0; i < width; ++i) out.shutWrittenV({i, 0});
        if (!solids) return;
        border(j, 0, 1);
        const ColumnSpan near = nearSolidFaces(*k.solid, j, width);
        if (!near.empty()) border(j, std::clamp(near.begin, 1, width - 1), std::clamp(near.end, 1, width - 1));
        border(j, width - 1, width);
    });
}

}  // namespace fluid::reference::staggered
