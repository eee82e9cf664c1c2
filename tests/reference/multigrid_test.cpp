// The multigrid pressure solve on the CPU reference: the pyramid's shape, and
// that a V-cycle reduces the Poisson residual by a grid-independent factor on
// every boundary rule and on grids that are neither square nor powers of two.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <string>
#include <tuple>
#include <vector>

#include "core/multigrid.hpp"
#include "reference/cpu_solver.hpp"
#include "reference/multigrid.hpp"
#include "support/fields.hpp"
#include "support/param_name.hpp"

namespace fluid {
namespace {

TEST(MultigridLevels, RoundTheGridOverPowersOfTwoDownToTwoByTwo)
{
    const auto levels = multigridLevels(341, 256);
    ASSERT_EQ(levels.size(), 9u);  // 171x128 85x64 43x32 21x16 11x8 5x4 3x2 1x1
    EXPECT_EQ(levels[1].width, 171);
    EXPECT_EQ(levels[1].height, 128);
    EXPECT_EQ(levels[2].width, 85);  // 171 = 2 * 85 + 1: the last coarse cell takes three
    EXPECT_EQ(extraChild(171, 85), 170);
    EXPECT_EQ(extraChild(85, 43), -1);  // 85 = 2 * 43 - 1: the last coarse cell has one child
    EXPECT_EQ(levels.back().width, 1);
    EXPECT_EQ(levels.back().height, 1);
    EXPECT_EQ(multigridLevels(2, 2).size(), 1u);
    EXPECT_EQ(multigridLevels(8, 8).size(), 3u);
    // Every level spans the grid to within half of its own cell.
    for (std::size_t l = 0; l < levels.size(); ++l)
        EXPECT_LE(std::abs(levels[l].width * (1 << l) - 341), (1 << l) / 2 + 1) << "level " << l;
}

// The interior fast path of each multigrid pass against the per-cell form
// (the shader line for line), bit for bit: a reordered sum would stay within
// the GPU parity tests' tolerance, so only this catches it.
bool bitwiseEqual(const Field& a, const Field& b)
{
    return a.sameShape(b) && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

class MultigridFastPath : public ::testing::TestWithParam<std::tuple<int, int, BoundaryMode, int>> {};

TEST_P(MultigridFastPath, MatchesThePerCellFormBitForBit)
{
    const auto [width, height, boundary, threads] = GetParam();
    SimParams p;
    p.gridWidth = std::max(width, 8);  // validate() wants 8; the constants below take the real size
    p.gridHeight = std::max(height, 8);
    p.boundary = boundary;
    PassConstants k = makePassConstants(p);
    k.width = width;
    k.height = height;
    const MultigridLevel coarse = multigridLevels(width, height).at(1);
    const PassConstants coarseK = reference::levelConstants(k, coarse, pressureLevel(k, 1));
    const Field x = test::randomField(width, height, 1, 5, 1.0f);
    const Field rhs = test::randomField(width, height, 1, 6, 3.0f);
    const Field correction = test::randomField(coarse.width, coarse.height, 1, 7, 1.0f);
    const reference::Exec fast{threads, false};
    const reference::Exec perCell{threads, true};

    LevelOperator op = pressureLevel(k, 0);
    op.rhsScale = 0.3f;  // not a round number: the product must round alike on both paths
    Field a(width, height, 1), b(width, height, 1);
    for (const bool zeroGuess : {false, true}) {
        reference::smooth(x, rhs, op, zeroGuess, a, k, fast);
        reference::smooth(x, rhs, op, zeroGuess, b, k, perCell);
        EXPECT_TRUE(bitwiseEqual(a, b)) << "smooth, zeroGuess " << zeroGuess;
    }
    Field ca(coarse.width, coarse.height, 1), cb(coarse.width, coarse.height, 1);
    reference::restrictResidual(x, rhs, op, ca, k, fast);
    reference::restrictResidual(x, rhs, op, cb, k, perCell);
    EXPECT_TRUE(bitwiseEqual(ca, cb)) << "restrictResidual";
    reference::prolongCorrection(x, correction, a, coarseK, fast);
    reference::prolongCorrection(x, correction, b, coarseK, perCell);
    EXPECT_TRUE(bitwiseEqual(a, b)) << "prolongCorrection";
}

INSTANTIATE_TEST_SUITE_P(GridsRulesThreads, MultigridFastPath,
                         ::testing::Combine(::testing::Values(48, 45, 7, 3), ::testing::Values(40, 37, 5),
                                            ::testing::Values(BoundaryMode::Box, BoundaryMode::Periodic),
                                            ::testing::Values(1, 3)),
                         [](const ::testing::TestParamInfo<MultigridFastPath::ParamType>& param) {
                             return std::to_string(std::get<0>(param.param)) + "x" +
                                    std::to_string(std::get<1>(param.param)) + "_" +
                                    toString(std::get<2>(param.param)) + "_threads" +
                                    std::to_string(std::get<3>(param.param));
                         });

// A divergence with every scale in it: the divergence of a random velocity
// (high frequencies) plus that of a smooth swirl (the lowest modes, which
// Jacobi sweeps barely touch). The divergence of a velocity field satisfies the
// compatibility condition of the pure-Neumann and periodic problems.
Field testDivergence(const SimParams& p)
{
    FluidState s = test::randomState(p.gridWidth, p.gridHeight, 4242, 0.3f);
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i) {
            const double x = (i + 0.5) / p.gridWidth;
            const double y = (j + 0.5) / p.gridHeight;
            s.velocity.at(i, j, 0) +=
                static_cast<float>(std::sin(2 * std::numbers::pi * x) * std::cos(std::numbers::pi * y));
            s.velocity.at(i, j, 1) +=
                static_cast<float>(std::cos(3 * std::numbers::pi * x) * std::sin(2 * std::numbers::pi * y));
        }
    CpuSolver solver(p);
    solver.upload(s);
    solver.run(passes::divergence);
    return solver.divergenceField();
}

struct Case {
    const char* name;
    int width, height;
    BoundaryMode boundary;
    double after4;  // the relative residual that 4 V-cycles from p = 0 must reach
};

class MultigridConvergence : public ::testing::TestWithParam<Case> {};

TEST_P(MultigridConvergence, FourVCyclesReduceTheResidualByOrdersOfMagnitude)
{
    const Case c = GetParam();
    SimParams p;
    p.gridWidth = c.width;
    p.gridHeight = c.height;
    p.boundary = c.boundary;
    const PassConstants k = makePassConstants(p);
    const Field divergence = testDivergence(p);
    Field pressure(c.width, c.height, 1);
    Field scratch(c.width, c.height, 1);
    reference::CpuMultigrid mg(c.width, c.height);

    double residual = reference::relativePressureResidual(pressure, divergence, k);
    ASSERT_DOUBLE_EQ(residual, 1.0);
    std::string factors;
    double after4 = 0.0;
    for (int cycle = 0; cycle < 6; ++cycle) {
        mg.vCycle(pressure, scratch, divergence, k, {});
        const double next = reference::relativePressureResidual(pressure, divergence, k);
        if (cycle == 3) after4 = next;
        char factor[32];
        std::snprintf(factor, sizeof factor, " %.4f", next / residual);
        factors += factor;
        residual = next;
    }
    std::printf("  %s: residual factor per cycle%s; after 6: %.3g\n", c.name, factors.c_str(), residual);
    EXPECT_LT(after4, c.after4) << factors;
    // 40 Jacobi sweeps, today's default, for scale: they leave nearly all of the
    // smooth part of the residual.
    if (c.width == 256) {
        Field jacobi(c.width, c.height, 1);
        for (int n = 0; n < 40; ++n) {
            reference::pressure(jacobi, divergence, scratch, k, {});
            jacobi.swap(scratch);
        }
        const double jacobiResidual = reference::relativePressureResidual(jacobi, divergence, k);
        std::printf("  %s: 40 Jacobi sweeps leave %.3g\n", c.name, jacobiResidual);
        EXPECT_GT(jacobiResidual, 100 * after4);
    }
}

INSTANTIATE_TEST_SUITE_P(Grids, MultigridConvergence,
                         // Bounds: about 3x the residual measured after 4 cycles
                         // (1.6e-4, 8.9e-4, 5.4e-3, 2.4e-4, 1.6e-4, 1.9e-4, 2.2e-4).
                         ::testing::Values(Case{"Box256", 256, 256, BoundaryMode::Box, 5e-4},
                                           Case{"Box341x256", 341, 256, BoundaryMode::Box, 3e-3},
                                           Case{"Box100x37", 100, 37, BoundaryMode::Box, 1.5e-2},
                                           Case{"Box257", 257, 257, BoundaryMode::Box, 7e-4},
                                           Case{"Periodic256", 256, 256, BoundaryMode::Periodic, 5e-4},
                                           Case{"Periodic96x80", 96, 80, BoundaryMode::Periodic, 6e-4},
                                           Case{"Periodic341x256", 341, 256, BoundaryMode::Periodic, 7e-4}),
                         test::paramName);

// What the step's pressure solve leaves, on a flow driven by two strokes (the
// demo's situation): the relative Poisson residual after each step's solve,
// averaged over steps 20..80, warm-started as in the window. The default
// (2 V-cycles) must leave at most a tenth of what 40 warm-started Jacobi
// sweeps, the default before multigrid, leave. Measured at 171 x 128 (and at
// 341 x 256, 120 steps): Jacobi 40: 0.34 (0.70), 2 V-cycles: 0.0088 (0.012).
double meanResidualOnADrivenFlow(PressureSolver solver, int cycles, int sweeps)
{
    SimParams p;
    p.gridWidth = 171;
    p.gridHeight = 128;
    p.domainWidth = 171.0f / 128.0f;
    p.pressureSolver = solver;
    p.multigridCycles = cycles;
    p.pressureIterations = sweeps;
    p.vorticity = 0.5f;
    CpuSolver s(p);
    double sum = 0.0;
    int count = 0;
    for (int step = 0; step < 80; ++step) {
        const float t = static_cast<float>(step) / 80.0f;
        const glm::vec2 b{0.8f, 0.2f + 0.5f * t};
        const std::vector<Splat> splats{Splat{.from = {0.3f + 0.5f * t, 0.5f},
                                              .to = {0.32f + 0.5f * t, 0.52f},
                                              .radius = 0.03f,
                                              .velocity = {2.0f, 0.5f}},
                                        Splat{.from = b, .to = b, .radius = 0.05f, .velocity = {-1.0f, 1.0f}}};
        s.step(splats);
        if (step < 20) continue;
        sum += reference::relativePressureResidual(s.state().pressure, s.divergenceField(), s.constants());
        ++count;
    }
    return sum / count;
}

TEST(MultigridInTheStep, TheDefaultLeavesATenthOfWhatFortyJacobiSweepsLeave)
{
    const SimParams defaults;
    ASSERT_EQ(defaults.pressureSolver, PressureSolver::Multigrid);
    const double jacobi = meanResidualOnADrivenFlow(PressureSolver::Jacobi, 0, 40);
    const double multigrid = meanResidualOnADrivenFlow(PressureSolver::Multigrid, defaults.multigridCycles, 0);
    std::printf("  relative Poisson residual after the step's solve: 40 Jacobi sweeps %.3g, %d V-cycles %.3g\n", jacobi,
                defaults.multigridCycles, multigrid);
    EXPECT_LT(multigrid, 0.1 * jacobi);
}

}  // namespace
}  // namespace fluid
