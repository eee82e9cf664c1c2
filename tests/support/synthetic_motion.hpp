// Synthetic camera frames for the motion-input tests: a bright disc with a
// soft edge on a dark ground, at any position.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/motion.hpp"

namespace fluid::test {

// Brightness 0.9 inside radius r (pixels), 0.1 outside, a linear edge 2 px wide.
inline LumaFrame discFrame(int width, int height, float centreX, float centreY, float radius)
{
    LumaFrame f{width, height, std::vector<float>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height))};
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const float d = std::hypot(static_cast<float>(i) + 0.5f - centreX, static_cast<float>(j) + 0.5f - centreY);
            const float inside = std::clamp((radius + 1.0f - d) / 2.0f, 0.0f, 1.0f);
            f.luma[static_cast<std::size_t>(j * width + i)] = 0.1f + 0.8f * inside;
        }
    return f;
}

}  // namespace fluid::test
