#include "app/state_resample.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

namespace {

// Component c of `f` at (x, y) in its texel coordinates (texel (i, j) at
// (i, j)), bilinear, the edge texels repeating beyond them.
float bilinearAt(const Field& f, float x, float y, int c)
{
    const int i0 = static_cast<int>(std::floor(x)), j0 = static_cast<int>(std::floor(y));
    const float fx = x - static_cast<float>(i0), fy = y - static_cast<float>(j0);
    const auto at = [&](int a, int b) {
        return f.at(std::clamp(a, 0, f.width() - 1), std::clamp(b, 0, f.height() - 1), c);
    };
    const float bottom = at(i0, j0) * (1.0f - fx) + at(i0 + 1, j0) * fx;
    const float top = at(i0, j0 + 1) * (1.0f - fx) + at(i0 + 1, j0 + 1) * fx;
    return bottom * (1.0f - fy) + top * fy;
}

}  // namespace

Field resampleBilinear(const Field& f, int width, int height)
{
    Field out(width, height, f.components());
    const float sx = static_cast<float>(f.width()) / static_cast<float>(width);
    const float sy = static_cast<float>(f.height()) / static_cast<float>(height);
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const float x = (static_cast<float>(i) + 0.5f) * sx - 0.5f;
            const float y = (static_cast<float>(j) + 0.5f) * sy - 0.5f;
            for (int c = 0; c < f.components(); ++c) out.at(i, j, c) = bilinearAt(f, x, y, c);
        }
    return out;
}

Field resampleVelocity(const Field& velocity, int width, int height, const VelocityLayout& layout)
{
    Field out(width, height, 2);
    const float sx = static_cast<float>(velocity.width()) / static_cast<float>(width);
    const float sy = static_cast<float>(velocity.height()) / static_cast<float>(height);
    // A sample point p cells into cell i of the new grid lies (i + p) sx - p
    // cells from the old grid's sample of cell 0: each component's own p.
    const auto oldCoordinate = [](int i, float scale, double samplePoint) {
        const float p = static_cast<float>(samplePoint);
        return (static_cast<float>(i) + p) * scale - p;
    };
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            out.at(i, j, 0) =
                bilinearAt(velocity, oldCoordinate(i, sx, layout.u.x), oldCoordinate(j, sy, layout.u.y), 0);
            out.at(i, j, 1) =
                bilinearAt(velocity, oldCoordinate(i, sx, layout.v.x), oldCoordinate(j, sy, layout.v.y), 1);
        }
    return out;
}

FluidState resampleState(const FluidState& state, const FieldGrids& grids, Layout layout)
{
    FluidState out;
    for (const FieldSpec& spec : kFieldSpecs) {
        const Field& from = fieldOf(state, spec);
        const GridSize to = grids.of(spec.grid);
        const bool velocity = spec.member == &FluidState::velocity;
        fieldOf(out, spec) = from.size() == 0 ? zerosFor(spec, grids)
                             : velocity       ? resampleVelocity(from, to.width, to.height, velocityLayoutOf(layout))
                                              : resampleBilinear(from, to.width, to.height);
    }
    return out;
}

}  // namespace fluid::app
