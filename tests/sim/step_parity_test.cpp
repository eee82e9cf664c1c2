// Whole steps, GPU against CPU, from one initial state with the same splats:
// after 1 step and after 100 steps, in the box and the periodic box.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"

namespace fluid {
namespace {

// One step chains ~60 passes (40 pressure + 10 viscosity sweeps, advection,
// vorticity, projection). Jacobi sweeps are weighted averages and do not
// amplify rounding; each pass adds at most the single-pass bound (2e-6
// relative, pass_parity_test), mostly far less (llvmpipe gives bit-identical
// results for every pass but the Jacobi pressure sweeps, as the splat's exp
// and the products it would contract or regroup go through common.glsl's
// opaque(); a driver that contracts elsewhere does not). The confinement limiter
// binds at many cells of this noisy start; there its output, the neighbour's
// speed M along c / |c|, carries the error of both M and c's direction, up to
// twice its input's. Measured: 1.0e-6 max, 1.18e-6 L2 (8.4e-7 L2 before the
// limiter), so the L2 bound has 1.7x over it.
constexpr double kOneStepMaxRel = 5e-6;
constexpr double kOneStepL2 = 2e-6;
// The first multigrid solve starts from the random pressure of the initial
// state and cancels most of it, so one rounding of the start shows larger
// relative to the result (multigrid_parity_test: 2 V-cycles from a random
// start, up to 1e-5 in L2). Measured after one step: 3.1e-6.
constexpr double kOneStepPressureL2 = 1e-5;
// Over many steps a rounding difference is carried along by advection and
// stretched where the flow is sheared, while diffusion and the Jacobi sweeps
// damp it. With moderate vorticity confinement (1/s) it stays at the rounding
// level: measured 2.7e-6 max, 1.5e-6 L2 after 100 steps. (Strong confinement,
// 10/s, makes the two runs part after ~50 steps: N = grad|w| / |grad|w||
// flips direction where grad|w| vanishes, so a 1-ulp difference there becomes
// an O(1) change of the local force; rel. L2 reached 7e-3 at step 100.)
constexpr double kHundredStepsMaxRel = 2e-5;
constexpr double kHundredStepsL2 = 1e-5;

SimParams stepParams(BoundaryMode mode, PressureSolver solver = SimParams{}.pressureSolver,
                     AdvectionScheme advection = AdvectionScheme::SemiLagrangian,
                     Projection projection = Projection::Plain)
{
    SimParams p;
    p.pressureSolver = solver;
    p.advection = advection;
    p.projection = projection;
    p.gridWidth = 64;
    p.gridHeight = 48;
    p.viscosity = 5e-4f;
    p.viscositySolver = ViscositySolver::Jacobi;  // 10 sweeps, as the tolerances below count
    p.viscosityIterations = 10;
    p.pressureIterations = 40;
    p.vorticity = 1.0f;
    p.dyeDissipation = 0.1f;
    p.velocityDissipation = 0.05f;
    p.boundary = mode;
    return p;
}

// Two moving strokes that cross the domain: the flow gets shear, vortices and
// walls to deal with.
std::vector<Splat> splatsAt(int step)
{
    const float t = static_cast<float>(step) / 100.0f;
    Splat a;
    a.from = {0.15f + 0.5f * t, 0.2f};
    a.to = {0.2f + 0.5f * t, 0.25f};
    a.radius = 0.05f;
    a.velocity = {1.0f, 0.6f};
    a.dye = {1.0f, 0.2f, 0.1f};
    Splat b;
    b.from = b.to = {0.8f, 0.4f + 0.2f * t};
    b.radius = 0.04f;
    b.velocity = {-0.8f, 0.1f};
    b.dye = {0.1f, 0.4f, 1.0f};
    b.addsDye = step % 2 == 0;
    return {a, b};
}

// The pressure of the box and the periodic box is defined up to a constant,
// which the gradient ignores and no solver damps: multigrid's coarse
// corrections move it by a rounding or so per cycle, differently on the two
// sides where a driver contracts the prolongation into FMA, and warm starts
// carry it from step to step (measured: a uniform 1.4e-6 offset after 100
// steps, 6e-5 of the pressure's L2). So pressures are compared without their
// means; the velocity, through which the pressure acts, is compared as it is.
// With obstacles, the mean is over the fluid cells (solid ones hold 0 on both
// sides, and stay 0).
Field withoutMean(Field f, const Field& solid)
{
    double sum = 0.0;
    std::size_t fluid = 0;
    for (std::size_t n = 0; n < f.size(); ++n)
        if (solid.values()[n] <= 0.5f) {
            sum += f.values()[n];
            ++fluid;
        }
    const auto mean = static_cast<float>(sum / static_cast<double>(std::max<std::size_t>(fluid, 1)));
    for (std::size_t n = 0; n < f.size(); ++n)
        if (solid.values()[n] <= 0.5f) f.values()[n] -= mean;
    return f;
}

struct Errors {
    test::FieldError velocity, pressure, dye;
};

// The fields of the last runBoth(), written as failed_<tag>_*.pfm
// (test::dumpFields) by the first expectWithin() of the same test that fails:
// only a failing test leaves images, whatever bound it checks against.
struct LastRun {
    std::string test;  // the test that ran it
    std::string tag;
    FluidState gpu, cpu;
    bool dumped = false;
};
LastRun& lastRun()
{
    static LastRun run;
    return run;
}
std::string currentTest()
{
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    return info ? std::string(info->test_suite_name()) + "." + info->name() : std::string();
}

// switchedFrom: the GPU solver is created for this boundary rule and switched
// to `mode` by setParams(), as the panel does (the rule is compiled into its
// shaders, so the switch rebuilds them).
// solids: both solvers get test::mixedObstacles. Semi-Lagrangian advection
// unless told: free-running MacCormack runs part at a limiter event (below,
// HundredStepsWithMacCormackEachFromTheSameState), so those are checked step
// by step.
Errors runBoth(BoundaryMode mode, int steps, std::optional<BoundaryMode> switchedFrom = std::nullopt,
               PressureSolver solver = SimParams{}.pressureSolver, bool solids = false,
               AdvectionScheme advection = AdvectionScheme::SemiLagrangian, Projection projection = Projection::Plain)
{
    const SimParams p = stepParams(mode, solver, advection, projection);
    GpuSolver gpu(switchedFrom ? stepParams(*switchedFrom, solver, advection, projection) : p);
    gpu.setParams(p);
    CpuSolver cpu(p);
    if (solids) {
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    for (int n = 0; n < steps; ++n) {
        const std::vector<Splat> splats = splatsAt(n);
        gpu.step(splats);
        cpu.step(splats);
    }
    const FluidState g = gpu.download();
    const FluidState& c = cpu.state();
    Errors e{test::compareFields(g.velocity, c.velocity),
             test::compareFields(withoutMean(g.pressure, cpu.obstacles()), withoutMean(c.pressure, cpu.obstacles())),
             test::compareFields(g.dye, c.dye)};
    const std::string tag = std::string(toString(mode)) + (solids ? "_solids_" : "_") + toString(advection) + "_" +
                            toString(projection) + "_" + std::to_string(steps) + "steps";
    std::printf("  %s velocity: %s\n  %s pressure: %s\n  %s dye:      %s\n", tag.c_str(),
                test::describe(e.velocity).c_str(), tag.c_str(), test::describe(e.pressure).c_str(), tag.c_str(),
                test::describe(e.dye).c_str());
    lastRun() = LastRun{currentTest(), tag, g, c, false};
    return e;
}

void expectWithin(const test::FieldError& e, double maxRel, double l2, const char* what)
{
    EXPECT_TRUE(e.finite) << what;
    EXPECT_GT(e.maxRef, 0.0) << what << " is zero: the comparison would prove nothing";
    EXPECT_LE(e.maxAbs, maxRel * e.maxRef) << what << ": " << test::describe(e);
    EXPECT_LE(e.relativeL2, l2) << what << ": " << test::describe(e);
    LastRun& run = lastRun();
    const bool failed = !e.finite || !(e.maxRef > 0.0) || !(e.maxAbs <= maxRel * e.maxRef) || !(e.relativeL2 <= l2);
    if (failed && !run.dumped && run.test == currentTest()) {
        run.dumped = true;
        test::dumpFields(run.tag + "_dye", run.gpu.dye, run.cpu.dye);
        std::printf("  wrote %s_*.pfm and the dye's\n",
                    test::dumpFields(run.tag + "_velocity", run.gpu.velocity, run.cpu.velocity).c_str());
    }
}

// The tunnel's pressure has no free constant: the first solve cancels the
// warm start's random pressure instead of ignoring its mean, and the coarsest
// multigrid level is swept 32 times (core/multigrid.hpp), so more of the
// prolongation's FMA rounding reaches the result. Measured without obstacles:
// one step 6.5e-6 max, 4.9e-6 L2 (velocity); 100 steps 3.6e-5 max, 9.4e-6 L2
// (dye); with them one step 3.3e-6 L2.
constexpr double kTunnelOneStepMaxRel = 1.5e-5;
constexpr double kTunnelOneStepL2 = 1e-5;
constexpr double kTunnelHundredStepsMaxRel = 6e-5;
constexpr double kTunnelHundredStepsL2 = 2e-5;

double oneStepMaxRel(BoundaryMode m)
{
    return isTunnel(m) ? kTunnelOneStepMaxRel : kOneStepMaxRel;
}
double oneStepL2(BoundaryMode m)
{
    return isTunnel(m) ? kTunnelOneStepL2 : kOneStepL2;
}
double hundredStepsMaxRel(BoundaryMode m)
{
    return isTunnel(m) ? kTunnelHundredStepsMaxRel : kHundredStepsMaxRel;
}
double hundredStepsL2(BoundaryMode m)
{
    return isTunnel(m) ? kTunnelHundredStepsL2 : kHundredStepsL2;
}

class StepParity : public test::GlTest, public ::testing::WithParamInterface<BoundaryMode> {};

TEST_P(StepParity, OneStep)
{
    const Errors e = runBoth(GetParam(), 1);
    expectWithin(e.velocity, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "velocity");
    expectWithin(e.pressure, oneStepMaxRel(GetParam()), kOneStepPressureL2, "pressure");
    expectWithin(e.dye, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "dye");
}

// The programs' pressure solve (defaultSimParams: 3 V-cycles, one more on a
// solver's first solve): the cold start's cycle runs on both backends, on the
// first step and not the second. The one-step bounds, each step; the
// tunnel's second pressure is not compared: its first solve cancelled the
// random warm start, so the second pressure is 27 times smaller (max 0.018)
// while its absolute error stays that of a step (7e-7; the first step's 5e-7),
// and a relative bound would measure that ratio. The velocity still is.
TEST_P(StepParity, TwoStepsWithTheProgramsColdStartCycle)
{
    SimParams p = stepParams(GetParam());
    p.multigridCycles = defaultSimParams().multigridCycles;
    p.coldStartCycles = defaultSimParams().coldStartCycles;
    ASSERT_GT(p.coldStartCycles, 0);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    for (int n = 0; n < 2; ++n) {
        SCOPED_TRACE("step " + std::to_string(n));
        const std::vector<Splat> splats = splatsAt(n);
        gpu.step(splats);
        cpu.step(splats);
        const FluidState g = gpu.download();
        const FluidState& c = cpu.state();
        expectWithin(test::compareFields(g.velocity, c.velocity), oneStepMaxRel(GetParam()), oneStepL2(GetParam()),
                     "velocity");
        if (isTunnel(GetParam()) && n == 1) continue;
        expectWithin(
            test::compareFields(withoutMean(g.pressure, cpu.obstacles()), withoutMean(c.pressure, cpu.obstacles())),
            oneStepMaxRel(GetParam()), kOneStepPressureL2, "pressure");
    }
}

// The incremental projection (passes::pressureForcing before the advection,
// passes::fullPressure after the projection), both advection schemes:
// the same bounds as the plain steps.
TEST_P(StepParity, OneStepWithIncrementalProjection)
{
    for (AdvectionScheme advection : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack}) {
        const Errors e =
            runBoth(GetParam(), 1, std::nullopt, SimParams{}.pressureSolver, false, advection, Projection::Incremental);
        expectWithin(e.velocity, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "velocity");
        expectWithin(e.pressure, oneStepMaxRel(GetParam()), kOneStepPressureL2, "pressure");
        expectWithin(e.dye, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "dye");
    }
}

// Over 100 steps in the tunnel the incremental projection lets the flow keep
// more of its swirl (that is its point), and the rounding differences grow
// with it: measured 6.9e-5 max (dye), 1.4e-5 L2, against 3.6e-5 plain. With
// the obstacles of the other tests as well, the shedding behind them parts the
// two runs after ~50 steps (1e-2 at step 70): a chaotic flow, not a per-step
// difference (every pass and every single step agree to the rounding), so
// that case is checked one step at a time only.
constexpr double kTunnelIncrementalHundredStepsMaxRel = 1e-4;

TEST_P(StepParity, HundredStepsWithIncrementalProjection)
{
    const Errors e = runBoth(GetParam(), 100, std::nullopt, SimParams{}.pressureSolver, false,
                             AdvectionScheme::SemiLagrangian, Projection::Incremental);
    const double maxRel = isTunnel(GetParam()) ? kTunnelIncrementalHundredStepsMaxRel : kHundredStepsMaxRel;
    expectWithin(e.velocity, maxRel, hundredStepsL2(GetParam()), "velocity");
    expectWithin(e.pressure, maxRel, hundredStepsL2(GetParam()), "pressure");
    expectWithin(e.dye, maxRel, hundredStepsL2(GetParam()), "dye");
}

TEST_P(StepParity, HundredSteps)
{
    const Errors e = runBoth(GetParam(), 100);
    expectWithin(e.velocity, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "velocity");
    expectWithin(e.pressure, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "pressure");
    expectWithin(e.dye, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "dye");
}

// The default solver is multigrid; the Jacobi sweeps stay selectable.
TEST_P(StepParity, HundredStepsWithJacobi)
{
    const Errors e = runBoth(GetParam(), 100, std::nullopt, PressureSolver::Jacobi);
    expectWithin(e.velocity, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "velocity");
    expectWithin(e.pressure, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "pressure");
    expectWithin(e.dye, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "dye");
}

// MacCormack's limiter bounds the result by the four cells around the
// back-traced point, a set that changes discontinuously where that point
// crosses a cell centre: a one-ulp difference in the velocity there can pick
// other bounds and move the clamped value by a fraction of the local jump. Run
// freely, the two backends then part at such an event and stay apart
// (measured on this flow: rounding level for 20-40 steps, then dye 1.6e-4 max
// in the box after 40 steps, 4.7e-3 periodic after 100; velocity 6e-3 max,
// amplified by the confinement's own switch, see kHundredStepsMaxRel). So the
// hundred steps are compared one at a time, each from the CPU's state: every
// step along the trajectory must agree to the one-step bounds. Validation
// shows the backends still agree far better than either with Ghia over 960
// cavity steps (cavity_test.cpp).
// The tunnel's pressure, step by step from the CPU's state: the same absolute
// rounding of the multigrid's FMAs as in one step (kTunnelOneStep*, 1.8e-6
// here), over a pressure 5x smaller after the first step (max 0.09 against
// 0.49, the warm start cancelled). Measured over the 100 steps: worst at step
// 1, 2.0e-5 of the largest value, 2.15e-5 L2; the others at most 9.1e-6.
constexpr double kTunnelEachStepPressureMaxRel = 4e-5;
constexpr double kTunnelEachStepPressureL2 = 4e-5;

TEST_P(StepParity, HundredStepsWithMacCormackEachFromTheSameState)
{
    const SimParams p = stepParams(GetParam(), SimParams{}.pressureSolver, AdvectionScheme::MacCormack);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    cpu.upload(test::randomState(p.gridWidth, p.gridHeight, 42, 0.2f));
    for (int n = 0; n < 100; ++n) {
        gpu.upload(cpu.state());
        const std::vector<Splat> splats = splatsAt(n);
        gpu.step(splats);
        cpu.step(splats);
        const FluidState g = gpu.download();
        const FluidState& c = cpu.state();
        SCOPED_TRACE("step " + std::to_string(n));
        expectWithin(test::compareFields(g.velocity, c.velocity), oneStepMaxRel(GetParam()), oneStepL2(GetParam()),
                     "velocity");
        const test::FieldError pe =
            test::compareFields(withoutMean(g.pressure, cpu.obstacles()), withoutMean(c.pressure, cpu.obstacles()));
        expectWithin(pe, isTunnel(GetParam()) ? kTunnelEachStepPressureMaxRel : kOneStepMaxRel,
                     isTunnel(GetParam()) ? kTunnelEachStepPressureL2 : kOneStepPressureL2, "pressure");
        expectWithin(test::compareFields(g.dye, c.dye), oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "dye");
        if (HasFailure()) break;
    }
}

TEST_P(StepParity, OneStepWithMacCormack)
{
    const Errors e =
        runBoth(GetParam(), 1, std::nullopt, SimParams{}.pressureSolver, false, AdvectionScheme::MacCormack);
    expectWithin(e.velocity, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "velocity");
    expectWithin(e.pressure, oneStepMaxRel(GetParam()), kOneStepPressureL2, "pressure");
    expectWithin(e.dye, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "dye");
}

TEST_P(StepParity, OneStepAfterSwitchingTheBoundaryRule)
{
    const BoundaryMode other = GetParam() == BoundaryMode::Box ? BoundaryMode::Periodic : BoundaryMode::Box;
    const Errors e = runBoth(GetParam(), 1, other);
    expectWithin(e.velocity, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "velocity");
    expectWithin(e.pressure, oneStepMaxRel(GetParam()), kOneStepPressureL2, "pressure");
    expectWithin(e.dye, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "dye");
}

INSTANTIATE_TEST_SUITE_P(AllBoundaries, StepParity,
                         ::testing::Values(BoundaryMode::Box, BoundaryMode::Periodic, BoundaryMode::Tunnel),
                         [](const ::testing::TestParamInfo<BoundaryMode>& param) { return toString(param.param); });

// With obstacles (thin, on walls, wrapped): every pass alone is bit-identical
// (pass_parity_test), so the step's differences are splat's exp() and the
// prolongation's FMA, as without obstacles, and the same bounds hold in the
// box and the periodic box, and the tunnel's bounds (above) in the tunnel. And 100 steps of the
// tunnel with Jacobi pressure (40 sweeps leave more divergence than 2
// V-cycles) shed vortices off the obstacles; there a rounding difference grows
// as it does under strong confinement (above), and where a back-trace stops at
// a solid depends discontinuously on the traced point: measured 2.8e-4 L2,
// 6e-3 of the largest speed at one cell. A rule that differs between the
// sides shows at O(1e-1) at once (the one-step tests).
constexpr double kTunnelJacobiHundredStepsMaxRel = 2e-2;
constexpr double kTunnelJacobiHundredStepsL2 = 1e-3;

class ObstacleStepParity : public test::GlTest, public ::testing::WithParamInterface<BoundaryMode> {};

TEST_P(ObstacleStepParity, OneStep)
{
    const Errors e = runBoth(GetParam(), 1, std::nullopt, SimParams{}.pressureSolver, true);
    expectWithin(e.velocity, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "velocity");
    expectWithin(e.pressure, kOneStepMaxRel, kOneStepPressureL2, "pressure");
    expectWithin(e.dye, kOneStepMaxRel, kOneStepL2, "dye");
}

TEST_P(ObstacleStepParity, OneStepWithIncrementalProjection)
{
    const Errors e = runBoth(GetParam(), 1, std::nullopt, SimParams{}.pressureSolver, true, AdvectionScheme::MacCormack,
                             Projection::Incremental);
    // The tunnel's pressure, with no free constant, takes the tunnel's bound
    // (above; measured 5.1e-6 of max |p| here, 4.7e-6 L2).
    expectWithin(e.velocity, oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "velocity");
    expectWithin(e.pressure, oneStepMaxRel(GetParam()), kOneStepPressureL2, "pressure");
    expectWithin(e.dye, kOneStepMaxRel, kOneStepL2, "dye");
}

TEST_P(ObstacleStepParity, HundredSteps)
{
    const Errors e = runBoth(GetParam(), 100, std::nullopt, SimParams{}.pressureSolver, true);
    expectWithin(e.velocity, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "velocity");
    expectWithin(e.pressure, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "pressure");
    expectWithin(e.dye, hundredStepsMaxRel(GetParam()), hundredStepsL2(GetParam()), "dye");
}

TEST_P(ObstacleStepParity, HundredStepsWithJacobi)
{
    const Errors e = runBoth(GetParam(), 100, std::nullopt, PressureSolver::Jacobi, true);
    const bool tunnel = GetParam() == BoundaryMode::Tunnel;
    const double maxRel = tunnel ? kTunnelJacobiHundredStepsMaxRel : kHundredStepsMaxRel;
    const double l2 = tunnel ? kTunnelJacobiHundredStepsL2 : kHundredStepsL2;
    expectWithin(e.velocity, maxRel, l2, "velocity");
    expectWithin(e.pressure, maxRel, l2, "pressure");
    expectWithin(e.dye, maxRel, l2, "dye");
}

// Both solvers drop the incremental projection's estimate when dt changes
// (it is p dt / rho of a step of the old dt; core/sim_params.hpp).
class FullPressure : public test::GlTest {};

TEST_F(FullPressure, IsClearedOnBothSolversWhenDtChanges)
{
    SimParams p =
        stepParams(BoundaryMode::Box, SimParams{}.pressureSolver, AdvectionScheme::MacCormack, Projection::Incremental);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    for (int n = 0; n < 3; ++n) {
        gpu.step(splatsAt(n));
        cpu.step(splatsAt(n));
    }
    const auto largest = [](const Field& f) {
        float m = 0.0f;
        for (float v : f.values()) m = std::max(m, std::fabs(v));
        return m;
    };
    ASSERT_GT(largest(gpu.download().fullPressure), 0.0f) << "the estimate was never made";
    ASSERT_GT(largest(cpu.state().fullPressure), 0.0f) << "the estimate was never made";
    p.dt *= 0.5f;
    gpu.setParams(p);
    cpu.setParams(p);
    EXPECT_EQ(largest(gpu.download().fullPressure), 0.0f);
    EXPECT_EQ(largest(cpu.state().fullPressure), 0.0f);
}

INSTANTIATE_TEST_SUITE_P(AllBoundaries, ObstacleStepParity,
                         ::testing::Values(BoundaryMode::Box, BoundaryMode::Periodic, BoundaryMode::Tunnel),
                         [](const ::testing::TestParamInfo<BoundaryMode>& param) { return toString(param.param); });

}  // namespace
}  // namespace fluid
