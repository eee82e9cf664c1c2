// StepTimer: the seam through which both solvers time the groups of a step.
// The step recipe (core/step_recipe.hpp) and the V-cycle (core/multigrid.hpp)
// name each group as it starts, like the laps of a stopwatch; the solver's
// timer decides what a lap measures: GPU timestamps on GpuSolver
// (sim/gpu_profiler.hpp), wall time on CpuSolver (core/wall_step_timer.hpp).
// Laps never nest, so a GPU timer needs no nested queries (GL_TIME_ELAPSED
// cannot nest) and one timestamp ends a span and starts the next.
// No timer (the default): the recipe only tests a null pointer.
#pragma once

namespace fluid {

class StepTimer {
public:
    virtual ~StepTimer() = default;
    // Ends the running span, if any, and starts one called `name`. The name is
    // kept by pointer: a string with static storage (the constants below).
    virtual void lap(const char* name) = 0;
    // Ends the running span, if any.
    virtual void stop() = 0;
};

// The groups of a step, the same names on both backends (but one: where the
// GPU cycles the pressure's small levels in one dispatch, they are one group,
// smallLevelsGroup, where the CPU has a group a level). A name with a '/'
// is a part of the group before it: the profile tables show the group's sum
// and its parts below it (core/profile_table.hpp).
namespace step_groups {
inline constexpr const char* kSplats = "splats";
inline constexpr const char* kTemperature = "temperature";
inline constexpr const char* kAdvection = "advection";
inline constexpr const char* kBuoyancy = "buoyancy";
inline constexpr const char* kDiffusion = "diffusion";  // Jacobi sweeps; V-cycles add "diffusion/level N"
inline constexpr const char* kVorticity = "vorticity";  // curl and confinement
inline constexpr const char* kDivergence = "projection/divergence";
inline constexpr const char* kJacobi = "projection/jacobi";  // V-cycles add "projection/level N" instead
inline constexpr const char* kGradient = "projection/gradient";
inline constexpr const char* kFullPressure = "full pressure";
}  // namespace step_groups

// "projection/level N" (the pressure's pyramid) or, viscous, "diffusion/level
// N"; levels past the 16th share the 16th's name.
const char* multigridLevelGroup(bool viscous, int level);
// "projection/level N and below": the pressure's small levels cycled at once
// from level N (GpuMultigrid::cycleSmallLevels), one lap.
const char* smallLevelsGroup(int level);

// The recipe's stopwatch: laps on the solver's timer, if it has one, and the
// last span ended when the step is done.
class StepLaps {
public:
    explicit StepLaps(StepTimer* timer) : timer_(timer) {}
    ~StepLaps()
    {
        if (timer_) timer_->stop();
    }
    StepLaps(const StepLaps&) = delete;
    StepLaps& operator=(const StepLaps&) = delete;
    void next(const char* group)
    {
        if (timer_) timer_->lap(group);
    }

private:
    StepTimer* timer_;
};

}  // namespace fluid
