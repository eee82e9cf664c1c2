#include "app/headless/simulate.hpp"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <type_traits>

#include "app/headless/measure.hpp"
#include "app/motion_input.hpp"
#include "core/pass_constants.hpp"
#include "core/wall_step_timer.hpp"
#include "motion/frame_source.hpp"
#include "reference/cpu_solver.hpp"
#include "reference/multigrid.hpp"
#include "sim/gpu_profiler.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app::headless {

namespace {

// The divergence the last pressure solve solved for.
Field divergenceOf(const GpuSolver& solver)
{
    return solver.downloadDivergence();
}
const Field& divergenceOf(const CpuSolver& solver)
{
    return solver.divergenceField();
}

// --profile: the steps' groups timed by the solver's laps (core/step_timer.hpp).
// On the GPU from timestamp queries collected a few steps late, never waited
// for inside the loop; finish() drains the rest, after it.
class GpuRunProfile {
public:
    GpuRunProfile(GpuSolver& solver, ProfileTable& table) : solver_(solver), table_(table)
    {
        solver_.setStepTimer(&profiler_.timer());
    }
    ~GpuRunProfile() { solver_.setStepTimer(nullptr); }
    GpuRunProfile(const GpuRunProfile&) = delete;
    GpuRunProfile& operator=(const GpuRunProfile&) = delete;
    void beginStep()
    {
        profiler_.collect(table_);
        profiler_.beginFrame();
    }
    void endStep() { profiler_.endFrame(); }
    int finish()
    {
        profiler_.drain(table_);
        return profiler_.skippedFrames();
    }

private:
    // Steps the GPU may run behind the loop before one goes unmeasured.
    static constexpr int kRing = 8;
    GpuSolver& solver_;
    ProfileTable& table_;
    sim::GpuProfiler profiler_{kRing};
};

// The CPU reference's: wall time, every step measured.
class CpuRunProfile {
public:
    CpuRunProfile(CpuSolver& solver, ProfileTable& table) : solver_(solver), timer_(table)
    {
        solver_.setStepTimer(&timer_);
    }
    ~CpuRunProfile() { solver_.setStepTimer(nullptr); }
    CpuRunProfile(const CpuRunProfile&) = delete;
    CpuRunProfile& operator=(const CpuRunProfile&) = delete;
    void beginStep() {}
    void endStep() { timer_.endFrame(); }
    int finish() { return 0; }

private:
    CpuSolver& solver_;
    WallStepTimer timer_;
};

template <typename Solver>
using RunProfile = std::conditional_t<std::is_same_v<Solver, GpuSolver>, GpuRunProfile, CpuRunProfile>;

template <typename Solver>
RunResult run(Solver& solver, const RunSpec& spec, const Observer& observer)
{
    const SimParams& p = spec.params;
    const PassConstants constants = makePassConstants(p);
    const double dt = static_cast<double>(p.dt);
    const double h = static_cast<double>(p.cellSize());

    RunResult result;
    FluidState state = initialState(spec.scenario, p);
    if (spec.wake) {
        solver.setObstacles(spec.wake->mask);
        state = cylinderWakeStart(*spec.wake);
    }
    solver.upload(state);
    if (spec.obstacles.size() > 0) solver.setObstacles(spec.obstacles);  // an upload, before the first step

    // Motion input: frame k of the source is due at simulated time k / rate.
    std::unique_ptr<motion::FrameSource> source;
    std::optional<MotionInput<Solver>> motionInput;
    if (!spec.motionSource.empty()) {
        source = motion::openFrameSource(spec.motionSource);
        std::printf("  motion           %s\n", source->describe().c_str());
        std::fflush(stdout);
        motionInput.emplace(p, spec.motion, source->frameRate());
    }

    const auto measure = [&](double t, const Field& velocity, const Field* pressure) {
        StepSample s;
        if (pressure)
            s.pressureResidual = reference::relativePressureResidual(*pressure, divergenceOf(solver), constants);
        s.t = t;
        s.kineticEnergy = kineticEnergy(velocity, h);
        s.maxDivergence = maxDivergence(velocity, constants);
        s.relativeDivergence = relativeDivergence(s.maxDivergence, h, maxSpeed(velocity));
        result.samples.push_back(s);
        if (observer.sample) observer.sample(s, velocity);
    };
    if (spec.measureEveryStep) measure(0.0, state.velocity, nullptr);

    // The steady check compares with the velocity of the previous check.
    Field previous = state.velocity;
    int previousStep = 0;
    const bool writesFrames = !spec.outDir.empty() && observer.frame;

    std::optional<RunProfile<Solver>> profile;
    if (spec.profile) profile.emplace(solver, result.profile);
    const auto start = std::chrono::steady_clock::now();
    for (int n = 1; n <= spec.steps; ++n) {
        if (motionInput) motionInput->advanceTo((n - 1) * dt, solver, [&source] { return source->next(); });
        if (profile) profile->beginStep();
        solver.step(scriptedSplats(spec.scenario, p, n - 1));
        if (profile) profile->endStep();
        const double t = n * dt;
        const bool stopped = observer.stopRequested && observer.stopRequested();
        const bool lastOfBudget = n == spec.steps || stopped;
        result.interrupted = stopped;
        const bool checksSteady = spec.steadyTolerance && n % spec.steadyCheckEvery == 0;
        const bool periodicFrame = writesFrames && spec.framesEvery > 0 && n % spec.framesEvery == 0;
        const bool videoFrame = observer.videoFrame && observer.videoFrameDue && observer.videoFrameDue(t);
        const bool readsBack =
            spec.measureEveryStep || checksSteady || periodicFrame || lastOfBudget || spec.wake || videoFrame;
        if (readsBack) state = solver.download();
        if (spec.wake) result.probe.push_back(state.velocity.at(spec.wake->probe.x, spec.wake->probe.y, 1));

        if (spec.measureEveryStep) measure(t, state.velocity, &state.pressure);
        bool ending = lastOfBudget;
        if (checksSteady) {
            result.lastChangeRate = maxDifference(state.velocity, previous) / ((n - previousStep) * dt);
            previous = state.velocity;
            previousStep = n;
            if (result.lastChangeRate < *spec.steadyTolerance) result.steady = ending = true;
        }
        if (writesFrames && (periodicFrame || ending)) observer.frame(n, state);
        if (videoFrame) observer.videoFrame(t, state);
        result.steps = n;
        result.time = t;
        if (observer.progress) {
            Progress progress{n, spec.steps, t, std::nullopt};
            if (spec.steadyTolerance && previousStep > 0) progress.changeRate = result.lastChangeRate;
            observer.progress(progress);
        }
        if (ending) break;
    }
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (profile) result.profileSkipped = profile->finish();  // after the wall clock: draining waits
    result.final = std::move(state);
    return result;
}

}  // namespace

RunResult simulate(const RunSpec& spec, const Observer& observer)
{
    if (spec.backend == Backend::Gpu) {
        GpuSolver solver(spec.params);
        return run(solver, spec, observer);
    }
    CpuSolver solver(spec.params, spec.threads);
    return run(solver, spec, observer);
}

}  // namespace fluid::app::headless
