// The pressure multigrid's coarsest level solved at once (core/coarse_solve.hpp):
// where the pyramid ends, and that x = M s solves the equation the smoother
// sweeps (reference::smooth, the mirror of smooth.frag) on every boundary rule
// and around obstacles, with zero mean on each group of fluid cells the
// equation leaves free.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/coarse_solve.hpp"
#include "core/solid_mask.hpp"
#include "reference/multigrid.hpp"
#include "support/fields.hpp"

namespace fluid {
namespace {

TEST(PressureLevels, EndAtTheFirstLevelOfAtMost128Cells)
{
    struct Expected {
        int width, height, levels, lastWidth, lastHeight;
    };
    for (const Expected e : {Expected{256, 256, 6, 8, 8}, Expected{512, 512, 7, 8, 8}, Expected{172, 128, 5, 11, 8},
                             Expected{1024, 768, 8, 8, 6}, Expected{8, 8, 2, 4, 4}, Expected{45, 37, 3, 11, 9}}) {
        const std::vector<MultigridLevel> levels = pressureLevels(e.width, e.height);
        const std::string grid = std::to_string(e.width) + "x" + std::to_string(e.height);
        ASSERT_EQ(static_cast<int>(levels.size()), e.levels) << grid;
        EXPECT_EQ(levels.back().width, e.lastWidth) << grid;
        EXPECT_EQ(levels.back().height, e.lastHeight) << grid;
        if (levels.size() > 2) {  // the level above is too large to solve at once (level 0 never is)
            const MultigridLevel& above = levels[levels.size() - 2];
            EXPECT_GT(above.width * above.height, kDirectSolveMaxCells) << grid;
        }
        // The same levels as the whole pyramid down to there.
        const std::vector<MultigridLevel> all = multigridLevels(e.width, e.height);
        for (std::size_t l = 0; l < levels.size(); ++l) EXPECT_EQ(levels[l].width, all[l].width) << grid;
        // The viscous pyramid keeps every level.
        EXPECT_EQ(levelsFor(MultigridEquation::Viscous, e.width, e.height).size(), all.size()) << grid;
    }
}

struct Case {
    const char* name;
    BoundaryMode boundary;
    bool obstacles;
};

class CoarsestInverse : public ::testing::TestWithParam<Case> {};

// A level of 11 x 8 cells; with obstacles, a wall across it that leaves a
// pocket of fluid shut off from the rest (a second free constant), and a
// solid cell on the outflow's column.
Field obstaclesOf(int width, int height)
{
    Field solid(width, height, 1);
    for (int j = 0; j < height; ++j) solid.at(4, j) = 1.0f;  // a wall from top to bottom at x = 4
    for (int i = 0; i < 4; ++i) solid.at(i, 3) = 1.0f;       // splits x < 4 into two pockets
    solid.at(width - 1, 2) = 1.0f;
    return solid;
}

// The groups of fluid cells joined through faces (periodic: also across the
// domain's edges), each a list of cells.
std::vector<std::vector<glm::ivec2>> fluidGroups(const Field& solid, bool periodic)
{
    const int w = solid.width(), h = solid.height();
    std::vector<int> seen(static_cast<std::size_t>(w * h), 0);
    std::vector<std::vector<glm::ivec2>> groups;
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) {
            if (solid.at(i, j) > 0.5f || seen[static_cast<std::size_t>(i + w * j)]) continue;
            std::vector<glm::ivec2> group{{i, j}};
            seen[static_cast<std::size_t>(i + w * j)] = 1;
            for (std::size_t n = 0; n < group.size(); ++n)
                for (const glm::ivec2 o : {glm::ivec2(-1, 0), glm::ivec2(1, 0), glm::ivec2(0, -1), glm::ivec2(0, 1)}) {
                    glm::ivec2 c = group[n] + o;
                    if (!periodic && (c.x < 0 || c.y < 0 || c.x >= w || c.y >= h)) continue;
                    c = {(c.x + w) % w, (c.y + h) % h};
                    if (solid.at(c.x, c.y) > 0.5f || seen[static_cast<std::size_t>(c.x + w * c.y)]) continue;
                    seen[static_cast<std::size_t>(c.x + w * c.y)] = 1;
                    group.push_back(c);
                }
            groups.push_back(group);
        }
    return groups;
}

// A right-hand side the equation can meet: zero on solids, and zero mean on
// each group that does not reach the tunnel's outflow (the restricted
// residual of a compatible problem).
template <typename ReachesOutflow>
Field compatibleRhs(const Field& solid, const std::vector<std::vector<glm::ivec2>>& groups,
                    const ReachesOutflow& reachesOutflow)
{
    Field s = test::randomField(solid.width(), solid.height(), 1, 31, 1.0f);
    for (int j = 0; j < solid.height(); ++j)
        for (int i = 0; i < solid.width(); ++i)
            if (solid.at(i, j) > 0.5f) s.at(i, j) = 0.0f;
    for (const auto& g : groups) {
        if (reachesOutflow(g)) continue;
        double mean = 0.0;
        for (const glm::ivec2 cell : g) mean += s.at(cell.x, cell.y);
        mean /= static_cast<double>(g.size());
        for (const glm::ivec2 cell : g) s.at(cell.x, cell.y) -= static_cast<float>(mean);
    }
    return s;
}

TEST_P(CoarsestInverse, SolvesTheSmoothersEquation)
{
    const Case c = GetParam();
    const MultigridLevel level{11, 8};
    SimParams p;
    p.boundary = c.boundary;
    const PassConstants grid = makePassConstants(p);
    const LevelOperator op = pressureLevel(grid, 1);  // a level below 0: s as it is, no lid
    PassConstants k = reference::levelConstants(grid, level, op);
    const Field solid = c.obstacles ? obstaclesOf(level.width, level.height) : Field(level.width, level.height, 1);
    const SolidMask mask(solid);
    if (c.obstacles) k.solid = &mask;
    const bool periodic = c.boundary == BoundaryMode::Periodic;
    const bool tunnel = isTunnel(c.boundary);

    const std::vector<std::vector<glm::ivec2>> groups = fluidGroups(solid, periodic);
    const auto reachesOutflow = [&](const std::vector<glm::ivec2>& g) {
        for (const glm::ivec2 cell : g)
            if (tunnel && cell.x == level.width - 1) return true;
        return false;
    };
    const Field s = compatibleRhs(solid, groups, reachesOutflow);

    const std::vector<float> m = coarsestInverse(level, c.boundary, c.obstacles ? &solid : nullptr);
    Field x(level.width, level.height, 1);
    reference::solveCoarsest(m, s, x);

    // A plain Jacobi sweep (weight 1) leaves the solution of A x = s where it is.
    LevelOperator jacobi = op;
    jacobi.weight = 1.0f;
    Field swept(level.width, level.height, 1);
    reference::smooth(x, s, jacobi, false, swept, k);
    double change = 0.0, size = 0.0;
    for (int j = 0; j < level.height; ++j)
        for (int i = 0; i < level.width; ++i) {
            change = std::max(change, static_cast<double>(std::abs(swept.at(i, j) - x.at(i, j))));
            size = std::max(size, static_cast<double>(std::abs(x.at(i, j))));
        }
    std::printf("  %s: |x| %.3g, a sweep moves it by %.3g; %zu groups of fluid\n", c.name, size, change, groups.size());
    ASSERT_GT(size, 0.1) << "x = 0 would pass the check below";
    // M is rounded to float once and x sums 88 products: a few 1e-7 of |x|.
    EXPECT_LT(change, 2e-6 * size) << "x is not the solution of the smoother's equation";

    // Each free group's mean is 0 (the pseudo-inverse's answer), and solids hold 0.
    for (const auto& g : groups) {
        double mean = 0.0;
        for (const glm::ivec2 cell : g) mean += x.at(cell.x, cell.y);
        mean /= static_cast<double>(g.size());
        if (!reachesOutflow(g)) {
            EXPECT_LT(std::abs(mean), 1e-6 * size) << "a group's mean";
        }
    }
    for (int j = 0; j < level.height; ++j)
        for (int i = 0; i < level.width; ++i)
            if (solid.at(i, j) > 0.5f) {
                EXPECT_EQ(x.at(i, j), 0.0f);
            }

    // A right-hand side the equation cannot meet (rounding leaves the
    // restricted one so): what a free group's mean adds is ignored, x is the
    // least-squares answer, the same as for the part it can meet.
    Field offset = s;
    float added = 0.25f;
    for (const auto& g : groups) {
        if (reachesOutflow(g)) continue;
        for (const glm::ivec2 cell : g) offset.at(cell.x, cell.y) += added;
        added += 0.5f;
    }
    Field y(level.width, level.height, 1);
    reference::solveCoarsest(m, offset, y);
    double moved = 0.0;
    for (int j = 0; j < level.height; ++j)
        for (int i = 0; i < level.width; ++i)
            moved = std::max(moved, static_cast<double>(std::abs(y.at(i, j) - x.at(i, j))));
    EXPECT_LT(moved, 2e-6 * size) << "a free group's mean in s moved x";
}

INSTANTIATE_TEST_SUITE_P(Rules, CoarsestInverse,
                         ::testing::Values(Case{"Box", BoundaryMode::Box, false},
                                           Case{"Periodic", BoundaryMode::Periodic, false},
                                           Case{"Tunnel", BoundaryMode::Tunnel, false},
                                           Case{"TunnelWalls", BoundaryMode::TunnelWalls, false},
                                           Case{"BoxObstacles", BoundaryMode::Box, true},
                                           Case{"PeriodicObstacles", BoundaryMode::Periodic, true},
                                           Case{"TunnelObstacles", BoundaryMode::Tunnel, true}),
                         [](const ::testing::TestParamInfo<Case>& param) { return std::string(param.param.name); });

}  // namespace
}  // namespace fluid
