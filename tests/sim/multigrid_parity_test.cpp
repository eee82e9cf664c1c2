// The multigrid passes on the GPU against their CPU mirrors, one pass at a time
// on level 0 (the solver's pressure and divergence) and on a coarse level, and
// a whole V-cycle; on grids whose halving leaves a coarse cell one child
// (2m - 1 fine cells) or three (2m + 1), in the box, with a lid and periodic.
#include <gtest/gtest.h>

#include <string>

#include "sim/multigrid_parity.hpp"
#include "sim/parity.hpp"

namespace fluid {
namespace {

using test::Grid;
using test::kEven;
using test::kOdd;
using test::MgOutput;
using test::MgPass;
using test::Walls;

SimParams paramsFor(const Walls& walls, Grid grid)
{
    SimParams p;
    p.gridWidth = grid.width;
    p.gridHeight = grid.height;
    p.pressureSolver = PressureSolver::Multigrid;
    p.multigridCycles = 1;
    test::applyWalls(p, walls);
    return p;
}

// kCoarsest: the pyramid's last level.
constexpr int kCoarsest = -1;

std::vector<MgPass> allPasses()
{
    std::vector<MgPass> passes{
        test::smoothPass("smooth_level0", 0, false),
        test::smoothPass("smooth_level1", 1, false),
        test::smoothPass("smooth_zero_guess_level1", 1, true),
    };
    for (MgPass& pass : test::transferPasses()) passes.push_back(std::move(pass));
    // The pressure's coarsest level at once (12 x 10 cells on the even
    // grid, 11 x 9 on the odd one: each row sums 120 or 99 products).
    passes.push_back(test::bothCase<sim::GpuMultigrid, reference::CpuMultigrid>(
        "solve_coarsest", MgOutput{kCoarsest, false}, [](auto& m) { m.solveCoarsest(m.levelCount() - 1); }));
    return passes;
}

// Random contents in every level of both pyramids, the same on both sides;
// obstacles where the walls have them (every level's mask derived from the
// grid's; the tunnel with the Dirichlet outflow on every level).
void fillPyramids(test::SolverPair& both, const SimParams& p, const Walls& walls)
{
    const FluidState state = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    both.onBoth([&](auto& s) {
        if (walls.solids) s.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        s.upload(state);
        s.uploadDivergence(divergence);
        s.bindMultigrid();
    });
    test::fillCoarseLevels(both.gpu.multigrid(), both.cpu.multigrid(), 1, 0.01f);
}

Field gpuOutput(GpuSolver& g, MgOutput o)
{
    if (o.level == kCoarsest) o.level = g.multigrid().levelCount() - 1;
    if (o.level == 0) return g.download().pressure;
    return test::downloadTarget(o.rhs ? g.multigrid().rhs(o.level) : g.multigrid().iterate(o.level).read(), 1);
}

Field cpuOutput(CpuSolver& c, MgOutput o)
{
    if (o.level == kCoarsest) o.level = c.multigrid().levelCount() - 1;
    if (o.level == 0) return c.state().pressure;
    return o.rhs ? c.multigrid().rhs(o.level) : c.multigrid().iterate(o.level);
}

class MultigridPassParity : public test::GlTest,
                            public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, Grid>> {};

TEST_P(MultigridPassParity, GpuMatchesCpu)
{
    const auto [index, walls, grid] = GetParam();
    const MgPass pass = allPasses()[index];
    const SimParams p = paramsFor(walls, grid);
    test::SolverPair both(p);
    fillPyramids(both, p, walls);
    const Field before = cpuOutput(both.cpu, pass.output);
    pass.onGpu(both.gpu.multigrid());
    pass.onCpu(both.cpu.multigrid());
    test::expectParity(std::string(pass.name) + "_" + walls.name + "_" + grid.name, gpuOutput(both.gpu, pass.output),
                       cpuOutput(both.cpu, pass.output), before, {test::kSinglePassMaxRel, test::kSinglePassL2});
}

// The box, with a lid, periodic and the tunnel, each also with obstacles.
const auto kAllWalls = ::testing::Values(test::kBox, test::kLid, test::kPeriodic, test::kTunnel, test::kSolids,
                                         test::kPeriodicSolids, test::kTunnelSolids);

INSTANTIATE_TEST_SUITE_P(AllPasses, MultigridPassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, 10), kAllWalls,
                                            ::testing::Values(kEven, kOdd)),
                         test::caseName(allPasses));

class MultigridCycleParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<Walls, Grid>> {};

// Two V-cycles through GpuSolver::solvePressure(), from a random pressure.
TEST_P(MultigridCycleParity, TwoVCyclesMatch)
{
    const auto [walls, grid] = GetParam();
    SimParams p = paramsFor(walls, grid);
    p.multigridCycles = 2;
    test::SolverPair both(p);
    fillPyramids(both, p, walls);
    both.onBoth([](auto& s) { s.solvePressure(); });
    const test::FieldError e = test::compareFields(both.gpu.download().pressure, both.cpu.state().pressure);
    std::printf("  %s_%s: %s\n", walls.name, grid.name, test::describe(e).c_str());
    EXPECT_TRUE(e.finite);
    EXPECT_LE(e.maxAbs, test::kCycleMaxRel * e.maxRef) << test::describe(e);
    EXPECT_LE(e.relativeL2, test::kCycleL2) << test::describe(e);
}

INSTANTIATE_TEST_SUITE_P(AllWalls, MultigridCycleParity, ::testing::Combine(kAllWalls, ::testing::Values(kEven, kOdd)),
                         [](const ::testing::TestParamInfo<MultigridCycleParity::ParamType>& param) {
                             return std::string(std::get<0>(param.param).name) + "_" + std::get<1>(param.param).name;
                         });

}  // namespace
}  // namespace fluid
