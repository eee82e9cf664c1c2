// Each GPU pass against its CPU mirror: the same seeded random fields go into
// both solvers, one pass runs alone on each, and the outputs are compared by
// max abs error (relative to the largest reference value) and relative L2.
// Every pass is checked in the closed box, the box with a moving lid, the
// periodic box and both tunnels (slip and no-slip walls), on a non-square grid (a swapped i/j shows),
// each also with obstacles (tests/support/obstacles.hpp: thin, on walls,
// wrapped).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"

namespace fluid {
namespace {

// Both sides evaluate the same expression in float32 on the same inputs with
// the same constants; they may still differ by a rounding or two per result:
// the GPU compiler may contract a*b+c into an FMA (one rounding instead of
// two), and GLSL's exp() (splat) is allowed a few ulp. A pass does at most ~10
// dependent operations, so the error stays within ~10 ulp of the result's
// magnitude: 10 * 2^-24 * max|ref| ~ 6e-7 max|ref|. We allow 2e-6, three times
// that, measured values being ~1e-7 (see the closing note).
constexpr double kSinglePassMaxRel = 2e-6;
constexpr double kSinglePassL2 = 1e-6;

enum class Walls {
    Box,
    Lid,
    Periodic,
    Tunnel,
    TunnelWalls,
    BoxSolids,
    LidSolids,
    PeriodicSolids,
    TunnelSolids,
    TunnelWallsSolids,
};

const char* name(Walls w)
{
    switch (w) {
        case Walls::Box:
            return "Box";
        case Walls::Lid:
            return "Lid";
        case Walls::Periodic:
            return "Periodic";
        case Walls::Tunnel:
            return "Tunnel";
        case Walls::TunnelWalls:
            return "TunnelWalls";
        case Walls::BoxSolids:
            return "BoxSolids";
        case Walls::LidSolids:
            return "LidSolids";
        case Walls::PeriodicSolids:
            return "PeriodicSolids";
        case Walls::TunnelSolids:
            return "TunnelSolids";
        case Walls::TunnelWallsSolids:
            return "TunnelWallsSolids";
    }
    return "?";
}

bool hasSolids(Walls w)
{
    return w == Walls::BoxSolids || w == Walls::LidSolids || w == Walls::PeriodicSolids || w == Walls::TunnelSolids ||
           w == Walls::TunnelWallsSolids;
}

SimParams paramsFor(Walls walls)
{
    SimParams p;
    p.gridWidth = 48;
    p.gridHeight = 40;
    p.advection = AdvectionScheme::SemiLagrangian;  // "advect" is advect.frag alone; withMacCormack() the three passes
    p.dt = 1.0f / 60.0f;
    p.viscosity = 2e-3f;  // a = nu dt / h^2 ~ 0.08: diffusion visibly mixes neighbours
    p.viscosityIterations = 1;
    p.pressureSolver = PressureSolver::Jacobi;  // "pressure" is one Jacobi sweep; multigrid_parity_test has the rest
    p.pressureIterations = 1;
    p.vorticity = 5.0f;
    // Different decays, so that advect.frag giving a field the other's shows.
    p.velocityDissipation = 0.3f;
    p.dyeDissipation = 0.7f;
    const bool periodic = walls == Walls::Periodic || walls == Walls::PeriodicSolids;
    const bool tunnel = walls == Walls::Tunnel || walls == Walls::TunnelSolids;
    const bool tunnelWalls = walls == Walls::TunnelWalls || walls == Walls::TunnelWallsSolids;
    p.boundary = periodic      ? BoundaryMode::Periodic
                 : tunnel      ? BoundaryMode::Tunnel
                 : tunnelWalls ? BoundaryMode::TunnelWalls
                               : BoundaryMode::Box;
    p.lidSpeed = walls == Walls::Lid || walls == Walls::LidSolids ? 1.0f : 0.0f;
    p.inflowSpeed = 0.8f;
    p.gravity = 9.81f;  // smoke on: buoyancy lifts the random temperature and smoke
    return p;
}

// What a pass writes: a slot of the pass table.
using Output = Slot;

struct PassCase {
    const char* pass;
    Output output;
    std::function<void(GpuSolver&)> onGpu;
    std::function<void(CpuSolver&)> onCpu;
};

Splat testSplat()
{
    Splat s;
    s.from = {0.2f, 0.3f};
    s.to = {0.7f, 0.5f};
    s.radius = 0.08f;
    s.velocity = {0.7f, -0.4f};
    s.dye = {0.9f, 0.5f, 0.1f};
    return s;
}

// A point splat takes the POINT_SPLAT variant of splat.frag.
Splat testPointSplat()
{
    Splat s = testSplat();
    s.to = s.from;
    return s;
}

SimParams strongVorticity(SimParams p)
{
    p.vorticity = 1e4f;
    return p;
}

SimParams withMacCormack(SimParams p)
{
    p.advection = AdvectionScheme::MacCormack;
    return p;
}

SimParams withIncrementalProjection(SimParams p)
{
    p.projection = Projection::Incremental;
    return p;
}

// The hand-written passes, then every row of the pass table (core/field_pass.hpp).
std::vector<PassCase> allPasses()
{
    std::vector<PassCase> cases{
        {"splat_velocity", Output::Velocity, [](GpuSolver& g) { g.splat(testSplat()); },
         [](CpuSolver& c) { c.splat(testSplat()); }},
        {"splat_dye", Output::Dye, [](GpuSolver& g) { g.splat(testSplat()); },
         [](CpuSolver& c) { c.splat(testSplat()); }},
        {"splat_point_velocity", Output::Velocity, [](GpuSolver& g) { g.splat(testPointSplat()); },
         [](CpuSolver& c) { c.splat(testPointSplat()); }},
        {"splat_point_dye", Output::Dye, [](GpuSolver& g) { g.splat(testPointSplat()); },
         [](CpuSolver& c) { c.splat(testPointSplat()); }},
        {"advect_dye", Output::Dye, [](GpuSolver& g) { g.advectDye(); }, [](CpuSolver& c) { c.advectDye(); }},
        {"advect_velocity", Output::Velocity, [](GpuSolver& g) { g.advect(); }, [](CpuSolver& c) { c.advect(); }},
        // advect() carries the dye too: on the GPU in the velocity's draw.
        {"advect_dye_with_velocity", Output::Dye, [](GpuSolver& g) { g.advect(); }, [](CpuSolver& c) { c.advect(); }},
        // The forward pass, the same pass backward (dt negated, the forward
        // result carried), then its SCHEME_STAGE variant (MacCormack's stage): advect_scalar.frag for
        // the dye (the tunnel's inflow dye, obstacles), advect.frag for the
        // velocity. On this random start the limiter binds at most cells.
        {"advect_maccormack_dye", Output::Dye,
         [](GpuSolver& g) {
             g.setParams(withMacCormack(g.params()));
             g.advectDye();
         },
         [](CpuSolver& c) {
             c.setParams(withMacCormack(c.params()));
             c.advectDye();
         }},
        {"advect_maccormack_velocity", Output::Velocity,
         [](GpuSolver& g) {
             g.setParams(withMacCormack(g.params()));
             g.advect();
         },
         [](CpuSolver& c) {
             c.setParams(withMacCormack(c.params()));
             c.advect();
         }},
        // The incremental projection: advect() carries the velocity less half
        // a step of the last pressure gradient (pressure_forcing.frag, the
        // random full pressure), traced by the velocity itself; with
        // MacCormack the correction reads that carried field as phi^n.
        {"advect_incremental_velocity", Output::Velocity,
         [](GpuSolver& g) {
             g.setParams(withIncrementalProjection(g.params()));
             g.advect();
         },
         [](CpuSolver& c) {
             c.setParams(withIncrementalProjection(c.params()));
             c.advect();
         }},
        {"advect_maccormack_incremental_velocity", Output::Velocity,
         [](GpuSolver& g) {
             g.setParams(withIncrementalProjection(withMacCormack(g.params())));
             g.advect();
         },
         [](CpuSolver& c) {
             c.setParams(withIncrementalProjection(withMacCormack(c.params())));
             c.advect();
         }},
        {"diffuse", Output::Velocity, [](GpuSolver& g) { g.diffuse(); }, [](CpuSolver& c) { c.diffuse(); }},
        // Confinement at its maximum strength: the speed limiter binds at
        // most cells.
        {"vorticity_limited", Output::Velocity,
         [](GpuSolver& g) {
             g.setParams(strongVorticity(g.params()));
             g.run(passes::vorticity);
         },
         [](CpuSolver& c) {
             c.setParams(strongVorticity(c.params()));
             c.run(passes::vorticity);
         }},
        {"pressure", Output::Pressure, [](GpuSolver& g) { g.solvePressure(); },
         [](CpuSolver& c) { c.solvePressure(); }},
    };
    for (const FieldPass* row : kFieldPasses)
        cases.push_back(
            {row->name, row->output, [row](GpuSolver& g) { g.run(*row); }, [row](CpuSolver& c) { c.run(*row); }});
    return cases;
}

class PassParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<std::size_t, Walls>> {};

TEST_P(PassParity, GpuMatchesCpu)
{
    const PassCase pass = allPasses()[std::get<0>(GetParam())];
    const Walls walls = std::get<1>(GetParam());
    const SimParams p = paramsFor(walls);

    // Velocities up to 1 m/s trace back up to ~0.8 cells: every bilinear
    // weight and every boundary branch gets exercised. With obstacles up to
    // 3 m/s (~2.4 cells): traces of up to 5 steps, stopped at solids.
    FluidState input = test::randomState(p.gridWidth, p.gridHeight, 1234, hasSolids(walls) ? 3.0f : 1.0f);
    // Temperature excesses of up to 100 K: buoyancy then changes the velocity
    // by up to ~0.06 m/s a step, enough to show.
    for (float& t : input.temperature.values()) t *= 100.0f;
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    const Field curl = test::randomField(p.gridWidth, p.gridHeight, 1, 77, 10.0f);

    GpuSolver gpu(p);
    CpuSolver cpu(p);
    gpu.upload(input);
    cpu.upload(input);
    gpu.uploadDivergence(divergence);
    cpu.uploadDivergence(divergence);
    gpu.uploadCurl(curl);
    cpu.uploadCurl(curl);
    if (hasSolids(walls)) {
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }

    // The pass must have done something, or equality proves nothing: the
    // output against its value before (the carried velocity against the
    // velocity it is made from).
    const Field before = pass.output == Slot::CarriedVelocity ? input.velocity : cpu.field(pass.output);

    pass.onGpu(gpu);
    pass.onCpu(cpu);

    const Field g = gpu.download(pass.output);
    const Field c = cpu.field(pass.output);
    const test::FieldError e = test::compareFields(g, c);
    const std::string label = std::string(pass.pass) + "_" + name(walls);
    RecordProperty("max_abs_error", std::to_string(e.maxAbs));
    RecordProperty("relative_l2", std::to_string(e.relativeL2));
    std::printf("  %-24s %s\n", label.c_str(), test::describe(e).c_str());

    EXPECT_GT(test::compareFields(c, before).relativeL2, 1e-3) << label << ": the pass left its output unchanged";

    const bool ok = e.finite && e.maxAbs <= kSinglePassMaxRel * e.maxRef && e.relativeL2 <= kSinglePassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

INSTANTIATE_TEST_SUITE_P(AllPasses, PassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, allPasses().size()),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::TunnelWalls, Walls::BoxSolids, Walls::LidSolids,
                                                              Walls::PeriodicSolids, Walls::TunnelSolids,
                                                              Walls::TunnelWallsSolids)),
                         [](const ::testing::TestParamInfo<PassParity::ParamType>& param) {
                             return std::string(allPasses()[std::get<0>(param.param)].pass) + "_" +
                                    name(std::get<1>(param.param));
                         });

// Several Jacobi sweeps. They run on four cells per texel, two sweeps per
// pass and an odd one alone, when the width is a multiple of 4; any other
// width takes the one-cell-per-fragment sweep of pressure.frag. On the
// smallest grid (8 x 8: two texels a row) every texel lies on a side wall.
struct Grid {
    int width, height;
};

class PressureSweepsParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<Walls, Grid>> {};

TEST_P(PressureSweepsParity, GpuMatchesCpu)
{
    const Walls walls = std::get<0>(GetParam());
    const Grid grid = std::get<1>(GetParam());
    SimParams p = paramsFor(walls);
    p.gridWidth = grid.width;
    p.gridHeight = grid.height;
    p.pressureIterations = 5;
    const FluidState input = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    gpu.upload(input);
    cpu.upload(input);
    gpu.uploadDivergence(divergence);
    cpu.uploadDivergence(divergence);
    if (hasSolids(walls)) {  // the packed sweeps are bypassed: pressure.frag with the mask
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    gpu.solvePressure();
    cpu.solvePressure();

    const Field g = gpu.download().pressure;
    const Field c = cpu.state().pressure;
    const test::FieldError e = test::compareFields(g, c);
    const std::string label =
        "pressure_sweeps_" + std::to_string(grid.width) + "x" + std::to_string(grid.height) + "_" + name(walls);
    std::printf("  %-24s %s\n", label.c_str(), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, input.pressure).relativeL2, 1e-3) << label << ": the sweeps left p unchanged";
    // Five sweeps, each within kSinglePassMaxRel of its input's rounding.
    const bool ok = e.finite && e.maxAbs <= 5 * kSinglePassMaxRel * e.maxRef && e.relativeL2 <= 5 * kSinglePassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

INSTANTIATE_TEST_SUITE_P(Grids, PressureSweepsParity,
                         ::testing::Combine(::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::BoxSolids, Walls::PeriodicSolids),
                                            ::testing::Values(Grid{45, 37}, Grid{48, 40}, Grid{8, 8}, Grid{12, 9})),
                         [](const ::testing::TestParamInfo<PressureSweepsParity::ParamType>& param) {
                             const Grid g = std::get<1>(param.param);
                             return std::string(name(std::get<0>(param.param))) + "_" + std::to_string(g.width) + "x" +
                                    std::to_string(g.height);
                         });

}  // namespace
}  // namespace fluid
