// MacCormack advection (reference::maccormack, maccormackScalar and
// CpuSolver::advectDye / advect with the scheme on) on flows whose answer is known: a smooth wave carried by a
// uniform flow through the periodic box, whose exact solution is the wave
// shifted by u t, and a sharp dye front, which may not gain a new extremum.
// GPU parity is in tests/sim/pass_parity_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/cpu_solver.hpp"
#include "reference/passes.hpp"

namespace fluid::reference {
namespace {

constexpr int kGrid = 32;

// Periodic unit box, only advection: no viscosity, and no projection (a
// uniform flow is divergence-free, the pressure solve would change nothing).
SimParams advectionOnly(AdvectionScheme scheme)
{
    SimParams p;
    p.gridWidth = p.gridHeight = kGrid;
    p.boundary = BoundaryMode::Periodic;
    p.viscosity = 0.0f;
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = 0;
    p.advection = scheme;
    // A back-trace of 0.37 cells a step in x and 0.21 in y: bilinear weights
    // far from 0 and 1, where the first-order read damps most.
    p.dt = 0.37f / (kGrid * 1.0f);
    return p;
}

constexpr float kSpeedX = 1.0f;  // m/s
constexpr float kSpeedY = 0.21f / 0.37f;

// Dye channel 0: sin(2 pi (x + y)) (x, y at the dye cells' centres, m, on a
// dye grid of dyeCells a side); the velocity uniform.
FluidState waveInUniformFlow(double shiftX, double shiftY, int dyeCells = kGrid)
{
    FluidState s = FluidState::zeros(FieldGrids{{kGrid, kGrid}, {dyeCells, dyeCells}});
    const double h = 1.0 / dyeCells;
    for (int j = 0; j < dyeCells; ++j)
        for (int i = 0; i < dyeCells; ++i) {
            const double x = (i + 0.5) * h - shiftX;
            const double y = (j + 0.5) * h - shiftY;
            s.dye.at(i, j, 0) = static_cast<float>(std::sin(2.0 * std::numbers::pi * (x + y)));
        }
    s.velocity.fill(0.0f);
    for (int j = 0; j < kGrid; ++j)
        for (int i = 0; i < kGrid; ++i) {
            s.velocity.at(i, j, 0) = kSpeedX;
            s.velocity.at(i, j, 1) = kSpeedY;
        }
    return s;
}

// One advection of every field: advect() carries the dye (on its own grid
// or not) by the velocity before the velocity carries itself.
void advectAll(CpuSolver& solver)
{
    solver.advect();
}

double maxDyeError(const Field& a, const Field& b)
{
    double e = 0.0;
    for (int j = 0; j < a.height(); ++j)
        for (int i = 0; i < a.width(); ++i) e = std::fmax(e, std::fabs(a.at(i, j, 0) - b.at(i, j, 0)));
    return e;
}

// After 40 steps the exact wave has moved by 40 dt u. Measured: the
// semi-Lagrangian wave is off by 0.265 (its amplitude damped by the bilinear
// reads), MacCormack's by 0.044, six times less (what remains: the limiter
// clipping the crests, and phase error). Bounds: MacCormack below 0.065 and
// below a quarter of the semi-Lagrangian error.
TEST(MacCormack, CarriesASmoothWaveFarMoreAccuratelyThanSemiLagrangian)
{
    constexpr int kSteps = 40;
    double error[2] = {};
    for (const AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack}) {
        const SimParams p = advectionOnly(scheme);
        CpuSolver solver(p, 1);
        solver.upload(waveInUniformFlow(0.0, 0.0));
        for (int n = 0; n < kSteps; ++n) advectAll(solver);
        const double t = kSteps * static_cast<double>(p.dt);
        const FluidState exact = waveInUniformFlow(kSpeedX * t, kSpeedY * t);
        error[scheme == AdvectionScheme::MacCormack] = maxDyeError(solver.state().dye, exact.dye);
        std::printf("[ measured ] %s: max dye error after %d steps %.4f\n", toString(scheme), kSteps,
                    error[scheme == AdvectionScheme::MacCormack]);
    }
    EXPECT_LT(error[1], 0.065);
    EXPECT_LT(error[1], 0.25 * error[0]);
}

// The same wave on a dye grid twice as fine as the velocity's (traces of 0.74
// dye cells, the velocity interpolated at each dye cell's centre):
// maccormackScalar follows advectScalar's trace there. Measured: 0.0806
// (semi-Lagrangian) against 0.0092 (MacCormack). Bounds: below 0.015, and
// below a quarter of the semi-Lagrangian error.
TEST(MacCormack, CarriesASmoothWaveOnAFinerDyeGrid)
{
    constexpr int kSteps = 40;
    constexpr int kDyeCells = 2 * kGrid;
    double error[2] = {};
    for (const AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack}) {
        SimParams p = advectionOnly(scheme);
        p.dyeGridWidth = kDyeCells;
        CpuSolver solver(p, 1);
        solver.upload(waveInUniformFlow(0.0, 0.0, kDyeCells));
        for (int n = 0; n < kSteps; ++n) advectAll(solver);
        const double t = kSteps * static_cast<double>(p.dt);
        const FluidState exact = waveInUniformFlow(kSpeedX * t, kSpeedY * t, kDyeCells);
        error[scheme == AdvectionScheme::MacCormack] = maxDyeError(solver.state().dye, exact.dye);
        std::printf("[ measured ] %s on a %d^2 dye grid: max dye error after %d steps %.4f\n", toString(scheme),
                    kDyeCells, kSteps, error[scheme == AdvectionScheme::MacCormack]);
    }
    EXPECT_LT(error[1], 0.015);
    EXPECT_LT(error[1], 0.25 * error[0]);
}

// A dye square (1 inside, 0 outside) carried diagonally through the box by a
// jet (1 m/s inside the square, 0.5 m/s outside, so that the front moves at
// all): every value must stay within the range of the start, [0, 1] for the
// dye and [0.5, 1] m/s for the velocity, as semi-Lagrangian advection keeps
// it. In the closed box the walls' ghost cells hold -u, so there the velocity
// is only held to [-1, 1]. Unlimited, MacCormack overshoots at such fronts
// (measured without the clamp: see the final report).
TEST(MacCormack, LimiterMakesNoNewExtremaAtFronts)
{
    for (const BoundaryMode mode : {BoundaryMode::Periodic, BoundaryMode::Box}) {
        SimParams p = advectionOnly(AdvectionScheme::MacCormack);
        p.boundary = mode;
        CpuSolver solver(p, 1);
        FluidState s = FluidState::zeros(kGrid, kGrid);
        for (int j = 0; j < kGrid; ++j)
            for (int i = 0; i < kGrid; ++i) {
                const bool inside = i >= 8 && i < 18 && j >= 10 && j < 20;
                s.dye.at(i, j, 0) = inside ? 1.0f : 0.0f;
                s.dye.at(i, j, 2) = inside ? 1.0f : 0.0f;
                s.velocity.at(i, j, 0) = s.velocity.at(i, j, 1) = inside ? 1.0f : 0.5f;
            }
        solver.upload(s);
        float dyeRange[2] = {0.0f, 0.0f};
        float speedRange[2] = {1.0f, 0.5f};
        for (int n = 0; n < 20; ++n) {
            advectAll(solver);
            for (float v : solver.state().dye.values()) {
                dyeRange[0] = std::fmin(dyeRange[0], v);
                dyeRange[1] = std::fmax(dyeRange[1], v);
            }
            for (float v : solver.state().velocity.values()) {
                speedRange[0] = std::fmin(speedRange[0], v);
                speedRange[1] = std::fmax(speedRange[1], v);
            }
        }
        std::printf("[ measured ] %s: after 20 steps dye in [%.9g, %.9g], velocity in [%.9g, %.9g]\n", toString(mode),
                    dyeRange[0], dyeRange[1], speedRange[0], speedRange[1]);
        EXPECT_GE(dyeRange[0], 0.0f) << toString(mode);
        EXPECT_LE(dyeRange[1], 1.0f) << toString(mode);
        EXPECT_GE(speedRange[0], mode == BoundaryMode::Periodic ? 0.5f : -1.0f) << toString(mode);
        EXPECT_LE(speedRange[1], 1.0f) << toString(mode);
        // The front must have moved, or the bounds prove nothing.
        EXPECT_GT(solver.state().dye.at(20, 22, 0), 0.5f) << toString(mode);
    }
}

// With dissipation the forward step scales by decay = 1 / (1 + rate dt); the
// correction must not undo it: a uniform dye field decays exactly as
// semi-Lagrangian advection decays it (decay^n, to float rounding).
TEST(MacCormack, DecaysAUniformFieldLikeSemiLagrangian)
{
    SimParams p = advectionOnly(AdvectionScheme::MacCormack);
    p.dyeDissipation = 2.0f;
    p.velocityDissipation = 0.5f;
    CpuSolver mac(p, 1);
    p.advection = AdvectionScheme::SemiLagrangian;
    CpuSolver semi(p, 1);
    FluidState s = waveInUniformFlow(0.0, 0.0);
    s.dye.fill(0.5f);
    mac.upload(s);
    semi.upload(s);
    for (int n = 0; n < 10; ++n) {
        advectAll(mac);
        advectAll(semi);
    }
    const double expected = 0.5 * std::pow(static_cast<double>(mac.constants().dyeDecay), 10);
    EXPECT_NEAR(mac.state().dye.at(5, 7, 0), expected, 1e-6);
    EXPECT_NEAR(mac.state().dye.at(5, 7, 0), semi.state().dye.at(5, 7, 0), 1e-6);
    EXPECT_NEAR(mac.state().velocity.at(5, 7, 0), semi.state().velocity.at(5, 7, 0), 1e-6);
    EXPECT_LT(mac.state().dye.at(5, 7, 0), 0.45f);  // it did decay
}

}  // namespace
}  // namespace fluid::reference
