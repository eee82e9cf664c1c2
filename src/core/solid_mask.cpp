#include "core/solid_mask.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace fluid {

SolidMask::SolidMask(Field cells) : cells_(std::move(cells))
{
    const int w = cells_.width();
    const int h = cells_.height();
    // Per row: the first and last solid column (first > last: none).
    std::vector<int> first(static_cast<std::size_t>(h), w);
    std::vector<int> last(static_cast<std::size_t>(h), -1);
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i)
            if (solid(i, j)) {
                first[static_cast<std::size_t>(j)] = std::min(first[static_cast<std::size_t>(j)], i);
                last[static_cast<std::size_t>(j)] = i;
                any_ = true;
            }
    // Chebyshev distance transform: two passes over the 8 neighbours.
    constexpr int kFar = 1 << 20;
    clearance_.assign(cells_.size(), kFar);
    const auto at = [&](int i, int j) -> int& { return clearance_[cells_.index(i, j)]; };
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) {
            if (solid(i, j)) {
                at(i, j) = 0;
                continue;
            }
            for (const auto& [di, dj] : {std::pair{-1, -1}, {0, -1}, {1, -1}, {-1, 0}})
                if (i + di >= 0 && i + di < w && j + dj >= 0) at(i, j) = std::min(at(i, j), at(i + di, j + dj) + 1);
        }
    for (int j = h - 1; j >= 0; --j)
        for (int i = w - 1; i >= 0; --i)
            for (const auto& [di, dj] : {std::pair{1, 1}, {0, 1}, {-1, 1}, {1, 0}})
                if (i + di >= 0 && i + di < w && j + dj < h) at(i, j) = std::min(at(i, j), at(i + di, j + dj) + 1);
    near_.resize(static_cast<std::size_t>(h));
    for (int j = 0; j < h; ++j) {
        int lo = w;
        int hi = -1;
        for (const int dj : {-1, 0, 1}) {
            const auto row = static_cast<std::size_t>((j + dj + h) % h);
            lo = std::min(lo, first[row]);
            hi = std::max(hi, last[row]);
        }
        if (hi < lo) continue;  // empty
        const bool touchesSide = lo == 0 || hi == w - 1;
        near_[static_cast<std::size_t>(j)] =
            touchesSide ? ColumnSpan{0, w} : ColumnSpan{std::max(0, lo - 1), std::min(w, hi + 2)};
    }
}

Field coarserSolid(const Field& fine, int coarseWidth, int coarseHeight, CoarseSolid rule)
{
    const int fw = fine.width();
    const int fh = fine.height();
    const int extraX = extraChild(fw, coarseWidth);
    const int extraY = extraChild(fh, coarseHeight);
    Field coarse(coarseWidth, coarseHeight, 1);
    for (int j = 0; j < coarseHeight; ++j)
        for (int i = 0; i < coarseWidth; ++i) {
            // Children 2I, 2I + 1 (those inside the fine grid), and the third.
            const int lastX = std::min(2 * i + (2 * i + 2 == extraX ? 2 : 1), fw - 1);
            const int lastY = std::min(2 * j + (2 * j + 2 == extraY ? 2 : 1), fh - 1);
            bool allSolid = true, anySolid = false;
            for (int y = 2 * j; y <= lastY; ++y)
                for (int x = 2 * i; x <= lastX; ++x) {
                    const bool solid = fine.at(x, y) > SolidMask::kSolidAbove;
                    allSolid = allSolid && solid;
                    anySolid = anySolid || solid;
                }
            coarse.at(i, j) = (rule == CoarseSolid::AnyChild ? anySolid : allSolid) ? 1.0f : 0.0f;
        }
    return coarse;
}

std::vector<Field> solidPyramid(const Field& mask, const std::vector<MultigridLevel>& levels, CoarseSolid rule)
{
    std::vector<Field> pyramid{mask};
    for (std::size_t l = 1; l < levels.size(); ++l)
        pyramid.push_back(coarserSolid(pyramid.back(), levels[l].width, levels[l].height, rule));
    return pyramid;
}

void requireMaskShape(const Field& mask, int width, int height, const char* who)
{
    if (mask.width() != width || mask.height() != height || mask.components() != 1)
        throw std::invalid_argument(std::string(who) + ": the obstacle mask is " + std::to_string(mask.width()) + "x" +
                                    std::to_string(mask.height()) + "x" + std::to_string(mask.components()) +
                                    ", expected " + std::to_string(width) + "x" + std::to_string(height) +
                                    "x1 (1 = solid, 0 = fluid)");
}

}  // namespace fluid
