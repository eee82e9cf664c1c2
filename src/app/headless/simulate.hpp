// simulate(): the headless step loop, the same for both backends. It reads
// fields back only when an output or a stop rule needs them (measurements every
// step, a steady check every RunSpec::steadyCheckEvery steps, frames), so a
// run with no outputs is the same GL command stream as the window's loop.
#pragma once

#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "app/headless/scenario.hpp"
#include "core/field.hpp"
#include "core/profile_table.hpp"

namespace fluid::app::headless {

struct StepSample {
    double t = 0.0;                   // s, simulated time after the step
    double kineticEnergy = 0.0;       // m^4/s^2 (see kineticEnergy())
    double maxDivergence = 0.0;       // 1/s, after the step's projection
    double relativeDivergence = 0.0;  // max |div u| h / max |u|
    // What the step's pressure solve left: ||h^2 div - L p|| / ||h^2 div||
    // (reference::relativePressureResidual), 0 with no divergence to solve for.
    double pressureResidual = 0.0;
};

struct RunResult {
    int steps = 0;      // steps taken
    double time = 0.0;  // s, simulated
    double wallSeconds = 0.0;
    bool steady = false;                                               // the steady tolerance was met (only with one)
    double lastChangeRate = std::numeric_limits<double>::quiet_NaN();  // m/s^2, last steady check
    std::vector<StepSample> samples;  // t = 0, then every step; only with RunSpec::measureEveryStep
    FluidState final;                 // the state after the last step
    bool interrupted = false;         // Observer::stopRequested ended the run early
    std::vector<double> probe;        // tunnel: the probe's v (m/s) after every step
    // RunSpec::profile: each group's time over the measured steps (GPU time
    // on the GPU, wall time on the CPU); empty without.
    ProfileTable profile;
    int profileSkipped = 0;  // GPU: steps left unmeasured, the GPU too far behind
};

struct Progress {
    int step = 0;
    int totalSteps = 0;  // the step budget
    double time = 0.0;
    std::optional<double> changeRate;  // m/s^2, from the last steady check
};

struct Observer {
    // Called with the state after step `step` for every frame the spec asks for
    // (every framesEvery steps and after the last step), only when outDir is set.
    std::function<void(int step, const FluidState& state)> frame;
    // Every measured step (t = 0 included), with the velocity it was measured
    // on, for measurements of one's own (the tests' corner-free divergence).
    std::function<void(const StepSample&, const Field& velocity)> sample;
    std::function<void(const Progress&)> progress;  // after every step; must be cheap
    // --video: asked after every step with its fluid time; true reads the
    // state back and hands it to videoFrame.
    std::function<bool(double t)> videoFrameDue;
    std::function<void(double t, const FluidState& state)> videoFrame;
    // Asked after every step; true ends the run there, as if it were the last
    // step (frame, final state), with RunResult::interrupted set.
    std::function<bool()> stopRequested;
};

// Runs the spec. The GPU backend needs a current OpenGL 3.3 context (from
// platform::HeadlessContext or the tests' shared one). Throws what the solvers
// throw (std::invalid_argument, gl::GlError).
RunResult simulate(const RunSpec& spec, const Observer& observer = {});

}  // namespace fluid::app::headless
