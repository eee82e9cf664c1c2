// MotionInput: motion from a stream of frames pushing a solver, on either
// backend. Frame k of a source at frame rate f is shown at time k / f of the
// simulation (not of the wall clock), so a run is the same at any speed;
// before each step, advanceTo() takes every frame due by then.
#pragma once

#include <type_traits>

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
            motion_.pushFrame(resampleToGrid(image, sim.gridWidth, sim.gridHeight, params_.mirror),
                              makeMotionFrameConstants(params_, sim, frameRate_));
        }
        if (params_.enabled && motion_.hasFrame())
            solver.addForceField(motion_.force(), makeForceFieldConstants(params_, sim, frameRate_));
    }

    void reset()
    {
        motion_.reset();
    }
    MotionFor<Solver>& motion() { return motion_; }

private:
    MotionFor<Solver> motion_;
    MotionParams params_;
    double frameRate_;
    long framesTaken_ = 0;
};

}  // namespace fluid::app
