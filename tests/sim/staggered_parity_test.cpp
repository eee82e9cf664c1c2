// The staggered (MAC) layout, GPU against CPU: each pass it changes alone
// (the STAGGERED variants of the shaders against reference::staggered), then
// whole steps, in the closed box, the box with a lid and the periodic box,
// with the dye on the velocity's grid and on a finer one of its own.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/multigrid.hpp"
#include "sim/parity.hpp"
#include "support/param_name.hpp"

namespace fluid {
namespace {

using test::incrementalMacCormack;
using test::onBoth;
using test::PassCase;
using test::strongVorticity;
using test::testSplat;
using test::Walls;
using test::withIncrementalProjection;
using test::withMacCormack;

// The dye on a finer grid of its own, in the box.
constexpr Walls kBoxFineDye{"BoxFineDye", BoundaryMode::Box, false, false, 96};

SimParams paramsFor(const Walls& walls)
{
    SimParams p = test::parityGrid(walls.dyeGridWidth);
    p.layout = Layout::Staggered;
    p.viscosity = 2e-3f;  // a = nu dt / h^2 ~ 0.08: diffusion visibly mixes neighbours
    p.viscositySolver = ViscositySolver::Jacobi;
    p.viscosityIterations = 1;
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = 1;
    p.vorticity = 5.0f;
    p.gravity = 9.81f;  // smoke on: buoyancy lifts the random temperature and smoke
    p.velocityDissipation = 0.3f;
    p.dyeDissipation = 0.7f;
    test::applyWalls(p, walls);
    return p;
}

// A splat of heat only: the temperature's own splat programs.
Splat testHeat()
{
    Splat s = testSplat(true);
    s.velocity = {0.0f, 0.0f};
    s.addsDye = false;
    s.heat = 50.0f;
    return s;
}

std::vector<PassCase> allPasses()
{
    const auto advect = [](auto& s) { s.advect(); };
    const auto advectDye = [](auto& s) { s.advectDye(); };
    const auto run = [](const FieldPass& pass) { return [&pass](auto& s) { s.run(pass); }; };
    const auto splat = [](Splat one) { return [one](auto& s) { s.splat(one); }; };
    return {
        onBoth("splat_velocity", Slot::Velocity, splat(testSplat(false))),
        onBoth("splat_point_velocity", Slot::Velocity, splat(testSplat(true))),
        onBoth("splat_dye", Slot::Dye, splat(testSplat(false))),
        onBoth("advect_velocity", Slot::Velocity, advect),
        onBoth("advect_dye", Slot::Dye, advectDye),
        onBoth("advect_maccormack_velocity", Slot::Velocity, advect, withMacCormack),
        onBoth("advect_maccormack_dye", Slot::Dye, advectDye, withMacCormack),
        onBoth("diffuse", Slot::Velocity, [](auto& s) { s.diffuse(); }),
        onBoth("curl", Slot::Curl, run(passes::curl)),
        onBoth("vorticity", Slot::Velocity, run(passes::vorticity)),
        // At the largest confinement the limiter binds at most faces.
        onBoth("vorticity_limited", Slot::Velocity, run(passes::vorticity), strongVorticity),
        // As the step runs it: the two passes on faces.
        onBoth("confine_vorticity", Slot::Velocity, [](auto& s) { s.confineVorticity(); }),
        onBoth("buoyancy", Slot::Velocity, run(passes::buoyancy)),
        onBoth("advect_temperature", Slot::Temperature, [](auto& s) { s.advectTemperature(); }),
        onBoth("splat_heat", Slot::Temperature, splat(testHeat())),
        onBoth("divergence", Slot::Divergence, run(passes::divergence)),
        onBoth("gradient", Slot::Velocity, run(passes::gradient)),
        // The incremental projection: the forcing (gradient's stencil, half
        // its scale), the estimate, and MacCormack carrying the forced faces.
        onBoth("pressure_forcing", Slot::CarriedVelocity, run(passes::pressureForcing)),
        onBoth("full_pressure", Slot::FullPressure, run(passes::fullPressure)),
        onBoth("advect_maccormack_incremental_velocity", Slot::Velocity, advect, incrementalMacCormack),
    };
}

class StaggeredPassParity : public test::GlTest,
                            public ::testing::WithParamInterface<std::tuple<std::size_t, Walls>> {};

TEST_P(StaggeredPassParity, GpuMatchesCpu)
{
    const PassCase pass = allPasses()[std::get<0>(GetParam())];
    const Walls walls = std::get<1>(GetParam());
    const SimParams p = paramsFor(walls);
    // Faces up to 1 m/s trace back up to ~0.8 cells: every bilinear weight
    // and every face rule gets exercised.
    FluidState input = test::randomState(fieldGrids(p), 1234, 1.0f);
    for (float& t : input.temperature.values()) t *= 100.0f;  // excesses up to 100 K: a lift that shows
    const Field curl = test::randomField(p.gridWidth, p.gridHeight, 1, 77, 10.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    test::SolverPair both(p);
    both.onBoth([&](auto& s) {
        if (walls.solids) s.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        s.upload(input);
        s.uploadDivergence(divergence);
        s.uploadCurl(curl);
    });
    test::expectPassParity(both, pass, input, walls);
}

INSTANTIATE_TEST_SUITE_P(AllPasses, StaggeredPassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, allPasses().size()),
                                            ::testing::Values(test::kBox, test::kLid, test::kPeriodic, kBoxFineDye,
                                                              test::kBoxSolids, test::kPeriodicSolids, test::kTunnel,
                                                              test::kTunnelWalls, test::kTunnelSolids)),
                         test::caseName(allPasses));

// The dye on a grid of its own among obstacles, carried by up to 3 m/s on
// every face, the solid faces included (a mask placed after the flow, before
// any velocity pass has shut them): the dye's trace does not see the
// obstacles, so both sides read the velocity through the simulation grid's
// rule without the mask (docs/algorithm.md, the dye on its own grid).
class StaggeredOwnDyeGridAmongSolids : public test::GlTest {};

TEST_F(StaggeredOwnDyeGridAmongSolids, AdvectDyeMatchesCpu)
{
    constexpr Walls kBoxFineDyeSolids{"BoxFineDyeSolids", BoundaryMode::Box, false, true, 96};
    const SimParams p = paramsFor(kBoxFineDyeSolids);
    const FluidState input = test::randomState(fieldGrids(p), 1234, 3.0f);
    test::SolverPair both(p);
    both.onBoth([&](auto& s) {
        s.upload(input);
        s.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    });
    // The pass alone differs: its inputs are equal to the bit.
    ASSERT_EQ(test::firstBitDifference(both.gpu.download(Slot::Velocity), both.cpu.field(Slot::Velocity)), "");
    ASSERT_EQ(test::firstBitDifference(both.gpu.download(Slot::Dye), both.cpu.field(Slot::Dye)), "");
    test::expectPassParity(both, onBoth("advect_dye", Slot::Dye, [](auto& s) { s.advectDye(); }), input,
                           kBoxFineDyeSolids);
}

// Whole steps with the step's own solvers (multigrid pressure, Jacobi
// viscosity, a splat every step), held to step_parity_test.cpp's bounds: its
// one-step bound, and, run freely for 100 steps with semi-Lagrangian
// advection, its 100-step bound; the tunnel's own (kStaggeredTunnelOneStep and
// the collocated tunnel's 100-step bounds). MacCormack's limiter can switch
// bounds on a one-ulp difference, so its steps are compared one at a time
// from the CPU's state, as there.
test::Bound oneStep(const Walls& w)
{
    if (isTunnel(w.boundary)) return {test::kStaggeredTunnelOneStep, test::kStaggeredTunnelOneStep};
    return {test::kOneStepMaxRel, test::kOneStepL2};
}
// The pressure after a first multigrid solve from a random warm start, which
// it mostly cancels: one rounding of the start shows larger against the result.
test::Bound oneStepPressure(const Walls& w)
{
    return {oneStep(w).maxRel, isTunnel(w.boundary) ? test::kStaggeredTunnelOneStep : test::kOneStepPressureL2};
}
test::Bound hundredSteps(const Walls& w)
{
    if (isTunnel(w.boundary)) return {test::kTunnelHundredStepsMaxRel, test::kTunnelHundredStepsL2};
    return {test::kHundredStepsMaxRel, test::kHundredStepsL2};
}

SimParams stepParams(const Walls& walls)
{
    SimParams p = paramsFor(walls);
    p.pressureSolver = PressureSolver::Multigrid;
    p.viscosity = 5e-4f;
    p.viscosityIterations = 10;
    return p;
}

std::vector<Splat> splatsAt(int step)
{
    Splat s = testSplat(false);
    s.from.x += 0.003f * static_cast<float>(step);
    s.to.x += 0.003f * static_cast<float>(step);
    s.addsDye = step % 2 == 0;
    return {s};
}

Field withoutMean(Field f)
{
    double sum = 0.0;
    for (float v : f.values()) sum += v;
    const auto mean = static_cast<float>(sum / static_cast<double>(f.size()));
    for (float& v : f.values()) v -= mean;
    return f;
}

// The obstacles of the pass tests on one solver, where the case has them.
template <typename Solver>
void placeSolids(Solver& solver, const Walls& walls, const SimParams& p)
{
    if (walls.solids) solver.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
}

// The obstacles, then the random start of every step test, on both solvers.
void start(test::SolverPair& both, const Walls& walls, const SimParams& p)
{
    const FluidState state = test::randomState(fieldGrids(p), 42, 0.2f);
    both.onBoth([&](auto& s) {
        placeSolids(s, walls, p);
        s.upload(state);
    });
}

// Step `n` on both, then the velocity and the dye compared; returns the GPU's state.
FluidState stepAndCompare(test::SolverPair& both, int n, test::Bound velocity, test::Bound dye)
{
    both.onBoth([n](auto& s) { s.step(splatsAt(n)); });
    FluidState g = both.gpu.download();
    test::expectWithin(test::compareFields(g.velocity, both.cpu.state().velocity), velocity, "velocity");
    test::expectWithin(test::compareFields(g.dye, both.cpu.state().dye), dye, "dye");
    return g;
}

class StaggeredStepParity : public test::GlTest, public ::testing::WithParamInterface<Walls> {};

TEST_P(StaggeredStepParity, HundredStepsSemiLagrangian)
{
    const SimParams p = stepParams(GetParam());
    test::SolverPair both(p);
    start(both, GetParam(), p);
    for (int n = 0; n < 100; ++n) {
        if (n != 0 && n != 99) {
            both.onBoth([n](auto& s) { s.step(splatsAt(n)); });
            continue;
        }
        SCOPED_TRACE("after step " + std::to_string(n + 1));
        const test::Bound bound = n == 0 ? oneStep(GetParam()) : hundredSteps(GetParam());
        stepAndCompare(both, n, bound, bound);
    }
}

TEST_P(StaggeredStepParity, HundredStepsWithMacCormackEachFromTheSameState)
{
    const SimParams p = withMacCormack(stepParams(GetParam()));
    test::SolverPair both(p);
    start(both, GetParam(), p);
    const test::Bound bound = oneStep(GetParam());
    const test::Bound dye = {p.dyeGridWidth != 0 ? test::kOwnDyeGridStepMaxRel : bound.maxRel, bound.l2};
    for (int n = 0; n < 100; ++n) {
        both.gpu.upload(both.cpu.state());
        SCOPED_TRACE("step " + std::to_string(n));
        stepAndCompare(both, n, bound, dye);
        if (HasFailure()) break;
    }
}

TEST_P(StaggeredStepParity, OneStepWithIncrementalProjection)
{
    const SimParams p = incrementalMacCormack(stepParams(GetParam()));
    test::SolverPair both(p);
    start(both, GetParam(), p);
    both.onBoth([](auto& s) { s.step(splatsAt(0)); });
    const FluidState g = both.gpu.download();
    test::expectWithin(test::compareFields(g.velocity, both.cpu.state().velocity), oneStep(GetParam()), "velocity");
    // The estimate holds this step's pressure, whose free constant multigrid
    // moves by a rounding or so per cycle, differently on the two sides
    // (step_parity_test.cpp's withoutMean): compared without it, within that
    // file's pressure bound.
    test::expectWithin(test::compareFields(withoutMean(g.fullPressure), withoutMean(both.cpu.state().fullPressure)),
                       oneStepPressure(GetParam()), "full pressure");
}

// A viscosity that needs the viscous V-cycles (nu = 1.3: a = 50 on 48x40, 6
// cycles a step, level 0 on the faces), three steps run freely, held to the
// viscous solve's bound (kSolveMaxRel, kSolveL2), which dominates the other
// passes' roundings.
class StaggeredViscousStepParity : public test::GlTest, public ::testing::WithParamInterface<Walls> {};

TEST_P(StaggeredViscousStepParity, ThreeStepsWithViscousVCycles)
{
    SimParams p = stepParams(GetParam());
    p.viscosity = 1.3f;
    p.viscositySolver = ViscositySolver::Multigrid;
    ASSERT_EQ(planViscousSolve(p, makePassConstants(p)).vCycles, 6);
    test::SolverPair both(p);
    start(both, GetParam(), p);
    const test::Bound bound{test::kSolveMaxRel, test::kSolveL2};
    for (int n = 0; n < 3; ++n) {
        SCOPED_TRACE("after step " + std::to_string(n + 1));
        const FluidState g = stepAndCompare(both, n, bound, bound);
        std::printf("  %s step %d: velocity %s\n", GetParam().name, n + 1,
                    test::describe(test::compareFields(g.velocity, both.cpu.state().velocity)).c_str());
    }
}

// The box's walls and lid, the periodic wrap, and obstacles (the tunnel's
// level-0 passes and solves are viscous_multigrid_parity_test.cpp's): a
// second a case, so three.
INSTANTIATE_TEST_SUITE_P(Walls, StaggeredViscousStepParity,
                         ::testing::Values(test::kLid, test::kPeriodic, test::kBoxSolids), test::paramName);

// The panel switches the layout on a running solver: the GPU solver rebuilds
// its passes (the layout is compiled in) and steps as one made for it.
TEST_P(StaggeredStepParity, OneStepAfterSwitchingTheLayout)
{
    const SimParams p = stepParams(GetParam());
    SimParams collocated = p;
    collocated.layout = Layout::Collocated;
    test::SolverPair both(collocated, p);
    placeSolids(both.gpu, GetParam(), p);
    both.gpu.setParams(p);
    placeSolids(both.cpu, GetParam(), p);
    const FluidState state = test::randomState(fieldGrids(p), 42, 0.2f);
    both.onBoth([&](auto& s) { s.upload(state); });
    stepAndCompare(both, 0, oneStep(GetParam()), oneStep(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Walls, StaggeredStepParity,
                         ::testing::Values(test::kBox, test::kLid, test::kPeriodic, kBoxFineDye, test::kBoxSolids,
                                           test::kPeriodicSolids, test::kTunnel, test::kTunnelSolids),
                         test::paramName);

}  // namespace
}  // namespace fluid
