#include "app/state_resample.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

Field resampleBilinear(const Field& f, int width, int height)
{
    Field out(width, height, f.components());
    const float sx = static_cast<float>(f.width()) / static_cast<float>(width);
    const float sy = static_cast<float>(f.height()) / static_cast<float>(height);
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const float x = (static_cast<float>(i) + 0.5f) * sx - 0.5f;
            const float y = (static_cast<float>(j) + 0.5f) * sy - 0.5f;
            const int i0 = static_cast<int>(std::floor(x)), j0 = static_cast<int>(std::floor(y));
            const float fx = x - static_cast<float>(i0), fy = y - static_cast<float>(j0);
            const auto at = [&](int a, int b, int c) {
                return f.at(std::clamp(a, 0, f.width() - 1), std::clamp(b, 0, f.height() - 1), c);
            };
            for (int c = 0; c < f.components(); ++c) {
                const float bottom = at(i0, j0, c) * (1.0f - fx) + at(i0 + 1, j0, c) * fx;
                const float top = at(i0, j0 + 1, c) * (1.0f - fx) + at(i0 + 1, j0 + 1, c) * fx;
                out.at(i, j, c) = bottom * (1.0f - fy) + top * fy;
            }
        }
    return out;
}

FluidState resampleState(const FluidState& state, const FieldGrids& grids)
{
    FluidState out;
    for (const FieldSpec& spec : kFieldSpecs) {
        const Field& from = fieldOf(state, spec);
        const GridSize to = grids.of(spec.grid);
        fieldOf(out, spec) = from.size() == 0 ? zerosFor(spec, grids) : resampleBilinear(from, to.width, to.height);
    }
    return out;
}

}  // namespace fluid::app
