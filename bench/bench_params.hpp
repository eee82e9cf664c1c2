// The configurations the GPU and CPU step benchmarks share (solver_bench,
// pass_bench): the grid sizes, the bench's step with every pass doing work,
// the WebGL peer's configuration, and the splat each step makes.
#pragma once

#include <benchmark/benchmark.h>

#include <array>

#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::bench {

inline constexpr std::array kGridSizes{128, 256, 512};

// The first steps are not representative: llvmpipe and most drivers compile
// shaders on the first draw, and the CPU solver first touches its fields and
// starts its row threads there (reference/row_pool.hpp).
inline constexpr int kWarmUpSteps = 3;

// Every pass of step() does work: viscosity > 0 runs the diffusion sweeps and
// vorticity > 0 the curl and confinement force.
inline fluid::SimParams benchParams(int grid)
{
    fluid::SimParams p;
    p.gridWidth = p.gridHeight = grid;
    // Jacobi sweeps, as in every version this bench is compared with (0eef30c
    // and later); pressure_bench times the multigrid solves, the defaults since,
    // and BM_GpuStepDefaults the step as a user gets it.
    p.pressureSolver = fluid::PressureSolver::Jacobi;
    p.viscositySolver = fluid::ViscositySolver::Jacobi;  // likewise: the 20 sweeps below
    p.pressureIterations = 40;
    p.viscosityIterations = 20;
    p.viscosity = 1e-4f;
    p.vorticity = 0.5f;
    return p;
}

// The solvers, the layout and the projection a user gets (defaultSimParams():
// multigrid pressure at its cycles, the planned viscous solve, the staggered
// layout, the projection by boundary) on the bench's step: the user's step,
// as BM_GpuStepDefaults times it.
inline fluid::SimParams withUserSolvers(fluid::SimParams p)
{
    const fluid::SimParams defaults = fluid::defaultSimParams();
    p.pressureSolver = defaults.pressureSolver;
    p.multigridCycles = defaults.multigridCycles;
    p.coldStartCycles = defaults.coldStartCycles;
    p.viscositySolver = defaults.viscositySolver;
    p.layout = defaults.layout;
    p.projection = defaults.projection;
    return p;
}

// One point splat in the middle of the domain each step, as a user holding
// the mouse still would make; it keeps the fields away from zero, so the CPU
// timing cannot drift as values decay into subnormals.
inline fluid::Splat benchSplat(const fluid::SimParams& p)
{
    fluid::Splat s;
    s.from = s.to = {0.5f * p.domainWidth, 0.5f * p.domainHeight()};
    s.velocity = {0.0f, 1.0f};
    s.dye = {1.0f, 0.5f, 0.2f};
    return s;
}

// The configuration of the WebGL peer (WebGL-Fluid-Simulation), which the
// benchmarks compare against: 20 Jacobi pressure sweeps, no viscosity, vorticity on,
// semi-Lagrangian advection (the peer's; set here, since MacCormack became the
// default in a0f49b6 this configuration had silently followed it).
inline fluid::SimParams peerParams(int grid)
{
    fluid::SimParams p = benchParams(grid);
    p.pressureSolver = fluid::PressureSolver::Jacobi;
    p.pressureIterations = 20;
    p.viscosity = 0.0f;
    p.vorticity = 0.5f;
    p.advection = fluid::AdvectionScheme::SemiLagrangian;
    return p;
}

// Arg: grid size, each of kGridSizes.
inline void gpuArgs(benchmark::internal::Benchmark* b)
{
    for (const int grid : kGridSizes) b->Arg(grid);
}

}  // namespace fluid::bench
