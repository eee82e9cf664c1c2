// FluidSession: the fluid a window shows and what feeds it, apart from the
// window: the solver of --backend (fluid_stepper.hpp: the GPU solver, or the
// CPU reference uploaded for display) on a grid fitted to the window (picked
// by measuring that backend's step, changed keeping the fluid:
// fluid_grid.cpp), and what joins the stroke's splats at every step: the
// first sight's burst and idle splats, the idle brush, motion input, the
// smoke emitters; the obstacle mask (painted, placed from the flags) handed
// to the solver between steps; the step's time (GPU time, or wall time on
// the CPU) and the pressure solve's residual, measured without stalling.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "app/grid_picker.hpp"
#include "app/idle_motion.hpp"
#include "app/input.hpp"
#include "app/input_log.hpp"
#include "app/motion_input.hpp"
#include "app/obstacle_brush.hpp"
#include "app/options.hpp"
#include "app/window/async_max.hpp"
#include "app/window/first_sight.hpp"
#include "app/window/fluid_stepper.hpp"
#include "app/window/gpu_timer.hpp"
#include "app/window/panel.hpp"
#include "app/window/window_motion.hpp"
#include "core/emitter.hpp"
#include "core/profile_table.hpp"
#include "core/wall_step_timer.hpp"
#include "motion/frame_source.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

class FluidSession {
public:
    // Reads and writes the panel's state (the grid, the parameters, the
    // brush) and fills in its statistics. Opens --motion; no grid yet.
    FluidSession(const Options& options, PanelState& state, PanelStats& stats);

    // --- the grid (fluid_grid.cpp) ---
    // Wall s per frame a display of a solver takes besides its steps, with
    // the look `look` (bloom on or off).
    using FrameOverhead = std::function<double(GpuSolver& probe, const DisplaySettings& look)>;
    // grid = auto: the largest of `candidates` whose whole frame keeps up
    // here (grid_picker.hpp), into state.gridShortSide, and why into the
    // panel. Probe solvers are stepped and waited for: never per frame.
    // Bloom is on by default where the frame budget allows: with
    // state.autoBloom, when not even the smallest grid keeps up with the
    // bloom, it is turned off (state.bloomOffForSpeed; never saved) and the
    // grid picked again without it.
    // With state.autoDyeAdvection, the dye is carried sharply where the
    // frame has room for that at the grid taken (state.dyeSharpByPick;
    // never saved); the candidates are measured with the plain dye.
    void pickGrid(glm::ivec2 framebuffer, std::span<const int> candidates, const FrameOverhead& overhead);
    // The fluid stays under real time (grid_watch.hpp): what to give up
    // next besides the grid (grid_picker.hpp's nextSpeedStep), given
    // whether a smaller grid is left.
    SpeedStep nextSpeedStep(bool smallerGridExists) const;
    // SpeedStep::CoarserDyeGrid: a finer dye rung the pick took one rung
    // down (kFinerDyeGrids, then the auto grid), or else the auto dye grid
    // one factor coarser; the fluid kept. Returns whether it changed.
    bool coarsenDyeForSpeed(glm::ivec2 framebuffer);
    // GridRegain: the window is back at a size where it can afford more (it
    // gave things up at a larger one): the bloom given up for speed back on,
    // and the pick from all sizes again, the fluid kept.
    void regainAfterSpeed(glm::ivec2 framebuffer, const FrameOverhead& overhead);
    // SpeedStep::PlainDye: the dye the pick carried sharply carried plainly
    // again (state.dyeSharpByPick), the fluid kept. Returns whether it was.
    bool plainDyeForSpeed();
    // SpeedStep::NoBloom: turns an automatic bloom off as pickGrid would.
    // Returns whether it did.
    bool dropBloomForSpeed();
    // A solver of state.gridShortSide cells on the window's short side.
    // keepFluid: the old solver's fields are resampled onto the new grids
    // (one download and one upload), else the fluid starts from rest. On
    // failure the old solver is kept.
    void allocateGrid(glm::ivec2 framebuffer, bool keepFluid);
    // The window took a new shape (GridReshape): the grid made again at it,
    // the fluid kept, and the auto dye grid capped anew at the framebuffer's
    // pixels (autoDyeGrid): a smaller window shades no more dye cells than
    // it has pixels, a larger one gets its finer dye back, unless the dye
    // was made coarser for speed (then it stays as coarse, or coarser).
    void reshapeGrid(glm::ivec2 framebuffer);

    // --- the steps ---
    // One step of fluid time with the stroke's splats and what the fluid's
    // own clock adds; `held`: the pointer's button (activity holds the idle
    // splats off); `timed`: the step's time is measured (one per frame: GPU
    // queries do not nest).
    void step(std::vector<Splat> splats, Button held, bool timed);
    void splat(const Splat& s);
    void reset();
    void clearDye();
    // New parameters for the solver (the grid's sizes unchanged).
    void setParams(const SimParams& params);
    // --record-input: from now on every call above that reaches the solver,
    // every grid change and every mask handed over is also an event of
    // `log` (src/app/input_log.hpp); null stops it.
    void recordInputTo(InputLogWriter* log) { inputLog_ = log; }
    // Every few frames, right after a step: the pressure solve's residual,
    // collected frames later.
    void measureResidual();
    void collectResidual();
    // Smoothed ms per timed step (GPU time, or wall time on the CPU);
    // negative until measured.
    double stepMilliseconds() { return solver_->cpu() ? cpuStepMs_ : stepTimer_.milliseconds(); }
    // On the CPU backend, one line for the exit: the steps the reference
    // solver ran and their wall time by group, from its own step timer
    // (core/wall_step_timer.hpp); empty on the GPU.
    std::string cpuStepsSummary() const;
    // Fluid time: dt per step run since the window opened (a video's clock).
    double fluidSeconds() const { return fluidSeconds_; }

    // --- what joins the steps ---
    void addEmitter(glm::vec2 position, const Brush& brush);
    void clearEmitters() { emitters_.clear(); }
    int emitterCount() const { return static_cast<int>(emitters_.size()); }
    const std::vector<Emitter>& emitters() const { return emitters_; }
    void setMotionParams(const MotionParams& params);
    // The motion input's parameters now (the defaults without a source).
    MotionParams motionParams() const { return motionInput_ ? motionInput_->params() : MotionParams{}; }
    GLuint motionTexture() { return motionInput_ ? motionInput_->pictureTexture() : 0; }
    FirstSight& firstSight() { return firstSight_; }

    // --- obstacles ---
    ObstaclePainter& obstacles() { return obstacles_; }
    // The run's --obstacles and --obstacle at the current grid, or (keepEdits)
    // the user's strokes resampled when there are any.
    void placeObstacles(bool keepEdits);
    // The panel covers the window from its left edge to this share of its
    // width at start: in the wind tunnel, where the flow past it is the
    // scene, the run's --obstacle shape is placed clear of it (0: none). In
    // a box it stays where the README puts it (a quarter of the width).
    void keepObstaclesClearOf(float shareOfWidth) { panelShare_ = shareOfWidth; }
    // Hands a changed mask to the solver (an upload between steps) and
    // returns what the display draws of it (ObstaclePainter::outline());
    // null when nothing changed.
    const Field* uploadObstacles();

    // What the display reads: the fluid as it is now, on either backend.
    GpuSolver& solver() { return solver_->display(); }
    const SimParams& params() const { return solver_->params(); }
    Backend backend() const { return options_.backend; }
    int threads() const { return threads_; }  // the CPU backend's: --threads, at most the hardware's

private:
    void openMotionSource();
    void feedMotion();
    SimParams paramsForShortSide(glm::ivec2 framebuffer, int shortSide, int dyeShortSide) const;
    // Wall s per step of a probe of `display`'s grid on the session's
    // backend; on the CPU, `uploadSeconds` gets what the frame's upload of
    // its state to `display` costs.
    double secondsPerStep(GpuSolver& display, double& uploadSeconds) const;
    // The grid of `shortSide` cells with its dye on `dyeShortSide` rows,
    // carried by kWindowSharpDyeAdvection where `sharp`, measured: the pick at
    // the first of `dts` whose frame keeps up, or none.
    std::optional<GridPick> dyeKeepsUp(glm::ivec2 framebuffer, int shortSide, int dyeShortSide, bool sharp,
                                       std::span<const double> dts, const FrameOverhead& overhead) const;
    void timeCpuStep(std::span<const Splat> splats);

    const Options& options_;
    PanelState& state_;
    PanelStats& stats_;
    int threads_ = 0;
    std::unique_ptr<FluidStepper> solver_;
    std::unique_ptr<motion::FrameSource> motionSource_;  // --motion; null without, or when it failed
    std::optional<WindowMotion> motionInput_;            // sized to the grid; remade with it
    double fluidSeconds_ = 0.0;  // fluid time: motion frames, the idle brush and the first sight follow it
    IdleMotion idle_;
    FirstSight firstSight_;
    ObstaclePainter obstacles_;
    float panelShare_ = 0.0f;
    bool solverHasObstacles_ = false;    // the solver holds a mask (it had solid cells once)
    bool dyeCoarsenedForSpeed_ = false;  // since the last pick: coarsenDyeForSpeed gave up dye cells
    int finerDyeByPick_ = 0;             // the rung of kFinerDyeGrids the last pick had room for (not capped), or 0
    std::vector<Emitter> emitters_;      // smoke sources placed with Shift+click (E removes them)
    GpuTimer stepTimer_;
    double cpuStepMs_ = -1.0;  // smoothed as GpuTimer's
    ProfileTable cpuProfile_;  // every CPU step's groups, across grid changes
    WallStepTimer cpuTimer_{cpuProfile_};
    AsyncMax residualReduction_;
    int framesSinceResidual_ = 0;
    InputLogWriter* inputLog_ = nullptr;  // --record-input; not owned
    void record(InputEvent::Kind kind, const Splat& s = {});
    void recordParamChanges(const SimParams& before, const SimParams& params);
};

}  // namespace fluid::app
