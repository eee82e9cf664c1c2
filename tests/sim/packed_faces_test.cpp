// The viscous solve's Chebyshev-weighted sweeps on the staggered faces held
// two cells a texel (GpuMultigrid::chebyshevSweepsOnPackedFaces,
// smooth_faces_packed.frag) must give what the one-cell sweeps give: the
// same float operations per face in the same order. Compared GPU against
// GPU, the packing allowed and not, on the solve alone and on whole steps,
// in the box with its lid and periodic.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "core/multigrid.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"
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
    int width, height;
    float viscosity;  // m^2/s, over a domain 1 high
    int sweeps;       // the plan's Chebyshev-weighted sweeps at it
};

constexpr std::array kCases{
    // The user's viscosity at 256^2 (a ~ 0.11).
    Case{"Lid_256x256", BoundaryMode::Box, 256, 256, 1e-4f, 5},
    Case{"Periodic_256x256", BoundaryMode::Periodic, 256, 256, 1e-4f, 5},
    // a ~ 1.1 on an odd height; two cells across a texel at each side wall.
    Case{"Lid_48x37_viscous", BoundaryMode::Box, 48, 37, 0.03f, 12},
    Case{"Periodic_48x37_viscous", BoundaryMode::Periodic, 48, 37, 0.03f, 12},
    // The fewest the plan takes (fewer go to the Jacobi sweeps): the first,
    // one between, the last.
    Case{"Lid_64x48_three", BoundaryMode::Box, 64, 48, 1.3e-3f, 3},
};

SimParams paramsFor(const Case& c)
{
    SimParams p = defaultSimParams();
    p.gridWidth = c.width;
    p.gridHeight = c.height;
    p.domainWidth = static_cast<float>(c.width) / static_cast<float>(c.height);
    p.boundary = c.boundary;
    p.lidSpeed = c.boundary == BoundaryMode::Box ? 1.0f : 0.0f;
    p.viscosity = c.viscosity;
    p.layout = Layout::Staggered;
    p.viscositySolver = ViscositySolver::Multigrid;
    return p;
}

class PackedFaces : public test::GlTest, public ::testing::WithParamInterface<Case> {
protected:
    // Two solvers of the case: the faces packed, and the one-cell sweeps.
    static void prepare(GpuSolver& packed, GpuSolver& oneCell)
    {
        const Case& c = GetParam();
        oneCell.viscousMultigrid().allowPackedFaces(false);
        ASSERT_TRUE(packed.viscousMultigrid().packsFaces());
        ASSERT_FALSE(oneCell.viscousMultigrid().packsFaces());
        const ViscousSolvePlan plan = planViscousSolve(packed.params(), packed.constants());
        ASSERT_EQ(plan.chebyshevSweeps, c.sweeps) << describe(plan);
    }
};

TEST_P(PackedFaces, TheSolveGivesWhatTheOneCellSweepsGive)
{
    const SimParams p = paramsFor(GetParam());
    GpuSolver packed(p);
    GpuSolver oneCell(p);
    prepare(packed, oneCell);
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    unsigned long long draws[2] = {};
    int n = 0;
    for (GpuSolver* s : {&packed, &oneCell}) {
        s->upload(start);
        const unsigned long long before = sim::drawCount();
        s->diffuse();
        draws[n++] = sim::drawCount() - before;
    }
    EXPECT_EQ(draws[0], draws[1]) << "a sweep a draw either way";
    const Field result = packed.download().velocity;
    test::expectSameWithin(std::string("solve_") + GetParam().name, result, oneCell.download().velocity,
                           test::twoFormsBound());
    EXPECT_GT(test::compareFields(result, start.velocity).relativeL2, 1e-3) << "the solve left u unchanged";
}

// Whole default steps (MacCormack, vorticity, the pressure, a splat).
TEST_P(PackedFaces, StepsGiveWhatTheOneCellSweepsGive)
{
    const SimParams p = paramsFor(GetParam());
    GpuSolver packed(p);
    GpuSolver oneCell(p);
    prepare(packed, oneCell);
    test::expectSameSteps(std::string("steps_") + GetParam().name, packed, oneCell, test::twoFormsBound());
}

INSTANTIATE_TEST_SUITE_P(Grids, PackedFaces, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& c) { return std::string(c.param.name); });

// Where the faces are not packed: the collocated layout (no faces), an odd
// width, obstacles (until they are cleared), the tunnel, and the pressure's
// multigrid.
class PackedFacesWhere : public test::GlTest {};

TEST_F(PackedFacesWhere, OnlyTheStaggeredViscousSolveOnEvenWidthsInTheBoxOrPeriodicWithoutObstacles)
{
    const SimParams p = paramsFor(kCases[0]);
    GpuSolver plain(p);
    EXPECT_TRUE(plain.viscousMultigrid().packsFaces());
    EXPECT_FALSE(plain.multigrid().packsFaces()) << "the pressure has no faces";
    plain.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    EXPECT_FALSE(plain.viscousMultigrid().packsFaces());
    plain.clearObstacles();
    EXPECT_TRUE(plain.viscousMultigrid().packsFaces()) << "back once the obstacles are gone";
    SimParams collocated = p;
    collocated.layout = Layout::Collocated;
    EXPECT_FALSE(GpuSolver(collocated).viscousMultigrid().packsFaces());
    SimParams odd = p;
    odd.gridWidth = 45;
    EXPECT_FALSE(GpuSolver(odd).viscousMultigrid().packsFaces());
    SimParams tunnel = p;
    tunnel.boundary = BoundaryMode::Tunnel;
    tunnel.lidSpeed = 0.0f;
    EXPECT_FALSE(GpuSolver(tunnel).viscousMultigrid().packsFaces());
}

}  // namespace
}  // namespace fluid
