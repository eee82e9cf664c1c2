// The stable-fluids step of GPU Gems ch. 38, as one recipe both solvers run:
// GpuSolver::step() and CpuSolver::step() call it, so the order of the passes
// cannot drift between the GPU and the CPU reference. A new pass is a line
// here: a row of the pass table (core/field_pass.hpp), or, for a pass that
// does not fit the table, a member of the same name on both solvers. Each
// group of passes is a lap of the solver's StepTimer (core/step_timer.hpp),
// so both backends profile the same groups under the same names (the GPU's
// small multigrid levels in one dispatch are one: core/step_timer.hpp).
#pragma once

#include <span>

#include "core/field_pass.hpp"
#include "core/splat.hpp"
#include "core/step_timer.hpp"

namespace fluid {

// A row of the pass table, unless its feature is off (no draw at all then).
template <typename Solver>
void runInStep(Solver& solver, const FieldPass& pass)
{
    if (pass.runsInStep(solver.params(), solver.constants())) solver.run(pass);
}

template <typename Solver>
void runStep(Solver& solver, std::span<const Splat> splats)
{
    namespace group = step_groups;
    // Each group a lap of the solver's timer when profiling (core/step_timer.hpp).
    StepLaps laps(solver.stepTimer());
    laps.next(group::kSplats);
    for (const Splat& s : splats) solver.splat(s);
    laps.next(group::kTemperature);
    solver.advectTemperature();  // T - T0 by the velocity before its advection, cooling (skipped without gravity)
    laps.next(group::kAdvection);
    solver.advect();  // the dye (on its own grid) and the velocity, by the same velocity
                      // (the velocity less half the last pressure gradient: passes::pressureForcing)
    laps.next(group::kBuoyancy);
    runInStep(solver, passes::buoyancy);  // Boussinesq: warm fluid rises, smoke sinks (skipped without gravity)
    laps.next(group::kDiffusion);
    solver.diffuse();  // implicit viscosity (skipped at nu = 0)
    laps.next(group::kVorticity);
    solver.confineVorticity();  // the curl, then the force (skipped at epsilon = 0)
    laps.next(group::kDivergence);
    solver.computeDivergence();  // projection
    if (solver.params().pressureSolver != PressureSolver::Multigrid)
        laps.next(group::kJacobi);  // V-cycles lap each level
    solver.solvePressure();
    laps.next(group::kGradient);
    solver.subtractGradient();
    laps.next(group::kFullPressure);
    runInStep(solver, passes::fullPressure);  // for the next step's pressureForcing (skipped with plain projection)
}

}  // namespace fluid
