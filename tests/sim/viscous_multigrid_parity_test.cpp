// The viscous multigrid passes (the VISCOUS variants of smooth,
// restrict_residual and prolong_correction) on the GPU against their CPU
// mirrors, one pass at a time on level 0 and on a coarse level, in the box
// with a lid (the lid's 2U on level 0 only), without, and periodic; and whole
// solves through GpuSolver::diffuse() / CpuSolver::diffuse(). On the
// staggered layout too: level 0's passes are then the STAGGERED variants
// (the face grid) against reference::staggered's, and the solve walks both.
#include <gtest/gtest.h>

#include <string>

#include "sim/multigrid_parity.hpp"
#include "sim/parity.hpp"

namespace fluid {
namespace {

using test::Grid;
using test::Walls;

// Tunnel: the inflow's 2U on level 0; Solids: the box with obstacles on
// every level; TunnelSolids both; TunnelWalls: the tunnel with no-slip top
// and bottom (the velocity rule's other branch, on every level).
const auto kAllWalls = ::testing::Values(test::kBox, test::kLid, test::kPeriodic, test::kTunnel, test::kTunnelWalls,
                                         test::kSolids, test::kTunnelSolids);

SimParams paramsFor(const Walls& walls, Grid grid, float viscosity, Layout layout = Layout::Collocated)
{
    SimParams p;
    p.layout = layout;
    p.gridWidth = grid.width;
    p.gridHeight = grid.height;
    test::applyWalls(p, walls);
    p.inflowSpeed = 0.8f;
    p.viscosity = viscosity;
    return p;
}

std::vector<test::MgPass> allPasses()
{
    std::vector<test::MgPass> passes{
        test::smoothPass("smooth_level0", 0, false),
        test::smoothPass("smooth_zero_guess_level0", 0, true),
        test::smoothPass("smooth_level1", 1, false),
        test::smoothPass("smooth_zero_guess_level1", 1, true),
    };
    for (test::MgPass& pass : test::transferPasses()) passes.push_back(std::move(pass));
    return passes;
}

// Both pyramids, level 0 included, filled with the same random values.
struct Pyramids {
    Pyramids(const SimParams& p, bool solids)
        : k(makePassConstants(p)),
          gpu(p.gridWidth, p.gridHeight, p.boundary, k, MultigridEquation::Viscous),
          cpu(p.gridWidth, p.gridHeight, MultigridEquation::Viscous),
          x0(p.gridWidth, p.gridHeight, gl::TextureFormat::RG32F, "x0"),
          b0(p.gridWidth, p.gridHeight, gl::TextureFormat::RG32F, "b0"),
          vao(gl::VertexArray::create())
    {
        cpuX0 = test::randomField(p.gridWidth, p.gridHeight, 2, 1234, 1.0f);
        cpuB0 = test::randomField(p.gridWidth, p.gridHeight, 2, 99, 1.0f);
        cpuScratch = Field(p.gridWidth, p.gridHeight, 2);
        // Level 0's textures carry the rule as their wrap mode, as GpuSolver's do.
        const gl::Wrap wrap = p.boundary == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
        for (gl::RenderTarget* t : {&x0.read(), &x0.write(), &b0}) t->setWrap(wrap);
        x0.read().upload(cpuX0.data());
        b0.upload(cpuB0.data());
        if (solids) {
            const Field mask = test::mixedObstacles(p.gridWidth, p.gridHeight);
            solidMask = SolidMask(mask);
            k.solid = &solidMask;
            gpu.setObstacles(mask);
            cpu.setObstacles(mask);
        }
        gpu.bind(x0, b0, vao);
        cpu.bind(cpuX0, cpuScratch, cpuB0, k, {});
        test::fillCoarseLevels(gpu, cpu, 2, 0.1f);
    }
    Field gpuOutput(test::MgOutput o)
    {
        return test::downloadTarget(o.level == 0 ? x0.read()
                                    : o.rhs      ? gpu.rhs(o.level)
                                                 : gpu.iterate(o.level).read(),
                                    2);
    }
    Field cpuOutput(test::MgOutput o)
    {
        if (o.level == 0) return cpuX0;
        return o.rhs ? cpu.rhs(o.level) : cpu.iterate(o.level);
    }

    SolidMask solidMask;  // level 0's, when there are obstacles
    PassConstants k;
    sim::GpuMultigrid gpu;
    reference::CpuMultigrid cpu;
    gl::PingPong x0;
    gl::RenderTarget b0;
    gl::VertexArray vao;
    Field cpuX0, cpuB0, cpuScratch;
};

void expectPassParity(std::size_t index, const Walls& walls, Grid grid, float viscosity, Layout layout)
{
    const test::MgPass pass = allPasses()[index];
    Pyramids pyramids(paramsFor(walls, grid, viscosity, layout), walls.solids);
    const Field before = pyramids.cpuOutput(pass.output);
    pass.onGpu(pyramids.gpu);
    pass.onCpu(pyramids.cpu);
    const std::string label = std::string(layout == Layout::Staggered ? "viscous_staggered_" : "viscous_") + pass.name +
                              "_" + walls.name + "_" + grid.name;
    std::printf("  nu=%g\n", static_cast<double>(viscosity));
    test::expectParity(label, pyramids.gpuOutput(pass.output), pyramids.cpuOutput(pass.output), before,
                       {test::kSinglePassMaxRel, test::kSinglePassL2});
}

class ViscousPassParity : public test::GlTest,
                          public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, Grid, float>> {};

TEST_P(ViscousPassParity, GpuMatchesCpu)
{
    const auto& [index, walls, grid, viscosity] = GetParam();
    expectPassParity(index, walls, grid, viscosity, Layout::Collocated);
}

// The staggered layout's level-0 passes (the face grid; the coarse ones are
// the collocated cases' own): a ~ 100, where the neighbours weigh most.
class StaggeredViscousPassParity : public test::GlTest,
                                   public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, Grid>> {};

TEST_P(StaggeredViscousPassParity, GpuMatchesCpu)
{
    const auto [index, walls, grid] = GetParam();
    expectPassParity(index, walls, grid, 1.0f, Layout::Staggered);
}

INSTANTIATE_TEST_SUITE_P(LevelZero, StaggeredViscousPassParity,
                         ::testing::Combine(::testing::Values<std::size_t>(0, 1, 4, 6), kAllWalls,
                                            ::testing::Values(test::kEven, test::kOdd)),
                         test::caseName(allPasses));

// nu = 1e-4 (a ~ 0.01 on these grids) and 1 (a ~ 100).
INSTANTIATE_TEST_SUITE_P(AllPasses, ViscousPassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, 10), kAllWalls,
                                            ::testing::Values(test::kEven, test::kOdd), ::testing::Values(1e-4f, 1.0f)),
                         [](const ::testing::TestParamInfo<ViscousPassParity::ParamType>& param) {
                             return std::string(allPasses()[std::get<0>(param.param)].name) + "_" +
                                    std::get<1>(param.param).name + "_" + std::get<2>(param.param).name +
                                    (std::get<3>(param.param) > 0.5f ? "_nu1" : "_nu1em4");
                         });

// The whole planned solve through the solvers' diffuse(): the multigrid's
// passes, as Chebyshev-weighted sweeps of level 0 at a ~ 1 and as V-cycles at
// large a.
void expectSolveParity(const Walls& walls, Grid grid, float viscosity, Layout layout)
{
    const SimParams p = paramsFor(walls, grid, viscosity, layout);
    test::SolverPair both(p);
    const FluidState state = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    both.onBoth([&](auto& s) {
        s.upload(state);
        if (walls.solids) s.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        s.diffuse();
    });
    const ViscousSolvePlan plan = planViscousSolve(p, both.cpu.constants());
    const test::FieldError e = test::compareFields(both.gpu.download().velocity, both.cpu.state().velocity);
    std::printf("  %s%s_%s nu=%g (%d cycles, %d Chebyshev-weighted sweeps): %s\n",
                layout == Layout::Staggered ? "staggered_" : "", walls.name, grid.name, static_cast<double>(viscosity),
                plan.vCycles, plan.chebyshevSweeps, test::describe(e).c_str());
    EXPECT_GT(plan.vCycles + plan.chebyshevSweeps, 0);
    EXPECT_TRUE(e.finite);
    EXPECT_LE(e.maxAbs, test::kSolveMaxRel * e.maxRef) << test::describe(e);
    EXPECT_LE(e.relativeL2, test::kSolveL2) << test::describe(e);
}

class ViscousSolveParity : public test::GlTest, public ::testing::WithParamInterface<std::tuple<Walls, Grid, float>> {};

TEST_P(ViscousSolveParity, DiffuseMatches)
{
    const auto [walls, grid, viscosity] = GetParam();
    expectSolveParity(walls, grid, viscosity, Layout::Collocated);
}

// The staggered layout's solve, the same bound: its cycles chain as many
// passes (6 cycles at nu = 0.1, a ~ 3.5, and at nu = 10, a ~ 380; at nu =
// 0.03, a ~ 1, 12 Chebyshev-weighted sweeps). The
// odd grid only (a coarse cell with one child), to keep the suite short: the
// even one adds nothing the pass cases do not cover.
class StaggeredViscousSolveParity : public test::GlTest,
                                    public ::testing::WithParamInterface<std::tuple<Walls, Grid, float>> {};

TEST_P(StaggeredViscousSolveParity, DiffuseMatches)
{
    const auto [walls, grid, viscosity] = GetParam();
    expectSolveParity(walls, grid, viscosity, Layout::Staggered);
}

INSTANTIATE_TEST_SUITE_P(AllWalls, StaggeredViscousSolveParity,
                         ::testing::Combine(kAllWalls, ::testing::Values(test::kOdd),
                                            ::testing::Values(0.03f, 0.1f, 10.0f)),
                         [](const ::testing::TestParamInfo<StaggeredViscousSolveParity::ParamType>& param) {
                             const float nu = std::get<2>(param.param);
                             return std::string(std::get<0>(param.param).name) + "_" + std::get<1>(param.param).name +
                                    (nu > 1.0f    ? "_nu10"
                                     : nu > 0.05f ? "_nu0_1"
                                                  : "_nu0_03");
                         });

// nu = 0.03 (a ~ 1.1: 12 Chebyshev-weighted sweeps) and 10 (a ~ 380: 6 cycles).
INSTANTIATE_TEST_SUITE_P(AllWalls, ViscousSolveParity,
                         ::testing::Combine(kAllWalls, ::testing::Values(test::kEven, test::kOdd),
                                            ::testing::Values(0.03f, 10.0f)),
                         [](const ::testing::TestParamInfo<ViscousSolveParity::ParamType>& param) {
                             return std::string(std::get<0>(param.param).name) + "_" + std::get<1>(param.param).name +
                                    (std::get<2>(param.param) > 1.0f ? "_nu10" : "_nu0_03");
                         });

}  // namespace
}  // namespace fluid
