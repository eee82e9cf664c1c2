// The stable-fluids step of GPU Gems ch. 38, as one recipe both solvers run:
// GpuSolver::step() and CpuSolver::step() call it, so the order of the passes
// cannot drift between the GPU and the CPU reference. A new pass is a line
// here and a member of the same name on both solvers.
#pragma once

#include <span>

#include "core/splat.hpp"

namespace fluid {

template <typename Solver>
void runStep(Solver& solver, std::span<const Splat> splats)
{
    for (const Splat& s : splats) solver.splat(s);
    solver.advectTemperature(); // T - T0 by the velocity before its advection, cooling (skipped without gravity)
    solver.advect();            // the dye (on its own grid) and the velocity, by the same velocity
    solver.applyBuoyancy();     // Boussinesq: warm fluid rises, smoke sinks (skipped without gravity)
    solver.diffuse();           // implicit viscosity (skipped at nu = 0)
    solver.computeCurl();       // vorticity confinement (skipped at epsilon = 0)
    solver.applyVorticity();
    solver.computeDivergence(); // projection
    solver.solvePressure();
    solver.subtractGradient();
}

}  // namespace fluid
