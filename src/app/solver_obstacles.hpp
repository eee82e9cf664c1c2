// Handing an obstacle mask to a solver: GpuSolver and CpuSolver take one
// through setObstacles(const Field&) (1 component at the velocity grid,
// solid > 0.5), an upload between steps. The app calls this one function, so
// that the window and the headless runner wire obstacles the same way.
#pragma once

#include "core/field.hpp"

namespace fluid::app {

// Returns false when the solver has no setObstacles (a build from before the
// solvers had obstacles): the mask is then only drawn, and the caller says so.
template <typename Solver>
bool setSolverObstacles(Solver& solver, const Field& mask)
{
    if constexpr (requires { solver.setObstacles(mask); }) {
        solver.setObstacles(mask);
        return true;
    } else {
        return false;
    }
}

}  // namespace fluid::app
