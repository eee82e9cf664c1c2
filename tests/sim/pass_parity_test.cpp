// Each GPU pass against its CPU mirror: the same seeded random fields go into
// both solvers, one pass runs alone on each, and the outputs are compared by
// max abs error (relative to the largest reference value) and relative L2.
// Every pass is checked in the closed box, the box with a moving lid, the
// periodic box and both tunnels (slip and no-slip walls), on a non-square grid (a swapped i/j shows),
// each also with obstacles (tests/support/obstacles.hpp: thin, on walls,
// wrapped).
#include <gtest/gtest.h>

#include <string>

#include "sim/parity.hpp"

namespace fluid {
namespace {

using test::Walls;

SimParams paramsFor(const Walls& walls)
{
    SimParams p = test::parityGrid();
    p.dt = 1.0f / 60.0f;
    p.viscosity = 2e-3f;  // a = nu dt / h^2 ~ 0.08: diffusion visibly mixes neighbours
    p.viscosityIterations = 1;
    p.pressureSolver = PressureSolver::Jacobi;  // "pressure" is one Jacobi sweep; multigrid_parity_test has the rest
    p.pressureIterations = 1;
    p.vorticity = 5.0f;
    // Different decays, so that advect.frag giving a field the other's shows.
    p.velocityDissipation = 0.3f;
    p.dyeDissipation = 0.7f;
    test::applyWalls(p, walls);
    p.inflowSpeed = 0.8f;
    p.gravity = 9.81f;  // smoke on: buoyancy lifts the random temperature and smoke
    return p;
}

using test::incrementalMacCormack;
using test::onBoth;
using test::PassCase;
using test::strongVorticity;
using test::testSplat;
using test::withIncrementalProjection;
using test::withMacCormack;

// The hand-written passes, then every row of the pass table (core/field_pass.hpp).
std::vector<PassCase> allPasses()
{
    const auto advect = [](auto& s) { s.advect(); };
    const auto advectDye = [](auto& s) { s.advectDye(); };
    const auto splat = [](Splat one) { return [one](auto& s) { s.splat(one); }; };
    const auto run = [](const FieldPass& pass) { return [&pass](auto& s) { s.run(pass); }; };
    std::vector<PassCase> cases{
        onBoth("splat_velocity", Slot::Velocity, splat(testSplat())),
        onBoth("splat_dye", Slot::Dye, splat(testSplat())),
        onBoth("splat_point_velocity", Slot::Velocity, splat(testSplat(true))),
        onBoth("splat_point_dye", Slot::Dye, splat(testSplat(true))),
        onBoth("advect_dye", Slot::Dye, advectDye),
        onBoth("advect_velocity", Slot::Velocity, advect),
        // advect() carries the dye too: on the GPU in the velocity's draw.
        onBoth("advect_dye_with_velocity", Slot::Dye, advect),
        // The forward pass, the same pass backward (dt negated, the forward
        // result carried), then its SCHEME_STAGE variant (MacCormack's stage): advect_scalar.frag for
        // the dye (the tunnel's inflow dye, obstacles), advect.frag for the
        // velocity. On this random start the limiter binds at most cells.
        onBoth("advect_maccormack_dye", Slot::Dye, advectDye, withMacCormack),
        onBoth("advect_maccormack_velocity", Slot::Velocity, advect, withMacCormack),
        // The incremental projection: advect() carries the velocity less half
        // a step of the last pressure gradient (pressure_forcing.frag, the
        // random full pressure), traced by the velocity itself; with
        // MacCormack the correction reads that carried field as phi^n.
        onBoth("advect_incremental_velocity", Slot::Velocity, advect, withIncrementalProjection),
        onBoth("advect_maccormack_incremental_velocity", Slot::Velocity, advect, incrementalMacCormack),
        onBoth("diffuse", Slot::Velocity, [](auto& s) { s.diffuse(); }),
        onBoth("vorticity_limited", Slot::Velocity, run(passes::vorticity), strongVorticity),
        // Vorticity confinement as the step runs it: on the GPU one draw that
        // computes the curl of the velocity (vorticity.frag's CURL_INLINE),
        // on the CPU the curl pass and then the vorticity pass.
        onBoth("confine_vorticity", Slot::Velocity, [](auto& s) { s.confineVorticity(); }),
        onBoth(
            "confine_vorticity_limited", Slot::Velocity, [](auto& s) { s.confineVorticity(); }, strongVorticity),
        onBoth("pressure", Slot::Pressure, [](auto& s) { s.solvePressure(); }),
    };
    for (const FieldPass* row : kFieldPasses) cases.push_back(onBoth(row->name, row->output, run(*row)));
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
    FluidState input = test::randomState(p.gridWidth, p.gridHeight, 1234, walls.solids ? 3.0f : 1.0f);
    // Temperature excesses of up to 100 K: buoyancy then changes the velocity
    // by up to ~0.06 m/s a step, enough to show.
    for (float& t : input.temperature.values()) t *= 100.0f;
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    const Field curl = test::randomField(p.gridWidth, p.gridHeight, 1, 77, 10.0f);

    test::SolverPair both(p);
    both.onBoth([&](auto& s) {
        s.upload(input);
        s.uploadDivergence(divergence);
        s.uploadCurl(curl);
        if (walls.solids) s.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    });
    test::expectPassParity(both, pass, input, walls);
}

INSTANTIATE_TEST_SUITE_P(AllPasses, PassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, allPasses().size()),
                                            ::testing::Values(test::kBox, test::kLid, test::kPeriodic, test::kTunnel,
                                                              test::kTunnelWalls, test::kBoxSolids, test::kLidSolids,
                                                              test::kPeriodicSolids, test::kTunnelSolids,
                                                              test::kTunnelWallsSolids)),
                         test::caseName(allPasses));

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
    test::SolverPair both(p);
    both.onBoth([&](auto& s) {
        s.upload(input);
        s.uploadDivergence(divergence);
        // With solids the packed sweeps are bypassed: pressure.frag with the mask.
        if (walls.solids) s.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    });
    const auto [g, c] = both.run(onBoth("pressure", Slot::Pressure, [](auto& s) { s.solvePressure(); }));
    // Five sweeps, each within the single-pass bound of its input's rounding.
    test::expectParity(
        "pressure_sweeps_" + std::to_string(grid.width) + "x" + std::to_string(grid.height) + "_" + walls.name, g, c,
        input.pressure, {5 * test::kSinglePassMaxRel, 5 * test::kSinglePassL2});
}

INSTANTIATE_TEST_SUITE_P(Grids, PressureSweepsParity,
                         ::testing::Combine(::testing::Values(test::kBox, test::kLid, test::kPeriodic, test::kTunnel,
                                                              test::kBoxSolids, test::kPeriodicSolids),
                                            ::testing::Values(Grid{45, 37}, Grid{48, 40}, Grid{8, 8}, Grid{12, 9})),
                         [](const ::testing::TestParamInfo<PressureSweepsParity::ParamType>& param) {
                             const Grid g = std::get<1>(param.param);
                             return std::string(std::get<0>(param.param).name) + "_" + std::to_string(g.width) + "x" +
                                    std::to_string(g.height);
                         });

}  // namespace
}  // namespace fluid
