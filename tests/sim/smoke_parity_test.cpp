// The smoke passes, GPU against CPU one at a time: the temperature's
// advection with cooling, the buoyancy force (the smoke read from the dye on
// the velocity's grid, a finer one and a coarser one), and an emitter's splat
// of heat and smoke; in the box, the box with a lid and the periodic box.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/emitter.hpp"
#include "sim/parity.hpp"

namespace fluid {
namespace {

SimParams smokeParams(const test::Walls& walls, int dyeGridWidth)
{
    SimParams p = test::parityGrid(dyeGridWidth);
    p.gravity = 9.81f;
    p.ambientTemperature = 300.0f;
    p.smokeWeight = 0.5f;
    p.cooling = 0.9f;  // a decay other than the dye's, so swapping them shows
    p.dyeDissipation = 0.3f;
    test::applyWalls(p, walls);
    return p;
}

Emitter testEmitter()
{
    Emitter e;
    e.position = {0.4f, 0.2f};
    e.radius = 0.07f;
    e.heatRate = 500.0f;
    e.smokeRate = 2.0f;
    return e;
}

std::vector<test::PassCase> smokePasses()
{
    const auto advectTemperature = [](auto& s) { s.advectTemperature(); };
    const auto emit = [](auto& s) { s.splat(emitterSplat(testEmitter(), s.params().dt)); };
    return {
        test::onBoth("advect_temperature", Slot::Temperature, advectTemperature),
        // advect_scalar.frag forward, backward (its source the forward result,
        // dt negated), then its SCHEME_STAGE variant (MacCormack's stage) (docs/algorithm.md §3.2b).
        test::onBoth("advect_temperature_maccormack", Slot::Temperature, advectTemperature, test::withMacCormack),
        test::onBoth("buoyancy", Slot::Velocity, [](auto& s) { s.run(passes::buoyancy); }),
        test::onBoth("emitter_heat", Slot::Temperature, emit),
        test::onBoth("emitter_smoke", Slot::Dye, emit),
    };
}

class SmokeParity : public test::GlTest,
                    public ::testing::WithParamInterface<std::tuple<std::size_t, test::Walls, test::DyeGrid>> {};

TEST_P(SmokeParity, GpuMatchesCpu)
{
    const test::PassCase pass = smokePasses()[std::get<0>(GetParam())];
    const test::Walls walls = std::get<1>(GetParam());
    const test::DyeGrid dyeGrid = std::get<2>(GetParam());
    const SimParams p = smokeParams(walls, dyeGrid.width);
    test::SolverPair both(p);
    // Velocities up to 1 m/s, temperatures up to +-50 K, dye in [-1, 1].
    FluidState input = test::randomState(both.cpu.grids(), 321, 1.0f);
    for (float& t : input.temperature.values()) t *= 50.0f;
    both.onBoth([&](auto& s) { s.upload(input); });
    const Field before = both.cpu.field(pass.output);
    const auto [g, c] = both.run(pass);
    test::expectParity(std::string(pass.name) + "_" + walls.name + "_" + dyeGrid.name, g, c, before,
                       {test::kSinglePassMaxRel, test::kSinglePassL2}, 1e-4);
}

const test::DyeGrid kDyeGrids[] = {{"SharedDyeGrid", 0}, {"FineDyeGrid", 144}, {"CoarseDyeGrid", 24}};

INSTANTIATE_TEST_SUITE_P(Passes, SmokeParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, smokePasses().size()),
                                            ::testing::Values(test::kBox, test::kLid, test::kPeriodic),
                                            ::testing::ValuesIn(kDyeGrids)),
                         test::caseName(smokePasses));

// Without gravity the smoke passes are skipped on both sides: nothing moves.
class SmokeOff : public test::GlTest {};

TEST_F(SmokeOff, WithoutGravityTheSmokePassesChangeNothing)
{
    SimParams p = smokeParams(test::kBox, 0);
    p.gravity = 0.0f;
    test::SolverPair both(p);
    const FluidState input = test::randomState(both.cpu.grids(), 5, 1.0f);
    both.onBoth([&](auto& s) {
        s.upload(input);
        s.advectTemperature();
        s.run(passes::buoyancy);
    });
    const FluidState g = both.gpu.download();
    for (const FluidState* s : {&g, &both.cpu.state()}) {
        EXPECT_EQ(test::compareFields(s->velocity, input.velocity).maxAbs, 0.0);
        EXPECT_EQ(test::compareFields(s->temperature, input.temperature).maxAbs, 0.0);
    }
}

}  // namespace
}  // namespace fluid
