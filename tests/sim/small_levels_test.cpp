// The pressure multigrid's small levels cycled at once (shaders/small_levels.comp,
// one compute dispatch a V-cycle) must give what the fragment passes give
// level by level: the same float operations per cell in the same order.
// Compared GPU against GPU, the dispatch allowed and not, on whole solves
// and on whole steps, in the box (with and without the lid) and periodic, on
// grids whose small levels have a missing child at an odd edge (50 columns:
// 25 -> 13 cells) and a third child (37 rows: 19 -> 9; 50 columns: 13 -> 6).
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "gl/program.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"
#include "support/parity_check.hpp"
#include "support/two_gpu_forms.hpp"

namespace fluid {
namespace {

// Without GL 4.3 (macOS has 4.1) every level runs pass by pass and there is
// nothing to compare. Never so on llvmpipe (LlvmpipeHasThem, below).
constexpr const char* kNoCompute = "no compute shaders (GL 4.3) here: the small levels run pass by pass";

struct Case {
    const char* name;
    BoundaryMode boundary;
    bool lid;
    int width, height;
    int start;  // the level the dispatch starts at
};

constexpr std::array kCases{
    Case{"Box_256x256", BoundaryMode::Box, false, 256, 256, 3},  // 32x32, 16x16, 8x8
    Case{"Lid_172x128", BoundaryMode::Box, true, 172, 128, 3},   // 22x16, 11x8 (the window's grid)
    Case{"Periodic_172x128", BoundaryMode::Periodic, false, 172, 128, 3},
    Case{"Box_45x37", BoundaryMode::Box, false, 45, 37, 1},  // 23x19, 11x9: a third column and row
    Case{"Periodic_45x37", BoundaryMode::Periodic, false, 45, 37, 1},
    Case{"Periodic_96x80", BoundaryMode::Periodic, false, 96, 80, 2},  // 24x20, 12x10
    Case{"Lid_50x40", BoundaryMode::Box, true, 50, 40, 1},             // 25x20, 13x10 (a missing child), 6x5 (a third)
    Case{"Periodic_50x40", BoundaryMode::Periodic, false, 50, 40, 1},
};

SimParams paramsFor(const Case& c)
{
    SimParams p = defaultSimParams();
    p.gridWidth = c.width;
    p.gridHeight = c.height;
    p.boundary = c.boundary;
    p.lidSpeed = c.lid ? 1.0f : 0.0f;
    p.pressureSolver = PressureSolver::Multigrid;
    p.multigridCycles = 3;
    p.coldStartCycles = 0;  // the first solve's cycles too: the draws below count 3
    p.vorticity = 0.3f;
    return p;
}

void expectClose(const Field& atOnce, const Field& byPasses, const std::string& what)
{
    test::expectSameWithin(what, atOnce, byPasses, test::twoFormsBound());
}

class SmallLevels : public test::GlTest, public ::testing::WithParamInterface<Case> {};

TEST_P(SmallLevels, ASolveGivesWhatThePassesGive)
{
    if (!gl::computeShadersAvailable()) GTEST_SKIP() << kNoCompute;
    const Case c = GetParam();
    const SimParams p = paramsFor(c);
    GpuSolver atOnce(p);
    GpuSolver byPasses(p);
    byPasses.allowSmallLevels(false);
    ASSERT_EQ(atOnce.smallLevelsStart(), c.start);
    ASSERT_EQ(byPasses.smallLevelsStart(), byPasses.multigrid().levelCount());
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    unsigned long long draws[2] = {};
    int n = 0;
    for (GpuSolver* s : {&atOnce, &byPasses}) {
        s->upload(start);
        s->uploadDivergence(divergence);
        const unsigned long long before = sim::drawCount();
        s->solvePressure();
        draws[n++] = sim::drawCount() - before;
    }
    // Per cycle, the dispatch takes the place of four draws a level it takes above the coarsest, and the coarsest's.
    const int levels = atOnce.multigrid().levelCount() - c.start;
    EXPECT_EQ(draws[1] - draws[0], static_cast<unsigned long long>(p.multigridCycles * (4 * (levels - 1))));
    const Field result = atOnce.download().pressure;
    expectClose(result, byPasses.download().pressure, std::string("solve_") + c.name);
    EXPECT_GT(test::compareFields(result, start.pressure).relativeL2, 1e-2) << "the solve left p unchanged";
}

// Whole steps at the defaults (a splat, MacCormack, viscosity, vorticity).
TEST_P(SmallLevels, StepsGiveWhatThePassesGive)
{
    if (!gl::computeShadersAvailable()) GTEST_SKIP() << kNoCompute;
    const Case c = GetParam();
    const SimParams p = paramsFor(c);
    GpuSolver atOnce(p);
    GpuSolver byPasses(p);
    byPasses.allowSmallLevels(false);
    test::expectSameSteps(std::string("steps_") + c.name, atOnce, byPasses, test::twoFormsBound());
}

INSTANTIATE_TEST_SUITE_P(Grids, SmallLevels, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& c) { return std::string(c.param.name); });

// Where the dispatch does not apply the levels run pass by pass: obstacles,
// the tunnel, the viscous solve, and a pyramid with no level between the
// first and the coarsest.
class SmallLevelsWhere : public test::GlTest {};

TEST_F(SmallLevelsWhere, OnlyThePressureInTheBoxOrPeriodicWithoutObstacles)
{
    if (!gl::computeShadersAvailable()) GTEST_SKIP() << kNoCompute;
    const SimParams p = paramsFor(kCases[1]);
    GpuSolver plain(p);
    EXPECT_EQ(plain.smallLevelsStart(), 3);
    GpuSolver withSolids(p);
    withSolids.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    EXPECT_EQ(withSolids.smallLevelsStart(), withSolids.multigrid().levelCount());
    withSolids.clearObstacles();
    EXPECT_EQ(withSolids.smallLevelsStart(), 3) << "back once the obstacles are gone";
    SimParams tunnel = p;
    tunnel.boundary = BoundaryMode::Tunnel;
    tunnel.lidSpeed = 0.0f;
    GpuSolver inTunnel(tunnel);
    EXPECT_EQ(inTunnel.smallLevelsStart(), inTunnel.multigrid().levelCount());
    sim::GpuMultigrid viscous(p.gridWidth, p.gridHeight, p.boundary, inTunnel.constants(), MultigridEquation::Viscous);
    EXPECT_EQ(viscous.smallLevelsStart(), viscous.levelCount());
    SimParams small = p;
    small.gridWidth = small.gridHeight = 16;  // 16x16, then 8x8 solved at once: nothing between
    GpuSolver tiny(small);
    EXPECT_EQ(tiny.smallLevelsStart(), tiny.multigrid().levelCount());
}

// CI runs on llvmpipe, whose GL 4.5 has compute shaders: the tests above
// must not skip there.
TEST_F(SmallLevelsWhere, LlvmpipeHasThem)
{
    if (test::onLlvmpipe())
        EXPECT_TRUE(gl::computeShadersAvailable());
    else
        GTEST_SKIP() << "not llvmpipe";
}

}  // namespace
}  // namespace fluid
