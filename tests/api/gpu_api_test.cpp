// The public API on the GPU backend, in the tests' shared headless context
// (label gpu): fields at physical positions, the decay of Taylor-Green, the
// asynchronous read-back, and the CPU backend agreeing with it.
#include "api_test_support.hpp"
#include "support/gl_context.hpp"

namespace fluidsim::test {
namespace {

using ApiGpu = fluid::test::GlTest;

TEST_F(ApiGpu, LinearVelocityComesBackOnTheStaggeredLayout)
{
    expectLinearFieldComesBack(Backend::Gpu, Layout::Staggered);
}

TEST_F(ApiGpu, LinearVelocityComesBackOnTheCollocatedLayout)
{
    expectLinearFieldComesBack(Backend::Gpu, Layout::Collocated);
}

TEST_F(ApiGpu, TaylorGreenDecaysAtTheExactRate)
{
    EXPECT_LE(std::fabs(taylorGreenRateError(Backend::Gpu)), kDecayRateTolerance);
}

TEST_F(ApiGpu, TheAsynchronousSnapshotIsTheStateWhenRequested)
{
    Settings s = flowSettings(Flow::TaylorGreen, 32);
    Solver solver = makeSolver(Backend::Gpu, s);
    EXPECT_NE(solver.velocityTexture(), 0u);
    startFlow(solver, Flow::TaylorGreen);
    solver.step(2);
    const Snapshot now = solver.snapshot();
    solver.requestSnapshot();
    solver.step(3);  // the read-back travels while the solver carries on
    const std::optional<Snapshot> requested = solver.takeSnapshot(true);
    ASSERT_TRUE(requested);
    EXPECT_EQ(requested->steps(), 2);
    EXPECT_DOUBLE_EQ(requested->time(), now.time());
    EXPECT_EQ(requested->kineticEnergy(), now.kineticEnergy()) << "the pixel buffer holds other values";
    for (double x : {0.3, 2.0, 5.1}) {
        EXPECT_EQ(requested->velocityAt({x, 1.0}).x, now.velocityAt({x, 1.0}).x);
        EXPECT_EQ(requested->velocityAt({x, 1.0}).y, now.velocityAt({x, 1.0}).y);
    }
    EXPECT_FALSE(solver.takeSnapshot()) << "a snapshot is handed over once";
    EXPECT_LT(solver.kineticEnergy(), now.kineticEnergy()) << "the solver went on decaying";
}

// The two backends run the same discretisation: a few steps of a splat
// agree as the step parity tests require of the solvers themselves.
TEST_F(ApiGpu, BothBackendsAgreeThroughTheApi)
{
    Settings s;
    s.gridWidth = s.gridHeight = 32;
    s.threads = 1;
    Solver gpu = makeSolver(Backend::Gpu, s);
    Solver cpu = makeSolver(Backend::Cpu, s);
    Splat splat;
    splat.from = {0.3, 0.4};
    splat.to = {0.6, 0.5};
    splat.velocity = {2.0, 1.0};
    splat.dye = {1.0, 0.5, 0.0};
    for (Solver* solver : {&gpu, &cpu}) {
        solver->splat(splat);
        solver->step(3);
    }
    const Snapshot a = gpu.snapshot();
    const Snapshot b = cpu.snapshot();
    EXPECT_NEAR(a.kineticEnergy(), b.kineticEnergy(), 1e-4 * b.kineticEnergy());
    for (double x : {0.35, 0.5, 0.7}) {
        EXPECT_NEAR(a.velocityAt({x, 0.45}).x, b.velocityAt({x, 0.45}).x, 1e-3);
        EXPECT_NEAR(a.dyeAt({x, 0.45}).r, b.dyeAt({x, 0.45}).r, 1e-3);
    }
}

}  // namespace
}  // namespace fluidsim::test
