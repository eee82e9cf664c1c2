// Regression tests for settings that blew up, on both solvers (typed tests).
// Issue 9: `fluidsim --headless --grid 64 --steps 60 --dt 0.1 --vorticity 100`
// drove the kinetic energy of the demo to 2e5 m^4/s^2 (speeds of 3,500 m/s in
// a 1 m box), and --vorticity 1e4 to 5.7e10: the confinement force grows the
// velocity by a factor of order (1 + 2 eps dt) per step. The same run here, the
// demo's own scripted jets, must stay within the brush's energy bound
// (fuzz/energy_budget.cpp).
#include <gtest/gtest.h>

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

// The headless demo with the settings of the issue: checks every step that the
// fields are finite and the energy within the bound, and returns the last
// energy.
template <typename Solver>
double runDemo(float dt, float vorticity, int steps)
{
    SimParams p;  // the flags' defaults otherwise, as in the issue
    p.gridWidth = 64;
    p.gridHeight = 64;
    p.dt = dt;
    p.vorticity = vorticity;
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
        static_cast<double>(vorticity), static_cast<double>(dt), steps, energy, budget.sqrtBound() * budget.sqrtBound(),
        worst, worstSpeed);
    // The confined flow's bound is on its speed (energy_budget.cpp); here the
    // brush's energy bound holds as well (measured 0.31 of it, unlimited 38
    // to 64,000), and a blow-up breaks both.
    EXPECT_LE(worstSpeed, test::EnergyBudget::kMaxConfinedSpeedRatio) << "the speed left the brush's bound";
    EXPECT_LE(worst, test::EnergyBudget::kMaxRatio) << "the energy left the brush's bound";
    return energy;
}

template <typename Solver>
class Blowup : public test::OnBothBackends<Solver> {
};

TYPED_TEST_SUITE(Blowup, test::BothSolvers);

TYPED_TEST(Blowup, Issue9VorticityConfinementAt100)
{
    runDemo<TypeParam>(0.1f, 100.0f, 60);
}

TYPED_TEST(Blowup, Issue9VorticityConfinementAtItsMaximum)
{
    runDemo<TypeParam>(0.1f, 1e4f, 60);
}

}  // namespace
}  // namespace fluid
