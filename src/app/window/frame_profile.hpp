// FrameProfile: the panel's Profile group while it is open. Each frame's GPU
// time by span (the step's groups through GpuSolver's laps, then the display,
// its post-processing and the panel), from sim::GpuProfiler's timestamps read
// a few frames late; and, every few frames, the kinetic energy and the max
// divergence, reduced on the GPU and collected when a fence says so
// (AsyncMax). Nothing here waits for the GPU. Closed, it issues no query.
#pragma once

#include <optional>
#include <vector>

#include "app/window/async_max.hpp"
#include "core/profile_table.hpp"
#include "sim/gpu_profiler.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

// A short history for ImGui::PlotLines: the newest value last.
struct PlotHistory {
    static constexpr int kLength = 120;
    std::vector<float> values;
    void add(float v);
    float latest() const { return values.empty() ? 0.0f : values.back(); }
};

// What the panel shows (panel.hpp's PanelStats::profile).
struct ProfileSummary {
    bool active = false;
    std::vector<ProfileTable::Line> lines;  // ms per frame, the last window of frames
    int frames = 0;                         // frames averaged in `lines`
    PlotHistory msPerStep, kineticEnergy, maxDivergence;
};

class FrameProfile {
public:
    // The display's own rows, after the step's groups.
    static constexpr const char* kDisplay = "display";
    static constexpr const char* kPostProcessing = "post-processing";
    static constexpr const char* kPanel = "panel";

    // Starts a profiled frame: collects what has arrived and hands the
    // solver the profiler's timer. Needs a current GL 3.3 context.
    void beginFrame(GpuSolver& solver);
    StepTimer* timer() { return profiler_ ? &profiler_->timer() : nullptr; }
    void endFrame(double stepMilliseconds);
    // After the frame's steps, every few frames: the max |div u| of the
    // velocity now (the divergence pass, run again) and its kinetic energy.
    void sampleFields(GpuSolver& solver, double cellSize);
    // The group closed: the solver times nothing, the queries go.
    void stop(GpuSolver& solver);
    const ProfileSummary& summary() const { return summary_; }

private:
    std::optional<sim::GpuProfiler> profiler_;  // made when the group opens
    std::optional<AsyncMax> energy_, divergence_;
    ProfileTable measuring_;  // frames since the last window
    ProfileSummary summary_;
    int framesSinceSample_ = 0;
    double energyScale_ = 0.0;  // 0.5 h^2 of the request in flight
};

}  // namespace fluid::app
