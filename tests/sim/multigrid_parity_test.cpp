// The multigrid passes on the GPU against their CPU mirrors, one pass at a time
// on level 0 (the solver's pressure and divergence) and on a coarse level, and
// a whole V-cycle; on grids whose halving leaves a coarse cell one child
// (2m - 1 fine cells) or three (2m + 1), in the box, with a lid and periodic.
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

// Each pass is a handful of float operations on values read through the same
// boundary rules (restriction: 9 residuals of 6 operations, summed; the
// coarsest solve: up to 120 products summed in order, each rounded alone): as
// in pass_parity_test, a few roundings of the result's magnitude at most,
// where a GPU compiler contracts into FMA; llvmpipe gives bit-identical results.
constexpr double kPassMaxRel = 2e-6;
constexpr double kPassL2 = 1e-6;
// Two V-cycles chain ~80 such passes over 6 levels. The smoothing sweeps are
// weighted averages that do not amplify rounding, but the result is what is
// left of a random start after the corrections cancelled ~80% of it, so a
// rounding of the start's magnitude shows ~5x larger relative to the result.
// Measured on llvmpipe while it contracted the prolongation into FMA (1 ulp):
// 5.7e-6 max / 9.7e-6 L2 on the odd grid, 8e-7 / 1.5e-6 on the even one. With
// the products through opaque() (common.glsl) llvmpipe matches to the bit;
// the bounds stay for drivers that contract elsewhere.
constexpr double kCycleMaxRel = 2e-5;
constexpr double kCycleL2 = 3e-5;

// Solids: the box with obstacles (every level's mask derived from the grid's),
// PeriodicSolids wrapped, Tunnel with the Dirichlet outflow on every level.
enum class Walls { Box, Lid, Periodic, Tunnel, Solids, PeriodicSolids, TunnelSolids };

bool hasSolids(Walls w)
{
    return w == Walls::Solids || w == Walls::PeriodicSolids || w == Walls::TunnelSolids;
}

struct Grid {
    const char* name;
    int width, height;  // 45x37: 45 -> 23 (one child at the edge); 37 -> 19 (one) -> 9 (three)
};

SimParams paramsFor(Walls walls, Grid grid)
{
    SimParams p;
    p.gridWidth = grid.width;
    p.gridHeight = grid.height;
    p.pressureSolver = PressureSolver::Multigrid;
    p.multigridCycles = 1;
    p.boundary = walls == Walls::Periodic || walls == Walls::PeriodicSolids ? BoundaryMode::Periodic
                 : walls == Walls::Tunnel || walls == Walls::TunnelSolids   ? BoundaryMode::Tunnel
                                                                            : BoundaryMode::Box;
    p.lidSpeed = walls == Walls::Lid ? 1.0f : 0.0f;
    return p;
}

// Where a pass writes: the pressure (level 0), or a coarse level's iterate or
// right-hand side; kCoarsest: the pyramid's last level.
struct Output {
    int level;
    bool rhs;
};
constexpr int kCoarsest = -1;

struct MgPass {
    const char* name;
    Output output;
    std::function<void(sim::GpuMultigrid&)> onGpu;
    std::function<void(reference::CpuMultigrid&)> onCpu;
};

std::vector<MgPass> allPasses()
{
    return {
        {"smooth_level0", {0, false}, [](auto& g) { g.smooth(0, false); }, [](auto& c) { c.smooth(0, false); }},
        {"smooth_level1", {1, false}, [](auto& g) { g.smooth(1, false); }, [](auto& c) { c.smooth(1, false); }},
        {"smooth_zero_guess_level1",
         {1, false},
         [](auto& g) { g.smooth(1, true); },
         [](auto& c) { c.smooth(1, true); }},
        {"restrict_level0", {1, true}, [](auto& g) { g.restrictResidual(0); }, [](auto& c) { c.restrictResidual(0); }},
        {"restrict_level1", {2, true}, [](auto& g) { g.restrictResidual(1); }, [](auto& c) { c.restrictResidual(1); }},
        {"prolong_level0",
         {0, false},
         [](auto& g) { g.prolongCorrection(0); },
         [](auto& c) { c.prolongCorrection(0); }},
        {"prolong_level1",
         {1, false},
         [](auto& g) { g.prolongCorrection(1); },
         [](auto& c) { c.prolongCorrection(1); }},
        // Two sweeps in one draw (smooth.frag's TWO_SWEEPS) against two of the mirror's.
        {"smooth_twice_level1",
         {1, false},
         [](auto& g) { g.smoothTwice(1, false); },
         [](auto& c) {
             c.smooth(1, false);
             c.smooth(1, false);
         }},
        {"smooth_twice_zero_guess_level1",
         {1, false},
         [](auto& g) { g.smoothTwice(1, true); },
         [](auto& c) {
             c.smooth(1, true);
             c.smooth(1, false);
         }},
        // The pressure's coarsest level at once (12 x 10 cells on the even
        // grid, 11 x 9 on the odd one: each row sums 120 or 99 products).
        {"solve_coarsest",
         {kCoarsest, false},
         [](auto& g) { g.solveCoarsest(g.levelCount() - 1); },
         [](auto& c) { c.solveCoarsest(c.levelCount() - 1); }},
    };
}

Field download(const gl::RenderTarget& target)
{
    Field f(target.width(), target.height(), 1);
    target.download(f.data());
    return f;
}

// Random contents in every level of both pyramids, the same on both sides.
void fillPyramids(GpuSolver& gpu, CpuSolver& cpu, const SimParams& p, Walls walls)
{
    const FluidState state = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    const Field divergence = test::randomField(p.gridWidth, p.gridHeight, 1, 99, 10.0f);
    if (hasSolids(walls)) {
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    gpu.upload(state);
    cpu.upload(state);
    gpu.uploadDivergence(divergence);
    cpu.uploadDivergence(divergence);
    gpu.bindMultigrid();
    cpu.bindMultigrid();
    for (int l = 1; l < gpu.multigrid().levelCount(); ++l) {
        const MultigridLevel& size = gpu.multigrid().levels()[static_cast<std::size_t>(l)];
        const auto seed = static_cast<std::uint32_t>(100 + l);
        const Field x = test::randomField(size.width, size.height, 1, seed, 1.0f);
        const Field s = test::randomField(size.width, size.height, 1, seed + 50, 0.01f);
        gpu.multigrid().iterate(l).read().upload(x.data());
        gpu.multigrid().rhs(l).upload(s.data());
        cpu.multigrid().iterate(l) = x;
        cpu.multigrid().rhs(l) = s;
    }
}

Field gpuOutput(GpuSolver& g, Output o)
{
    if (o.level == kCoarsest) o.level = g.multigrid().levelCount() - 1;
    if (o.level == 0) return g.download().pressure;
    return download(o.rhs ? g.multigrid().rhs(o.level) : g.multigrid().iterate(o.level).read());
}

Field cpuOutput(CpuSolver& c, Output o)
{
    if (o.level == kCoarsest) o.level = c.multigrid().levelCount() - 1;
    if (o.level == 0) return c.state().pressure;
    return o.rhs ? c.multigrid().rhs(o.level) : c.multigrid().iterate(o.level);
}

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
        case Walls::Solids:
            return "Solids";
        case Walls::PeriodicSolids:
            return "PeriodicSolids";
        case Walls::TunnelSolids:
            return "TunnelSolids";
    }
    return "?";
}

class MultigridPassParity : public test::GlTest,
                            public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, Grid>> {};

TEST_P(MultigridPassParity, GpuMatchesCpu)
{
    const auto [index, walls, grid] = GetParam();
    const MgPass pass = allPasses()[index];
    const SimParams p = paramsFor(walls, grid);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    fillPyramids(gpu, cpu, p, walls);
    const Field before = cpuOutput(cpu, pass.output);

    pass.onGpu(gpu.multigrid());
    pass.onCpu(cpu.multigrid());

    const Field g = gpuOutput(gpu, pass.output);
    const Field c = cpuOutput(cpu, pass.output);
    const std::string label = std::string(pass.name) + "_" + name(walls) + "_" + grid.name;
    const test::FieldError e = test::compareFields(g, c);
    std::printf("  %-40s %s\n", label.c_str(), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, before).relativeL2, 1e-3) << label << ": the pass left its output unchanged";
    const bool ok = e.finite && e.maxAbs <= kPassMaxRel * e.maxRef && e.relativeL2 <= kPassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

constexpr Grid kEven{"48x40", 48, 40};
constexpr Grid kOdd{"45x37", 45, 37};

INSTANTIATE_TEST_SUITE_P(AllPasses, MultigridPassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, 10),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::Solids, Walls::PeriodicSolids,
                                                              Walls::TunnelSolids),
                                            ::testing::Values(kEven, kOdd)),
                         [](const ::testing::TestParamInfo<MultigridPassParity::ParamType>& param) {
                             return std::string(allPasses()[std::get<0>(param.param)].name) + "_" +
                                    name(std::get<1>(param.param)) + "_" + std::get<2>(param.param).name;
                         });

class MultigridCycleParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<Walls, Grid>> {};

// Two V-cycles through GpuSolver::solvePressure(), from a random pressure.
TEST_P(MultigridCycleParity, TwoVCyclesMatch)
{
    const auto [walls, grid] = GetParam();
    SimParams p = paramsFor(walls, grid);
    p.multigridCycles = 2;
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    fillPyramids(gpu, cpu, p, walls);
    gpu.solvePressure();
    cpu.solvePressure();
    const Field g = gpu.download().pressure;
    const Field& c = cpu.state().pressure;
    const test::FieldError e = test::compareFields(g, c);
    std::printf("  %s_%s: %s\n", name(walls), grid.name, test::describe(e).c_str());
    EXPECT_TRUE(e.finite);
    EXPECT_LE(e.maxAbs, kCycleMaxRel * e.maxRef) << test::describe(e);
    EXPECT_LE(e.relativeL2, kCycleL2) << test::describe(e);
}

INSTANTIATE_TEST_SUITE_P(AllWalls, MultigridCycleParity,
                         ::testing::Combine(::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::Solids, Walls::PeriodicSolids,
                                                              Walls::TunnelSolids),
                                            ::testing::Values(kEven, kOdd)),
                         [](const ::testing::TestParamInfo<MultigridCycleParity::ParamType>& param) {
                             return std::string(name(std::get<0>(param.param))) + "_" + std::get<1>(param.param).name;
                         });

}  // namespace
}  // namespace fluid
