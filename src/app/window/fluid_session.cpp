#include "app/window/fluid_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

#include "app/obstacle_setup.hpp"
#include "app/report.hpp"
#include "core/obstacles.hpp"
#include "core/parameters.hpp"
#include "core/step_timer.hpp"
#include "reference/cpu_solver.hpp"

namespace fluid::app {

FluidSession::FluidSession(const Options& options, PanelState& state, PanelStats& stats)
    : options_(options),
      state_(state),
      stats_(stats),
      threads_(options.threads),
      idle_(options.idleAfter),
      firstSight_(options.firstSight)
{
    // As the headless runner: more threads than the machine runs at once
    // only take turns, so they are cut to its own, saying so.
    if (const auto hardware = static_cast<int>(std::thread::hardware_concurrency());
        options.backend == Backend::Cpu && hardware > 0 && threads_ > hardware) {
        threads_ = hardware;
        report("note: --threads " + std::to_string(options.threads) + " is more than the " + std::to_string(hardware) +
               " hardware threads here; using " + std::to_string(hardware));
    }
    openMotionSource();
}

// --motion: a source that cannot be opened is said once, on the terminal and
// in the panel, and the window runs on without motion input.
void FluidSession::openMotionSource()
{
    if (options_.motionSource.empty()) return;
    try {
        motionSource_ = motion::openFrameSource(options_.motionSource);
        stats_.motionSource = motionSource_->describe();
        stats_.motionActive = true;
        std::printf("fluidsim: motion input from %s\n", stats_.motionSource.c_str());
    } catch (const std::exception& e) {
        stats_.motionSource = std::string(e.what()) + "; running without motion input";
        report(stats_.motionSource);
    }
}

// Frame k of the source is due at fluid time k / rate (not wall time), so the
// motion keeps pace with the fluid when the machine cannot.
void FluidSession::feedMotion()
{
    if (!motionInput_) return;
    try {
        motionInput_->advanceTo(fluidSeconds_, *solver_, [this] { return motionSource_->next(); });
    } catch (const std::exception& e) {
        stats_.motionSource = std::string(e.what()) + "; motion input stopped";
        report(stats_.motionSource);
        stats_.motionActive = false;
        motionInput_.reset();
        motionSource_.reset();
    }
}

void FluidSession::setMotionParams(const MotionParams& params)
{
    if (motionInput_) motionInput_->setParams(params);
}

// The clock advances with or without motion input: the idle brush follows it
// (--idle-after).
void FluidSession::step(std::vector<Splat> splats, Button held, bool timed)
{
    const double dt = static_cast<double>(state_.params.dt);
    // Activity (a stroke, a held button, motion in the camera) holds the idle splats and brush off.
    if (!splats.empty() || held != Button::None) {
        idle_.noteActivity(fluidSeconds_);
        firstSight_.noteActivity(fluidSeconds_);
    }
    if (motionInput_ && motionInput_->lastMotion() >= 0.0) {
        idle_.noteActivity(motionInput_->lastMotion());
        firstSight_.noteActivity(motionInput_->lastMotion());
    }
    firstSight_.addSplats(fluidSeconds_, dt, state_.params, splats);
    if (auto wander = idle_.splatFor(fluidSeconds_, dt, state_.params)) splats.push_back(*wander);
    feedMotion();
    for (const Emitter& e : emitters_) splats.push_back(emitterSplat(e, state_.params.dt));
    if (inputLog_) {
        // What the solver gets, as it gets it: the stroke's splats with the
        // first sight's, the idle brush's and the emitters' (their own
        // clocks need not be replayed).
        for (const Splat& s : splats) record(InputEvent::Kind::Splat, s);
        record(InputEvent::Kind::Step);
    }
    if (timed && solver_->cpu()) {
        timeCpuStep(splats);
    } else {
        if (timed) stepTimer_.begin();
        solver_->step(splats);
        if (timed) stepTimer_.end();
    }
    if (solver_->cpu()) cpuTimer_.endFrame();
    fluidSeconds_ += dt;
}

std::string FluidSession::cpuStepsSummary() const
{
    if (options_.backend != Backend::Cpu || cpuProfile_.frames() == 0) return "";
    // The solver's own count: its step recipe laps the splats' group once a step.
    long steps = 0;
    std::string groups;
    for (const ProfileTable::Line& line : cpuProfile_.lines()) {
        if (line.name == step_groups::kSplats) steps = std::lround(line.callsPerFrame * cpuProfile_.frames());
        if (line.depth != 0) continue;
        char part[96];
        std::snprintf(part, sizeof part, "%s%s %.2f", groups.empty() ? "" : ", ", line.name.c_str(), line.msPerFrame);
        groups += part;
    }
    char text[160];
    std::snprintf(text, sizeof text,
                  "the CPU reference solver ran %ld steps, %.2f ms each (wall time, by group: ", steps,
                  cpuProfile_.msPerFrame());
    return text + groups + ")";
}

// The CPU step's wall time, smoothed as GpuTimer smooths the GPU's.
void FluidSession::timeCpuStep(std::span<const Splat> splats)
{
    const auto start = std::chrono::steady_clock::now();
    solver_->step(splats);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    cpuStepMs_ = cpuStepMs_ < 0.0 ? ms : 0.9 * cpuStepMs_ + 0.1 * ms;
}

void FluidSession::record(InputEvent::Kind kind, const Splat& s)
{
    if (!inputLog_) return;
    InputEvent e;
    e.kind = kind;
    e.splat = s;
    inputLog_->add(e);
}

void FluidSession::splat(const Splat& s)
{
    record(InputEvent::Kind::Paint, s);
    solver_->splat(s);
}

void FluidSession::reset()
{
    record(InputEvent::Kind::Reset);
    solver_->reset();
}

void FluidSession::clearDye()
{
    record(InputEvent::Kind::ClearDye);
    solver_->clearDye();
}

// One event per row of the parameter table that changed.
void FluidSession::recordParamChanges(const SimParams& before, const SimParams& params)
{
    if (!inputLog_) return;
    for (const Parameter& row : parameters())
        if (row.get(params) != row.get(before)) {
            InputEvent e;
            e.kind = InputEvent::Kind::Param;
            e.key = row.key;
            e.value = row.get(params);
            inputLog_->add(e);
        }
}

void FluidSession::setParams(const SimParams& params)
{
    const SimParams before = solver_->params();
    solver_->setParams(params);  // may refuse: then nothing is recorded
    recordParamChanges(before, params);
}

// Before the display's diagnostics overwrite the divergence: the largest
// Poisson residual against the largest h^2 div u, reduced on the GPU.
void FluidSession::measureResidual()
{
    constexpr int kFramesPerResidual = 8;
    if (++framesSinceResidual_ < kFramesPerResidual || residualReduction_.inFlight()) return;
    framesSinceResidual_ = 0;
    if (CpuSolver* cpu = solver_->cpu()) {
        // On the host, where the fields are: the same maxima as the GPU's reduction.
        cpu->run(passes::pressureResidual);
        const Field& r = cpu->pressureResidualField();
        float residual = 0.0f, divergence = 0.0f;
        for (int j = 0; j < r.height(); ++j)
            for (int i = 0; i < r.width(); ++i) {
                residual = std::max(residual, std::abs(r.at(i, j, 0)));
                divergence = std::max(divergence, std::abs(r.at(i, j, 1)));
            }
        stats_.pressureResidual = divergence > 0.0f ? static_cast<double>(residual / divergence) : 0.0;
        return;
    }
    GpuSolver& gpu = *solver_->gpu();
    gpu.run(passes::pressureResidual);
    residualReduction_.request(gpu.pressureResidualTexture(), MaxMeasure::AbsRedAndGreenApart, stats_.grid);
}

void FluidSession::collectResidual()
{
    if (const auto maxima = residualReduction_.collect())
        stats_.pressureResidual = maxima->y > 0.0f ? static_cast<double>(maxima->x / maxima->y) : 0.0;
}

void FluidSession::addEmitter(glm::vec2 position, const Brush& brush)
{
    // A plume needs gravity, which is 0 by default: the first emitter turns
    // smoke on as the smoke scenario does (the panel's Solver internals change
    // it; with emitters already placed, a gravity set to 0 by hand stays).
    if (emitters_.empty() && !smokeIsOn(state_.params)) {
        setParams(withPlume(state_.params));
        state_.params = solver_->params();
        std::printf(
            "fluidsim: smoke on for the emitter: gravity %.2f m/s^2, cooling %.1f 1/s (the panel's Solver "
            "internals set them)\n",
            static_cast<double>(state_.params.gravity), static_cast<double>(state_.params.cooling));
        std::fflush(stdout);
    }
    Emitter e;
    e.position = position;
    e.radius = brush.radius;
    e.heatRate = brush.emitterHeat;
    e.smokeRate = brush.emitterSmoke;
    emitters_.push_back(e);
}

// A mask that cannot be made is said once, on the terminal and in the panel,
// and the window runs without it.
void FluidSession::placeObstacles(bool keepEdits)
{
    const SimParams& p = state_.params;
    Field mask, outline;
    const bool carried = keepEdits && obstacles_.edited() && obstacles_.mask().size() > 0;
    if (carried) {
        mask = resampleMask(obstacles_.mask(), p.gridWidth, p.gridHeight);
    } else {
        try {
            ObstacleOptions o = options_.obstacles;
            if (!o.shape.empty() && panelShare_ > 0.0f && isTunnel(p.boundary))
                o.centreX = obstacleCentreClearOf(panelShare_ * p.domainWidth, o, p);
            ObstacleFields built = buildObstacles(o, p);
            mask = std::move(built.mask);
            outline = std::move(built.outline);
            stats_.obstacleNote.clear();
        } catch (const ObstacleError& e) {
            if (stats_.obstacleNote != e.what()) report(std::string(e.what()) + "; running without");
            stats_.obstacleNote = e.what();
        }
    }
    if (mask.size() == 0) mask = emptyMask(p);
    obstacles_.reset(std::move(mask), p.cellSize(), carried, std::move(outline));
}

// An all-fluid mask goes to the solver only to take back solid cells it was
// given: the solver's first obstacles switch its passes to the obstacle rules
// (a compile), and clearObstacles() would recompile them, and again at the
// next stroke.
const Field* FluidSession::uploadObstacles()
{
    if (!obstacles_.takeChanged()) return nullptr;
    const Field& mask = obstacles_.mask();
    stats_.solidCells = countSolid(mask);
    if (stats_.solidCells == 0 && !solverHasObstacles_) return &obstacles_.outline();
    if (inputLog_) {
        InputEvent e;
        e.kind = InputEvent::Kind::Obstacles;
        e.mask = mask;
        inputLog_->add(e);
    }
    solver_->setObstacles(mask);
    solverHasObstacles_ = true;
    return &obstacles_.outline();
}

}  // namespace fluid::app
