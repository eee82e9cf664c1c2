// The packed Jacobi sweeps two texels a fragment (pressure_packed.frag's
// PAIRED: rows 2R and 2R + 1, written to two targets, the even rows and the
// odd) must give what four cells a fragment give: the same float operations
// per cell in the same order. Compared GPU against GPU, the pairs allowed
// and not, on a whole solve and on whole steps, where the step's gradient
// pass (collocated) or the unpacking pass (staggered) reads the pairs.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"
#include "support/parity_check.hpp"
#include "support/two_gpu_forms.hpp"

namespace fluid {
namespace {

struct Case {
    const char* name;
    BoundaryMode boundary;
    Layout layout;
    int width, height;
    int iterations;  // even: the pairs from the first draw; odd: a damped sweep first
};

// 8x8 (the smallest grid): two texels a row, each on a side wall, four
// pairs of rows. 12x10: an odd number of texels a row. 48x40 at 20 sweeps:
// the demo's count, five draws of four sweeps (FOUR_SWEEPS); 7: the damped
// sweep, two from the packed pressure, four from the pairs; 4: four from
// the packed pressure; 2: the draw of two from the packed pressure alone;
// 1: the damped sweep alone, no pairs.
constexpr std::array kCases{
    Case{"Box_48x40_20", BoundaryMode::Box, Layout::Collocated, 48, 40, 20},
    Case{"Box_12x10_7", BoundaryMode::Box, Layout::Collocated, 12, 10, 7},
    Case{"Box_8x8_4", BoundaryMode::Box, Layout::Collocated, 8, 8, 4},
    Case{"Box_8x8_2", BoundaryMode::Box, Layout::Collocated, 8, 8, 2},
    Case{"Periodic_8x10_3", BoundaryMode::Periodic, Layout::Collocated, 8, 10, 3},
    Case{"Box_12x10_1", BoundaryMode::Box, Layout::Collocated, 12, 10, 1},
    Case{"Periodic_48x40_20", BoundaryMode::Periodic, Layout::Collocated, 48, 40, 20},
    Case{"Periodic_12x10_7", BoundaryMode::Periodic, Layout::Collocated, 12, 10, 7},
    Case{"BoxStaggered_48x40_20", BoundaryMode::Box, Layout::Staggered, 48, 40, 20},
    Case{"PeriodicStaggered_12x10_7", BoundaryMode::Periodic, Layout::Staggered, 12, 10, 7},
};

SimParams paramsFor(const Case& c)
{
    SimParams p;
    p.gridWidth = c.width;
    p.gridHeight = c.height;
    p.boundary = c.boundary;
    p.layout = c.layout;
    if (p.boundary == BoundaryMode::Box) p.lidSpeed = 1.0f;
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = c.iterations;
    p.vorticity = 0.3f;
    return p;
}

void expectClose(const Field& paired, const Field& fourCells, const std::string& what)
{
    test::expectSameWithin(what, paired, fourCells, test::twoFormsBound());
}

// A solve from a random pressure and divergence, on the solver with its
// pairs (`paired()` says it uses them) and on one with them turned off.
void expectSolveLikeFourCells(const SimParams& p, bool (GpuSolver::*paired)() const, const std::string& what)
{
    GpuSolver withPairs(p);
    GpuSolver fourCells(p);
    fourCells.allowPairedSweeps(false);
    ASSERT_TRUE((withPairs.*paired)());
    ASSERT_FALSE((fourCells.*paired)());
    ASSERT_TRUE(fourCells.packsPressure()) << "compared with the packed sweeps, not the unpacked";
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    for (GpuSolver* s : {&withPairs, &fourCells}) {
        s->upload(start);
        s->uploadDivergence(divergence);
        s->solvePressure();
    }
    const Field result = withPairs.download().pressure;
    expectClose(result, fourCells.download().pressure, what);
    EXPECT_GT(test::compareFields(result, start.pressure).relativeL2, 1e-2) << "the solve left p unchanged";
}

// Whole steps (a splat, vorticity): the divergence pass packs for the solve,
// and the pairs are unpacked by the gradient pass or a pass of its own. A
// solve outside the step first, its pairs unpacked at once.
void expectStepsLikeFourCells(const SimParams& p, const std::string& what)
{
    GpuSolver withPairs(p);
    GpuSolver fourCells(p);
    fourCells.allowPairedSweeps(false);
    test::expectSameSteps(what, withPairs, fourCells, test::twoFormsBound(), true);
}

class PairedSweeps : public test::GlTest, public ::testing::WithParamInterface<Case> {};

TEST_P(PairedSweeps, ASolveGivesWhatFourCellsAFragmentGive)
{
    expectSolveLikeFourCells(paramsFor(GetParam()), &GpuSolver::sweepsInPairs, std::string("solve_") + GetParam().name);
}

TEST_P(PairedSweeps, StepsGiveWhatFourCellsAFragmentGive)
{
    expectStepsLikeFourCells(paramsFor(GetParam()), std::string("steps_") + GetParam().name);
}

INSTANTIATE_TEST_SUITE_P(Grids, PairedSweeps, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& c) { return std::string(c.param.name); });

// The multigrid's level 0 in pairs (GpuMultigrid::bindPacked's pairs: its
// double sweeps paired, the sweeps between two V-cycles four a draw, the
// restriction and prolongation reading the pairs) must give what its level 0
// four cells a fragment gives. 3 V-cycles a step: two draws of four sweeps.
class MultigridPairs : public test::GlTest, public ::testing::WithParamInterface<Case> {};

SimParams multigridParamsFor(const Case& c)
{
    SimParams p = paramsFor(c);
    p.pressureSolver = PressureSolver::Multigrid;
    p.multigridCycles = 3;
    return p;
}

TEST_P(MultigridPairs, ASolveGivesWhatFourCellsAFragmentGive)
{
    expectSolveLikeFourCells(multigridParamsFor(GetParam()), &GpuSolver::multigridInPairs,
                             std::string("multigrid_solve_") + GetParam().name);
}

TEST_P(MultigridPairs, StepsGiveWhatFourCellsAFragmentGive)
{
    expectStepsLikeFourCells(multigridParamsFor(GetParam()), std::string("multigrid_steps_") + GetParam().name);
}

// The even heights of kCases (the sweep counts are the Jacobi's, unused here).
constexpr std::array kMultigridCases{kCases[0], kCases[2], kCases[6], kCases[8]};
INSTANTIATE_TEST_SUITE_P(Grids, MultigridPairs, ::testing::ValuesIn(kMultigridCases),
                         [](const ::testing::TestParamInfo<Case>& c) { return std::string(c.param.name); });

// Where the pairs do not apply the sweeps run four cells a fragment: an odd
// height, obstacles (the sweeps unpacked). A solver made with the multigrid
// pairs its Jacobi sweeps once it is switched to Jacobi's (its kernels are
// the grid's, not the solver's), and its multigrid's level 0 before.
class PairedSweepsWhere : public test::GlTest {};

TEST_F(PairedSweepsWhere, OnlyThePackedJacobiSweepsOfAnEvenHeightArePaired)
{
    const SimParams p = paramsFor(kCases[0]);
    EXPECT_TRUE(GpuSolver(p).sweepsInPairs());
    SimParams oddHeight = p;
    oddHeight.gridHeight = 39;
    GpuSolver odd(oddHeight);
    EXPECT_TRUE(odd.packsPressure());
    EXPECT_FALSE(odd.sweepsInPairs());
    GpuSolver withSolids(p);
    withSolids.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    EXPECT_FALSE(withSolids.sweepsInPairs());

    SimParams multigrid = p;
    multigrid.pressureSolver = PressureSolver::Multigrid;
    GpuSolver switched(multigrid);
    EXPECT_FALSE(switched.sweepsInPairs());
    EXPECT_TRUE(switched.multigridInPairs());
    SimParams oddMultigrid = multigrid;
    oddMultigrid.gridHeight = 39;
    EXPECT_FALSE(GpuSolver(oddMultigrid).multigridInPairs());
    switched.setParams(p);
    EXPECT_TRUE(switched.sweepsInPairs());
    GpuSolver fourCells(p);
    fourCells.allowPairedSweeps(false);
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 7, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 8, 10.0f);
    for (GpuSolver* s : {&switched, &fourCells}) {
        s->upload(start);
        s->uploadDivergence(divergence);
        s->solvePressure();
    }
    expectClose(switched.download().pressure, fourCells.download().pressure, "switched to Jacobi");
}

}  // namespace
}  // namespace fluid
