// Regression tests for settings that blew up, on both solvers (typed tests).
// The last: an odd count of Jacobi sweeps on the staggered layout.
// Unlimited confinement: `fluidsim --headless --grid 64 --steps 60 --dt 0.1 --vorticity 100`
// drove the kinetic energy of the demo to 2e5 m^4/s^2 (speeds of 3,500 m/s in
// a 1 m box), and --vorticity 1e4 to 5.7e10: the confinement force grows the
// velocity by a factor of order (1 + 2 eps dt) per step. The same run here, the
// demo's own scripted jets, must stay within the brush's energy bound
// (fuzz/energy_budget.cpp).
// Extreme confinement on either layout: the demo at 32² with the programs'
// defaults, no viscosity and the flags' extreme (dt, vorticity) peaks within
// 10x the kinetic energy of the run without confinement; a limiter that caps
// each face's component alone, not its speed, reaches 24x on the staggered
// layout.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "app/headless/scenario.hpp"
#include "fuzz/energy_budget.hpp"
#include "support/backends.hpp"

namespace fluid {
namespace {

using test::makeSolver;

template <typename Solver>
Field velocityOf(const Solver& s)
{
    if constexpr (std::is_same_v<Solver, CpuSolver>)
        return s.state().velocity;
    else
        return s.download().velocity;
}

// The headless demo at 64² with the settings `p`: checks every step that the
// fields are finite and the energy within the bound, and returns the last
// energy.
template <typename Solver>
double runDemo(SimParams p, int steps)
{
    p.gridWidth = 64;
    p.gridHeight = 64;
    Solver solver = makeSolver<Solver>(p);
    solver.upload(app::headless::initialState(app::Scenario::Demo, p));
    test::EnergyBudget budget(p);
    double energy = 0.0;
    double worst = 0.0;
    double worstSpeed = 0.0;
    for (int n = 0; n < steps; ++n) {
        const std::vector<Splat> splats = app::headless::scriptedSplats(app::Scenario::Demo, p, n);
        budget.addSplats(splats);
        solver.step(splats);
        const Field v = velocityOf(solver);
        const std::string bad = test::firstNonFinite(v, "velocity");
        EXPECT_TRUE(bad.empty()) << "step " << n + 1 << ": " << bad;
        if (!bad.empty()) break;
        energy = test::kineticEnergy(v, p.cellSize());
        worst = std::fmax(worst, budget.ratio(energy));
        worstSpeed = std::fmax(worstSpeed, budget.speedRatio(test::maxSpeed(v)));
    }
    std::printf(
        "[ measured ] vorticity %g, dt %g, %d steps: E = %.6g m^4/s^2, bound %.6g, worst sqrt(E)/bound %.4g, "
        "worst max speed/bound %.4g\n",
        static_cast<double>(p.vorticity), static_cast<double>(p.dt), steps, energy,
        budget.sqrtBound() * budget.sqrtBound(), worst, worstSpeed);
    // The confined flow's bound is on its speed (energy_budget.cpp); here the
    // brush's energy bound holds as well (measured 0.31 of it, unlimited 38
    // to 64,000), and a blow-up breaks both.
    EXPECT_LE(worstSpeed, test::EnergyBudget::kMaxConfinedSpeedRatio) << "the speed left the brush's bound";
    EXPECT_LE(worst, test::EnergyBudget::kMaxRatio) << "the energy left the brush's bound";
    return energy;
}

template <typename Solver>
using Blowup = test::OnBothBackends<Solver>;

TYPED_TEST_SUITE(Blowup, test::BothSolvers);

// The run of the file's first comment: the flags' defaults (SimParams{}) with
// its dt and vorticity.
SimParams confinedDemo(float dt, float vorticity)
{
    return SimParams{.dt = dt, .vorticity = vorticity};
}

TYPED_TEST(Blowup, ConfinementAt100KeepsTheDemoWithinTheBrushBound)
{
    runDemo<TypeParam>(confinedDemo(0.1f, 100.0f), 60);
}

TYPED_TEST(Blowup, ConfinementAtTheFlagsMaximumKeepsTheDemoWithinTheBrushBound)
{
    runDemo<TypeParam>(confinedDemo(0.1f, 1e4f), 60);
}

// The programs' defaults (staggered, MacCormack) with the Jacobi pressure
// solve at an odd count: `fluidsim --headless --grid 64 --pressure-solver
// jacobi --pressure-iterations 21` reached 12,566 m/s in 600 steps, where 20
// or 22 sweeps keep 1.4 m/s. An odd count of plain sweeps hands the next
// step the checkerboard's error negated, and the staggered gradient feeds it
// back (dampsFirstPressureSweep, core/sim_params.hpp). 3 sweeps, where the
// growth is fastest.
TYPED_TEST(Blowup, AnOddJacobiSweepCountOnTheStaggeredLayout)
{
    SimParams p = defaultSimParams();
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = 3;
    runDemo<TypeParam>(p, 300);
}

// The largest kinetic energy of the demo at 32² with the programs' defaults,
// no viscosity and `dt`, `vorticity` on `layout`, over `steps` steps (read
// every fourth step and the last: a read-back per step would make the GPU run
// minutes long on llvmpipe).
template <typename Solver>
double peakEnergy(Layout layout, float dt, float vorticity, int steps)
{
    SimParams p = defaultSimParams();
    p.gridWidth = 32;
    p.gridHeight = 32;
    p.layout = layout;
    p.dt = dt;
    p.vorticity = vorticity;
    p.viscosity = 0.0f;
    Solver solver = makeSolver<Solver>(p);
    solver.upload(app::headless::initialState(app::Scenario::Demo, p));
    double peak = 0.0;
    for (int n = 0; n < steps; ++n) {
        solver.step(app::headless::scriptedSplats(app::Scenario::Demo, p, n));
        if (n % 4 != 3 && n != steps - 1) continue;
        peak = std::fmax(peak, test::kineticEnergy(velocityOf(solver), p.cellSize()));
    }
    return peak;
}

// Confinement may turn and redistribute the flow, on either layout alike:
// at the flags' extreme (dt, vorticity) the demo's peak energy stays within
// kMaxConfinedGrowth of the same run without confinement. With each face's
// component capped alone instead of the speed at the cells' centres, the
// staggered layout reaches 22x and 19x over 100 steps (the collocated 0.70x
// and 5.9x); limited at the cells' centres, 0.21x and 0.27x, and with each
// face's component also capped at its neighbourhood's largest (faceLimit)
// on top of that, 0.10x and 0.15x.
TYPED_TEST(Blowup, ExtremeConfinementIsBoundedAlikeOnBothLayouts)
{
    constexpr double kMaxConfinedGrowth = 10.0;
    constexpr int kStepCount = 100;
    struct Extreme {
        float dt, vorticity;
    };
    for (const Layout layout : {Layout::Staggered, Layout::Collocated})
        for (const Extreme e : {Extreme{0.05f, 1000.0f}, Extreme{0.1f, SimLimits::kMaxVorticity}}) {
            const double free = peakEnergy<TypeParam>(layout, e.dt, 0.0f, kStepCount);
            const double confined = peakEnergy<TypeParam>(layout, e.dt, e.vorticity, kStepCount);
            std::printf("[ measured ] %s, dt %g, vorticity %g: peak E %.4g against %.4g without confinement (%.3gx)\n",
                        toString(layout), static_cast<double>(e.dt), static_cast<double>(e.vorticity), confined, free,
                        confined / free);
            EXPECT_LE(confined, kMaxConfinedGrowth * free)
                << toString(layout) << ", dt " << e.dt << ", vorticity " << e.vorticity;
        }
}

}  // namespace
}  // namespace fluid
