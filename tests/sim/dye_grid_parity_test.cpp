// The dye on its own grid, GPU against CPU pass by pass: splats on the dye
// grid, the dye's advection through the velocity interpolated at each dye
// cell's centre, motion adding dye, and whole steps. Dye grids finer (3x: the
// ratio 1/3 is not a float) and coarser (1/2) than the velocity's, in the box,
// the box with a lid and the periodic box, on a non-square grid.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/motion.hpp"
#include "sim/parity.hpp"
#include "support/param_name.hpp"

namespace fluid {
namespace {

using test::DyeGrid;
using test::onBoth;
using test::PassCase;
using test::Walls;

SimParams paramsFor(const Walls& walls, int dyeGridWidth)
{
    SimParams p = test::parityGrid(dyeGridWidth);
    p.dyeDissipation = 0.7f;
    p.velocityDissipation = 0.3f;
    test::applyWalls(p, walls);
    return p;
}

std::vector<PassCase> dyePasses()
{
    const auto splat = [](Splat one) { return [one](auto& s) { s.splat(one); }; };
    const auto advectDye = [](auto& s) { s.advectDye(); };
    return {
        onBoth("splat_line", Slot::Dye, splat(test::testSplat(false))),
        onBoth("splat_point", Slot::Dye, splat(test::testSplat(true))),
        onBoth("advect_dye", Slot::Dye, advectDye),
        // advect_scalar.frag forward, backward (its source the forward result,
        // dt negated), then its SCHEME_STAGE variant (MacCormack's stage), all on the dye's grid with
        // the velocity interpolated at its cells' centres (docs/algorithm.md §3.2b).
        onBoth("advect_dye_maccormack", Slot::Dye, advectDye, test::withMacCormack),
        // advect_scalar.frag's CUBIC_READ: 16 reads a cell, ghosts up to two
        // cells out (the coarse grid's traces reach past the walls).
        onBoth("advect_dye_cubic", Slot::Dye, advectDye, test::withCubicDye),
    };
}

constexpr test::Bound kSinglePass{test::kSinglePassMaxRel, test::kSinglePassL2};
constexpr test::Bound kTenSteps{test::kTenStepsDyeGrid, test::kTenStepsDyeGrid};

// Ten whole steps from a random start with a stroke every step, moving right
// and its end `drop` lower each step; the dye and the velocity compared.
void expectTenStepsMatch(const SimParams& p, std::uint32_t seed, float drop, const std::string& label)
{
    test::SolverPair both(p);
    const FluidState start = test::randomState(both.cpu.grids(), seed, 0.2f);
    both.onBoth([&](auto& s) { s.upload(start); });
    for (int n = 0; n < 10; ++n) {
        Splat splat = test::testSplat();
        splat.from.x += 0.02f * static_cast<float>(n);
        splat.to.y -= drop * static_cast<float>(n);
        both.onBoth([&](auto& s) { s.step(std::array{splat}); });
    }
    const FluidState g = both.gpu.download();
    test::expectParity(label + "_dye", g.dye, both.cpu.state().dye, start.dye, kTenSteps);
    test::expectParity(label + "_velocity", g.velocity, both.cpu.state().velocity, start.velocity, kTenSteps);
}

class DyeGridParity : public test::GlTest,
                      public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, DyeGrid>> {};

TEST_P(DyeGridParity, GpuMatchesCpu)
{
    const PassCase pass = dyePasses()[std::get<0>(GetParam())];
    const Walls walls = std::get<1>(GetParam());
    const DyeGrid dyeGrid = std::get<2>(GetParam());
    const SimParams p = paramsFor(walls, dyeGrid.width);
    test::SolverPair both(p);
    ASSERT_EQ(both.gpu.grids(), both.cpu.grids());
    // Up to 1 m/s: traces of up to ~0.8 velocity cells, 2.4 dye cells on the fine grid.
    const FluidState input = test::randomState(both.cpu.grids(), 1234, 1.0f);
    both.onBoth([&](auto& s) { s.upload(input); });
    const auto [g, c] = both.run(pass);
    const std::string label = std::string(pass.name) + "_" + walls.name + "_" + dyeGrid.name;
    test::expectParity(label, g, c, input.dye, kSinglePass);
    // The velocity moves with splats only, on its own grid.
    EXPECT_LE(test::compareFields(both.gpu.download().velocity, both.cpu.state().velocity).maxAbs,
              test::kSinglePassMaxRel * test::maxAbs(both.cpu.state().velocity))
        << label;
}

const DyeGrid kDyeGrids[] = {{"Fine", 144}, {"Coarse", 24}};

INSTANTIATE_TEST_SUITE_P(Passes, DyeGridParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, dyePasses().size()),
                                            ::testing::Values(test::kBox, test::kLid, test::kPeriodic, test::kTunnel),
                                            ::testing::ValuesIn(kDyeGrids)),
                         test::caseName(dyePasses));

class DyeGridMotionParity : public test::GlTest, public ::testing::WithParamInterface<DyeGrid> {};

// Motion input: the velocity on its grid, the dye on its own, each dye cell
// weighted by the motion of the simulation cell its centre lies in.
TEST_P(DyeGridMotionParity, AddForceFieldMatchesTheReference)
{
    const SimParams p = paramsFor(test::kBox, GetParam().width);
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
    test::expectParity(label + "_dye", g.dye, cpu.state().dye, start.dye, kSinglePass);
    test::expectParity(label + "_velocity", g.velocity, cpu.state().velocity, start.velocity, kSinglePass);
}

INSTANTIATE_TEST_SUITE_P(DyeGrids, DyeGridMotionParity, ::testing::ValuesIn(kDyeGrids), test::paramName);

class DyeGridStepParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<Walls, DyeGrid>> {};

// Ten whole steps with a stroke every step: splats, the dye's own advection
// and the projection together, as the app runs them.
TEST_P(DyeGridStepParity, TenStepsMatch)
{
    const Walls walls = std::get<0>(GetParam());
    const DyeGrid dyeGrid = std::get<1>(GetParam());
    expectTenStepsMatch(paramsFor(walls, dyeGrid.width), 42, 0.015f,
                        std::string("steps_") + walls.name + "_" + dyeGrid.name);
}

// The same with the dye carried by the cubic read, as the window's pick does.
TEST_P(DyeGridStepParity, TenCubicStepsMatch)
{
    const Walls walls = std::get<0>(GetParam());
    const DyeGrid dyeGrid = std::get<1>(GetParam());
    expectTenStepsMatch(test::withCubicDye(paramsFor(walls, dyeGrid.width)), 42, 0.015f,
                        std::string("cubic_steps_") + walls.name + "_" + dyeGrid.name);
}

INSTANTIATE_TEST_SUITE_P(Steps, DyeGridStepParity,
                         ::testing::Combine(::testing::Values(test::kBox, test::kLid, test::kPeriodic),
                                            ::testing::ValuesIn(kDyeGrids)),
                         [](const ::testing::TestParamInfo<DyeGridStepParity::ParamType>& param) {
                             return std::string(std::get<0>(param.param).name) + "_" + std::get<1>(param.param).name;
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
    expectTenStepsMatch(p, 43, 0.0f, std::string("own_dye_scheme_") + GetParam().name);
}

INSTANTIATE_TEST_SUITE_P(Window, DyeAdvectionStepParity, ::testing::Values(test::kBox, test::kPeriodic),
                         test::paramName);

}  // namespace
}  // namespace fluid
