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

// The scenario's first state, on the solver, with its solid cells.
template <typename Solver>
FluidState startState(Solver& solver, const RunSpec& spec)
{
    FluidState state = initialState(spec.scenario, spec.params);
    if (spec.wake) {
        solver.setObstacles(spec.wake->mask);
        state = cylinderWakeStart(*spec.wake);
    }
    solver.upload(state);
    if (spec.obstacles.size() > 0) solver.setObstacles(spec.obstacles);  // an upload, before the first step
    return state;
}

// Motion input: frame k of the source is due at simulated time k / rate.
// Without a source it pushes nothing.
template <typename Solver>
class MotionFeed {
public:
    explicit MotionFeed(const RunSpec& spec)
    {
        if (spec.motionSource.empty()) return;
        source_ = motion::openFrameSource(spec.motionSource);
        std::printf("  motion           %s\n", source_->describe().c_str());
        std::fflush(stdout);
        input_.emplace(spec.params, spec.motion, source_->frameRate());
    }
    void advanceTo(double t, Solver& solver)
    {
        if (input_) input_->advanceTo(t, solver, [this] { return source_->next(); });
    }

private:
    std::unique_ptr<motion::FrameSource> source_;
    std::optional<MotionInput<Solver>> input_;
};

// What step n asks for after it ran: whether it ends the run, and which
// checks and outputs need the state read back.
struct StepNeeds {
    bool stopped = false;
    bool lastOfBudget = false;
    bool checksSteady = false;
    bool periodicFrame = false;
    bool videoFrame = false;
};

StepNeeds needsOf(const RunSpec& spec, const Observer& observer, int n, double t, bool writesFrames)
{
    StepNeeds needs;
    needs.stopped = observer.stopRequested && observer.stopRequested();
    needs.lastOfBudget = n == spec.steps || needs.stopped;
    needs.checksSteady = spec.steadyTolerance && n % spec.steadyCheckEvery == 0;
    needs.periodicFrame = writesFrames && spec.framesEvery > 0 && n % spec.framesEvery == 0;
    needs.videoFrame = observer.videoFrame && observer.videoFrameDue && observer.videoFrameDue(t);
    return needs;
}

// The progress after step n; the change rate once a steady check has measured one.
void reportProgress(const RunSpec& spec, const Observer& observer, const RunResult& result, int n, bool measuredRate)
{
    if (!observer.progress) return;
    Progress progress{n, spec.steps, result.time, std::nullopt};
    if (spec.steadyTolerance && measuredRate) progress.changeRate = result.lastChangeRate;
    observer.progress(progress);
}

template <typename Solver>
RunResult run(Solver& solver, const RunSpec& spec, const Observer& observer)
{
    const SimParams& p = spec.params;
    const PassConstants constants = makePassConstants(p);
    const double dt = static_cast<double>(p.dt);
    const double h = static_cast<double>(p.cellSize());

    RunResult result;
    FluidState state = startState(solver, spec);
    MotionFeed<Solver> motionFeed(spec);

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
        motionFeed.advanceTo((n - 1) * dt, solver);
        if (profile) profile->beginStep();
        solver.step(scriptedSplats(spec.scenario, p, n - 1));
        if (profile) profile->endStep();
        const double t = n * dt;
        const StepNeeds needs = needsOf(spec, observer, n, t, writesFrames);
        result.interrupted = needs.stopped;
        if (spec.measureEveryStep || needs.checksSteady || needs.periodicFrame || needs.lastOfBudget || spec.wake ||
            needs.videoFrame)
            state = solver.download();
        if (spec.wake) result.probe.push_back(state.velocity.at(spec.wake->probe.x, spec.wake->probe.y, 1));

        if (spec.measureEveryStep) measure(t, state.velocity, &state.pressure);
        bool ending = needs.lastOfBudget;
        if (needs.checksSteady) {
            result.lastChangeRate = maxDifference(state.velocity, previous) / ((n - previousStep) * dt);
            previous = state.velocity;
            previousStep = n;
            if (result.lastChangeRate < *spec.steadyTolerance) result.steady = ending = true;
        }
        if (writesFrames && (needs.periodicFrame || ending)) observer.frame(n, state);
        if (needs.videoFrame) observer.videoFrame(t, state);
        result.steps = n;
        result.time = t;
        reportProgress(spec, observer, result, n, previousStep > 0);
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
