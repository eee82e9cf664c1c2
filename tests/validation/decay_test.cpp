// Decay of single Fourier modes in the periodic box, where the Navier-Stokes
// equations have exact solutions, measured at three grid sizes at a fixed CFL
// number (dt proportional to h; the scenarios' default, see defaultCfl()):
//   - the shear wave u = sin(2 pi y): advection is exact (the back-trace runs
//     along x, where u is constant) and the pressure stays 0, so the error is
//     the viscous step alone; its discrete decay factor is known in closed form
//     (below), and the measured energy must match it;
//   - the Taylor-Green vortex, where the error is dominated by the numerical
//     diffusion of semi-Lagrangian advection, first order at fixed CFL.
// The energy error is max over every step of |E(t) / E_exact(t) - 1|, with
// E_exact(t) = E(0) exp(-2 nu |k|^2 t). Bounds are the values measured on
// llvmpipe and on the CPU (the two agree to 4 digits) with about 1.5x headroom;
// the error must fall with refinement at least at the order stated per flow.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "app/headless/measure.hpp"
#include "core/multigrid.hpp"
#include "validation/validation_support.hpp"

namespace fluid::validation {
namespace {

using namespace app::headless;

struct DecayErrors {
    double energy = 0.0;  // max over steps of |E / E_exact - 1|
    double rate =
        0.0;  // the decay rate ln(E(0) / E(t)) / t, fitted from the first and last energy, over the exact one, - 1
    double velocity = 0.0;         // at the end: max |u - u_exact| / max |u_exact|
    double predictedEnergy = 0.0;  // shear wave only: the discrete scheme's own error, in closed form
};

// The shear wave's energy after K steps, as the discrete scheme computes it,
// relative to the exact one. One step multiplies the mode by the viscous solve
// alone (advection along x is exact, projection removes nothing):
//   5-point Laplacian eigenvalue, in units of 1/h^2: mu = 4 sin^2(k h / 2);
//   implicit Euler with a = nu dt / h^2: x* = b / (1 + a mu);
//   Jacobi sweeps x' = (b + a (4 - mu) x) / (1 + 4a), started from x = b, leave
//   g^n of the initial error b - x* = b a mu / (1 + a mu), g = a (4 - mu) / (1 + 4a);
//   Chebyshev-weighted sweeps x' = x + w_k (J(x) - x), also from x = b, leave
//   prod_k (1 - w_k m) of it, m = (1 + a mu) / (1 + 4a) (the multigrid's
//   level-0 smoother with chebyshevWeight's weights, src/core/multigrid.hpp).
double shearWaveDiscreteEnergyError(const SimParams& p, int steps, double time)
{
    const double h = 1.0 / p.gridWidth;
    const double k = 2.0 * std::numbers::pi;
    const double a = static_cast<double>(p.viscosity) * static_cast<double>(p.dt) / (h * h);
    const double mu = 4.0 * std::pow(std::sin(0.5 * k * h), 2);
    const double g = a * (4.0 - mu) / (1.0 + 4.0 * a);
    // The sweeps the solver does: planViscousSolve's (src/core/multigrid.hpp);
    // where it runs V-cycles instead, the solve is converged to 1e-3 and the
    // Jacobi term is taken as gone.
    const PassConstants constants = makePassConstants(p);
    const ViscousSolvePlan plan = planViscousSolve(p, constants);
    const double solverAlpha = constants.diffusionAlpha;  // the float the solver's weights are made from
    double left = 0.0;                                    // of the initial error b - x*
    if (plan.chebyshevSweeps > 0) {
        left = 1.0;
        const double m = (1.0 + a * mu) / (1.0 + 4.0 * a);
        for (int n = 0; n < plan.chebyshevSweeps; ++n)
            left *= 1.0 - static_cast<double>(chebyshevWeight(solverAlpha, plan.chebyshevSweeps, n)) * m;
    } else if (plan.vCycles == 0) {
        left = std::pow(g, plan.jacobiSweeps);
    }
    const double perStep = 1.0 / (1.0 + a * mu) + left * a * mu / (1.0 + a * mu);
    const double exactEnergyFactor = std::exp(-2.0 * static_cast<double>(p.viscosity) * k * k * time);
    return std::pow(perStep, 2.0 * steps) / exactEnergyFactor - 1.0;
}

// flags: more of fluidsim's flags ("--advection", "maccormack", ...).
DecayErrors measureDecay(Scenario scenario, BackendLayout on, int grid, std::vector<std::string> flags = {})
{
    const Backend backend = on.backend;
    RunSpec spec = resolvedSpec(headlessOptions(scenario, backend, grid, on.withLayout(std::move(flags))));
    spec.measureEveryStep = true;  // what --export-energy turns on
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = simulate(spec);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    DecayErrors e;
    const double rate = exactEnergyDecayRate(scenario, spec.params);
    const double e0 = r.samples.front().kineticEnergy;
    for (const StepSample& s : r.samples) {
        const double error = std::fabs(s.kineticEnergy / (e0 * std::exp(-rate * s.t)) - 1.0);
        e.energy = std::isnan(error) ? error : std::fmax(e.energy, error);
    }
    e.rate = std::log(e0 / r.samples.back().kineticEnergy) / r.samples.back().t / rate - 1.0;
    const Field exact = exactVelocity(scenario, spec.params, r.time);
    e.velocity = maxDifference(r.final.velocity, exact) / maxSpeed(exact);
    if (scenario == Scenario::ShearWave)
        e.predictedEnergy = std::fabs(shearWaveDiscreteEnergyError(spec.params, r.steps, r.time));
    char closedForm[64] = "";
    if (scenario == Scenario::ShearWave)
        std::snprintf(closedForm, sizeof closedForm, " (closed form %.4e)", e.predictedEnergy);
    std::printf(
        "[ measured ] %s %s %s projection %s %s N=%d: %d steps, dt = %.6g s, t = %.4g s: energy error %.4e%s, "
        "decay rate error %+.4f, velocity error %.4e (%.2f s wall)\n",
        toString(scenario), toString(spec.params.advection), toString(spec.params.projection),
        toString(spec.params.layout), toString(backend), grid, r.steps, static_cast<double>(spec.params.dt), r.time,
        e.energy, closedForm, e.rate, e.velocity, wall);
    return e;
}

struct GridCase {
    int grid;
    double maxEnergyError;    // bound, see each test
    double maxVelocityError;  // bound
};

// Each test on both layouts and both backends.
using Decay = OnBackendAndLayout;

// With the plain projection: the Taylor-Green tests below measure ch. 38's
// split and its errors. The defaults (--projection auto) take the incremental
// projection on this periodic box; TaylorGreenRateAtTheDefaultsIsWithinTwoPercent
// checks them.
const std::vector<std::string> kSemiLagrangian = {"--advection", "semi-lagrangian", "--projection", "plain"};
const std::vector<std::string> kMacCormack = {"--advection", "maccormack", "--projection", "plain"};

// Shear wave, nu = 0.01 m^2/s, t = 1 s (energy falls to e^-0.79), CFL 0.5.
// Measured (both backends): energy error 1.49e-2, 4.96e-3, 1.85e-3; velocity
// error 7.4e-3, 2.5e-3, 9.2e-4. The error is a dt + b h^2 (implicit Euler in
// time, the 5-point Laplacian in space): observed orders 1.6 and 1.4, tending
// to 1 as the time error takes over. Grids 16-64: at 128 and beyond, a = nu dt /
// h^2 grows past 0.5 at this CFL and the 20 default viscous Jacobi sweeps stop
// converging (the error stalls at 128 and grows at 256; docs/validation.md).
TEST_P(Decay, ShearWaveConvergesToTheExactDecayAtFixedCfl)
{
    const GridCase cases[] = {{16, 0.022, 0.011}, {32, 0.0075, 0.0038}, {64, 0.0028, 0.0014}};
    // The measured error is the scheme's own: it must match the closed form to
    // float32 rounding of ~100 steps, far below the discretization error.
    constexpr double kPredictionTolerance = 0.02;  // relative to the predicted error
    constexpr double kMinOrder = 1.0;              // first order in time at least
    double previous = 0.0;
    for (const GridCase& c : cases) {
        const DecayErrors e = measureDecay(Scenario::ShearWave, GetParam(), c.grid);
        EXPECT_LE(e.energy, c.maxEnergyError) << "N = " << c.grid;
        EXPECT_LE(e.velocity, c.maxVelocityError) << "N = " << c.grid;
        EXPECT_NEAR(e.energy, e.predictedEnergy, kPredictionTolerance * e.predictedEnergy)
            << "N = " << c.grid << ": the energy does not decay as implicit Euler on the 5-point Laplacian with "
            << "the planned viscous solve predicts";
        if (previous > 0.0) {
            std::printf("[ measured ] observed order %.2f\n", observedOrder(previous, e.energy));
            EXPECT_GE(observedOrder(previous, e.energy), kMinOrder) << "N = " << c.grid;
        }
        previous = e.energy;
    }
}

// Taylor-Green vortex in [0, 2 pi]^2, nu = 0.05 m^2/s, t = 2 s (energy falls to
// e^-0.4), CFL 0.5. Measured (both backends): energy error 0.249, 0.137,
// 0.0738; velocity error 0.135, 0.0725, 0.0382. The energy is too low: the
// bilinear read of semi-Lagrangian advection damps a mode by ~f(1-f)(k h)^2/2
// per step (f: fractional back-trace), which over t/dt ~ 1/h steps is O(h):
// a numerical viscosity proportional to h. Observed order 0.86 and 0.90.
TEST_P(Decay, TaylorGreenConvergesToTheExactDecayAtFixedCfl)
{
    const GridCase cases[] = {{32, 0.37, 0.20}, {64, 0.21, 0.11}, {128, 0.11, 0.058}};
    constexpr double kMinOrder = 0.7;  // first order, with room for the pre-asymptotic 0.86
    double previous = 0.0;
    for (const GridCase& c : cases) {
        const DecayErrors e = measureDecay(Scenario::TaylorGreen, GetParam(), c.grid, kSemiLagrangian);
        EXPECT_LE(e.energy, c.maxEnergyError) << "N = " << c.grid;
        EXPECT_LE(e.velocity, c.maxVelocityError) << "N = " << c.grid;
        if (previous > 0.0) {
            std::printf("[ measured ] observed order %.2f\n", observedOrder(previous, e.energy));
            EXPECT_GE(observedOrder(previous, e.energy), kMinOrder) << "N = " << c.grid;
        }
        previous = e.energy;
    }
}

// The same vortex at 128^2 with MacCormack advection (the goal: the
// decay rate within 2% of 4 nu). The error in the rate has two sources:
//   - the numerical diffusion of the bilinear read, O(h^2) per step: it grows
//     as dt shrinks (more reads), so semi-Lagrangian stays near +19% at every
//     dt (measured +18.4%, +19.0%, +19.2% at the dts below); MacCormack
//     cancels its leading term;
//   - the splitting of advection and projection, first order in dt: advection
//     without pressure carries u to u + dt grad p with |u| kept, and the
//     projection then removes the gradient and its energy, dt^2 |grad p|^2 a
//     step, so the rate is too high by about dt <|grad p|^2> / <|u|^2> = dt / 2
//     at t = 0 (p = -(cos 2x + cos 2y) / 4), on average ~0.4 dt over the run:
//     +4.9% at CFL 0.5 (dt = 0.0244 s), whatever the advection scheme.
// Measured with MacCormack (both backends): +4.86%, +2.49%, +1.19% at dt =
// 0.0244 (CFL 0.5), 0.0125, 0.00625 s: first order in dt, as the splitting
// predicts; within 2% once dt <= 0.00625 s. Bounds: 1.3x the measured values;
// each halving of dt must cut the error by at least 1.6x.
TEST_P(Decay, TaylorGreenRateWithMacCormackIsLeftWithTheFirstOrderSplittingErrorOnly)
{
    constexpr int kGrid = 128;
    const DecayErrors semi = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid, kSemiLagrangian);
    const DecayErrors cfl05 = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid, kMacCormack);
    EXPECT_LE(cfl05.rate, 0.063);
    EXPECT_GE(cfl05.rate, 0.0) << "the splitting can only remove energy";
    EXPECT_LE(cfl05.rate, 0.35 * semi.rate) << "MacCormack must remove most of the numerical diffusion";

    std::vector<std::string> flags = kMacCormack;
    flags.insert(flags.end(), {"--dt", "0.0125"});
    const DecayErrors half = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid, flags);
    flags.back() = "0.00625";
    const DecayErrors quarter = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid, flags);
    EXPECT_LE(std::fabs(half.rate), std::fabs(cfl05.rate) / 1.6);
    EXPECT_LE(std::fabs(quarter.rate), std::fabs(half.rate) / 1.6);
    EXPECT_LE(std::fabs(quarter.rate), 0.02) << "the goal: the decay rate within 2% of 4 nu";
}

// The incremental projection (--projection incremental, docs/algorithm.md
// §3.8a) removes that splitting error: half a step of the last pressure
// gradient is carried with the velocity and the projection supplies the rest
// at the arrival point, so the pressure force is integrated along the path by
// the trapezoid rule, and the vortex, whose advection the pressure balances
// exactly, is carried as it should be. Measured (both backends): decay rate
// -0.08% at CFL 0.5 (plain: +4.86%), velocity error 1.8e-4 (plain: 9.0e-3).
// Bounds: the rate within 0.2% (the goal is 2% at 128^2), the
// velocity error a twentieth of the plain projection's.
TEST_P(Decay, TaylorGreenRateWithIncrementalProjectionIsWithinTwoPercentAtCflHalf)
{
    constexpr int kGrid = 128;
    const DecayErrors plain = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid, kMacCormack);
    const DecayErrors incremental = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid,
                                                 {"--advection", "maccormack", "--projection", "incremental"});
    EXPECT_LE(std::fabs(incremental.rate), 0.002) << "the goal: the decay rate within 2% of 4 nu";
    EXPECT_LE(incremental.velocity, plain.velocity / 20.0);
}

// The decay-rate check as a user runs it: `fluidsim --headless --scenario
// taylor-green --grid 128` with nothing else, whose projection (auto) is the
// incremental one on this periodic box. Measured: the same -0.08% and 1.8e-4
// as the test above (the same steps). Bounds as there.
TEST_P(Decay, TaylorGreenRateAtTheDefaultsIsWithinTwoPercent)
{
    constexpr int kGrid = 128;
    const DecayErrors defaults = measureDecay(Scenario::TaylorGreen, GetParam(), kGrid);
    EXPECT_LE(std::fabs(defaults.rate), 0.002) << "the decay rate within 2% of 4 nu at the defaults";
    EXPECT_LE(defaults.velocity, 5e-4);
}

INSTANTIATE_TEST_SUITE_P(BackendsAndLayouts, Decay, ::testing::ValuesIn(everyBackendAndLayout()), backendLayoutName);

}  // namespace
}  // namespace fluid::validation
