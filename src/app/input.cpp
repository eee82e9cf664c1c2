#include "app/input.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

bool gridFillsWindow(glm::ivec2 fb, glm::ivec2 grid)
{
    if (fb.x <= 0 || fb.y <= 0 || grid.x <= 0 || grid.y <= 0) return false;
    const double ratio = (static_cast<double>(fb.x) * grid.y) / (static_cast<double>(fb.y) * grid.x);
    return std::abs(ratio - 1.0) <= kFillAspectTolerance;
}

PixelRect fitGrid(glm::ivec2 fb, glm::ivec2 grid)
{
    if (fb.x <= 0 || fb.y <= 0 || grid.x <= 0 || grid.y <= 0) return {};
    if (gridFillsWindow(fb, grid)) return {0, 0, fb.x, fb.y};
    // Compare aspect ratios in integers: fb.x / fb.y vs grid.x / grid.y.
    const long long wide = static_cast<long long>(fb.x) * grid.y;
    const long long tall = static_cast<long long>(fb.y) * grid.x;
    PixelRect r;
    if (wide >= tall) {  // framebuffer wider than the grid: bars left and right
        r.height = fb.y;
        r.width = static_cast<int>(tall / grid.y);
    } else {
        r.width = fb.x;
        r.height = static_cast<int>(wide / grid.x);
    }
    r.width = std::max(r.width, 1);
    r.height = std::max(r.height, 1);
    r.x = (fb.x - r.width) / 2;
    r.y = (fb.y - r.height) / 2;
    return r;
}

glm::ivec2 gridForWindow(glm::ivec2 fb, int shortSide, int maxCells)
{
    if (fb.x <= 0 || fb.y <= 0) return {shortSide, shortSide};
    const double aspect = static_cast<double>(fb.x) / fb.y;
    const auto longSide = [&](double ratio) {
        return std::clamp(static_cast<int>(std::lround(shortSide * ratio)), shortSide, maxCells);
    };
    if (aspect < 1.0) return {shortSide, longSide(1.0 / aspect)};
    // A width that is a multiple of 4 lets the pressure solve hold four cells
    // a texel (GpuSolver::packsPressure()), a large part of the step; the
    // nearest one is at most 2 cells off the window's aspect, which fitGrid
    // shows as bars thinner than a cell.
    const int width = longSide(aspect);
    const int packable = 4 * static_cast<int>(std::lround(width / 4.0));
    return {packable >= shortSide && packable <= maxCells ? packable : width, shortSide};
}

glm::vec2 cursorToDomain(glm::dvec2 cursor, glm::ivec2 windowSize, glm::ivec2 fb, const PixelRect& grid,
                         glm::vec2 domainSize)
{
    if (windowSize.x <= 0 || windowSize.y <= 0 || grid.empty()) return glm::vec2(-1.0f);
    // Window coordinates to framebuffer pixels (HiDPI scale), then flip y.
    const double px = cursor.x * fb.x / windowSize.x;
    const double py = fb.y - cursor.y * fb.y / windowSize.y;
    const double u = (px - grid.x) / grid.width;
    const double v = (py - grid.y) / grid.height;
    return {static_cast<float>(u) * domainSize.x, static_cast<float>(v) * domainSize.y};
}

glm::vec3 strokeColour(int n)
{
    // HSV with full saturation and value; hue advances by the golden angle.
    const double hue = std::fmod(0.07 + n * 0.381966, 1.0) * 6.0;
    const double x = 1.0 - std::fabs(std::fmod(hue, 2.0) - 1.0);
    const auto c = [](double r, double g, double b) {
        return glm::vec3(static_cast<float>(r), static_cast<float>(g), static_cast<float>(b));
    };
    switch (static_cast<int>(hue)) {
        case 0:
            return c(1, x, 0);
        case 1:
            return c(x, 1, 0);
        case 2:
            return c(0, 1, x);
        case 3:
            return c(0, x, 1);
        case 4:
            return c(x, 0, 1);
        default:
            return c(1, 0, x);
    }
}

}  // namespace fluid::app
