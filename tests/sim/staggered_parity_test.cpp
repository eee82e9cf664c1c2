// The staggered (MAC) layout, GPU against CPU: each pass it changes alone
// (the STAGGERED variants of the shaders against reference::staggered), then
// whole steps, in the closed box, the box with a lid and the periodic box,
// with the dye on the velocity's grid and on a finer one of its own.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/multigrid.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"

namespace fluid {
namespace {

// The bounds of pass_parity_test.cpp (kSinglePassMaxRel, kSinglePassL2), for
// the same reason: one pass is a handful of dependent float operations on
// both sides, in the same order; the GPU may contract a*b+c into an FMA and
// its exp() (splat) is allowed a few ulp. ~10 ulp of the largest value is
// 6e-7; 2e-6 allows three times that.
constexpr double kSinglePassMaxRel = 2e-6;
constexpr double kSinglePassL2 = 1e-6;

enum class Walls { Box, Lid, Periodic, BoxFineDye, BoxSolids, PeriodicSolids, Tunnel, TunnelWalls, TunnelSolids };

const char* name(Walls w)
{
    switch (w) {
        case Walls::Box:
            return "Box";
        case Walls::Lid:
            return "Lid";
        case Walls::Periodic:
            return "Periodic";
        case Walls::BoxFineDye:
            return "BoxFineDye";
        case Walls::BoxSolids:
            return "BoxSolids";
        case Walls::PeriodicSolids:
            return "PeriodicSolids";
        case Walls::Tunnel:
            return "Tunnel";
        case Walls::TunnelWalls:
            return "TunnelWalls";
        case Walls::TunnelSolids:
            return "TunnelSolids";
    }
    return "?";
}

// test::mixedObstacles (thin, on walls, wrapped): solid faces, traces that
// stop before solids, footprints that touch them.
bool hasSolids(Walls w)
{
    return w == Walls::BoxSolids || w == Walls::PeriodicSolids || w == Walls::TunnelSolids;
}

SimParams paramsFor(Walls walls)
{
    SimParams p;
    p.layout = Layout::Staggered;
    p.gridWidth = 48;  // not square: a swapped i/j shows
    p.gridHeight = 40;
    p.dyeGridWidth = walls == Walls::BoxFineDye ? 96 : 0;
    p.advection = AdvectionScheme::SemiLagrangian;
    p.viscosity = 2e-3f;  // a = nu dt / h^2 ~ 0.08: diffusion visibly mixes neighbours
    p.viscositySolver = ViscositySolver::Jacobi;
    p.viscosityIterations = 1;
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = 1;
    p.vorticity = 5.0f;
    p.gravity = 9.81f;  // smoke on: buoyancy lifts the random temperature and smoke
    p.velocityDissipation = 0.3f;
    p.dyeDissipation = 0.7f;
    switch (walls) {
        case Walls::Periodic:
        case Walls::PeriodicSolids:
            p.boundary = BoundaryMode::Periodic;
            break;
        case Walls::Tunnel:
        case Walls::TunnelSolids:
            p.boundary = BoundaryMode::Tunnel;
            break;
        case Walls::TunnelWalls:
            p.boundary = BoundaryMode::TunnelWalls;
            break;
        default:
            p.boundary = BoundaryMode::Box;
    }
    p.lidSpeed = walls == Walls::Lid ? 1.0f : 0.0f;
    return p;
}

Splat testSplat(bool point)
{
    Splat s;
    s.from = {0.2f, 0.3f};
    s.to = point ? s.from : glm::vec2(0.7f, 0.5f);
    s.radius = 0.08f;
    s.velocity = {0.7f, -0.4f};
    s.dye = {0.9f, 0.5f, 0.1f};
    return s;
}

SimParams withMacCormack(SimParams p)
{
    p.advection = AdvectionScheme::MacCormack;
    return p;
}

SimParams strongVorticity(SimParams p)
{
    p.vorticity = 1e4f;
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

SimParams withIncrementalProjection(SimParams p)
{
    p.projection = Projection::Incremental;
    return p;
}

struct PassCase {
    const char* pass;
    Slot output;
    std::function<void(GpuSolver&)> onGpu;
    std::function<void(CpuSolver&)> onCpu;
};

SimParams unchanged(SimParams p)
{
    return p;
}

// A case that runs `call` (a generic lambda) on either solver, after the
// parameters change by `change`, as the panel would change them.
template <typename Call>
PassCase onBoth(const char* pass, Slot output, Call call, SimParams (*change)(SimParams) = unchanged)
{
    return {pass, output,
            [call, change](GpuSolver& g) {
                g.setParams(change(g.params()));
                call(g);
            },
            [call, change](CpuSolver& c) {
                c.setParams(change(c.params()));
                call(c);
            }};
}

SimParams incrementalMacCormack(SimParams p)
{
    return withIncrementalProjection(withMacCormack(p));
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
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    if (hasSolids(walls)) {
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    gpu.upload(input);
    cpu.upload(input);
    gpu.uploadDivergence(divergence);
    cpu.uploadDivergence(divergence);
    gpu.uploadCurl(curl);
    cpu.uploadCurl(curl);
    const Field before = pass.output == Slot::CarriedVelocity ? input.velocity : cpu.field(pass.output);

    pass.onGpu(gpu);
    pass.onCpu(cpu);

    const Field g = gpu.download(pass.output);
    const Field c = cpu.field(pass.output);
    const test::FieldError e = test::compareFields(g, c);
    const std::string label = std::string(pass.pass) + "_" + name(walls);
    std::printf("  %-36s %s\n", label.c_str(), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, before).relativeL2, 1e-3) << label << ": the pass left its output unchanged";
    const bool ok = e.finite && e.maxAbs <= kSinglePassMaxRel * e.maxRef && e.relativeL2 <= kSinglePassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

INSTANTIATE_TEST_SUITE_P(AllPasses, StaggeredPassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, allPasses().size()),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic,
                                                              Walls::BoxFineDye, Walls::BoxSolids,
                                                              Walls::PeriodicSolids, Walls::Tunnel, Walls::TunnelWalls,
                                                              Walls::TunnelSolids)),
                         [](const ::testing::TestParamInfo<StaggeredPassParity::ParamType>& param) {
                             return std::string(allPasses()[std::get<0>(param.param)].pass) + "_" +
                                    name(std::get<1>(param.param));
                         });

// Whole steps with the step's own solvers (multigrid pressure, Jacobi
// viscosity, a splat every step). The bounds of step_parity_test.cpp: its
// one-step bound (5e-6 max, 2e-6 L2: the multigrid prolongation's FMAs and
// splat's exp() over ~60 passes), and, run freely for 100 steps with
// semi-Lagrangian advection, its 100-step bound (2e-5, 1e-5). MacCormack's
// limiter can switch bounds on a one-ulp difference, so its steps are
// compared one at a time from the CPU's state, as there.
constexpr double kOneStepMaxRel = 5e-6;
constexpr double kOneStepL2 = 2e-6;
// The pressure after a first multigrid solve from a random warm start, which
// it mostly cancels: one rounding of the start shows larger against the
// result (step_parity_test.cpp's kOneStepPressureL2).
constexpr double kOneStepPressureL2 = 1e-5;
constexpr double kHundredStepsMaxRel = 2e-5;
constexpr double kHundredStepsL2 = 1e-5;
// The dye on a grid of its own reads the velocity at its centres, (i + 0.5) r
// - 0.5 on the velocity's grid, a few more roundings the GPU may contract
// (dye_grid_parity_test.cpp), and MacCormack's limiter passes a difference in
// the trace on as a difference in the bound. Measured over the 100 steps one
// at a time: 5.7e-6 of the largest dye at step 5 (1.5e-7 L2).
constexpr double kOwnDyeGridStepMaxRel = 2e-5;

// The tunnel's, as step_parity_test.cpp's kTunnel* and for its reason: its
// pressure has no free constant, the first solve cancels the random warm
// start, and the coarsest level is swept 32 times, so more of the
// prolongation's FMA rounding reaches the result. On this layout the outflow
// face also takes the last column's whole divergence. Measured (llvmpipe):
// one step 1.45e-5 of the largest velocity, 1.7e-5 L2 (with solids); after
// 100 free steps 2.5e-5; the incremental step's full pressure 1.2e-5, 1.2e-5 L2.
bool isTunnel(Walls w)
{
    return w == Walls::Tunnel || w == Walls::TunnelWalls || w == Walls::TunnelSolids;
}
double oneStepMaxRel(Walls w)
{
    return isTunnel(w) ? 2.5e-5 : kOneStepMaxRel;
}
double oneStepL2(Walls w)
{
    return isTunnel(w) ? 2.5e-5 : kOneStepL2;
}
double oneStepPressureL2(Walls w)
{
    return isTunnel(w) ? 2.5e-5 : kOneStepPressureL2;
}
double hundredStepsMaxRel(Walls w)
{
    return isTunnel(w) ? 6e-5 : kHundredStepsMaxRel;  // step_parity_test.cpp's kTunnelHundredStepsMaxRel
}
double hundredStepsL2(Walls w)
{
    return isTunnel(w) ? 2e-5 : kHundredStepsL2;
}

SimParams stepParams(Walls walls)
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

void expectWithin(const test::FieldError& e, double maxRel, double l2, const std::string& what)
{
    EXPECT_TRUE(e.finite) << what;
    EXPECT_GT(e.maxRef, 0.0) << what << " is zero: the comparison would prove nothing";
    EXPECT_LE(e.maxAbs, maxRel * e.maxRef) << what << ": " << test::describe(e);
    EXPECT_LE(e.relativeL2, l2) << what << ": " << test::describe(e);
}

Field withoutMean(Field f)
{
    double sum = 0.0;
    for (float v : f.values()) sum += v;
    const auto mean = static_cast<float>(sum / static_cast<double>(f.size()));
    for (float& v : f.values()) v -= mean;
    return f;
}

class StaggeredStepParity : public test::GlTest, public ::testing::WithParamInterface<Walls> {};

// The obstacles of the pass tests on both solvers, where the case has them.
template <typename Solver>
void placeSolids(Solver& solver, Walls walls, const SimParams& p)
{
    if (hasSolids(walls)) solver.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
}

TEST_P(StaggeredStepParity, HundredStepsSemiLagrangian)
{
    const SimParams p = stepParams(GetParam());
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    placeSolids(gpu, GetParam(), p);
    placeSolids(cpu, GetParam(), p);
    const FluidState start = test::randomState(fieldGrids(p), 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    for (int n = 0; n < 100; ++n) {
        gpu.step(splatsAt(n));
        cpu.step(splatsAt(n));
        if (n == 0 || n == 99) {
            SCOPED_TRACE("after step " + std::to_string(n + 1));
            const double maxRel = n == 0 ? oneStepMaxRel(GetParam()) : hundredStepsMaxRel(GetParam());
            const double l2 = n == 0 ? oneStepL2(GetParam()) : hundredStepsL2(GetParam());
            const FluidState g = gpu.download();
            expectWithin(test::compareFields(g.velocity, cpu.state().velocity), maxRel, l2, "velocity");
            expectWithin(test::compareFields(g.dye, cpu.state().dye), maxRel, l2, "dye");
        }
    }
}

TEST_P(StaggeredStepParity, HundredStepsWithMacCormackEachFromTheSameState)
{
    const SimParams p = withMacCormack(stepParams(GetParam()));
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    placeSolids(gpu, GetParam(), p);
    placeSolids(cpu, GetParam(), p);
    cpu.upload(test::randomState(fieldGrids(p), 42, 0.2f));
    for (int n = 0; n < 100; ++n) {
        gpu.upload(cpu.state());
        gpu.step(splatsAt(n));
        cpu.step(splatsAt(n));
        const FluidState g = gpu.download();
        SCOPED_TRACE("step " + std::to_string(n));
        expectWithin(test::compareFields(g.velocity, cpu.state().velocity), oneStepMaxRel(GetParam()),
                     oneStepL2(GetParam()), "velocity");
        expectWithin(test::compareFields(g.dye, cpu.state().dye),
                     p.dyeGridWidth != 0 ? kOwnDyeGridStepMaxRel : oneStepMaxRel(GetParam()), oneStepL2(GetParam()),
                     "dye");
        if (HasFailure()) break;
    }
}

TEST_P(StaggeredStepParity, OneStepWithIncrementalProjection)
{
    const SimParams p = withIncrementalProjection(withMacCormack(stepParams(GetParam())));
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    placeSolids(gpu, GetParam(), p);
    placeSolids(cpu, GetParam(), p);
    const FluidState start = test::randomState(fieldGrids(p), 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    gpu.step(splatsAt(0));
    cpu.step(splatsAt(0));
    const FluidState g = gpu.download();
    expectWithin(test::compareFields(g.velocity, cpu.state().velocity), oneStepMaxRel(GetParam()),
                 oneStepL2(GetParam()), "velocity");
    // The estimate holds this step's pressure, whose free constant multigrid
    // moves by a rounding or so per cycle, differently on the two sides
    // (step_parity_test.cpp's withoutMean): compared without it, within that
    // file's pressure bound.
    expectWithin(test::compareFields(withoutMean(g.fullPressure), withoutMean(cpu.state().fullPressure)),
                 oneStepMaxRel(GetParam()), oneStepPressureL2(GetParam()), "full pressure");
}

// A viscosity that needs the viscous V-cycles (nu = 1.3: a = 50 on 48x40, 6
// cycles a step, level 0 on the faces), three steps run freely. The bound is
// the viscous solve's (viscous_multigrid_parity_test.cpp's kSolveMaxRel,
// kSolveL2: ~100 passes land on level 0 from x = 0, each a rounding of b's
// magnitude), which dominates the other passes' roundings.
constexpr double kViscousStepMaxRel = 3e-5;
constexpr double kViscousStepL2 = 1e-5;

class StaggeredViscousStepParity : public test::GlTest, public ::testing::WithParamInterface<Walls> {};

TEST_P(StaggeredViscousStepParity, ThreeStepsWithViscousVCycles)
{
    SimParams p = stepParams(GetParam());
    p.viscosity = 1.3f;
    p.viscositySolver = ViscositySolver::Multigrid;
    ASSERT_EQ(planViscousSolve(p, makePassConstants(p)).vCycles, 6);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    placeSolids(gpu, GetParam(), p);
    placeSolids(cpu, GetParam(), p);
    const FluidState start = test::randomState(fieldGrids(p), 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    for (int n = 0; n < 3; ++n) {
        gpu.step(splatsAt(n));
        cpu.step(splatsAt(n));
        const FluidState g = gpu.download();
        SCOPED_TRACE("after step " + std::to_string(n + 1));
        const test::FieldError e = test::compareFields(g.velocity, cpu.state().velocity);
        std::printf("  %s step %d: velocity %s\n", name(GetParam()), n + 1, test::describe(e).c_str());
        expectWithin(e, kViscousStepMaxRel, kViscousStepL2, "velocity");
        expectWithin(test::compareFields(g.dye, cpu.state().dye), kViscousStepMaxRel, kViscousStepL2, "dye");
    }
}

// The box's walls and lid, the periodic wrap, and obstacles (the tunnel's
// level-0 passes and solves are viscous_multigrid_parity_test.cpp's): a
// second a case, so three.
INSTANTIATE_TEST_SUITE_P(Walls, StaggeredViscousStepParity,
                         ::testing::Values(Walls::Lid, Walls::Periodic, Walls::BoxSolids),
                         [](const ::testing::TestParamInfo<Walls>& param) { return name(param.param); });

// The panel switches the layout on a running solver: the GPU solver rebuilds
// its passes (the layout is compiled in) and steps as one made for it.
TEST_P(StaggeredStepParity, OneStepAfterSwitchingTheLayout)
{
    const SimParams p = stepParams(GetParam());
    SimParams collocated = p;
    collocated.layout = Layout::Collocated;
    GpuSolver gpu(collocated);
    placeSolids(gpu, GetParam(), p);
    gpu.setParams(p);
    CpuSolver cpu(p);
    placeSolids(cpu, GetParam(), p);
    const FluidState start = test::randomState(fieldGrids(p), 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    gpu.step(splatsAt(0));
    cpu.step(splatsAt(0));
    const FluidState g = gpu.download();
    expectWithin(test::compareFields(g.velocity, cpu.state().velocity), oneStepMaxRel(GetParam()),
                 oneStepL2(GetParam()), "velocity");
    expectWithin(test::compareFields(g.dye, cpu.state().dye), oneStepMaxRel(GetParam()), oneStepL2(GetParam()), "dye");
}

INSTANTIATE_TEST_SUITE_P(Walls, StaggeredStepParity,
                         ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::BoxFineDye, Walls::BoxSolids,
                                           Walls::PeriodicSolids, Walls::Tunnel, Walls::TunnelSolids),
                         [](const ::testing::TestParamInfo<Walls>& param) { return name(param.param); });

}  // namespace
}  // namespace fluid
