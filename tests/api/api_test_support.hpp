// Checks shared by the API's CPU and GPU tests, written against the public
// header only: what a user of either backend is promised.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <fluidsim/fluidsim.hpp>

namespace fluidsim::test {

// A linear field, u = a + b x + c y and v = d + e x + f y, which bilinear
// interpolation between any sample points reproduces exactly.
inline Vec2 linearField(Vec2 p)
{
    return {0.3 + 1.5 * p.x - 0.7 * p.y, -0.2 + 0.4 * p.x + 2.0 * p.y};
}

// Float storage: each sample holds the field to float precision, about 1e-7
// of values up to ~3 here; the interpolation adds nothing.
constexpr double kLinearFieldTolerance = 4e-6;

// Probes inside every component's samples on either layout: on a 32^2 grid
// of the unit box, between the centres half a cell from the walls
// (collocated) and between x = 0 and the last u face at 31/32 (staggered).
inline void expectLinearFieldComesBack(Backend backend, Layout layout)
{
    Settings s;
    s.gridWidth = s.gridHeight = 32;
    s.layout = layout;
    Solver solver = makeSolver(backend, s);
    solver.setVelocity(linearField);
    const Snapshot snapshot = solver.snapshot();
    for (double x : {0.02, 0.1, 0.37, 0.5, 0.81, 0.96})
        for (double y : {0.02, 0.23, 0.5, 0.66, 0.96}) {
            const Vec2 got = snapshot.velocityAt({x, y});
            const Vec2 want = linearField({x, y});
            EXPECT_NEAR(got.x, want.x, kLinearFieldTolerance) << "u at (" << x << ", " << y << ")";
            EXPECT_NEAR(got.y, want.y, kLinearFieldTolerance) << "v at (" << x << ", " << y << ")";
        }
}

// Taylor-Green at 128^2 through the API: the energy's decay rate, fitted from
// the first and last energy, within 0.5% of the exact 4 nu. A fixed, short
// run (kTaylorGreenSteps of the flow's CFL 0.5 step) keeps the test quick;
// the full 2 s run is tests/validation's.
constexpr int kTaylorGreenGrid = 128;
constexpr int kTaylorGreenSteps = 20;
constexpr double kDecayRateTolerance = 0.005;

inline double taylorGreenRateError(Backend backend)
{
    Settings s = flowSettings(Flow::TaylorGreen, kTaylorGreenGrid);
    s.threads = 1;  // two tests share two cores under ctest
    Solver solver = makeSolver(backend, s);
    startFlow(solver, Flow::TaylorGreen);
    const double e0 = solver.kineticEnergy();
    solver.step(kTaylorGreenSteps);
    const double e1 = solver.kineticEnergy();
    const double rate = std::log(e0 / e1) / solver.time();
    const double exact = *exactEnergyDecayRate(Flow::TaylorGreen, s);
    std::printf("[ measured ] Taylor-Green %d^2, %d steps: decay rate %.6f, exact %.6f (%+.4f%%)\n", kTaylorGreenGrid,
                kTaylorGreenSteps, rate, exact, 100.0 * (rate / exact - 1.0));
    return rate / exact - 1.0;
}

}  // namespace fluidsim::test
