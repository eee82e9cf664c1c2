// FluidSession's grid: its size for the window, the auto grid's pick by
// measuring the whole frame, and a change of grid that keeps the fluid.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

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
    dyeCoarsenedForSpeed_ = false;
    finerDyeByPick_ = 0;
    int dyeShortSide = dyeFor(pick.shortSide);
    // The dye's choices, each measured with the grid it goes with: a finer
    // dye grid than the auto one on a small grid (finerDyeGrids, finest
    // first), and the sharp dye, the first that keeps up. `sharp`: carried
    // by the cubic read, and then every dye grid is measured with it and
    // taken only with it (carried plainly the finer grid blurs more than the
    // auto one carried sharply: 84 x 64, 6 s, detail 0.008 on 672 x 512
    // semi-Lagrangian, 0.017 on 336 x 256 with the cubic).
    const auto takeDye = [&](int shortSide, std::span<const double> dts, bool sharp) {
        std::vector<int> dyes = state_.autoDyeGrid ? finerDyeGrids(shortSide, pixels) : std::vector<int>{};
        const std::size_t rungs = dyes.size();
        if (sharp) dyes.push_back(dyeFor(shortSide));
        for (std::size_t n = 0; n < dyes.size(); ++n) {
            const std::optional<GridPick> fit = dyeKeepsUp(framebuffer, shortSide, dyes[n], sharp, dts, overhead);
            if (!fit) continue;
            pick = *fit;
            dyeShortSide = dyes[n];
            finerDyeByPick_ = n < rungs ? finerDyeRung(dyes[n], shortSide, pixels) : 0;
            return true;
        }
        return false;
    };
    bool sharpDye = false;
    const int plainGrid = pick.shortSide;
    if (pick.keepsUp) {
        // At the pick's step, or with the automatic dt the longer one: a finer
        // or sharper dye at half the steps rather than a blurred one at all.
        std::vector<double> dtsAtPick{pick.dt};
        if (budget.longerDt > pick.dt) dtsAtPick.push_back(budget.longerDt);
        if (!state_.autoDyeAdvection) {
            takeDye(pick.shortSide, std::span(dtsAtPick).first(1), false);
        } else {
            sharpDye = takeDye(pick.shortSide, dtsAtPick, true);
            // Else the next smaller grid with the sharp dye: crisp dye on a
            // coarser velocity shows more than blurred dye on a finer one.
            const auto at = std::find(candidates.begin(), candidates.end(), pick.shortSide);
            if (!sharpDye && at != candidates.begin() && at != candidates.end()) {
                std::vector<double> dts{baseDt};
                if (budget.longerDt > baseDt) dts.push_back(budget.longerDt);
                sharpDye = takeDye(*(at - 1), dts, true);
            }
        }
    }
    state_.gridShortSide = pick.shortSide;
    state_.dyeGridShortSide = dyeShortSide;
    const bool longerStep = pick.dt > baseDt;
    budget.dt = pick.dt;
    if (state_.autoDt) {
        state_.params.dt = static_cast<float>(pick.dt);
        state_.dtLongForSpeed = longerStep;
    }
    if (sharpDye) takeSharpDye(state_);
    char stepNote[160] = "";
    if (longerStep)
        std::snprintf(stepNote, sizeof stepNote,
                      "; dt %.4g s: steps of %.4g s do not keep up with this grid here (the panel's dt sets it)",
                      pick.dt, baseDt);
    char note[560];
    std::snprintf(note, sizeof note,
                  "auto: %s (%.1f ms a step and %.1f ms a frame besides, measured; %d %s a frame)%s%s%s%s",
                  !pick.keepsUp                ? "the smallest grid; none keeps up here"
                  : pick.shortSide < plainGrid ? "the largest grid that keeps up here with the dye carried sharply"
                                               : "the largest grid that keeps up here",
                  1e3 * pick.secondsPerStep, 1e3 * pick.overheadSeconds, stepsPerFrame(budget),
                  stepsPerFrame(budget) == 1 ? "step" : "steps", stepNote,
                  !state_.autoDyeGrid || state_.dyeGridShortSide == 0 ? ""
                  : finerDyeByPick_ > 0 ? "; the dye on a finer grid, the frame has room for it"
                                        : "; the dye on a finer grid",
                  sharpDye ? "; the dye carried sharply (a cubic read), the frame has room for it" : "", bloomNote);
    stats_.gridChoice = note;
}

// The grid of `shortSide` cells with its dye on `dyeShortSide` rows, carried
// by kWindowSharpDyeAdvection where `sharp`: its step and the frame besides
// measured with that dye, at the first of `dts` at which it keepsUp(). A
// probe that keeps up at none is measured once more, its step and the frame
// besides, as a grid's is (app::pickGrid): another process can slow one
// measurement, never speed it up. (Measuring the frame besides only once
// left one slow measurement of it deciding: at 172 x 128 on llvmpipe it
// ranged over 10.6-13.2 ms from start to start, a tenth of the budget.)
std::optional<GridPick> FluidSession::dyeKeepsUp(glm::ivec2 framebuffer, int shortSide, int dyeShortSide, bool sharp,
                                                 std::span<const double> dts, const FrameOverhead& overhead) const
{
    SimParams params = paramsForShortSide(framebuffer, shortSide, dyeShortSide);
    params.dt = static_cast<float>(dts.front());
    if (sharp) params.dyeAdvection = kWindowSharpDyeAdvection;
    GpuSolver probe(params);
    for (int measurement = 0; measurement < 2; ++measurement) {
        const double overheadSeconds = std::max(0.0, overhead(probe, state_.display));
        double uploadSeconds = 0.0;
        const double seconds = secondsPerStep(probe, uploadSeconds);
        for (const double dt : dts) {
            const FrameBudget budget{dt, state_.maxStepsPerFrame, overheadSeconds + uploadSeconds, 0.0};
            if (keepsUp(seconds, budget)) return GridPick{shortSide, seconds, true, dt, budget.overheadSeconds};
        }
    }
    return std::nullopt;
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
    load.finerDyeByPick = finerDyeByPick_ > 0 && state_.dyeGridShortSide > kDyeGridFactors[0] * state_.gridShortSide;
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
    int coarser = coarserDyeGrid(state_.gridShortSide, state_.dyeGridShortSide, kDyeGridFactors);
    // A rung the pick took: the next rung down, if it is still finer than the auto grid.
    if (finerDyeByPick_ > 0)
        for (const int rung : kFinerDyeGrids)
            if (rung < state_.dyeGridShortSide && rung > coarser) coarser = rung;
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
