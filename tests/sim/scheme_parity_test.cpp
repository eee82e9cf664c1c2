// The staged advection schemes beyond the plain MacCormack (which
// pass_parity_test.cpp covers; core/advection_scheme.hpp): BFECC, its error
// and correction stages after the forward pass, and MacCormack with the
// reverting limiter, on the GPU against their CPU mirrors, on both layouts: the dye,
// the temperature, the velocity and the velocity the incremental projection
// carries, each from the same seeded random fields, in the closed box, the
// box with a lid, the periodic box and the tunnel, each also with obstacles
// (tests/support/obstacles.hpp), and the dye on a finer grid of its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"

namespace fluid {
namespace {

// pass_parity_test.cpp's bounds, for its reason: each stage is a handful of
// dependent float32 operations in the same order on both sides; the GPU may
// contract a*b+c into an FMA (one rounding instead of two), ~10 ulp of the
// largest value (6e-7) at most, and 2e-6 allows three times that. The three
// passes chain, but each rounds its own result: the error stays ~1 ulp of the
// field per pass, below the single-pass bound.
constexpr double kSinglePassMaxRel = 2e-6;
constexpr double kSinglePassL2 = 1e-6;

// LidFineDyeSlip: the dye on its own grid reads the velocity at the walls
// and the lid as it is one cell in (SimParams::dyeSlipsAtWalls). The same on
// a periodic grid and in the tunnel, whose reads keep their own rules.
enum class Rule { Box, Lid, Periodic, Tunnel, BoxFineDye, LidFineDyeSlip, PeriodicFineDyeSlip, TunnelFineDyeSlip };
constexpr const char* kRuleNames[] = {
    "Box", "Lid", "Periodic", "Tunnel", "BoxFineDye", "LidFineDyeSlip", "PeriodicFineDyeSlip", "TunnelFineDyeSlip"};
constexpr Rule kRules[] = {Rule::Box,
                           Rule::Lid,
                           Rule::Periodic,
                           Rule::Tunnel,
                           Rule::BoxFineDye,
                           Rule::LidFineDyeSlip,
                           Rule::PeriodicFineDyeSlip,
                           Rule::TunnelFineDyeSlip};
bool slips(Rule r)
{
    return r == Rule::LidFineDyeSlip || r == Rule::PeriodicFineDyeSlip || r == Rule::TunnelFineDyeSlip;
}

SimParams schemeParams(AdvectionScheme scheme, Layout layout, Rule rule)
{
    SimParams p;
    p.layout = layout;
    p.gridWidth = 48;  // not square: a swapped i/j shows
    p.gridHeight = 40;
    p.dyeGridWidth = rule == Rule::BoxFineDye || slips(rule) ? 96 : 0;
    p.dyeSlipsAtWalls = slips(rule);
    p.advection = scheme;
    p.gravity = 9.81f;  // smoke on: the temperature is carried
    // Different decays, so that a stage giving a field the other's shows.
    p.velocityDissipation = 0.3f;
    p.dyeDissipation = 0.7f;
    p.cooling = 0.5f;
    p.boundary = rule == Rule::Periodic || rule == Rule::PeriodicFineDyeSlip ? BoundaryMode::Periodic
                 : rule == Rule::Tunnel || rule == Rule::TunnelFineDyeSlip   ? BoundaryMode::Tunnel
                                                                             : BoundaryMode::Box;
    p.lidSpeed = rule == Rule::Lid || rule == Rule::LidFineDyeSlip ? 1.0f : 0.0f;
    p.inflowSpeed = 0.8f;
    return p;
}

struct PassCase {
    const char* pass;
    Slot output;
    bool incremental;  // the velocity carried less half a step of the last pressure gradient
    std::function<void(GpuSolver&)> onGpu;
    std::function<void(CpuSolver&)> onCpu;
};

std::vector<PassCase> passCases()
{
    return {
        {"dye", Slot::Dye, false, [](GpuSolver& g) { g.advectDye(); }, [](CpuSolver& c) { c.advectDye(); }},
        {"temperature", Slot::Temperature, false, [](GpuSolver& g) { g.advectTemperature(); },
         [](CpuSolver& c) { c.advectTemperature(); }},
        {"velocity", Slot::Velocity, false, [](GpuSolver& g) { g.advect(); }, [](CpuSolver& c) { c.advect(); }},
        {"incremental_velocity", Slot::Velocity, true, [](GpuSolver& g) { g.advect(); },
         [](CpuSolver& c) { c.advect(); }},
    };
}

using Param = std::tuple<AdvectionScheme, Layout, std::size_t, Rule, bool>;
class SchemeParity : public test::GlTest, public ::testing::WithParamInterface<Param> {};

TEST_P(SchemeParity, GpuMatchesCpu)
{
    const auto [scheme, layout, index, rule, solids] = GetParam();
    const PassCase pass = passCases()[index];
    SimParams p = schemeParams(scheme, layout, rule);
    if (pass.incremental) p.projection = Projection::Incremental;
    // Up to 1 m/s: traces of ~0.8 cells, every bilinear weight and boundary
    // branch; with obstacles up to 3 m/s, traces stopped at solids.
    FluidState input = test::randomState(fieldGrids(p), 1234, solids ? 3.0f : 1.0f);
    for (float& t : input.temperature.values()) t *= 100.0f;
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    gpu.upload(input);
    cpu.upload(input);
    if (solids) {
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    const Field before = cpu.field(pass.output);
    pass.onGpu(gpu);
    pass.onCpu(cpu);
    const Field g = gpu.download(pass.output);
    const Field c = cpu.field(pass.output);
    const test::FieldError e = test::compareFields(g, c);
    const std::string label = std::string(toString(scheme)) + "_" + pass.pass + "_" + toString(layout) + "_" +
                              kRuleNames[static_cast<int>(rule)] + (solids ? "_solids" : "");
    std::printf("  %-40s %s\n", label.c_str(), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, before).relativeL2, 1e-3) << label << ": the pass left its output unchanged";
    const bool ok = e.finite && e.maxAbs <= kSinglePassMaxRel * e.maxRef && e.relativeL2 <= kSinglePassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

std::string caseName(const ::testing::TestParamInfo<Param>& info)
{
    const auto [scheme, layout, index, rule, solids] = info.param;
    std::string name = std::string(toString(scheme)) + "_" + passCases()[index].pass + "_" + toString(layout) + "_" +
                       kRuleNames[static_cast<int>(rule)] + (solids ? "_solids" : "");
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

// Every scheme, layout, pass, rule and obstacle setting.
std::vector<Param> comparableCases()
{
    std::vector<Param> cases;
    for (const AdvectionScheme scheme : {AdvectionScheme::Bfecc, AdvectionScheme::MacCormackRevert})
        for (const Layout layout : {Layout::Collocated, Layout::Staggered})
            for (std::size_t index = 0; index < passCases().size(); ++index)
                for (const Rule rule : kRules)
                    for (const bool solids : {false, true}) cases.emplace_back(scheme, layout, index, rule, solids);
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Schemes, SchemeParity, ::testing::ValuesIn(comparableCases()), caseName);

}  // namespace
}  // namespace fluid
