// The viscous step's physics check both layouts share: a periodic shear wave
// u = (sin(2 pi m y), 0) is an eigenmode of the discrete viscous operator
// (symbol lambda = (4 / h^2) sin^2(pi m h)) on the cell centres and on the u
// faces alike, so one implicit step must scale it by 1 / (1 + nu dt lambda).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "reference/cpu_solver.hpp"

namespace fluid::test {

// `p` (square, periodic) diffuses the wave of `m` wavelengths for `steps`
// steps with the multigrid solve, which must match the implicit step within
// `maxRelErr`, and with GPU Gems' 20 Jacobi sweeps, which at large a must not.
inline void expectShearWaveDecaysAsTheImplicitStep(const SimParams& p, int m, int steps, double maxRelErr)
{
    const int n = p.gridWidth;
    const double h = 1.0 / n;
    const double lambda = 4.0 / (h * h) * std::pow(std::sin(std::numbers::pi * m * h), 2);
    const double expected = std::pow(1.0 / (1.0 + static_cast<double>(p.viscosity) * p.dt * lambda), steps);
    FluidState wave = FluidState::zeros(n, n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            wave.velocity.at(i, j, 0) = static_cast<float>(std::sin(2 * std::numbers::pi * m * (j + 0.5) * h));
    const auto amplitudeAfter = [&](ViscositySolver viscositySolver) {
        SimParams q = p;
        q.viscositySolver = viscositySolver;
        CpuSolver s(q, 1);
        s.upload(wave);
        for (int step = 0; step < steps; ++step) s.diffuse();
        // Projection onto the mode: the ratio of <u, mode> to <mode, mode>.
        double dot = 0.0;
        double norm = 0.0;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                dot += static_cast<double>(s.state().velocity.at(i, j, 0)) * wave.velocity.at(i, j, 0);
                norm += static_cast<double>(wave.velocity.at(i, j, 0)) * wave.velocity.at(i, j, 0);
            }
        return dot / norm;
    };
    const double multigrid = amplitudeAfter(ViscositySolver::Multigrid);
    const double jacobi = amplitudeAfter(ViscositySolver::Jacobi);
    std::printf("  a = %.3g: amplitude after %d steps: expected %.5f, multigrid %.5f, 20 Jacobi sweeps %.5f\n",
                static_cast<double>(makePassConstants(p).diffusionAlpha), steps, expected, multigrid, jacobi);
    EXPECT_NEAR(multigrid / expected, 1.0, maxRelErr);
    EXPECT_GT(std::fabs(jacobi / expected - 1.0), 0.5);
}

}  // namespace fluid::test
