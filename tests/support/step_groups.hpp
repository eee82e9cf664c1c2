// The groups a profiled step must report (core/step_timer.hpp), in the
// recipe's order, for the profile tests of both backends.
#pragma once

#include <string>
#include <vector>

#include "core/coarse_solve.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "core/step_timer.hpp"

namespace fluid::test {

// The small grid the profile tests step on, with `pressure` and a viscosity
// (one that takes V-cycles runs the viscous groups).
inline SimParams profileGrid(PressureSolver pressure, float viscosity)
{
    SimParams p;
    p.gridWidth = 24;
    p.gridHeight = 16;
    p.pressureSolver = pressure;
    p.viscosity = viscosity;
    return p;
}

// `smallLevelsStart`: where the GPU cycles the pressure's small levels in one
// dispatch (GpuSolver::smallLevelsStart), one group from there; -1: none.
inline std::vector<std::string> expectedStepGroups(const SimParams& p, int smallLevelsStart = -1)
{
    namespace g = step_groups;
    std::vector<std::string> names = {g::kSplats, g::kTemperature, g::kAdvection, g::kBuoyancy, g::kDiffusion};
    const int levels = static_cast<int>(multigridLevels(p.gridWidth, p.gridHeight).size());
    const int pressureLevelCount = static_cast<int>(pressureLevels(p.gridWidth, p.gridHeight).size());
    // The viscous V-cycles walk down the pyramid first: level 0 .. coarsest.
    if (planViscousSolve(p, makePassConstants(p)).vCycles > 0)
        for (int l = 0; l < levels; ++l) names.emplace_back(multigridLevelGroup(true, l));
    names.insert(names.end(), {g::kVorticity, g::kDivergence});
    const bool atOnce = smallLevelsStart >= 0 && smallLevelsStart < pressureLevelCount - 1;
    if (p.pressureSolver == PressureSolver::Multigrid) {
        const int perLevel = atOnce ? smallLevelsStart : pressureLevelCount;
        for (int l = 0; l < perLevel; ++l) names.emplace_back(multigridLevelGroup(false, l));
        if (atOnce) names.emplace_back(smallLevelsGroup(smallLevelsStart));
    } else
        names.emplace_back(g::kJacobi);
    names.insert(names.end(), {g::kGradient, g::kFullPressure});
    return names;
}

}  // namespace fluid::test
