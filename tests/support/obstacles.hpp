// Obstacle masks for tests: a filled circle (the Strouhal cylinder), and a
// mask that exercises every branch of the obstacle rules.
#pragma once

#include <algorithm>

#include "core/field.hpp"

namespace fluid::test {

// Cells whose centre lies within `radius` cells of (cx, cy) (cell units,
// centres at integers) are solid (1).
inline void addCircle(Field& mask, float cx, float cy, float radius)
{
    for (int j = 0; j < mask.height(); ++j)
        for (int i = 0; i < mask.width(); ++i) {
            const float dx = static_cast<float>(i) - cx;
            const float dy = static_cast<float>(j) - cy;
            if (dx * dx + dy * dy <= radius * radius) mask.at(i, j) = 1.0f;
        }
}

// Cells [x0, x1) x [y0, y1), clipped to the grid, are solid.
inline void addBlock(Field& mask, int x0, int y0, int x1, int y1)
{
    for (int j = std::max(0, y0); j < std::min(mask.height(), y1); ++j)
        for (int i = std::max(0, x0); i < std::min(mask.width(), x1); ++i) mask.at(i, j) = 1.0f;
}

// A circle, a plate one cell thick, a block on the bottom wall (the periodic
// rule wraps it to the top row) and a single solid cell in the last column
// (wrapped to the first): thin solids, solids on walls, solid corners.
inline Field mixedObstacles(int width, int height)
{
    Field mask(width, height, 1);
    addCircle(mask, 0.3f * static_cast<float>(width), 0.5f * static_cast<float>(height),
              0.12f * static_cast<float>(height));
    const int plateX = static_cast<int>(0.65f * static_cast<float>(width));
    addBlock(mask, plateX, height / 5, plateX + 1, 3 * height / 5);
    addBlock(mask, 4 * width / 5, 0, 9 * width / 10, 3);
    addBlock(mask, width - 1, height / 2, width, height / 2 + 1);
    return mask;
}

}  // namespace fluid::test
