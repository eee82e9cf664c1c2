// The staggered passes' seam between their two versions, as passes.cpp's
// forEachCellSplitAtBorder is the collocated ones': a face that the rules
// (staggered.hpp's faceU, faceV, shutU, shutV) could treat as anything but
// its stored value goes through them one face at a time; every other face of
// a row goes through a loop on raw row pointers, the same float operations
// in the same order, without a branch, which the compiler vectorises.
//
// A staggered stencil of cell (i, j) reads the faces of cells i-2 .. i+1 and
// j-2 .. j+1 at most (a face's rule looks at the cells on both its sides), so
// a cell is interior when those are all inside the grid and fluid: rows
// 2 .. height-2 and columns 2 .. width-2 (1 .. for the stencils that reach
// one cell down and left: Reach), less the columns near a solid.
#pragma once

#include <algorithm>

#include <glm/vec2.hpp>

#include "core/pass_constants.hpp"
#include "core/solid_mask.hpp"
#include "reference/passes.hpp"
#include "reference/stencil.hpp"

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

// body(c) for every cell, one at a time (the passes with no interior version).
template <typename FaceBody>
void forEachFace(const PassConstants& k, Exec exec, FaceBody&& body)
{
    stencil::forEachRow(k.height, exec, [&](int j) {
        for (int i = 0; i < k.width; ++i) body(glm::ivec2(i, j));
    });
}

inline void store(Field& out, glm::ivec2 c, float u, float v)
{
    out.at(c.x, c.y, 0) = u;
    out.at(c.x, c.y, 1) = v;
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

}  // namespace fluid::reference::staggered
