// The bilinear blend that the CPU mirrors of advection.glsl share: the same
// float operations in the same order as the shader's.
#pragma once

#include <glm/vec2.hpp>

namespace fluid::reference {

// The bilinear blend of advect.frag on Components floats, from the cells a, b
// (bottom row) and c, d (top row): no component depends on another.
template <int Components>
inline void blendBilinear(const float* __restrict a, const float* __restrict b, const float* __restrict c,
                          const float* __restrict d, glm::vec2 f, float decay, float* __restrict out)
{
    for (int n = 0; n < Components; ++n) {
        const float bottom = a[n] * (1.0f - f.x) + b[n] * f.x;
        const float top = c[n] * (1.0f - f.x) + d[n] * f.x;
        out[n] = (bottom * (1.0f - f.y) + top * f.y) * decay;
    }
}

}  // namespace fluid::reference
