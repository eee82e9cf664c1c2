// FluidStepper: the window's fluid on either backend behind one interface
// (GpuSolver's names: step, splat, setParams, setObstacles, upload...), so
// that the live session and --replay feed it alike. The display always reads
// a GpuSolver's textures: on the GPU backend that solver steps; on the CPU
// backend the reference solver steps and its state is uploaded into them
// when they are asked for (display()) after a change: once a frame while the
// fluid runs, none while it is still; an upload, never a read-back, and never
// inside the step loop.
#pragma once

#include <memory>
#include <span>

#include "app/options.hpp"
#include "core/field.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid {
class CpuSolver;
}

namespace fluid::app {

class FluidStepper {
public:
    // Throws as GpuSolver's and CpuSolver's constructors do. threads: the
    // CPU backend's (0 = all cores); the GPU backend ignores it.
    FluidStepper(const SimParams& params, Backend backend, int threads);
    ~FluidStepper();
    FluidStepper(const FluidStepper&) = delete;
    FluidStepper& operator=(const FluidStepper&) = delete;

    Backend backend() const { return cpu_ ? Backend::Cpu : Backend::Gpu; }

    void step(std::span<const Splat> splats = {});
    void splat(const Splat& s);
    void reset();
    void clearDye();
    // Both solvers get them: the display reads the GPU solver's parameters
    // and obstacles whichever backend steps.
    void setParams(const SimParams& params);
    const SimParams& params() const { return gpu_.params(); }
    void setObstacles(const Field& mask);
    void upload(const FluidState& state);
    FluidState download() const;
    const FieldGrids& grids() const { return gpu_.grids(); }

    // The solver whose textures the display reads, holding the fluid as it
    // is now (on the CPU backend, uploaded first if it changed since).
    GpuSolver& display();
    // The stepping solver, of its backend; null on the other.
    GpuSolver* gpu() { return cpu_ ? nullptr : &gpu_; }
    CpuSolver* cpu() { return cpu_.get(); }

private:
    GpuSolver gpu_;
    std::unique_ptr<CpuSolver> cpu_;
    bool displayStale_ = false;  // the CPU solver changed since the last upload
};

}  // namespace fluid::app
