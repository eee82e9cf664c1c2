// detail::Engine: what fluidsim::Solver asks of a backend, over the existing
// solvers (fluid::CpuSolver, fluid::GpuSolver) and their public members only.
// Internal: not installed with the public header.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <utility>

#include "core/field.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "fluidsim/fluidsim.hpp"

namespace fluidsim::detail {

// A state read back: the parameters it was computed with (for the layout,
// the grids and the cell size), velocity and dye.
struct SnapshotData {
    fluid::SimParams params;
    fluid::Field velocity;
    fluid::Field dye;
    double time = 0.0;
    long long steps = 0;
};

class Engine {
public:
    Engine() = default;
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;
    virtual ~Engine() = default;

    virtual Backend backend() const = 0;
    virtual const fluid::SimParams& params() const = 0;
    virtual void setParams(const fluid::SimParams& params) = 0;
    virtual void step(std::span<const fluid::Splat> splats) = 0;
    virtual fluid::FluidState download() const = 0;
    virtual void upload(const fluid::FluidState& state) = 0;
    // A gridWidth x gridHeight x 1 mask (1 = solid); an empty Field clears.
    virtual void setObstacles(const fluid::Field& mask) = 0;
    virtual void reset() = 0;
    // The asynchronous read-back of velocity and dye; `time` and `steps`
    // travel with it into the snapshot.
    virtual void requestReadBack(double time, long long steps) = 0;
    virtual std::optional<SnapshotData> takeReadBack(bool wait) = 0;
    virtual unsigned velocityTexture() const { return 0; }
    virtual unsigned dyeTexture() const { return 0; }
};

// What both backends forward to their solver as it is (`Solver`: fluid::CpuSolver
// or fluid::GpuSolver, which share these members); each backend adds its
// read-back and textures.
template <typename Solver>
class SolverEngine : public Engine {
public:
    template <typename... Args>
    explicit SolverEngine(Args&&... args) : solver_(std::forward<Args>(args)...)
    {
    }

    const fluid::SimParams& params() const override { return solver_.params(); }
    void setParams(const fluid::SimParams& params) override { solver_.setParams(params); }
    void step(std::span<const fluid::Splat> splats) override { solver_.step(splats); }
    fluid::FluidState download() const override { return solver_.download(); }
    void upload(const fluid::FluidState& state) override { solver_.upload(state); }
    void setObstacles(const fluid::Field& mask) override
    {
        if (mask.size() == 0)
            solver_.clearObstacles();
        else
            solver_.setObstacles(mask);
    }
    void reset() override { solver_.reset(); }

protected:
    Solver solver_;
};

// The GPU backend lives in a library of its own (fluidsim_api_gpu), so that a
// CPU-only program links no GL: that library registers its factory here when
// it is linked in (src/api/gpu/gpu_engine.cpp).
using GpuEngineFactory = std::unique_ptr<Engine> (*)(const fluid::SimParams& params);
void registerGpuEngine(GpuEngineFactory factory);

std::unique_ptr<Engine> makeCpuEngine(const fluid::SimParams& params, int threads);

// The settings as the solvers take them, validated (throws Error).
fluid::SimParams toSimParams(const Settings& settings);
Settings fromSimParams(const fluid::SimParams& params, int threads);

}  // namespace fluidsim::detail
