// The smoke passes, GPU against CPU one at a time: the temperature's
// advection with cooling, the buoyancy force (the smoke read from the dye on
// the velocity's grid, a finer one and a coarser one), and an emitter's splat
// of heat and smoke; in the box, the box with a lid and the periodic box.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/emitter.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/walls.hpp"

namespace fluid {
namespace {

// As pass_parity_test: ~10 dependent float operations per result, a rounding
// or two apart where the GPU compiler contracts a*b+c into an FMA (buoyancy's
// dt g / T0 T - dt g beta s is one such): 2e-6 of the largest value.
constexpr double kSinglePassMaxRel = 2e-6;
constexpr double kSinglePassL2 = 1e-6;

using test::DyeGrid;
using test::Walls;

SimParams smokeParams(Walls walls, int dyeGridWidth)
{
    SimParams p;
    p.gridWidth = 48;
    p.gridHeight = 40;
    p.dyeGridWidth = dyeGridWidth;
    p.advection = AdvectionScheme::SemiLagrangian;  // "advect_temperature"; "..._maccormack" the three passes
    p.gravity = 9.81f;
    p.ambientTemperature = 300.0f;
    p.smokeWeight = 0.5f;
    p.cooling = 0.9f;  // a decay other than the dye's, so swapping them shows
    p.dyeDissipation = 0.3f;
    test::applyWalls(p, walls);
    return p;
}

SimParams withMacCormack(SimParams p)
{
    p.advection = AdvectionScheme::MacCormack;
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

enum class Output { Velocity, Dye, Temperature };

struct PassCase {
    const char* pass;
    Output output;
    std::function<void(GpuSolver&)> onGpu;
    std::function<void(CpuSolver&)> onCpu;
};

std::vector<PassCase> smokePasses()
{
    const auto emit = [](auto& solver) { solver.splat(emitterSplat(testEmitter(), solver.params().dt)); };
    return {
        {"advect_temperature", Output::Temperature, [](GpuSolver& g) { g.advectTemperature(); },
         [](CpuSolver& c) { c.advectTemperature(); }},
        // advect_scalar.frag forward, backward (its source the forward result,
        // dt negated), then its SCHEME_STAGE variant (MacCormack's stage) (docs/algorithm.md §3.2b).
        {"advect_temperature_maccormack", Output::Temperature,
         [](GpuSolver& g) {
             g.setParams(withMacCormack(g.params()));
             g.advectTemperature();
         },
         [](CpuSolver& c) {
             c.setParams(withMacCormack(c.params()));
             c.advectTemperature();
         }},
        {"buoyancy", Output::Velocity, [](GpuSolver& g) { g.run(passes::buoyancy); },
         [](CpuSolver& c) { c.run(passes::buoyancy); }},
        {"emitter_heat", Output::Temperature, emit, emit},
        {"emitter_smoke", Output::Dye, emit, emit},
    };
}

const Field& outputOf(const FluidState& s, Output o)
{
    return o == Output::Velocity ? s.velocity : (o == Output::Dye ? s.dye : s.temperature);
}

class SmokeParity : public test::GlTest,
                    public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, DyeGrid>> {};

TEST_P(SmokeParity, GpuMatchesCpu)
{
    const PassCase pass = smokePasses()[std::get<0>(GetParam())];
    const Walls walls = std::get<1>(GetParam());
    const DyeGrid dyeGrid = std::get<2>(GetParam());
    const SimParams p = smokeParams(walls, dyeGrid.width);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    // Velocities up to 1 m/s, temperatures up to +-50 K, dye in [-1, 1].
    FluidState input = test::randomState(cpu.grids(), 321, 1.0f);
    for (float& t : input.temperature.values()) t *= 50.0f;
    gpu.upload(input);
    cpu.upload(input);
    pass.onGpu(gpu);
    pass.onCpu(cpu);
    const Field g = outputOf(gpu.download(), pass.output);
    const Field& c = outputOf(cpu.state(), pass.output);
    const std::string label = std::string(pass.pass) + "_" + name(walls) + "_" + dyeGrid.name;
    const test::FieldError e = test::compareFields(g, c);
    std::printf("  %-36s %s\n", label.c_str(), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, outputOf(input, pass.output)).relativeL2, 1e-4)
        << label << ": the pass left its output unchanged";
    const bool ok = e.finite && e.maxAbs <= kSinglePassMaxRel * e.maxRef && e.relativeL2 <= kSinglePassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

const DyeGrid kDyeGrids[] = {{"SharedDyeGrid", 0}, {"FineDyeGrid", 144}, {"CoarseDyeGrid", 24}};

INSTANTIATE_TEST_SUITE_P(Passes, SmokeParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, smokePasses().size()),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic),
                                            ::testing::ValuesIn(kDyeGrids)),
                         [](const ::testing::TestParamInfo<SmokeParity::ParamType>& param) {
                             return std::string(smokePasses()[std::get<0>(param.param)].pass) + "_" +
                                    name(std::get<1>(param.param)) + "_" + std::get<2>(param.param).name;
                         });

// Without gravity the smoke passes are skipped on both sides: nothing moves.
class SmokeOff : public test::GlTest {};

TEST_F(SmokeOff, WithoutGravityTheSmokePassesChangeNothing)
{
    SimParams p = smokeParams(Walls::Box, 0);
    p.gravity = 0.0f;
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    const FluidState input = test::randomState(cpu.grids(), 5, 1.0f);
    gpu.upload(input);
    cpu.upload(input);
    gpu.advectTemperature();
    gpu.run(passes::buoyancy);
    cpu.advectTemperature();
    cpu.run(passes::buoyancy);
    const FluidState g = gpu.download();
    for (const FluidState* s : {&g, &cpu.state()}) {
        EXPECT_EQ(test::compareFields(s->velocity, input.velocity).maxAbs, 0.0);
        EXPECT_EQ(test::compareFields(s->temperature, input.temperature).maxAbs, 0.0);
    }
}

}  // namespace
}  // namespace fluid
