#include "app/window/fluid_stepper.hpp"

#include "reference/cpu_solver.hpp"

namespace fluid::app {

FluidStepper::FluidStepper(const SimParams& params, Backend backend, int threads)
    : gpu_(params), cpu_(backend == Backend::Cpu ? std::make_unique<CpuSolver>(params, threads) : nullptr)
{
}

FluidStepper::~FluidStepper() = default;

void FluidStepper::step(std::span<const Splat> splats)
{
    if (!cpu_) return gpu_.step(splats);
    cpu_->step(splats);
    displayStale_ = true;
}

void FluidStepper::splat(const Splat& s)
{
    if (!cpu_) return gpu_.splat(s);
    cpu_->splat(s);
    displayStale_ = true;
}

void FluidStepper::reset()
{
    if (!cpu_) return gpu_.reset();
    cpu_->reset();
    displayStale_ = true;
}

void FluidStepper::clearDye()
{
    if (!cpu_) return gpu_.clearDye();
    cpu_->clearDye();
    displayStale_ = true;
}

// The GPU solver first: it refuses what the CPU one would (the same
// validation), and then neither has changed.
void FluidStepper::setParams(const SimParams& params)
{
    gpu_.setParams(params);
    if (cpu_) cpu_->setParams(params);
}

void FluidStepper::setObstacles(const Field& mask)
{
    gpu_.setObstacles(mask);
    if (cpu_) cpu_->setObstacles(mask);
}

void FluidStepper::upload(const FluidState& state)
{
    if (!cpu_) return gpu_.upload(state);
    cpu_->upload(state);
    displayStale_ = true;
}

FluidState FluidStepper::download() const
{
    return cpu_ ? cpu_->download() : gpu_.download();
}

GpuSolver& FluidStepper::display()
{
    if (displayStale_) {
        gpu_.upload(cpu_->state());
        displayStale_ = false;
    }
    return gpu_;
}

}  // namespace fluid::app
