// The GPU step's draws per configuration: each pass is one draw where the
// program table allows it (fused velocity and dye, the packing folded into
// the divergence and gradient passes). A change that adds a draw to a step
// fails here; a new pass updates the table below on purpose.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "gl/program.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"
#include "support/gl_context.hpp"

namespace fluid {
namespace {

struct Case {
    const char* name;
    SimParams params;
    bool obstacles = false;
    unsigned long long draws;  // over kSteps steps after the first (warm), the passes one by one
    // The same with the multigrid's small levels in one compute dispatch
    // (GpuMultigrid::cycleSmallLevels, counted as a draw) where the context
    // has compute shaders; 0: as `draws` (no multigrid, or none to take).
    unsigned long long drawsWithDispatch = 0;
};

constexpr int kSteps = 3;

SimParams grid32()
{
    SimParams p;
    p.gridWidth = 32;
    p.gridHeight = 32;
    return p;
}

SimParams with(SimParams p, auto change)
{
    change(p);
    return p;
}

std::vector<Case> cases()
{
    return {
        // The multigrid's small levels (16x16 and the 8x8 solved at once on
        // 32x32): one compute dispatch a V-cycle where the passes drew five.
        // Level 0's sweeps between the two V-cycles of a step: one draw of
        // four (in pairs) where they were two of two.
        {"defaults", grid32(), false, 84, 60},
        {"staggered", with(grid32(), [](SimParams& p) { p.layout = Layout::Staggered; }), false, 90, 66},
        {"collocated_semi_lagrangian_jacobi",
         with(grid32(),
              [](SimParams& p) {
                  p.advection = AdvectionScheme::SemiLagrangian;
                  p.pressureSolver = PressureSolver::Jacobi;
                  p.viscositySolver = ViscositySolver::Jacobi;
              }),
         false, 111},  // the paired Jacobi sweeps four a draw
        {"staggered_jacobi_odd",
         with(grid32(),
              [](SimParams& p) {
                  p.layout = Layout::Staggered;
                  p.pressureSolver = PressureSolver::Jacobi;
                  p.pressureIterations = 13;
              }),
         false, 51},  // a damped sweep, then 4 + 4 + 4
        {"dye_grid", with(grid32(), [](SimParams& p) { p.dyeGridWidth = 64; }), false, 87, 63},
        {"staggered_dye_grid",
         with(grid32(),
              [](SimParams& p) {
                  p.layout = Layout::Staggered;
                  p.dyeGridWidth = 48;
              }),
         false, 90, 66},
        {"obstacles", grid32(), true, 99},
        {"staggered_obstacles", with(grid32(), [](SimParams& p) { p.layout = Layout::Staggered; }), true, 102},
        {"smoke_periodic_incremental",
         with(grid32(),
              [](SimParams& p) {
                  p.boundary = BoundaryMode::Periodic;
                  p.projection = Projection::Incremental;
                  p.gravity = 9.81f;
                  p.smokeWeight = 0.5f;
                  p.vorticity = 2.0f;
              }),
         false, 102, 78},  // the curl inside the vorticity pass's draw (collocated)
        {"tunnel_staggered",
         with(grid32(),
              [](SimParams& p) {
                  p.boundary = BoundaryMode::Tunnel;
                  p.layout = Layout::Staggered;
              }),
         false, 102},
    };
}

std::vector<Splat> splats()
{
    const Splat s{.from = {0.3f, 0.3f},
                  .to = {0.4f, 0.35f},
                  .radius = 0.05f,
                  .velocity = {1.0f, 0.5f},
                  .dye = {1.0f, 0.5f, 0.2f},
                  .heat = 10.0f};
    Splat dyeOnly = s;
    dyeOnly.velocity = {0.0f, 0.0f};
    dyeOnly.to = dyeOnly.from;
    return {s, dyeOnly};
}

using DrawCountTest = test::GlTest;

TEST_F(DrawCountTest, EachConfigurationsStepDrawsAsManyAsItDid)
{
    for (const Case& c : cases())
        for (const bool dispatch : {false, true}) {
            SCOPED_TRACE(std::string(c.name) + (dispatch ? ", the small levels at once" : ", pass by pass"));
            GpuSolver solver(c.params);
            solver.allowSmallLevels(dispatch);
            if (c.obstacles) {
                Field mask(c.params.gridWidth, c.params.gridHeight, 1);
                for (int y = 12; y < 18; ++y)
                    for (int x = 12; x < 18; ++x) mask.at(x, y, 0) = 1.0f;
                solver.setObstacles(mask);
            }
            solver.step(splats());  // the cold start's extra cycle
            const unsigned long long before = sim::drawCount();
            for (int n = 0; n < kSteps; ++n) solver.step(splats());
            const unsigned long long draws = sim::drawCount() - before;
            std::printf("  %-36s %-5s %llu draws in %d steps\n", c.name, dispatch ? "at once" : "", draws, kSteps);
            const bool dispatches = dispatch && c.drawsWithDispatch > 0 && gl::computeShadersAvailable();
            EXPECT_EQ(draws, dispatches ? c.drawsWithDispatch : c.draws);
        }
}

}  // namespace
}  // namespace fluid
