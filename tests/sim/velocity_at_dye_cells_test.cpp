// The velocity at the dye's cells drawn once a step (velocity_at_dye_cells.frag,
// GpuSolver::velocityAtDyeCells) where the dye's grid is 2 or 4 times the
// velocity's each way on the staggered layout: its layers against the
// CPU's velocity at every dye cell's centre, as the dye's advection reads it
// (CpuSolver::velocityAtDyeCells); and the dye's passes reading it against
// the same passes interpolating the velocity themselves, GPU against GPU,
// on single passes and whole steps. Under every wall rule and the dye's
// slipping read, on an even and an odd height, the dye's grid twice and four
// times the velocity's.
#include <gtest/gtest.h>

#include <array>
#include <ostream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "sim/parity.hpp"
#include "sim/pass_program.hpp"
#include "support/parity_params.hpp"
#include "support/two_gpu_forms.hpp"
#include "support/walls.hpp"

namespace fluid {
namespace {

constexpr std::array kWallRules{test::kBox, test::kLid, test::kPeriodic, test::kTunnel, test::kTunnelWalls};

struct Grid {
    const char* name;
    int width, height;
    int ratio;  // the dye's grid this many times the velocity's each way
};
constexpr std::array kGrids{Grid{"48x40", 48, 40, 2}, Grid{"45x37", 45, 37, 2}, Grid{"24x20_four", 24, 20, 4},
                            Grid{"23x19_four", 23, 19, 4}};
void PrintTo(const Grid& g, std::ostream* os)
{
    *os << g.name;
}

// The staggered layout with the dye on a grid 2 or 4 times the velocity's each way,
// the velocity and the dye fading so that every factor of the passes shows.
SimParams paramsFor(const test::Walls& walls, const Grid& grid, bool slips)
{
    SimParams p = test::parityGrid(grid.ratio * grid.width);
    p.gridWidth = grid.width;
    p.gridHeight = grid.height;
    p.domainWidth = static_cast<float>(grid.width) / static_cast<float>(grid.height);
    p.layout = Layout::Staggered;
    p.dyeDissipation = 0.7f;
    p.velocityDissipation = 0.3f;
    p.dyeSlipsAtWalls = slips;
    test::applyWalls(p, walls);
    return p;
}

std::string caseName(const test::Walls& walls, const Grid& grid, bool slips)
{
    return std::string(walls.name) + "_" + grid.name + (slips ? "_slip" : "");
}

using Case = std::tuple<test::Walls, Grid, bool>;

class VelocityAtDyeCells : public test::GlTest, public ::testing::WithParamInterface<Case> {
protected:
    SimParams params() const { return paramsFor(std::get<0>(GetParam()), std::get<1>(GetParam()), slips()); }
    std::string name() const { return caseName(std::get<0>(GetParam()), std::get<1>(GetParam()), slips()); }
    bool slips() const { return std::get<2>(GetParam()); }

    // Two GPU solvers of `p`: the first reads the velocity at the dye's
    // cells from its pass, the second interpolates it in each dye pass.
    static void prepare(GpuSolver& shared, GpuSolver& own)
    {
        own.allowVelocityAtDyeCells(false);
        ASSERT_TRUE(shared.readsVelocityAtDyeCells());
        ASSERT_FALSE(own.readsVelocityAtDyeCells());
    }
};

// The pass against its mirror: every dye cell's velocity, from a random one.
TEST_P(VelocityAtDyeCells, GpuMatchesCpu)
{
    test::SolverPair both(params());
    ASSERT_TRUE(both.gpu.readsVelocityAtDyeCells());
    const FluidState start = test::randomState(both.cpu.grids(), 7);
    both.onBoth([&](auto& s) { s.upload(start); });
    both.gpu.velocityAtDyeCells();
    const Field gpu = both.gpu.downloadVelocityAtDyeCells();
    const Field cpu = both.cpu.velocityAtDyeCells();
    ASSERT_EQ(gpu.width(), cpu.width());
    ASSERT_EQ(gpu.height(), cpu.height());
    // One bilinear blend of stored faces either side: the single pass's
    // bound (a compiler may contract its products into FMAs; llvmpipe gives
    // the mirror's bits). Nothing was there before it.
    const Field nothing(cpu.width(), cpu.height(), 2);
    test::expectParity("velocity_at_dye_cells_" + name(), gpu, cpu, nothing,
                       {test::kSinglePassMaxRel, test::kSinglePassL2});
}

// The dye's forward pass, MacCormack's stage and the cubic read, each
// reading the pass's layers, against the same passes interpolating.
TEST_P(VelocityAtDyeCells, TheDyesPassesGiveWhatTheyGiveInterpolating)
{
    for (const auto& [scheme, with] : {std::pair{"semi_lagrangian", +[](SimParams p) { return p; }},
                                       std::pair{"maccormack", +[](SimParams p) { return test::withMacCormack(p); }},
                                       std::pair{"cubic", +[](SimParams p) { return test::withCubicDye(p); }}}) {
        const SimParams p = with(params());
        GpuSolver shared(p);
        GpuSolver own(p);
        prepare(shared, own);
        const FluidState start = test::randomState(shared.grids(), 11);
        for (GpuSolver* s : {&shared, &own}) {
            s->upload(start);
            s->advectDye();
        }
        const Field dye = shared.download().dye;
        test::expectSameWithin(std::string("advect_dye_") + scheme + "_" + name(), dye, own.download().dye,
                               test::twoFormsBound());
        EXPECT_GT(test::compareFields(dye, start.dye).relativeL2, 1e-3) << scheme << ": the dye moved";
    }
}

// Whole steps at the user's schemes (MacCormack, the dye's too).
TEST_P(VelocityAtDyeCells, StepsGiveWhatTheyGiveInterpolating)
{
    SimParams p = test::withMacCormack(params());
    p.viscosity = 1e-3f;
    p.vorticity = 5.0f;
    GpuSolver shared(p);
    GpuSolver own(p);
    prepare(shared, own);
    test::expectSameSteps("steps_" + name(), shared, own, test::twoFormsBound());
}

// The step's other paths: among obstacles, and with the incremental
// projection (the pass of its own before the dye's, as for the slipping read).
class VelocityAtDyeCellsSteps : public test::GlTest {};

TEST_F(VelocityAtDyeCellsSteps, AmongObstaclesAndWithTheIncrementalProjection)
{
    for (const bool obstacles : {true, false}) {
        SimParams p = test::withMacCormack(paramsFor(test::kLid, kGrids[1], false));
        if (!obstacles) p = test::withIncrementalProjection(p);
        GpuSolver shared(p);
        GpuSolver own(p);
        own.allowVelocityAtDyeCells(false);
        ASSERT_TRUE(shared.readsVelocityAtDyeCells());
        if (obstacles)
            for (GpuSolver* s : {&shared, &own}) s->setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        test::expectSameSteps(obstacles ? "steps_obstacles" : "steps_incremental", shared, own, test::twoFormsBound());
    }
}

INSTANTIATE_TEST_SUITE_P(Walls, VelocityAtDyeCells,
                         ::testing::Combine(::testing::ValuesIn(kWallRules), ::testing::ValuesIn(kGrids),
                                            ::testing::Bool()),
                         [](const ::testing::TestParamInfo<Case>& c) {
                             return caseName(std::get<0>(c.param), std::get<1>(c.param), std::get<2>(c.param));
                         });

// Where the pass runs: the staggered layout with the dye's grid exactly 2 or
// 4 times the velocity's, unless turned off.
class VelocityAtDyeCellsWhere : public test::GlTest {};

TEST_F(VelocityAtDyeCellsWhere, OnlyOnFacesWithADyeGridTwiceOrFourTimesTheVelocitys)
{
    const SimParams p = paramsFor(test::kBox, kGrids[0], false);
    GpuSolver twice(p);
    EXPECT_TRUE(twice.readsVelocityAtDyeCells());
    twice.allowVelocityAtDyeCells(false);
    EXPECT_FALSE(twice.readsVelocityAtDyeCells());
    EXPECT_THROW(twice.velocityAtDyeCells(), std::logic_error);
    twice.allowVelocityAtDyeCells(true);
    EXPECT_TRUE(twice.readsVelocityAtDyeCells()) << "back when allowed again";
    SimParams collocated = p;
    collocated.layout = Layout::Collocated;
    EXPECT_FALSE(GpuSolver(collocated).readsVelocityAtDyeCells()) << "at the centres it did not pay";
    SimParams four = p;
    four.dyeGridWidth = 4 * p.gridWidth;
    EXPECT_TRUE(GpuSolver(four).readsVelocityAtDyeCells());
    for (const int dyeGridWidth : {0, p.gridWidth, 3 * p.gridWidth, p.gridWidth / 2, 8 * p.gridWidth}) {
        SimParams other = p;
        other.dyeGridWidth = dyeGridWidth;
        EXPECT_FALSE(GpuSolver(other).readsVelocityAtDyeCells()) << "dye grid " << dyeGridWidth;
    }
}

// The dye's advection alone draws the pass; a step draws it in the
// velocity's forward pass, no draw more, unless the dye's read slips at the
// walls or there are obstacles (their faces read otherwise), the
// incremental projection carries a velocity of its own, or the dye's grid
// is four times the velocity's.
TEST_F(VelocityAtDyeCellsWhere, TheStepDrawsItInTheVelocitysForwardPass)
{
    const auto drawsOf = [](GpuSolver& s, auto&& what) {
        const unsigned long long before = sim::drawCount();
        what(s);
        return sim::drawCount() - before;
    };
    const auto extraDraws = [&](const SimParams& p, auto&& what, bool obstacles = false) {
        GpuSolver shared(p);
        GpuSolver own(p);
        own.allowVelocityAtDyeCells(false);
        if (obstacles)
            for (GpuSolver* s : {&shared, &own}) s->setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        EXPECT_TRUE(shared.readsVelocityAtDyeCells());
        return static_cast<long long>(drawsOf(shared, what)) - static_cast<long long>(drawsOf(own, what));
    };
    const SimParams p = test::withMacCormack(paramsFor(test::kBox, kGrids[0], false));
    const auto advectDye = [](GpuSolver& s) { s.advectDye(); };
    const auto step = [](GpuSolver& s) { s.step(); };
    EXPECT_EQ(extraDraws(p, advectDye), 1);
    EXPECT_EQ(extraDraws(p, step), 0);
    EXPECT_EQ(extraDraws(paramsFor(test::kBox, kGrids[0], true), step), 1) << "the slipping read";
    EXPECT_EQ(extraDraws(p, step, true), 1) << "obstacles";
    EXPECT_EQ(extraDraws(test::incrementalMacCormack(p), step), 1) << "the incremental projection";
    EXPECT_EQ(extraDraws(test::withMacCormack(paramsFor(test::kBox, kGrids[2], false)), step), 1)
        << "four times: no outputs to spare";
}

}  // namespace
}  // namespace fluid
