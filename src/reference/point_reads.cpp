// CPU mirrors of advection.glsl's reads at a point: the bilinear reads of the
// collocated velocity and of a scalar field, and advect.frag's trace stopped
// at solids. The same float operations in the same order as the shaders.
#include <cmath>

#include "reference/bilinear.hpp"
#include "reference/boundary.hpp"
#include "reference/collocated.hpp"
#include "reference/float_ops.hpp"
#include "reference/passes.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

using namespace stencil;  // the offsets kLeft .. kTop

namespace {

// The bilinear blend at point p of the cells that cellAt reads (which applies
// the grid's rules beyond its edges), Components floats of Value.
template <int Components, typename Value, typename CellAt>
Value bilinearAtPoint(glm::vec2 p, const CellAt& cellAt)
{
    const glm::vec2 base(std::floor(p.x), std::floor(p.y));
    const glm::vec2 f = p - base;
    const glm::ivec2 c0(base);
    const Value a = cellAt(c0);
    const Value b = cellAt(c0 + kRight);
    const Value c = cellAt(c0 + kTop);
    const Value d = cellAt(c0 + kRight + kTop);
    Value out;
    blendBilinear<Components>(&a[0], &b[0], &c[0], &d[0], f, 1.0f, &out[0]);
    return out;
}

}  // namespace

// advection.glsl's velocityAtPoint on the collocated layout.
glm::vec2 collocated::velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& velocityGrid)
{
    return bilinearAtPoint<2, glm::vec2>(p, [&](glm::ivec2 c) { return velocityAt(velocity, c, velocityGrid); });
}

// advection.glsl's scalarAtPoint: `field` (of the grid of `grid`) bilinearly
// interpolated at its point p.
glm::vec4 scalarAtPoint(const Field& field, glm::vec2 p, const PassConstants& grid)
{
    return bilinearAtPoint<4, glm::vec4>(p, [&](glm::ivec2 c) { return scalarAt(field, c, grid); });
}

// advect.frag's nearestCell: the cell whose centre is nearest to p (ties up).
glm::ivec2 nearestCell(glm::vec2 p)
{
    const glm::vec2 base(std::floor(p.x), std::floor(p.y));
    return glm::ivec2(base) + glm::ivec2(p.x - base.x >= 0.5f ? 1 : 0, p.y - base.y >= 0.5f ? 1 : 0);
}

// advect.frag's stopAtSolids: the trace from start to pos in equal steps of at
// most half a cell per axis (at most 16), up to the last point whose nearest
// cell is fluid.
glm::vec2 stopAtSolids(glm::vec2 start, glm::vec2 pos, const PassConstants& k)
{
    const glm::vec2 d = pos - start;
    const float longest = atLeast(std::fabs(d.x), std::fabs(d.y));
    const float steps = atMost(atLeast(std::ceil(2.0f * longest), 1.0f), 16.0f);
    const glm::vec2 stride(d.x / steps, d.y / steps);
    glm::vec2 reached = start;
    const int n = static_cast<int>(steps);
    for (int s = 1; s <= n; ++s) {
        const glm::vec2 q =
            s == n ? pos
                   : glm::vec2(start.x + static_cast<float>(s) * stride.x, start.y + static_cast<float>(s) * stride.y);
        if (solidAt(nearestCell(q), k)) break;
        reached = q;
    }
    return reached;
}

}  // namespace fluid::reference
