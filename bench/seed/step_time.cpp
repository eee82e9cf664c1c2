// The CPU reference's step at 256^2, 20 pressure + 20 viscous Jacobi sweeps,
// viscosity 1e-4, vorticity 0.5, one point splat a step, semi-Lagrangian:
// the "20 + 20 sweeps" comparison with the seed commit's OpenMP solver
// (64925cc). Compiled by scripts/seed-cpu-compare.sh against either tree
// (-DOURS for this one, which has more knobs), not by CMake: the seed has no
// benchmark of its own. Usage: step_time [threads] [rounds] [layout]; prints
// the median ms per step over `rounds` batches of 20 steps. layout (this tree
// only): staggered (the user's default, defaultSimParams()) or collocated (the
// seed's, and SimParams' own).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "reference/cpu_solver.hpp"

int main(int argc, char** argv)
{
    const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 15;
    fluid::SimParams p;
    p.gridWidth = p.gridHeight = 256;
    p.pressureIterations = 20;
    p.viscosityIterations = 20;
    p.viscosity = 1e-4f;
    p.vorticity = 0.5f;
#ifdef OURS
    p.pressureSolver = fluid::PressureSolver::Jacobi;
    p.viscositySolver = fluid::ViscositySolver::Jacobi;
    p.advection = fluid::AdvectionScheme::SemiLagrangian;
    const bool collocated = argc > 3 && argv[3][0] == 'c';
    p.layout = collocated ? fluid::Layout::Collocated : fluid::Layout::Staggered;
#endif
    fluid::Splat s;
    s.from = s.to = {0.5f * p.domainWidth, 0.5f * p.domainHeight()};
    s.velocity = {0.0f, 1.0f};
    s.dye = {1.0f, 0.5f, 0.2f};
    const std::array splats{s};
    fluid::CpuSolver solver(p, threads);
    for (int n = 0; n < 20; ++n) solver.step(splats);
    std::vector<double> ms;
    for (int r = 0; r < rounds; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (int n = 0; n < 20; ++n) solver.step(splats);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / 20);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%.3f\n", ms[ms.size() / 2]);
}
