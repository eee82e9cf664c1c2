// The viscous multigrid passes (the VISCOUS variants of smooth,
// restrict_residual and prolong_correction) on the GPU against their CPU
// mirrors, one pass at a time on level 0 and on a coarse level, in the box
// with a lid (the lid's 2U on level 0 only), without, and periodic; and whole
// solves through GpuSolver::diffuse() / CpuSolver::diffuse(). On the
// staggered layout too: level 0's passes are then the STAGGERED variants
// (the face grid) against reference::staggered's, and the solve walks both.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "reference/cpu_solver.hpp"
#include "sim/gpu_multigrid.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"

namespace fluid {
namespace {

// As for the pressure passes (multigrid_parity_test.cpp): each pass is a
// handful of float operations per component on values read through the same
// boundary rule; a GPU compiler may contract a*b + c into one FMA, a rounding
// of the result's magnitude at most.
constexpr double kPassMaxRel = 2e-6;
constexpr double kPassL2 = 1e-6;
// A solve chains up to 6 V-cycles (~40 passes each over 5-6 levels). The
// weighted sweeps do not amplify rounding, but from x = 0 the result is
// built from corrections: a rounding of b's magnitude at every pass, of which
// ~100 land on level 0, gives ~1e-5 relative at worst. Measured on llvmpipe:
// 1.4e-6 relative L2 and 1.5e-6 max (periodic, nu = 10, where the result is
// 1/40 of b's size), 4e-8 at nu = 0.03.
constexpr double kSolveMaxRel = 3e-5;
constexpr double kSolveL2 = 1e-5;

// Tunnel: the inflow's 2U on level 0; Solids: the box with obstacles on
// every level; TunnelSolids both; TunnelWalls: the tunnel with no-slip top
// and bottom (the velocity rule's other branch, on every level).
enum class Walls { Box, Lid, Periodic, Tunnel, TunnelWalls, Solids, TunnelSolids };
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
        case Walls::Solids:
            return "Solids";
        case Walls::TunnelSolids:
            return "TunnelSolids";
    }
    return "?";
}
bool hasSolids(Walls w)
{
    return w == Walls::Solids || w == Walls::TunnelSolids;
}

struct Grid {
    const char* name;
    int width, height;
};
constexpr Grid kEven{"48x40", 48, 40};
constexpr Grid kOdd{"45x37", 45, 37};

SimParams paramsFor(Walls walls, Grid grid, float viscosity, Layout layout = Layout::Collocated)
{
    SimParams p;
    p.layout = layout;
    p.gridWidth = grid.width;
    p.gridHeight = grid.height;
    p.boundary = walls == Walls::Periodic                                 ? BoundaryMode::Periodic
                 : walls == Walls::Tunnel || walls == Walls::TunnelSolids ? BoundaryMode::Tunnel
                 : walls == Walls::TunnelWalls                            ? BoundaryMode::TunnelWalls
                                                                          : BoundaryMode::Box;
    p.lidSpeed = walls == Walls::Lid ? 1.0f : 0.0f;
    p.inflowSpeed = 0.8f;
    p.viscosity = viscosity;
    return p;
}

struct Output {
    int level;
    bool rhs;
};

struct Pass {
    const char* name;
    Output output;
    std::function<void(sim::GpuMultigrid&)> onGpu;
    std::function<void(reference::CpuMultigrid&)> onCpu;
};

std::vector<Pass> allPasses()
{
    return {
        {"smooth_level0", {0, false}, [](auto& g) { g.smooth(0, false); }, [](auto& c) { c.smooth(0, false); }},
        {"smooth_zero_guess_level0",
         {0, false},
         [](auto& g) { g.smooth(0, true); },
         [](auto& c) { c.smooth(0, true); }},
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
    };
}

Field download(const gl::RenderTarget& target)
{
    Field f(target.width(), target.height(), 2);
    target.download(f.data());
    return f;
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
        for (int l = 1; l < gpu.levelCount(); ++l) {
            const MultigridLevel& size = gpu.levels()[static_cast<std::size_t>(l)];
            const auto seed = static_cast<std::uint32_t>(100 + l);
            const Field x = test::randomField(size.width, size.height, 2, seed, 1.0f);
            const Field s = test::randomField(size.width, size.height, 2, seed + 50, 0.1f);
            gpu.iterate(l).read().upload(x.data());
            gpu.rhs(l).upload(s.data());
            cpu.iterate(l) = x;
            cpu.rhs(l) = s;
        }
    }
    Field gpuOutput(Output o)
    {
        if (o.level == 0) return download(x0.read());
        return download(o.rhs ? gpu.rhs(o.level) : gpu.iterate(o.level).read());
    }
    Field cpuOutput(Output o)
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

void expectPassParity(std::size_t index, Walls walls, Grid grid, float viscosity, Layout layout)
{
    const Pass pass = allPasses()[index];
    Pyramids pyramids(paramsFor(walls, grid, viscosity, layout), hasSolids(walls));
    const Field before = pyramids.cpuOutput(pass.output);

    pass.onGpu(pyramids.gpu);
    pass.onCpu(pyramids.cpu);

    const Field g = pyramids.gpuOutput(pass.output);
    const Field c = pyramids.cpuOutput(pass.output);
    const std::string label = std::string(layout == Layout::Staggered ? "viscous_staggered_" : "viscous_") + pass.name +
                              "_" + name(walls) + "_" + grid.name;
    const test::FieldError e = test::compareFields(g, c);
    std::printf("  %-48s nu=%g %s\n", label.c_str(), static_cast<double>(viscosity), test::describe(e).c_str());
    EXPECT_GT(test::compareFields(c, before).relativeL2, 1e-3) << label << ": the pass left its output unchanged";
    const bool ok = e.finite && e.maxAbs <= kPassMaxRel * e.maxRef && e.relativeL2 <= kPassL2;
    EXPECT_TRUE(ok) << label << ": " << test::describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : test::dumpFields(label, g, c));
}

class ViscousPassParity : public test::GlTest,
                          public ::testing::WithParamInterface<std::tuple<std::size_t, Walls, Grid, float>> {};

TEST_P(ViscousPassParity, GpuMatchesCpu)
{
    const auto [index, walls, grid, viscosity] = GetParam();
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
                         ::testing::Combine(::testing::Values<std::size_t>(0, 1, 4, 6),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::TunnelWalls, Walls::Solids, Walls::TunnelSolids),
                                            ::testing::Values(kEven, kOdd)),
                         [](const ::testing::TestParamInfo<StaggeredViscousPassParity::ParamType>& param) {
                             return std::string(allPasses()[std::get<0>(param.param)].name) + "_" +
                                    name(std::get<1>(param.param)) + "_" + std::get<2>(param.param).name;
                         });

// nu = 1e-4 (a ~ 0.01 on these grids) and 1 (a ~ 100).
INSTANTIATE_TEST_SUITE_P(AllPasses, ViscousPassParity,
                         ::testing::Combine(::testing::Range<std::size_t>(0, 10),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::TunnelWalls, Walls::Solids, Walls::TunnelSolids),
                                            ::testing::Values(kEven, kOdd), ::testing::Values(1e-4f, 1.0f)),
                         [](const ::testing::TestParamInfo<ViscousPassParity::ParamType>& param) {
                             return std::string(allPasses()[std::get<0>(param.param)].name) + "_" +
                                    name(std::get<1>(param.param)) + "_" + std::get<2>(param.param).name +
                                    (std::get<3>(param.param) > 0.5f ? "_nu1" : "_nu1em4");
                         });

// The whole planned solve through the solvers' diffuse(): the multigrid's
// passes, as Chebyshev-weighted sweeps of level 0 at a ~ 1 and as V-cycles at
// large a.
void expectSolveParity(Walls walls, Grid grid, float viscosity, Layout layout)
{
    const SimParams p = paramsFor(walls, grid, viscosity, layout);
    GpuSolver gpu(p);
    CpuSolver cpu(p);
    const FluidState state = test::randomState(p.gridWidth, p.gridHeight, 1234, 1.0f);
    gpu.upload(state);
    cpu.upload(state);
    if (hasSolids(walls)) {
        gpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
        cpu.setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    gpu.diffuse();
    cpu.diffuse();
    const ViscousSolvePlan plan = planViscousSolve(p, cpu.constants());
    const Field g = gpu.download().velocity;
    const Field& c = cpu.state().velocity;
    const test::FieldError e = test::compareFields(g, c);
    std::printf("  %s%s_%s nu=%g (%d cycles, %d Chebyshev-weighted sweeps): %s\n",
                layout == Layout::Staggered ? "staggered_" : "", name(walls), grid.name, static_cast<double>(viscosity),
                plan.vCycles, plan.chebyshevSweeps, test::describe(e).c_str());
    EXPECT_GT(plan.vCycles + plan.chebyshevSweeps, 0);
    EXPECT_TRUE(e.finite);
    EXPECT_LE(e.maxAbs, kSolveMaxRel * e.maxRef) << test::describe(e);
    EXPECT_LE(e.relativeL2, kSolveL2) << test::describe(e);
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
                         ::testing::Combine(::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::TunnelWalls, Walls::Solids, Walls::TunnelSolids),
                                            ::testing::Values(kOdd), ::testing::Values(0.03f, 0.1f, 10.0f)),
                         [](const ::testing::TestParamInfo<StaggeredViscousSolveParity::ParamType>& param) {
                             const float nu = std::get<2>(param.param);
                             return std::string(name(std::get<0>(param.param))) + "_" + std::get<1>(param.param).name +
                                    (nu > 1.0f    ? "_nu10"
                                     : nu > 0.05f ? "_nu0_1"
                                                  : "_nu0_03");
                         });

// nu = 0.03 (a ~ 1.1: 12 Chebyshev-weighted sweeps) and 10 (a ~ 380: 6 cycles).
INSTANTIATE_TEST_SUITE_P(AllWalls, ViscousSolveParity,
                         ::testing::Combine(::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic, Walls::Tunnel,
                                                              Walls::TunnelWalls, Walls::Solids, Walls::TunnelSolids),
                                            ::testing::Values(kEven, kOdd), ::testing::Values(0.03f, 10.0f)),
                         [](const ::testing::TestParamInfo<ViscousSolveParity::ParamType>& param) {
                             return std::string(name(std::get<0>(param.param))) + "_" + std::get<1>(param.param).name +
                                    (std::get<2>(param.param) > 1.0f ? "_nu10" : "_nu0_03");
                         });

}  // namespace
}  // namespace fluid
