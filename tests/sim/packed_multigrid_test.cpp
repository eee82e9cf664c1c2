// The pressure multigrid's level 0 held four cells a texel (GpuMultigrid::
// bindPacked: the packed smoothing, two sweeps a draw, restriction and
// prolongation) must give what the one-cell-per-fragment passes give: the same
// float operations per cell in the same order. Compared GPU against GPU, the
// packing allowed and not, on a whole solve and on whole steps.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/parity_check.hpp"
#include "support/two_gpu_forms.hpp"

namespace fluid {
namespace {

// The two forms differ only where a GPU compiler contracts a multiply-add
// into an FMA in one (vec4) form and not in the other: a rounding of the
// values' magnitude per pass at most, over the ~12 level-0 draws of two
// V-cycles. llvmpipe contracts both alike: there the bound is 0.
constexpr double kMaxRel = 2e-6;

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
    test::expectSameWithin(what, packed, unpacked, test::onLlvmpipe() ? 0.0 : kMaxRel);
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
    test::expectSameSteps(std::string("steps_") + GetParam().name, packed, unpacked,
                          test::onLlvmpipe() ? 0.0 : kMaxRel);
    // The packed step's divergence pass packs too; its divergence, unpacked when read.
    expectClose(packed.downloadDivergence(), unpacked.downloadDivergence(),
                std::string("steps_") + GetParam().name + "_divergence");
}

INSTANTIATE_TEST_SUITE_P(Grids, PackedMultigrid, ::testing::ValuesIn(kCases),
                         [](const auto& c) { return std::string(c.param.name); });

}  // namespace
}  // namespace fluid
