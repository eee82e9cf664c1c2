// MotionInput: motion from a stream of frames pushing a solver, on either
// backend. Frame k of a source at frame rate f is shown at time k / f of the
// simulation (not of the wall clock), so a run is the same at any speed;
// before each step, advanceTo() takes every frame due by then.
#pragma once

#include <cmath>
#include <type_traits>
#include <utility>

#include "core/motion.hpp"
#include "reference/cpu_solver.hpp"
#include "reference/motion.hpp"
#include "sim/gpu_motion.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

template <typename Solver>
using MotionFor = std::conditional_t<std::is_same_v<Solver, GpuSolver>, sim::GpuMotion, reference::CpuMotion>;

template <typename Solver>
class MotionInput {
public:
    MotionInput(const SimParams& sim, const MotionParams& motion, double frameRate)
        : motion_(sim.gridWidth, sim.gridHeight), params_(motion), frameRate_(frameRate)
    {
    }

    void setParams(const MotionParams& motion) { params_ = motion; }
    const MotionParams& params() const { return params_; }
    double frameRate() const { return frameRate_; }
    long framesTaken() const { return framesTaken_; }

    // Takes the frames due by simulated time t from `nextFrame` (a callable
    // returning a LumaFrame of any size), then pushes the fluid for one step.
    template <typename NextFrame>
    void advanceTo(double t, Solver& solver, NextFrame&& nextFrame)
    {
        const SimParams& sim = solver.params();
        while (static_cast<double>(framesTaken_) / frameRate_ <= t) {
            const LumaFrame image = nextFrame();
            ++framesTaken_;
            if (image.empty()) break;
            LumaFrame grid = resampleToGrid(image, sim.gridWidth, sim.gridHeight, params_.mirror);
            if (changedBeyondThreshold(grid)) lastMotion_ = t;
            motion_.pushFrame(grid, makeMotionFrameConstants(params_, sim, frameRate_));
            previousGrid_ = std::move(grid);
        }
        if (params_.enabled && motion_.hasFrame())
            solver.addForceField(motion_.force(), makeForceFieldConstants(params_, sim, frameRate_));
    }

    void reset()
    {
        motion_.reset();
        previousGrid_ = {};
    }
    // Fluid time of the last frame in which some cell changed by the threshold
    // or more (on the host, from the grid-sized frames): what the idle brush
    // asks (src/app/idle_motion.hpp). Negative: never.
    double lastMotion() const { return lastMotion_; }
    MotionFor<Solver>& motion() { return motion_; }

private:
    bool changedBeyondThreshold(const LumaFrame& grid) const
    {
        if (previousGrid_.luma.size() != grid.luma.size()) return false;
        for (std::size_t n = 0; n < grid.luma.size(); ++n)
            if (std::fabs(grid.luma[n] - previousGrid_.luma[n]) >= params_.threshold) return true;
        return false;
    }

    MotionFor<Solver> motion_;
    LumaFrame previousGrid_;
    double lastMotion_ = -1.0;
    MotionParams params_;
    double frameRate_;
    long framesTaken_ = 0;
};

}  // namespace fluid::app
