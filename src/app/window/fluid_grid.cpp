// FluidSession's grid: its size for the window, the auto grid's pick by
// measuring the whole frame, and a change of grid that keeps the fluid.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include <epoxy/gl.h>

#include "app/grid_picker.hpp"
#include "app/options.hpp"
#include "app/report.hpp"
#include "app/state_resample.hpp"
#include "app/window/fluid_session.hpp"
#include "app/window/wall_timing.hpp"
#include "reference/cpu_solver.hpp"

namespace fluid::app {

namespace {

// The budget a probe of the picked grid is held to: the pick's step, no longer one.
FrameBudget budgetAtPick(FrameBudget budget, const GridPick& pick)
{
    budget.dt = pick.dt;
    budget.longerDt = 0.0;
    return budget;
}

// The pick's sharp dye (sim_params.hpp).
void takeSharpDye(PanelState& state)
{
    state.params.dyeAdvection = kWindowSharpDyeAdvection;
    state.dyeSharpByPick = true;
}

// Back to the window's plain dye, where the scheme is still the pick's.
void takePlainDye(PanelState& state)
{
    if (state.dyeSharpByPick) state.params.dyeAdvection = kWindowDyeAdvection;
    state.dyeSharpByPick = false;
}

}  // namespace

// The solver's parameters for a grid of `shortSide` cells on the window's
// short side, the long side following the window's shape.
SimParams FluidSession::paramsForShortSide(glm::ivec2 framebuffer, int shortSide, int dyeShortSide) const
{
    return windowParams(state_.params, framebuffer, shortSide, dyeShortSide);
}

// Wall-clock seconds per step of the session's backend on `display`'s grid,
// with a stroke in it. Only when a grid is picked: glFinish is fine here,
// never in the step loop. On the CPU the frame also uploads the fluid for
// the display (once a frame, however many steps it runs), timed apart.
double FluidSession::secondsPerStep(GpuSolver& display, double& uploadSeconds) const
{
    const SimParams& p = display.params();
    Splat splat;
    splat.from = {0.3f * p.domainWidth, 0.5f * p.domainHeight()};
    splat.to = {0.7f * p.domainWidth, 0.5f * p.domainHeight()};
    splat.velocity = {1.0f, 0.2f};
    const std::vector<Splat> splats{splat};
    uploadSeconds = 0.0;
    // The first steps compile shaders and touch memory.
    if (options_.backend == Backend::Gpu) return typicalWallSeconds(3, 5, [&] { display.step(splats); });
    CpuSolver probe(p, threads_);
    const double seconds = typicalWallSeconds(2, 3, [&] { probe.step(splats); });
    uploadSeconds = typicalWallSeconds(1, 3, [&] { display.upload(probe.state()); });
    return seconds;
}

void FluidSession::pickGrid(glm::ivec2 framebuffer, std::span<const int> allCandidates, const FrameOverhead& overhead)
{
    const int pixels = std::min(framebuffer.x, framebuffer.y);
    const std::span<const int> candidates = choicesWithin(allCandidates, pixels);
    if (candidates.empty()) return;
    // The grids are measured with the plain dye: the sharp one is the pick's
    // extra, measured at the grid taken (below).
    takePlainDye(state_);
    // Each candidate with its own dye grid: the auto one grows with the grid,
    // and so does the frame besides the steps (the view shades and blooms the
    // dye at its size), measured with each; a dye grid the user set is the
    // same for all, and the frame besides is measured once.
    const auto dyeFor = [&](int shortSide) {
        return state_.autoDyeGrid ? autoDyeGrid(shortSide, pixels) : state_.dyeGridShortSide;
    };
    const auto pickWith = [&](const DisplaySettings& look, FrameBudget& budget) {
        return app::pickGrid(candidates, budget, [&](int shortSide) {
            GpuSolver probe(paramsForShortSide(framebuffer, shortSide, dyeFor(shortSide)));
            const bool measureOverhead = state_.autoDyeGrid || budget.overheadSeconds < 0.0;
            if (measureOverhead) budget.overheadSeconds = std::max(0.0, overhead(probe, look));
            double uploadSeconds = 0.0;
            const double seconds = secondsPerStep(probe, uploadSeconds);
            if (measureOverhead) budget.overheadSeconds += uploadSeconds;
            return seconds;
        });
    };
    // With the default step, a step twice as long where that buys a larger grid.
    const double baseDt = static_cast<double>(state_.autoDt ? SimParams{}.dt : state_.params.dt);
    FrameBudget budget{baseDt, state_.maxStepsPerFrame, -1.0, state_.autoDt ? 2.0 * baseDt : 0.0};
    GridPick pick = pickWith(state_.display, budget);
    const char* bloomNote = "";
    if (!pick.keepsUp && state_.autoBloom && state_.display.bloom.enabled) {
        // Real time first: the glow goes where not even the smallest grid keeps up with it.
        DisplaySettings plain = state_.display;
        plain.bloom.enabled = false;
        budget.overheadSeconds = -1.0;
        pick = pickWith(plain, budget);
        state_.display.bloom.enabled = false;
        state_.bloomOffForSpeed = true;
        bloomNote = "; bloom off, the frame does not keep up with it here (the panel turns it on)";
    }
    state_.gridShortSide = pick.shortSide;
    state_.dyeGridShortSide = dyeFor(pick.shortSide);
    dyeCoarsenedForSpeed_ = false;
    const bool longerStep = pick.dt > baseDt;
    budget.dt = pick.dt;
    // A finer dye grid than the auto one on a small grid, the finest the
    // frame has room for; carried sharply where the dye's scheme is the
    // pick's, and then only so: carried plainly the finer grid blurs more than
    // the auto one carried sharply (84 x 64, 6 s: detail 0.008 on 672 x 512
    // semi-Lagrangian, 0.017 on 336 x 256 with the cubic).
    const bool sharpAllowed = state_.autoDyeAdvection && pick.keepsUp;
    finerDyeByPick_ = 0;
    if (state_.autoDyeGrid && pick.keepsUp) {
        for (const int finer : finerDyeGrids(pick.shortSide, pixels)) {
            if (!dyeGridKeepsUp(framebuffer, finer, sharpAllowed, pick, budget, overhead)) continue;
            finerDyeByPick_ = finer;
            state_.dyeGridShortSide = finer;
            break;
        }
    }
    if (state_.autoDt) {
        state_.params.dt = static_cast<float>(pick.dt);
        state_.dtLongForSpeed = longerStep;
    }
    const bool sharpDye = sharpAllowed && (finerDyeByPick_ > 0 || sharpDyeKeepsUp(framebuffer, pick, budget));
    if (sharpDye) takeSharpDye(state_);
    char stepNote[160] = "";
    if (longerStep)
        std::snprintf(stepNote, sizeof stepNote,
                      "; dt %.4g s: steps of %.4g s do not keep up with this grid here (the panel's dt sets it)",
                      pick.dt, baseDt);
    char note[480];
    std::snprintf(note, sizeof note,
                  "auto: %s (%.1f ms a step and %.1f ms a frame besides, measured; %d %s a frame)%s%s%s%s",
                  pick.keepsUp ? "the largest grid that keeps up here" : "the smallest grid; none keeps up here",
                  1e3 * pick.secondsPerStep, 1e3 * pick.overheadSeconds, stepsPerFrame(budget),
                  stepsPerFrame(budget) == 1 ? "step" : "steps", stepNote,
                  !state_.autoDyeGrid || state_.dyeGridShortSide == 0 ? ""
                  : finerDyeByPick_ > 0 ? "; the dye on a finer grid, the frame has room for it"
                                        : "; the dye on a finer grid",
                  sharpDye ? "; the dye carried sharply (a cubic read), the frame has room for it" : "", bloomNote);
    stats_.gridChoice = note;
}

// Whether the picked grid, its dye carried by kWindowSharpDyeAdvection,
// still keeps up under the budget it was picked with (its step, the frame
// besides as measured for it), at kSharpDyeShareOfRealTime. A step that
// misses is measured once more, as a grid's is (app::pickGrid): another
// process can slow one measurement, never speed it up.
bool FluidSession::sharpDyeKeepsUp(glm::ivec2 framebuffer, const GridPick& pick, const FrameBudget& budget) const
{
    SimParams sharp = paramsForShortSide(framebuffer, pick.shortSide, state_.dyeGridShortSide);
    sharp.dyeAdvection = kWindowSharpDyeAdvection;
    sharp.dt = static_cast<float>(pick.dt);
    GpuSolver probe(sharp);
    FrameBudget atPick = budgetAtPick(budget, pick);
    atPick.overheadSeconds = pick.overheadSeconds;
    const auto fits = [&] {
        double uploadSeconds = 0.0;
        return keepsUp(secondsPerStep(probe, uploadSeconds), atPick, kSharpDyeShareOfRealTime);
    };
    return fits() || fits();
}

bool FluidSession::dyeGridKeepsUp(glm::ivec2 framebuffer, int dyeShortSide, bool sharp, GridPick& pick,
                                  const FrameBudget& budget, const FrameOverhead& overhead) const
{
    SimParams finer = paramsForShortSide(framebuffer, pick.shortSide, dyeShortSide);
    finer.dt = static_cast<float>(pick.dt);
    if (sharp) finer.dyeAdvection = kWindowSharpDyeAdvection;
    GpuSolver probe(finer);
    FrameBudget atPick = budgetAtPick(budget, pick);
    const double overheadSeconds = std::max(0.0, overhead(probe, state_.display));
    const double share = sharp ? kSharpDyeShareOfRealTime : kFrameShareOfRealTime;
    double seconds = 0.0;
    // Measured once more where it misses, as the sharp dye's probe is.
    const auto fits = [&] {
        double uploadSeconds = 0.0;
        seconds = secondsPerStep(probe, uploadSeconds);
        atPick.overheadSeconds = overheadSeconds + uploadSeconds;
        return keepsUp(seconds, atPick, share);
    };
    if (!fits() && !fits()) return false;
    pick.secondsPerStep = seconds;
    pick.overheadSeconds = atPick.overheadSeconds;
    return true;
}

namespace {

// The grid's note says each thing given up once, however often it was.
void appendOnce(std::string& note, const char* what)
{
    if (note.find(what) == std::string::npos) note += what;
}

}  // namespace

SpeedStep FluidSession::nextSpeedStep(bool smallerGridExists) const
{
    FrameLoad load;
    load.sharpDyeDroppable = state_.dyeSharpByPick;
    load.smallerGridExists = smallerGridExists;
    load.autoDyeGrid = state_.autoDyeGrid;
    load.shortSide = state_.gridShortSide;
    load.dyeShortSide = state_.dyeGridShortSide;
    load.bloomDroppable = state_.autoBloom && state_.display.bloom.enabled;
    return app::nextSpeedStep(load);
}

bool FluidSession::coarsenDyeForSpeed(glm::ivec2 framebuffer)
{
    if (!state_.autoDyeGrid) return false;
    const int coarser = coarserDyeGrid(state_.gridShortSide, state_.dyeGridShortSide, kDyeGridFactors);
    if (coarser == state_.dyeGridShortSide) return false;
    state_.dyeGridShortSide = coarser;
    dyeCoarsenedForSpeed_ = true;
    allocateGrid(framebuffer, true);
    appendOnce(stats_.gridChoice, "; the dye grid made coarser, the frame did not keep up");
    return true;
}

void FluidSession::regainAfterSpeed(glm::ivec2 framebuffer, const FrameOverhead& overhead)
{
    if (state_.bloomOffForSpeed) {  // pickGrid turns it off again where not even the smallest grid keeps up with it
        state_.display.bloom.enabled = true;
        state_.bloomOffForSpeed = false;
    }
    pickGrid(framebuffer, gridChoices(), overhead);
    allocateGrid(framebuffer, true);
}

bool FluidSession::plainDyeForSpeed()
{
    if (!state_.dyeSharpByPick) return false;
    takePlainDye(state_);
    setParams(state_.params);
    appendOnce(stats_.gridChoice, "; the dye carried plainly again, the frame did not keep up");
    return true;
}

bool FluidSession::dropBloomForSpeed()
{
    if (!state_.autoBloom || !state_.display.bloom.enabled) return false;
    state_.display.bloom.enabled = false;
    state_.bloomOffForSpeed = true;
    appendOnce(stats_.gridChoice, "; bloom off, the frame does not keep up with it here (the panel turns it on)");
    return true;
}

void FluidSession::reshapeGrid(glm::ivec2 framebuffer)
{
    if (state_.autoDyeGrid) {
        const int pixels = std::min(framebuffer.x, framebuffer.y);
        const int cap = std::max(autoDyeGrid(state_.gridShortSide, pixels),
                                 finerDyeByPick_ > 0 ? finerDyeGrid(finerDyeByPick_, state_.gridShortSide, pixels) : 0);
        // 0 is the simulation grid's: the coarsest a dye grid gets.
        state_.dyeGridShortSide = dyeCoarsenedForSpeed_ ? std::min(state_.dyeGridShortSide, cap) : cap;
    }
    allocateGrid(framebuffer, true);
}

void FluidSession::allocateGrid(glm::ivec2 framebuffer, bool keepFluid)
{
    if (!state_.autoGrid) stats_.gridChoice.clear();
    const SimParams p = paramsForShortSide(framebuffer, state_.gridShortSide, state_.dyeGridShortSide);
    const glm::ivec2 grid(p.gridWidth, p.gridHeight);
    try {
        auto next = std::make_unique<FluidStepper>(p, options_.backend, threads_);
        if (CpuSolver* cpu = next->cpu()) cpu->setStepTimer(&cpuTimer_);
        // Once per change, not per step: a synchronous read-back of the old
        // fields, resampled on the host onto the new grids.
        if (keepFluid && solver_) next->upload(resampleState(solver_->download(), next->grids(), p.layout));
        if (inputLog_) {
            if (solver_) recordParamChanges(solver_->params(), p);  // the grid's own parameters with it
            InputEvent e;
            e.kind = InputEvent::Kind::Grid;
            e.grid = p;
            e.keepFluid = keepFluid && solver_;
            inputLog_->add(e);
        }
        // The emitters move with the fluid, which is stretched onto the new
        // domain: a window made portrait left one outside it, doing nothing.
        if (solver_) {
            const SimParams& old = solver_->params();
            const glm::vec2 scale(p.domainWidth / old.domainWidth, p.domainHeight() / old.domainHeight());
            for (Emitter& e : emitters_) e.position *= scale;
        }
        solver_ = std::move(next);
        if (motionSource_)  // the grid's size
            motionInput_.emplace(p, state_.motion, motionSource_->frameRate(), options_.backend);
        state_.params = p;
        stats_.grid = grid;
        solverHasObstacles_ = false;
        residualReduction_.cancel();  // a residual of the old grid
        placeObstacles(true);
    } catch (const std::exception& e) {
        if (!solver_) throw;  // at start there is nothing to fall back to
        report("cannot allocate a " + std::to_string(grid.x) + "x" + std::to_string(grid.y) + " grid, keeping " +
               std::to_string(solver_->params().gridWidth) + "x" + std::to_string(solver_->params().gridHeight) + ": " +
               e.what());
        state_.gridShortSide = std::min(solver_->params().gridWidth, solver_->params().gridHeight);
        state_.params.gridWidth = solver_->params().gridWidth;
        state_.params.gridHeight = solver_->params().gridHeight;
        state_.params.domainWidth = solver_->params().domainWidth;
    }
}

}  // namespace fluid::app
