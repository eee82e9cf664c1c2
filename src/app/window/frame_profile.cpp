#include "app/window/frame_profile.hpp"

namespace fluid::app {

namespace {

// Rows averaged over this many measured frames: about half a second at 60
// frames/s, so that a row can be read before it changes.
constexpr int kFramesPerWindow = 30;
// Frames between two field samples: each is a reduction and a divergence pass.
constexpr int kFramesPerSample = 8;
// Frames the GPU may run behind before one goes unmeasured.
constexpr int kRing = 4;

}  // namespace

void PlotHistory::add(float v)
{
    if (static_cast<int>(values.size()) == kLength) values.erase(values.begin());
    values.push_back(v);
}

void FrameProfile::beginFrame(GpuSolver& solver)
{
    if (!profiler_) {
        profiler_.emplace(kRing);
        energy_.emplace();
        divergence_.emplace();
        summary_ = {};
        summary_.active = true;
    }
    profiler_->collect(measuring_);
    if (measuring_.frames() >= kFramesPerWindow) {
        summary_.lines = measuring_.lines();
        summary_.frames = measuring_.frames();
        measuring_.clear();
    }
    if (const auto e = energy_->collect()) summary_.kineticEnergy.add(static_cast<float>(energyScale_ * e->x));
    if (const auto d = divergence_->collect()) summary_.maxDivergence.add(d->x);
    profiler_->beginFrame();
    solver.setStepTimer(&profiler_->timer());
}

void FrameProfile::endFrame(double stepMilliseconds)
{
    if (!profiler_) return;
    profiler_->endFrame();
    if (stepMilliseconds >= 0.0) summary_.msPerStep.add(static_cast<float>(stepMilliseconds));
}

void FrameProfile::sampleFields(GpuSolver& solver, double cellSize)
{
    if (!profiler_ || ++framesSinceSample_ < kFramesPerSample) return;
    if (energy_->inFlight() || divergence_->inFlight()) return;
    framesSinceSample_ = 0;
    const glm::ivec2 grid(solver.params().gridWidth, solver.params().gridHeight);
    energyScale_ = 0.5 * cellSize * cellSize;  // kineticEnergy() of app/headless/measure.hpp
    energy_->request(solver.velocityTexture(), MaxMeasure::SumOfSquaresRedGreen, grid);
    // The divergence the projection left: the pass on the velocity now (the
    // next step computes its own before it reads it).
    solver.run(passes::divergence);
    divergence_->request(solver.divergenceTexture(), MaxMeasure::AbsRed, grid);
}

void FrameProfile::stop(GpuSolver& solver)
{
    solver.setStepTimer(nullptr);
    if (!profiler_) return;
    profiler_.reset();
    energy_.reset();
    divergence_.reset();
    measuring_.clear();
    summary_.active = false;
}

}  // namespace fluid::app
