// What the CPU passes share: the 5-point stencil's neighbour offsets (named as
// in shaders/common.glsl), the loop that shares rows among threads, and row
// pointers for the interior fast paths.
#pragma once

#include <cmath>

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "reference/float_ops.hpp"
#include "reference/passes.hpp"
#include "reference/row_pool.hpp"

namespace fluid::reference::stencil {

inline const glm::ivec2 kLeft{-1, 0};
inline const glm::ivec2 kRight{1, 0};
inline const glm::ivec2 kBottom{0, -1};
inline const glm::ivec2 kTop{0, 1};

// Exec::threads, 0 meaning every core this process may run on.
inline int threadCount(Exec exec)
{
    return exec.threads > 0 ? exec.threads : RowPool::coresAvailable();
}

// Runs body(j) for rows 0 .. height-1, shared out statically among threads
// (RowPool): every row is computed alone, so results do not depend on the
// thread count.
template <typename RowBody>
void forEachRow(int height, Exec exec, RowBody&& body)
{
    RowPool::shared().run(height, threadCount(exec), [&body](int begin, int end) {
        for (int j = begin; j < end; ++j) body(j);
    });
}

// forEachRow over the rows of k's grid.
template <typename RowBody>
void forEachRow(const PassConstants& k, Exec exec, RowBody&& body)
{
    forEachRow(k.height, exec, body);
}

// The first float of row j.
inline const float* rowOf(const Field& f, int j)
{
    return f.data() + f.index(0, j);
}
inline float* rowOf(Field& f, int j)
{
    return f.data() + f.index(0, j);
}

// diffuse.frag's Jacobi sweep over the cells [begin, end) of one interior
// row of a velocity field, on either layout (a face's neighbours are the
// faces of the same component beside it, as a cell's are): `below`, `row`
// and `above` are rows j-1, j, j+1 of the iterate, `rhs` and `out` row j.
// Both components have the same formula, so the row is one flat array of
// floats, each neighbour two floats away.
inline void diffuseInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                            const float* __restrict rhs, float* __restrict out, float alpha, float inverseDenominator,
                            int begin, int end)
{
    for (int n = 2 * begin; n < 2 * end; ++n)
        out[n] = (rhs[n] + alpha * ((row[n - 2] + row[n + 2]) + (below[n] + above[n]))) * inverseDenominator;
}

// vorticity.frag's confinement force, unlimited, at cell i of raw rows of the
// curl (`below`, `row`, `above` are rows j-1, j, j+1): vorticityScale (N.y w,
// -N.x w) with N = grad|w| / max(|grad|w||, 1e-5). atLeast stands for the
// shader's max: they agree on a square root (never negative) and on NaN.
inline glm::vec2 confinementForceAt(const float* __restrict below, const float* __restrict row,
                                    const float* __restrict above, int i, float halfInverseCellSize,
                                    float vorticityScale)
{
    const float gx = (std::fabs(row[i + 1]) - std::fabs(row[i - 1])) * halfInverseCellSize;
    const float gy = (std::fabs(above[i]) - std::fabs(below[i])) * halfInverseCellSize;
    const float length = atLeast(std::sqrt(gx * gx + gy * gy), 1e-5f);
    const float nx = gx / length;
    const float ny = gy / length;
    const float w = row[i];
    return {vorticityScale * (ny * w), vorticityScale * (-nx * w)};
}

}  // namespace fluid::reference::stencil
