// BFECC advection (shaders/bfecc.glsl, reference::bfeccError and
// bfeccCorrection through CpuSolver::advect) on flows whose answer is known,
// on both layouts: a smooth wave carried by a uniform flow through the
// periodic box (exact: the wave shifted by u t), whose error must fall
// clearly below the semi-Lagrangian one and shrink as a second-order
// scheme's when the grid is refined; and a sharp dye front, which may gain no
// new extremum. MacCormack with the reverting limiter on the same flows: the
// wave as MacCormack carries it, no new extremum. GPU parity is in
// tests/sim/scheme_parity_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <utility>

#include "reference/cpu_solver.hpp"

namespace fluid::reference {
namespace {

// The uniform flow, m/s: traces of 0.37 cells a step in x and 0.21 in y at
// the CFL number below, bilinear weights far from 0 and 1, where the
// first-order read damps most.
constexpr float kSpeedX = 1.0f;
constexpr float kSpeedY = 0.21f / 0.37f;
constexpr float kCfl = 0.37f;

// Only advection, in the periodic unit box: no viscosity, and no projection
// (a uniform flow is divergence-free).
SimParams carriedOnly(AdvectionScheme scheme, Layout layout, int cells)
{
    SimParams p;
    p.gridWidth = p.gridHeight = cells;
    p.layout = layout;
    p.boundary = BoundaryMode::Periodic;
    p.viscosity = 0.0f;
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = 0;
    p.advection = scheme;
    p.dt = kCfl / static_cast<float>(cells);
    return p;
}

// Dye channel 0: sin(2 pi (x + y)) at the cells' centres, shifted by (dx, dy) m;
// the velocity uniform (the staggered faces hold the same components).
FluidState wave(int cells, double dx, double dy)
{
    FluidState s = FluidState::zeros(cells, cells);
    const double h = 1.0 / cells;
    for (int j = 0; j < cells; ++j)
        for (int i = 0; i < cells; ++i) {
            const double phase = (i + 0.5) * h - dx + (j + 0.5) * h - dy;
            s.dye.at(i, j, 0) = static_cast<float>(std::sin(2.0 * std::numbers::pi * phase));
            s.velocity.at(i, j, 0) = kSpeedX;
            s.velocity.at(i, j, 1) = kSpeedY;
        }
    return s;
}

// The wave carried for a quarter of a second (one crossing in x takes 1 s):
// the root mean square of the dye's error against the exact shifted wave. Not
// the largest error: at the crests the limiter clips, and clipping converges
// at first order, as in any limited scheme.
double waveError(AdvectionScheme scheme, Layout layout, int cells)
{
    const SimParams p = carriedOnly(scheme, layout, cells);
    CpuSolver solver(p, 1);
    solver.upload(wave(cells, 0.0, 0.0));
    const int steps = static_cast<int>(std::lround(0.25 / static_cast<double>(p.dt)));
    for (int n = 0; n < steps; ++n) solver.advect();
    const double t = steps * static_cast<double>(p.dt);
    const Field exact = wave(cells, kSpeedX * t, kSpeedY * t).dye;
    double squares = 0.0;
    for (int j = 0; j < cells; ++j)
        for (int i = 0; i < cells; ++i) {
            const double d = solver.state().dye.at(i, j, 0) - exact.at(i, j, 0);
            squares += d * d;
        }
    const double rms = std::sqrt(squares / (cells * cells));
    std::printf("[ measured ] %s, %s, %d^2, %d steps: rms dye error %.6f\n", toString(scheme), toString(layout), cells,
                steps, rms);
    return rms;
}

class Bfecc : public ::testing::TestWithParam<Layout> {};

// Measured (both layouts alike): on 32^2 semi-Lagrangian 0.110, BFECC 0.0058
// (MacCormack 0.0174); BFECC on 64^2 0.0016 (3.6x less) and on 128^2 0.00049
// (3.3x less): second order but for the limiter's clipping at the crests.
// MacCormack with the reverting limiter, which near the crests falls back to
// the first-order value rather than keeping what of the correction fits:
// 0.0287 on 32^2, 0.0085 on 64^2 (3.4x less). Bounds: BFECC below a tenth of
// semi-Lagrangian, the reverting MacCormack below 0.3 of it, and both at
// least 3x smaller on the grid twice as fine (a first-order scheme gives 2x).
TEST_P(Bfecc, CarriesASmoothWaveToSecondOrder)
{
    const double coarseSemi = waveError(AdvectionScheme::SemiLagrangian, GetParam(), 32);
    const std::pair<AdvectionScheme, double> schemes[] = {{AdvectionScheme::Bfecc, 0.1},
                                                          {AdvectionScheme::MacCormackRevert, 0.3}};
    for (const auto& [scheme, shareOfSemi] : schemes) {
        const double coarse = waveError(scheme, GetParam(), 32);
        const double fine = waveError(scheme, GetParam(), 64);
        EXPECT_LT(coarse, shareOfSemi * coarseSemi) << toString(scheme);
        EXPECT_GT(coarse / fine, 3.0) << toString(scheme);
    }
}

// A dye square (1 inside, 0 outside) carried diagonally by a jet (1 m/s inside
// the square, 0.5 m/s outside): every value stays within the range of the
// start, [0, 1] for the dye and [0.5, 1] m/s for the velocity, as the
// semi-Lagrangian scheme keeps it; in the closed box, whose walls' ghosts hold
// -u, the velocity within [-1, 1]. Unlimited, BFECC overshoots at such fronts.
TEST_P(Bfecc, MakesNoNewExtremaAtFronts)
{
    constexpr int kCells = 32;
    for (const AdvectionScheme scheme : {AdvectionScheme::Bfecc, AdvectionScheme::MacCormackRevert})
        for (const BoundaryMode mode : {BoundaryMode::Periodic, BoundaryMode::Box}) {
            SimParams p = carriedOnly(scheme, GetParam(), kCells);
            p.boundary = mode;
            CpuSolver solver(p, 1);
            FluidState s = FluidState::zeros(kCells, kCells);
            for (int j = 0; j < kCells; ++j)
                for (int i = 0; i < kCells; ++i) {
                    const bool inside = i >= 8 && i < 18 && j >= 10 && j < 20;
                    s.dye.at(i, j, 0) = s.dye.at(i, j, 2) = inside ? 1.0f : 0.0f;
                    s.velocity.at(i, j, 0) = s.velocity.at(i, j, 1) = inside ? 1.0f : 0.5f;
                }
            solver.upload(s);
            float dye[2] = {0.0f, 1.0f};
            float speed[2] = {0.5f, 1.0f};
            for (int n = 0; n < 20; ++n) {
                solver.advect();
                for (const float v : solver.state().dye.values()) {
                    dye[0] = std::fmin(dye[0], v);
                    dye[1] = std::fmax(dye[1], v);
                }
                for (const float v : solver.state().velocity.values()) {
                    speed[0] = std::fmin(speed[0], v);
                    speed[1] = std::fmax(speed[1], v);
                }
            }
            const std::string where = std::string(toString(scheme)) + ", " + toString(mode);
            std::printf("[ measured ] %s, %s: after 20 steps dye in [%.9g, %.9g], velocity in [%.9g, %.9g]\n",
                        toString(GetParam()), where.c_str(), dye[0], dye[1], speed[0], speed[1]);
            EXPECT_GE(dye[0], 0.0f) << where;
            EXPECT_LE(dye[1], 1.0f) << where;
            EXPECT_GE(speed[0], mode == BoundaryMode::Periodic ? 0.5f : -1.0f) << where;
            EXPECT_LE(speed[1], 1.0f) << where;
            // The front must have moved, or the bounds prove nothing.
            EXPECT_GT(solver.state().dye.at(20, 22, 0), 0.5f) << where;
        }
}

// With dissipation the forward step scales by decay = 1 / (1 + rate dt); the
// stages must not undo it: a uniform dye decays as the semi-Lagrangian
// scheme decays it (decay^n, to float rounding).
TEST_P(Bfecc, DecaysAUniformFieldLikeSemiLagrangian)
{
    for (const AdvectionScheme scheme : {AdvectionScheme::Bfecc, AdvectionScheme::MacCormackRevert}) {
        SimParams p = carriedOnly(scheme, GetParam(), 32);
        p.dyeDissipation = 2.0f;
        CpuSolver solver(p, 1);
        FluidState s = wave(32, 0.0, 0.0);
        s.dye.fill(0.5f);
        solver.upload(s);
        for (int n = 0; n < 10; ++n) solver.advect();
        const double expected = 0.5 * std::pow(static_cast<double>(solver.constants().dyeDecay), 10);
        EXPECT_NEAR(solver.state().dye.at(5, 7, 0), expected, 1e-6) << toString(scheme);
        EXPECT_LT(solver.state().dye.at(5, 7, 0), 0.45f) << toString(scheme);  // it did decay
    }
}

INSTANTIATE_TEST_SUITE_P(Layouts, Bfecc, ::testing::Values(Layout::Collocated, Layout::Staggered),
                         [](const ::testing::TestParamInfo<Layout>& layout) { return toString(layout.param); });

}  // namespace
}  // namespace fluid::reference
