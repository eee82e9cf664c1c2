// The pressure multigrid's level 0 held four cells a texel (GpuMultigrid::
// bindPacked: the packed smoothing, two sweeps a draw, restriction and
// prolongation) must give what the one-cell-per-fragment passes give: the same
// float operations per cell in the same order. Compared GPU against GPU, the
// packing allowed and not, on a whole solve and on whole steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "gl/program.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/parity_check.hpp"
#include "support/two_gpu_forms.hpp"

namespace fluid {
namespace {

struct Case {
    const char* name;
    BoundaryMode boundary;
    int width, height;
};

// 48x37: level 1 has 19 rows, the last with one child row. 8x8: two texels a
// row, each on a side wall. 12x9: three texels, an odd height.
constexpr std::array kCases{
    Case{"Box_48x40", BoundaryMode::Box, 48, 40},
    Case{"Box_48x37", BoundaryMode::Box, 48, 37},
    Case{"Box_8x8", BoundaryMode::Box, 8, 8},
    Case{"Box_12x9", BoundaryMode::Box, 12, 9},
    Case{"Periodic_48x40", BoundaryMode::Periodic, 48, 40},
    Case{"Periodic_48x37", BoundaryMode::Periodic, 48, 37},
    Case{"Periodic_12x9", BoundaryMode::Periodic, 12, 9},
};

SimParams paramsFor(const Case& c)
{
    SimParams p;
    p.gridWidth = c.width;
    p.gridHeight = c.height;
    p.boundary = c.boundary;
    p.pressureSolver = PressureSolver::Multigrid;
    p.multigridCycles = 2;
    return p;
}

void expectClose(const Field& packed, const Field& unpacked, const std::string& what)
{
    test::expectSameWithin(what, packed, unpacked, test::twoFormsBound());
}

class PackedMultigrid : public test::GlTest, public ::testing::WithParamInterface<Case> {};

TEST_P(PackedMultigrid, TwoVCyclesGiveWhatTheUnpackedPassesGive)
{
    const SimParams p = paramsFor(GetParam());
    GpuSolver packed(p);
    GpuSolver unpacked(p);
    unpacked.allowPackedPressure(false);
    ASSERT_TRUE(packed.packsPressure());
    ASSERT_FALSE(unpacked.packsPressure());
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    for (GpuSolver* s : {&packed, &unpacked}) {
        s->upload(start);
        s->uploadDivergence(divergence);
        s->solvePressure();
    }
    const Field result = packed.download().pressure;
    expectClose(result, unpacked.download().pressure, std::string("solve_") + GetParam().name);
    EXPECT_GT(test::compareFields(result, start.pressure).relativeL2, 1e-2) << "the solve left p unchanged";
}

// Whole default steps (MacCormack, viscosity, vorticity, a splat): in the step
// the packed pressure is unpacked by the gradient pass.
TEST_P(PackedMultigrid, StepsGiveWhatTheUnpackedPassesGive)
{
    SimParams p = paramsFor(GetParam());
    p.vorticity = 0.3f;
    if (p.boundary == BoundaryMode::Box) p.lidSpeed = 1.0f;
    GpuSolver packed(p);
    GpuSolver unpacked(p);
    unpacked.allowPackedPressure(false);
    test::expectSameSteps(std::string("steps_") + GetParam().name, packed, unpacked, test::twoFormsBound());
    // The packed step's divergence pass packs too; its divergence, unpacked when read.
    expectClose(packed.downloadDivergence(), unpacked.downloadDivergence(),
                std::string("steps_") + GetParam().name + "_divergence");
}

INSTANTIATE_TEST_SUITE_P(Grids, PackedMultigrid, ::testing::ValuesIn(kCases),
                         [](const auto& c) { return std::string(c.param.name); });

// The levels below level 0 held packed too (GpuMultigrid::packedLevels():
// their sweeps two a draw, the first of a coarse level's from zero, and the
// restriction and prolongation between two packed levels) against level 0
// alone packed, the levels below one cell a fragment.
struct CoarseCase {
    const char* name;
    BoundaryMode boundary;
    int width, height;
    bool smallLevels;  // the compute dispatch allowed (where the context has it): it takes the small levels
    int packedLevels;  // what GpuMultigrid::packedLevels() must be: these levels are what is compared
};

constexpr std::array kCoarseCases{
    // 128x128 and 64x64 packed, 32x32 down in the dispatch: the user's grid.
    CoarseCase{"Box_256x256", BoundaryMode::Box, 256, 256, true, 3},
    CoarseCase{"Periodic_96x80", BoundaryMode::Periodic, 96, 80, true, 2},
    // Pass by pass: 16x144, 8x72 and 4x36 packed, the last one texel across
    // (both side walls in it); the coarsest, 2x18, solved unpacked.
    CoarseCase{"Box_32x288", BoundaryMode::Box, 32, 288, false, 4},
    CoarseCase{"Periodic_32x288", BoundaryMode::Periodic, 32, 288, false, 4},
    // 64x11 into 32x6, both packed: an odd height, the last coarse row one
    // child row; the coarsest 16x3.
    CoarseCase{"Box_512x88", BoundaryMode::Box, 512, 88, false, 5},
    CoarseCase{"Periodic_512x88", BoundaryMode::Periodic, 512, 88, false, 5},
    // 24x19 has a third child row below it (12x9): level 0 alone. (Last:
    // PackedCoarseSweeps takes the cases before it.)
    CoarseCase{"Box_48x37", BoundaryMode::Box, 48, 37, false, 1},
};

class PackedCoarseLevels : public test::GlTest, public ::testing::WithParamInterface<CoarseCase> {
protected:
    // Two solvers of the case, the first with its coarse levels packed, the
    // second with level 0 alone; the pressure solve three V-cycles.
    SimParams params() const
    {
        const CoarseCase& c = GetParam();
        SimParams p = paramsFor(Case{c.name, c.boundary, c.width, c.height});
        p.multigridCycles = 3;
        p.coldStartCycles = 0;
        return p;
    }
    static void prepare(GpuSolver& packedBelow, GpuSolver& levelZeroOnly)
    {
        const CoarseCase& c = GetParam();
        for (GpuSolver* s : {&packedBelow, &levelZeroOnly}) s->allowSmallLevels(c.smallLevels);
        levelZeroOnly.multigrid().allowPackedCoarseLevels(false);
        // Without compute shaders (GL 3.3-4.2) no dispatch takes the small
        // levels, and the packing may go deeper than the case says.
        if (c.smallLevels && !gl::computeShadersAvailable())
            ASSERT_GE(packedBelow.multigrid().packedLevels(), c.packedLevels);
        else
            ASSERT_EQ(packedBelow.multigrid().packedLevels(), c.packedLevels);
        ASSERT_EQ(levelZeroOnly.multigrid().packedLevels(), 1);
    }
};

TEST_P(PackedCoarseLevels, ASolveGivesWhatTheUnpackedLevelsGive)
{
    const SimParams p = params();
    GpuSolver packedBelow(p);
    GpuSolver levelZeroOnly(p);
    prepare(packedBelow, levelZeroOnly);
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    unsigned long long draws[2] = {};
    int n = 0;
    for (GpuSolver* s : {&packedBelow, &levelZeroOnly}) {
        s->upload(start);
        s->uploadDivergence(divergence);
        const unsigned long long before = sim::drawCount();
        s->solvePressure();
        draws[n++] = sim::drawCount() - before;
    }
    EXPECT_EQ(draws[0], draws[1]) << "packing changes the fragments a draw makes, not the draws";
    const Field result = packedBelow.download().pressure;
    expectClose(result, levelZeroOnly.download().pressure, std::string("solve_") + GetParam().name);
    EXPECT_GT(test::compareFields(result, start.pressure).relativeL2, 1e-2) << "the solve left p unchanged";
}

TEST_P(PackedCoarseLevels, StepsGiveWhatTheUnpackedLevelsGive)
{
    SimParams p = params();
    p.vorticity = 0.3f;
    if (p.boundary == BoundaryMode::Box) p.lidSpeed = 1.0f;
    GpuSolver packedBelow(p);
    GpuSolver levelZeroOnly(p);
    prepare(packedBelow, levelZeroOnly);
    test::expectSameSteps(std::string("steps_") + GetParam().name, packedBelow, levelZeroOnly, test::twoFormsBound());
}

// The packed sweeps from zero one at a time (the V-cycle takes them two a
// draw): a sweep from zero and one more give what the two in one draw give,
// and what the unpacked level's two sweeps give. Level 1, after a solve left
// level 0 bound packed (a packed texel's four floats are four cells of a row,
// so the packed texture reads as the unpacked field).
class PackedCoarseSweeps : public PackedCoarseLevels {};

TEST_P(PackedCoarseSweeps, OneSweepFromZeroThenOneGiveTheTwoInOneDraw)
{
    const SimParams p = params();
    GpuSolver packedBelow(p);
    GpuSolver levelZeroOnly(p);
    prepare(packedBelow, levelZeroOnly);
    ASSERT_GE(packedBelow.multigrid().packedLevels(), 2) << "level 1 is not packed on this grid";
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    const auto levelOne = [](sim::GpuMultigrid& mg) {
        const gl::RenderTarget& x = mg.heldIterate(1).read();
        std::vector<float> values(static_cast<std::size_t>(x.width()) * static_cast<std::size_t>(x.height()) *
                                  static_cast<std::size_t>(x.width() == mg.levels()[1].width ? 1 : 4));
        x.download(values.data());
        return values;
    };
    std::vector<float> oneByOne[2];
    int n = 0;
    for (GpuSolver* s : {&packedBelow, &levelZeroOnly}) {
        s->upload(start);
        s->uploadDivergence(divergence);
        s->solvePressure();
        sim::GpuMultigrid& mg = s->multigrid();
        mg.restrictResidual(0);
        mg.smooth(1, true);
        mg.smooth(1, false);
        oneByOne[n++] = levelOne(mg);
    }
    sim::GpuMultigrid& mg = packedBelow.multigrid();
    mg.smoothTwice(1, true);
    const std::vector<float> inOneDraw = levelOne(mg);
    ASSERT_EQ(oneByOne[0].size(), oneByOne[1].size());
    ASSERT_EQ(inOneDraw.size(), oneByOne[1].size());
    const double bound = test::twoFormsBound();
    double largest = 0.0, packedError = 0.0, twoError = 0.0;
    for (std::size_t i = 0; i < inOneDraw.size(); ++i) {
        largest = std::max(largest, std::abs(double(oneByOne[1][i])));
        packedError = std::max(packedError, std::abs(double(oneByOne[0][i]) - oneByOne[1][i]));
        twoError = std::max(twoError, std::abs(double(inOneDraw[i]) - oneByOne[1][i]));
    }
    EXPECT_GT(largest, 0.0) << "the sweeps left level 1 at zero";
    EXPECT_LE(packedError, bound * largest) << "one by one, packed against unpacked";
    EXPECT_LE(twoError, bound * largest) << "two in one draw against one by one";
}

INSTANTIATE_TEST_SUITE_P(Grids, PackedCoarseLevels, ::testing::ValuesIn(kCoarseCases),
                         [](const auto& c) { return std::string(c.param.name); });
// The cases whose level 1 is packed: all but the last.
INSTANTIATE_TEST_SUITE_P(Grids, PackedCoarseSweeps, ::testing::ValuesIn(kCoarseCases.begin(), kCoarseCases.end() - 1),
                         [](const auto& c) { return std::string(c.param.name); });

}  // namespace
}  // namespace fluid
