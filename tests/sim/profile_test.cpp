// The GPU solver profiled (sim::GpuProfiler): every group of the step is
// reported, under the CPU reference's names, with a non-negative GPU time;
// and profiling changes nothing the step computes (timestamps only).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/profile_table.hpp"
#include "core/wall_step_timer.hpp"
#include "gl/program.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_profiler.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/step_groups.hpp"

namespace fluid {
namespace {

using GpuProfileTest = test::GlTest;

SimParams smallGrid(PressureSolver pressure, float viscosity)
{
    SimParams p = test::profileGrid(pressure, viscosity);
    p.vorticity = 2.0f;  // the curl pass runs too
    return p;
}

std::vector<Splat> oneSplat(int n)
{
    Splat s;
    s.from = s.to = {0.3f + 0.05f * static_cast<float>(n), 0.3f};
    s.radius = 0.05f;
    s.velocity = {1.0f, 0.5f};
    s.dye = {1.0f, 0.5f, 0.2f};
    return {s};
}

ProfileTable profiledGpuSteps(GpuSolver& solver, int steps)
{
    ProfileTable table;
    sim::GpuProfiler profiler(2);
    solver.setStepTimer(&profiler.timer());
    for (int n = 0; n < steps; ++n) {
        profiler.collect(table);
        profiler.beginFrame();
        solver.step(oneSplat(n));
        profiler.endFrame();
    }
    profiler.drain(table);
    solver.setStepTimer(nullptr);
    return table;
}

// One step of the CPU reference, timed by the wall clock.
ProfileTable profiledCpuStep(const SimParams& p)
{
    CpuSolver cpu(p, 1);
    ProfileTable table;
    WallStepTimer wall(table);
    cpu.setStepTimer(&wall);
    cpu.step(oneSplat(0));
    wall.endFrame();
    return table;
}

TEST_F(GpuProfileTest, ReportsEveryGroupUnderTheCpuNames)
{
    for (const SimParams& p : {smallGrid(PressureSolver::Multigrid, 1e-4f), smallGrid(PressureSolver::Jacobi, 1e-4f),
                               smallGrid(PressureSolver::Multigrid, 5.0f)}) {
        SCOPED_TRACE(testing::Message() << toString(p.pressureSolver) << ", nu " << p.viscosity);
        GpuSolver gpu(p);
        const ProfileTable table = profiledGpuSteps(gpu, 3);
        EXPECT_EQ(table.frames(), 3);
        EXPECT_EQ(table.names(), test::expectedStepGroups(p));
        for (const ProfileTable::Line& l : table.lines()) EXPECT_GE(l.msPerFrame, 0.0) << l.name;
        EXPECT_GT(table.msPerFrame(), 0.0);

        EXPECT_EQ(table.names(), profiledCpuStep(p).names());
    }
}

// On 64 x 48 the pressure's levels from 32 x 24 down are one dispatch a
// cycle (GpuMultigrid::cycleSmallLevels): one group where the CPU has three.
TEST_F(GpuProfileTest, TheSmallLevelsAtOnceAreOneGroup)
{
    SimParams p = smallGrid(PressureSolver::Multigrid, 1e-4f);
    p.gridWidth = 64;
    p.gridHeight = 48;
    if (!gl::computeShadersAvailable()) GTEST_SKIP() << "no compute shaders (GL 4.3) here";
    GpuSolver gpu(p);
    ASSERT_EQ(gpu.smallLevelsStart(), 1);
    const ProfileTable table = profiledGpuSteps(gpu, 3);
    EXPECT_EQ(table.names(), test::expectedStepGroups(p, 1));
    EXPECT_EQ(profiledCpuStep(p).names(), test::expectedStepGroups(p));
    // Profiled, the step with the dispatch is the same to the bit.
    GpuSolver plain(p);
    for (int n = 0; n < 3; ++n) plain.step(oneSplat(n));
    const test::FieldError e = test::compareFields(gpu.download().pressure, plain.download().pressure);
    EXPECT_EQ(e.maxAbs, 0.0) << test::describe(e);
}

TEST_F(GpuProfileTest, ProfilingLeavesTheStepBitIdentical)
{
    const SimParams p = smallGrid(PressureSolver::Multigrid, 5.0f);  // viscous V-cycles too
    GpuSolver plain(p);
    GpuSolver profiled(p);
    for (int n = 0; n < 3; ++n) plain.step(oneSplat(n));
    (void)profiledGpuSteps(profiled, 3);
    const FluidState a = plain.download();
    const FluidState b = profiled.download();
    for (const FieldSpec& spec : kFieldSpecs) {
        const Field& fa = fieldOf(a, spec);
        const Field& fb = fieldOf(b, spec);
        ASSERT_EQ(fa.size(), fb.size()) << spec.name;
        EXPECT_EQ(std::memcmp(fa.data(), fb.data(), fa.size() * sizeof(float)), 0) << spec.name;
    }
}

}  // namespace
}  // namespace fluid
