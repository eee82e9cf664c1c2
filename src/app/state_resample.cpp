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

Field resampleFaces(const Field& velocity, int width, int height)
{
    Field out(width, height, 2);
    const float sx = static_cast<float>(velocity.width()) / static_cast<float>(width);
    const float sy = static_cast<float>(velocity.height()) / static_cast<float>(height);
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const float fi = static_cast<float>(i), fj = static_cast<float>(j);
            // u's faces sit at whole x and half y; v's at half x and whole y.
            out.at(i, j, 0) = bilinearAt(velocity, fi * sx, (fj + 0.5f) * sy - 0.5f, 0);
            out.at(i, j, 1) = bilinearAt(velocity, (fi + 0.5f) * sx - 0.5f, fj * sy, 1);
        }
    return out;
}

FluidState resampleState(const FluidState& state, const FieldGrids& grids, Layout layout)
{
    FluidState out;
    for (const FieldSpec& spec : kFieldSpecs) {
        const Field& from = fieldOf(state, spec);
        const GridSize to = grids.of(spec.grid);
        const bool faces = layout == Layout::Staggered && spec.member == &FluidState::velocity;
        fieldOf(out, spec) = from.size() == 0 ? zerosFor(spec, grids)
                             : faces          ? resampleFaces(from, to.width, to.height)
                                              : resampleBilinear(from, to.width, to.height);
    }
    return out;
}

}  // namespace fluid::app
