// The dye on its own grid, GPU against CPU pass by pass: splats on the dye
// grid, the dye's advection through the velocity interpolated at each dye
// cell's centre, motion adding dye, and whole steps. Dye grids finer (3x: the
// ratio 1/3 is not a float) and coarser (1/2) than the velocity's, in the box,
// the box with a lid and the periodic box, on a non-square grid.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/motion.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/walls.hpp"

namespace fluid {
namespace {

// As in pass_parity_test: a pass is ~10 dependent float operations, each side
// rounding alike except where the GPU compiler contracts a*b+c into an FMA
// (here also the dye cell's position (i + 0.5) r - 0.5 and the velocity blend
// there, a few more roundings): ~20 ulp of the result, 2^-24 * 20 ~ 1.2e-6.
constexpr double kSinglePassMaxRel = 2e-6;
constexpr double kSinglePassL2 = 1e-6;
// Whole steps: the pressure solve's roundings feed the next step's trace. The
// same bound as step_parity_test's for its ten steps.
constexpr double kStepsMaxRel = 1e-4;

using test::DyeGrid;
using test::Walls;

SimParams paramsFor(Walls walls, int dyeGridWidth)
{
    SimParams p;
    p.gridWidth = 48;
    p.gridHeight = 40;
    p.dyeGridWidth = dyeGridWidth;
    p.advection = AdvectionScheme::SemiLagrangian;  // "advect_dye"; "advect_dye_maccormack" the three passes
    p.dyeDissipation = 0.7f;
    p.velocityDissipation = 0.3f;
    test::applyWalls(p, walls);
    return p;
}

SimParams withMacCormack(SimParams p)
{
    p.advection = AdvectionScheme::MacCormack;
    return p;
}

Splat lineSplat()
{
    Splat s;
    s.from = {0.2f, 0.3f};
    s.to = {0.7f, 0.5f};
    s.radius = 0.08f;
    s.velocity = {0.7f, -0.4f};
    s.dye = {0.9f, 0.5f, 0.1f};
    return s;
}

Splat pointSplat()
{
    Splat s = lineSplat();
    s.to = s.from;
    return s;
}

struct PassCase {
    const char* pass;
    std::function<void(GpuSolver&)> onGpu;
    std::function<void(CpuSolver&)> onCpu;
};

std::vector<PassCase> dyePasses()
{
    return {
        {"splat_line", [](GpuSolver& g) { g.splat(lineSplat()); }, [](CpuSolver& c) { c.splat(lineSplat()); }},
        {"splat_point", [](GpuSolver& g) { g.splat(pointSplat()); }, [](CpuSolver& c) { c.splat(pointSplat()); }},
        {"advect_dye", [](GpuSolver& g) { g.advectDye(); }, [](CpuSolver& c) { c.advectDye(); }},
        // advect_scalar.frag forward, backward (its source the forward result,
        // dt negated), then its SCHEME_STAGE variant (MacCormack's stage), all on the dye's grid with
        // the velocity interpolated at its cells' centres (docs/algorithm.md §3.2b).
        {"advect_dye_maccormack",
         [](GpuSolver& g) {
             g.setParams(withMacCormack(g.params()));
             g.advectDye();
         },
         [](CpuSolver& c) {
             c.setParams(withMacCormack(c.params()));
             c.advectDye();
         }},
    };
}

void expectClose(const Field& g, const Field& c, const Field& before, const std::string& label, double maxRel,
                 double l2)
{
    const test::FieldError e = test::compareFields(g, c);
    std::printf("  %-36s %s\n", label.c_str(), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, before).relativeL2, 1e-3) << label << ": the dye did not change";
    const bool ok = e.finite && e.maxAbs <= maxRel * e.maxRef && e.relativeL2 <= l2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

class DyeGridParity : public test::GlTest,
                      public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, DyeGrid>> {};

TEST_P(DyeGridParity, GpuMatchesCpu)
{
    const PassCase pass = dyePasses()[std::get<0>(GetParam())];
    const Walls walls = std::get<1>(GetParam());
    const DyeGrid dyeGrid = std::get<2>(GetParam());
    const SimParams p = paramsFor(walls, dyeGrid.width);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    ASSERT_EQ(gpu.grids(), cpu.grids());
    // Up to 1 m/s: traces of up to ~0.8 velocity cells, 2.4 dye cells on the fine grid.
    const FluidState input = test::randomState(cpu.grids(), 1234, 1.0f);
    gpu.upload(input);
    cpu.upload(input);
    pass.onGpu(gpu);
    pass.onCpu(cpu);
    const FluidState g = gpu.download();
    const std::string label = std::string(pass.pass) + "_" + name(walls) + "_" + dyeGrid.name;
    expectClose(g.dye, cpu.state().dye, input.dye, label, kSinglePassMaxRel, kSinglePassL2);
    // The velocity moves with splats only, on its own grid.
    EXPECT_LE(test::compareFields(g.velocity, cpu.state().velocity).maxAbs,
              kSinglePassMaxRel * test::maxAbs(cpu.state().velocity))
        << label;
}

const DyeGrid kDyeGrids[] = {{"Fine", 144}, {"Coarse", 24}};

INSTANTIATE_TEST_SUITE_P(Passes, DyeGridParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, dyePasses().size()),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic),
                                            ::testing::ValuesIn(kDyeGrids)),
                         [](const ::testing::TestParamInfo<DyeGridParity::ParamType>& param) {
                             return std::string(dyePasses()[std::get<0>(param.param)].pass) + "_" +
                                    name(std::get<1>(param.param)) + "_" + std::get<2>(param.param).name;
                         });

class DyeGridMotionParity : public test::GlTest, public ::testing::WithParamInterface<DyeGrid> {};

// Motion input: the velocity on its grid, the dye on its own, each dye cell
// weighted by the motion of the simulation cell its centre lies in.
TEST_P(DyeGridMotionParity, AddForceFieldMatchesTheReference)
{
    const SimParams p = paramsFor(Walls::Box, GetParam().width);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    const FluidState start = test::randomState(cpu.grids(), 5u, 0.5f);
    const Field force = test::randomField(p.gridWidth, p.gridHeight, 2, 9u, 1.0f);
    MotionParams motion;
    motion.dye = 3.0f;
    const ForceFieldConstants k = makeForceFieldConstants(motion, p, 30.0);
    gpu.upload(start);
    gl::RenderTarget forceTarget(p.gridWidth, p.gridHeight, gl::TextureFormat::RG32F, "test force");
    forceTarget.upload(force.data());
    gpu.addForceField(forceTarget, k);
    cpu.upload(start);
    cpu.addForceField(force, k);
    const FluidState g = gpu.download();
    const std::string label = std::string("add_force_") + GetParam().name;
    expectClose(g.dye, cpu.state().dye, start.dye, label + "_dye", kSinglePassMaxRel, kSinglePassL2);
    expectClose(g.velocity, cpu.state().velocity, start.velocity, label + "_velocity", kSinglePassMaxRel,
                kSinglePassL2);
}

INSTANTIATE_TEST_SUITE_P(DyeGrids, DyeGridMotionParity, ::testing::ValuesIn(kDyeGrids),
                         [](const ::testing::TestParamInfo<DyeGrid>& param) { return std::string(param.param.name); });

class DyeGridStepParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<Walls, DyeGrid>> {};

// Ten whole steps with a stroke every step: splats, the dye's own advection
// and the projection together, as the app runs them.
TEST_P(DyeGridStepParity, TenStepsMatch)
{
    const Walls walls = std::get<0>(GetParam());
    const DyeGrid dyeGrid = std::get<1>(GetParam());
    const SimParams p = paramsFor(walls, dyeGrid.width);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    const FluidState start = test::randomState(cpu.grids(), 42, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    for (int n = 0; n < 10; ++n) {
        Splat s = lineSplat();
        s.from.x += 0.02f * static_cast<float>(n);
        s.to.y -= 0.015f * static_cast<float>(n);
        gpu.step(std::array{s});
        cpu.step(std::array{s});
    }
    const FluidState g = gpu.download();
    const std::string label = std::string("steps_") + name(walls) + "_" + dyeGrid.name;
    expectClose(g.dye, cpu.state().dye, start.dye, label + "_dye", kStepsMaxRel, kStepsMaxRel);
    expectClose(g.velocity, cpu.state().velocity, start.velocity, label + "_velocity", kStepsMaxRel, kStepsMaxRel);
}

INSTANTIATE_TEST_SUITE_P(Steps, DyeGridStepParity,
                         ::testing::Combine(::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic),
                                            ::testing::ValuesIn(kDyeGrids)),
                         [](const ::testing::TestParamInfo<DyeGridStepParity::ParamType>& param) {
                             return std::string(name(std::get<0>(param.param))) + "_" + std::get<1>(param.param).name;
                         });

// The dye's own scheme (SimParams::dyeAdvection) as the window runs it: the
// velocity by MacCormack on the staggered layout, the fine dye grid
// semi-Lagrangian. On the CPU the dye's pass is then exactly the
// semi-Lagrangian one whatever the velocity's scheme, and no longer the
// MacCormack one.
TEST(DyeAdvection, OwnSchemeReplacesTheVelocitysForTheDyeAlone)
{
    SimParams p = defaultSimParams();
    p.gridWidth = 48;
    p.gridHeight = 40;
    p.dyeGridWidth = 144;
    ASSERT_EQ(p.advection, AdvectionScheme::MacCormack);
    const auto dyeAfterAdvection = [&](AdvectionScheme velocity, DyeAdvection dye) {
        SimParams q = p;
        q.advection = velocity;
        q.dyeAdvection = dye;
        CpuSolver cpu(q);
        cpu.upload(test::randomState(cpu.grids(), 77, 1.0f));
        cpu.advectDye();
        return cpu.state().dye;
    };
    const Field own = dyeAfterAdvection(AdvectionScheme::MacCormack, DyeAdvection::SemiLagrangian);
    const Field plain = dyeAfterAdvection(AdvectionScheme::SemiLagrangian, DyeAdvection::AsVelocity);
    const Field macCormack = dyeAfterAdvection(AdvectionScheme::MacCormack, DyeAdvection::AsVelocity);
    EXPECT_EQ(test::compareFields(own, plain).maxAbs, 0.0);
    EXPECT_GT(test::compareFields(own, macCormack).relativeL2, 1e-4);
    EXPECT_EQ(
        test::compareFields(dyeAfterAdvection(AdvectionScheme::SemiLagrangian, DyeAdvection::MacCormack), macCormack)
            .maxAbs,
        0.0);
}

class DyeAdvectionStepParity : public test::GlTest, public ::testing::WithParamInterface<Walls> {};

// Ten whole steps of the window's mix on both backends, with the bound of
// DyeGridStepParity: the velocity's three MacCormack passes and the dye's one
// semi-Lagrangian pass, each side the same float operations.
TEST_P(DyeAdvectionStepParity, TenStepsMatch)
{
    SimParams p = defaultSimParams();
    p.gridWidth = 48;
    p.gridHeight = 40;
    p.dyeGridWidth = 144;
    p.dyeAdvection = DyeAdvection::SemiLagrangian;
    p.dyeDissipation = 0.7f;
    test::applyWalls(p, GetParam());
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    const FluidState start = test::randomState(cpu.grids(), 43, 0.2f);
    gpu.upload(start);
    cpu.upload(start);
    for (int n = 0; n < 10; ++n) {
        Splat s = lineSplat();
        s.from.x += 0.02f * static_cast<float>(n);
        gpu.step(std::array{s});
        cpu.step(std::array{s});
    }
    const FluidState g = gpu.download();
    const std::string label = std::string("own_dye_scheme_") + name(GetParam());
    expectClose(g.dye, cpu.state().dye, start.dye, label + "_dye", kStepsMaxRel, kStepsMaxRel);
    expectClose(g.velocity, cpu.state().velocity, start.velocity, label + "_velocity", kStepsMaxRel, kStepsMaxRel);
}

INSTANTIATE_TEST_SUITE_P(Window, DyeAdvectionStepParity, ::testing::Values(Walls::Box, Walls::Periodic),
                         [](const ::testing::TestParamInfo<Walls>& param) { return std::string(name(param.param)); });

}  // namespace
}  // namespace fluid
