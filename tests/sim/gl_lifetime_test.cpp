// GL objects a solver owns: a fixed set made at construction, none made per
// step, all given back at destruction (gl::liveGlObjects(), counted by the RAII
// layer). A leak here would grow the driver's memory for as long as a window or
// a headless run lives; docs/reliability.md has the 100,000-step soak.
#include <gtest/gtest.h>

#include <vector>

#include "gl/handle.hpp"
#include "sim/gpu_solver.hpp"
#include "support/gl_context.hpp"

namespace fluid {
namespace {

using GlLifetimeTest = test::GlTest;

SimParams lifetimeParams(PressureSolver pressure, BoundaryMode boundary)
{
    SimParams p;
    p.gridWidth = 40;  // a multiple of 4: the packed Jacobi textures exist too
    p.gridHeight = 24;
    p.pressureSolver = pressure;
    p.boundary = boundary;
    p.viscosity = 1e-3f;  // the viscous solve runs
    p.vorticity = 2.0f;   // and the curl pass
    return p;
}

TEST_F(GlLifetimeTest, StepsMakeNoObjectsAndDestructionFreesAll)
{
    const long before = gl::liveGlObjects();
    for (PressureSolver pressure : {PressureSolver::Jacobi, PressureSolver::Multigrid}) {
        for (BoundaryMode boundary : {BoundaryMode::Box, BoundaryMode::Periodic}) {
            SCOPED_TRACE(testing::Message()
                         << "pressure " << static_cast<int>(pressure) << ", boundary " << static_cast<int>(boundary));
            {
                GpuSolver solver(lifetimeParams(pressure, boundary));
                const long built = gl::liveGlObjects();
                EXPECT_GT(built, before);
                const std::vector<Splat> splats = {Splat{.from = {0.3f, 0.5f},
                                                         .to = {0.6f, 0.5f},
                                                         .radius = 0.05f,
                                                         .velocity = {1.0f, 0.0f},
                                                         .dye = {1.0f, 1.0f, 1.0f}}};
                for (int i = 0; i < 5; ++i) solver.step(splats);
                solver.computeDiagnostics();
                solver.run(passes::pressureResidual);
                (void)solver.download();
                EXPECT_EQ(gl::liveGlObjects(), built) << "a step or a read-back made GL objects it kept";
                // Changing the boundary rule rebuilds the programs: the old ones go.
                SimParams other = solver.params();
                other.boundary = boundary == BoundaryMode::Box ? BoundaryMode::Periodic : BoundaryMode::Box;
                solver.setParams(other);
                solver.step(splats);
                solver.setParams(lifetimeParams(pressure, boundary));
                solver.step(splats);
                EXPECT_EQ(gl::liveGlObjects(), built) << "rebuilding the programs leaked the old ones";
            }
            EXPECT_EQ(gl::liveGlObjects(), before) << "the solver's destructor left GL objects alive";
        }
    }
}

}  // namespace
}  // namespace fluid
