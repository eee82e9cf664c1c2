#include "core/multigrid.hpp"

#include <algorithm>

namespace fluid {

std::vector<MultigridLevel> multigridLevels(int width, int height)
{
    // round(n / 2^l) from the grid's n, not ceil from the level above: a level
    // always spans the domain to within half of its own cell, where halving up
    // would let every odd level add a cell (257 cells ended as 2 cells of 256).
    const auto cells = [](int n, int level) { return std::max(1, (n + (1 << (level - 1))) >> level); };
    std::vector<MultigridLevel> levels{{width, height}};
    for (int level = 1; levels.back().width > 2 || levels.back().height > 2; ++level)
        levels.push_back({cells(width, level), cells(height, level)});
    return levels;
}

}  // namespace fluid
