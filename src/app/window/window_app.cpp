#include "app/window/window_app.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "app/atomic_file.hpp"
#include "app/grid_picker.hpp"
#include "app/idle_motion.hpp"
#include "app/input.hpp"
#include "app/motion_input.hpp"
#include "app/obstacle_brush.hpp"
#include "app/obstacle_setup.hpp"
#include "app/sim_clock.hpp"
#include "app/stroke_queue.hpp"
#include "app/window/async_max.hpp"
#include "app/window/bloom.hpp"
#include "app/window/field_display.hpp"
#include "app/window/first_sight.hpp"
#include "app/window/gpu_timer.hpp"
#include "app/window/panel.hpp"
#include "app/window/screenshot.hpp"
#include "app/window/settings_session.hpp"
#include "app/window/window_setup.hpp"
#include "core/emitter.hpp"
#include "core/obstacles.hpp"
#include "gl/debug_output.hpp"
#include "gl/errors.hpp"
#include "motion/frame_source.hpp"
#include "platform/driver_pin.hpp"
#include "platform/headless_context.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

namespace {

// --- the application ---------------------------------------------------------

struct Viewer {
    const Options& options;
    GLFWwindow* window;
    PanelState state;
    PanelStats stats;
    std::unique_ptr<GpuSolver> solver;
    std::unique_ptr<motion::FrameSource> motionSource;  // --motion; null without, or when it failed
    std::optional<MotionInput<GpuSolver>> motionInput;  // sized to the grid; remade with it
    double fluidSeconds = 0.0;  // fluid time: motion frames, the idle brush and the first sight's splats follow it
    IdleMotion idle{0.0};
    FirstSight firstSight;
    std::unique_ptr<Bloom> bloom;
    bool cursorHidden = false;
    std::unique_ptr<FieldDisplay> display;
    std::unique_ptr<AsyncMax> residualReduction;  // the last solve's residual, for the panel
    int framesSinceResidual = 0;
    GpuTimer stepTimer;
    SimClock clock;
    StrokeQueue strokes;
    // Pointer events since the last poll, in window coordinates: they are
    // mapped to the domain at the next frame, with the grid drawn then.
    struct RawPointer {
        glm::dvec2 cursor;
        Button button;
    };
    std::vector<RawPointer> polled;
    Button held = Button::None;
    // The obstacle brush: its gestures since the last poll (a press starts a
    // stroke, moves extend it, ObstacleTool::None ends it), applied to the
    // host mask at the next frame and uploaded before its steps.
    ObstaclePainter obstacles;
    struct RawObstacleEvent {
        glm::dvec2 cursor;
        ObstacleTool tool;
        bool press;
    };
    std::vector<RawObstacleEvent> obstaclePolled;
    ObstacleTool obstacleHeld = ObstacleTool::None;
    int obstacleButton = -1;          // the GLFW button that holds the obstacle stroke
    bool solverHasObstacles = false;  // the solver holds a mask (it had solid cells once)
    std::vector<Emitter> emitters;    // smoke sources placed with Shift+click (E removes them)
    double lastPoll;
    int singleSteps = 0;  // N presses (or Step clicks) not yet run: each is exactly one step
    // For the summary at exit: frames drawn and fluid time simulated while running.
    long framesRunning = 0;
    double simulatedSeconds = 0.0;
    double runningSeconds = 0.0;
    double lastRunningFrame = -1.0;  // negative: the previous frame was paused (its gap is not counted)
    bool screenshotRequested = false;

    Viewer(const Options& o, GLFWwindow* w)
        : options(o), window(w), firstSight(o.firstSight), clock(glfwGetTime()), lastPoll(glfwGetTime())
    {
        idle = IdleMotion(o.idleAfter);
        if (o.fullscreen) state.visible = false;  // projector mode: F1 brings the panel back
        state.params = o.params;
        state.gridShortSide = o.params.gridWidth;
        state.dyeGridShortSide = o.params.dyeGridWidth;  // --dye-grid: on the short side, like --grid
        state.brush = o.brush;
        state.display = o.display;
        state.motion = o.motion;
        state.maxStepsPerFrame = o.maxStepsPerFrame;
        state.autoGrid = o.autoGrid;
        state.hoverPaint = o.hoverPaint;
        state.obstacleBrushRadius = o.obstacles.brushRadius;
        stats.renderer = std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))) + " / OpenGL " +
                         reinterpret_cast<const char*>(glGetString(GL_VERSION));
        display = std::make_unique<FieldDisplay>();
        display->setBackground(o.background);
        bloom = std::make_unique<Bloom>();
        residualReduction = std::make_unique<AsyncMax>();
        openMotionSource();
        allocateGrid();
    }

    // --motion: a source that cannot be opened is said once, on the terminal
    // and in the panel, and the window runs on without motion input.
    void openMotionSource()
    {
        if (options.motionSource.empty()) return;
        try {
            motionSource = motion::openFrameSource(options.motionSource);
            stats.motionSource = motionSource->describe();
            stats.motionActive = true;
            std::printf("fluidsim: motion input from %s\n", stats.motionSource.c_str());
        } catch (const std::exception& e) {
            stats.motionSource = std::string(e.what()) + "; running without motion input";
            std::fprintf(stderr, "fluidsim: %s\n", stats.motionSource.c_str());
        }
    }

    // Frame k of the source is due at fluid time k / rate (not wall time), so
    // the motion keeps pace with the fluid when the machine cannot.
    void feedMotion()
    {
        if (!motionInput) return;
        try {
            motionInput->advanceTo(fluidSeconds, *solver, [this] { return motionSource->next(); });
        } catch (const std::exception& e) {
            stats.motionSource = std::string(e.what()) + "; motion input stopped";
            std::fprintf(stderr, "fluidsim: %s\n", stats.motionSource.c_str());
            stats.motionActive = false;
            motionInput.reset();
            motionSource.reset();
        }
    }

    // One step of fluid time with the stroke's splats: what the fluid's own
    // clock adds (the first sight's splats, the idle brush, a motion frame,
    // the emitters) joins them. The clock advances with or without motion
    // input: the idle brush follows it (--idle-after).
    void step(std::vector<Splat> splats, bool timed = false)
    {
        const double dt = static_cast<double>(state.params.dt);
        // Activity (a stroke, a held button, motion in the camera) holds the idle splats and brush off.
        if (!splats.empty() || held != Button::None) {
            idle.noteActivity(fluidSeconds);
            firstSight.noteActivity(fluidSeconds);
        }
        if (motionInput && motionInput->lastMotion() >= 0.0) {
            idle.noteActivity(motionInput->lastMotion());
            firstSight.noteActivity(motionInput->lastMotion());
        }
        firstSight.addSplats(fluidSeconds, dt, state.params, splats);
        if (auto wander = idle.splatFor(fluidSeconds, dt, state.params)) splats.push_back(*wander);
        feedMotion();
        if (timed) stepTimer.begin();
        solver->step(withEmitters(std::move(splats)));
        if (timed) stepTimer.end();
        fluidSeconds += dt;
    }

    glm::ivec2 framebufferSize() const
    {
        glm::ivec2 fb;
        glfwGetFramebufferSize(window, &fb.x, &fb.y);
        return fb;
    }

    // (Re)creates the solver for the current short side and window shape; the
    // fluid restarts from rest. On failure the old solver is kept.
    // The solver's parameters for a grid of `shortSide` cells on the window's
    // short side, the long side following the window's shape.
    SimParams paramsForShortSide(int shortSide) const
    {
        const glm::ivec2 grid = gridForWindow(framebufferSize(), shortSide, SimLimits::kMaxGrid);
        SimParams p = state.params;
        p.gridWidth = grid.x;
        p.gridHeight = grid.y;
        p.domainWidth = static_cast<float>(grid.x) / static_cast<float>(shortSide);  // short side = 1 m
        // The dye grid follows the window's shape too, at the nearest width
        // that gives whole (square) dye cells.
        const double dyeWidth = static_cast<double>(state.dyeGridShortSide) * grid.x / shortSide;
        p.dyeGridWidth = wholeDyeGridWidth(static_cast<int>(std::lround(dyeWidth)), grid.x, grid.y);
        return p;
    }

    // Wall-clock seconds per step of a solver of that size, with a stroke in
    // it. Only at start and when the panel asks for auto: glFinish is fine here,
    // never in the step loop.
    double secondsPerStep(int shortSide) const
    {
        const SimParams p = paramsForShortSide(shortSide);
        GpuSolver probe(p);
        Splat splat;
        splat.from = {0.3f * p.domainWidth, 0.5f * p.domainHeight()};
        splat.to = {0.7f * p.domainWidth, 0.5f * p.domainHeight()};
        splat.velocity = {1.0f, 0.2f};
        const std::vector<Splat> splats{splat};
        for (int n = 0; n < 3; ++n) probe.step(splats);  // the first steps compile shaders and touch memory
        glFinish();
        // The fastest of a few single steps: what the machine can do when
        // nothing else interferes, which is what a steady stream of frames sees.
        double fastest = 1e30;
        for (int n = 0; n < 5; ++n) {
            const auto start = std::chrono::steady_clock::now();
            probe.step(splats);
            glFinish();
            fastest =
                std::min(fastest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        return fastest;
    }

    // grid = auto: the largest of the panel's sizes that keeps up here.
    void pickGridForThisMachine()
    {
        const GridPick pick = pickGrid(gridChoices(), state.params.dt, [this](int n) { return secondsPerStep(n); });
        state.gridShortSide = pick.shortSide;
        char note[160];
        std::snprintf(note, sizeof note, "auto: %s (%.1f ms per step measured, %.1f ms keeps up)",
                      pick.keepsUp ? "the largest grid that keeps up here" : "the smallest grid; none keeps up here",
                      1e3 * pick.secondsPerStep, 1e3 * kSteppingShareOfRealTime * state.params.dt);
        stats.gridChoice = note;
    }

    void allocateGrid()
    {
        if (state.autoGrid)
            pickGridForThisMachine();
        else
            stats.gridChoice.clear();
        const glm::ivec2 grid = gridForWindow(framebufferSize(), state.gridShortSide, SimLimits::kMaxGrid);
        const SimParams p = paramsForShortSide(state.gridShortSide);
        try {
            auto next = std::make_unique<GpuSolver>(p);
            solver = std::move(next);
            if (motionSource) motionInput.emplace(p, state.motion, motionSource->frameRate());  // the grid's size
            state.params = p;
            stats.grid = grid;
            strokes.discard(glfwGetTime());  // a stroke in progress belongs to the old grid
            solverHasObstacles = false;
            placeObstacles(p, true);
        } catch (const std::exception& e) {
            if (!solver) throw;  // at start there is nothing to fall back to
            std::fprintf(stderr, "fluidsim: cannot allocate a %dx%d grid, keeping %dx%d: %s\n", grid.x, grid.y,
                         solver->params().gridWidth, solver->params().gridHeight, e.what());
            state.gridShortSide = std::min(solver->params().gridWidth, solver->params().gridHeight);
            state.params.gridWidth = solver->params().gridWidth;
            state.params.gridHeight = solver->params().gridHeight;
            state.params.domainWidth = solver->params().domainWidth;
        }
    }

    // The obstacles of a new grid: the user's strokes carried over
    // (resampled) when there are any, else the run's --obstacles and
    // --obstacle at this grid. A mask that cannot be made is said once, on
    // the terminal and in the panel, and the window runs without it.
    void placeObstacles(const SimParams& p, bool keepEdits)
    {
        Field mask;
        const bool carried = keepEdits && obstacles.edited() && obstacles.mask().size() > 0;
        if (carried) {
            mask = resampleMask(obstacles.mask(), p.gridWidth, p.gridHeight);
        } else {
            try {
                mask = buildObstacleMask(options.obstacles, p);
                stats.obstacleNote.clear();
            } catch (const ObstacleError& e) {
                if (stats.obstacleNote != e.what()) std::fprintf(stderr, "fluidsim: %s; running without\n", e.what());
                stats.obstacleNote = e.what();
            }
        }
        if (mask.size() == 0) mask = emptyMask(p);
        obstacles.reset(std::move(mask), p.cellSize(), carried);
    }

    // Hands the mask to the solver and the display when it changed (an upload
    // between steps, never a read-back). An all-fluid mask goes to the
    // solver only to take back solid cells it was given: the solver's first
    // obstacles switch its passes to the obstacle rules (a compile).
    void uploadObstacles()
    {
        if (!obstacles.takeChanged()) return;
        const Field& mask = obstacles.mask();
        stats.solidCells = countSolid(mask);
        display->setObstacles(mask);
        if (stats.solidCells == 0 && !solverHasObstacles) return;
        // Erasing every solid cell keeps the solver's obstacle passes (an
        // all-fluid mask): clearObstacles() would recompile them, and again at
        // the next stroke.
        solver->setObstacles(mask);
        solverHasObstacles = true;
    }

    void onKey(int key)
    {
        switch (key) {
            case GLFW_KEY_SPACE:
                state.paused = !state.paused;
                break;
            case GLFW_KEY_N:
                ++singleSteps;
                break;
            case GLFW_KEY_R:
                solver->reset();
                break;
            case GLFW_KEY_C:
                solver->clearDye();
                break;
            case GLFW_KEY_E:
                emitters.clear();
                break;
            case GLFW_KEY_V:
                state.display.view = nextView(state.display.view);
                break;
            case GLFW_KEY_F1:
                state.visible = !state.visible;
                break;
            case GLFW_KEY_F11:
                toggleFullscreen();
                break;
            case GLFW_KEY_F12:
            case GLFW_KEY_P:
                screenshotRequested = true;
                break;
            case GLFW_KEY_ESCAPE:
                glfwSetWindowShouldClose(window, GLFW_TRUE);
                break;
            default:
                break;
        }
    }

    // F11: full screen on the monitor of --monitor, or back to a window of
    // --width x --height.
    void toggleFullscreen()
    {
        if (GLFWmonitor* current = glfwGetWindowMonitor(window)) {
            (void)current;
            glfwSetWindowMonitor(window, nullptr, 64, 64, options.windowWidth, options.windowHeight, GLFW_DONT_CARE);
            return;
        }
        GLFWmonitor* monitor = chooseMonitor(options.monitor);
        const GLFWvidmode* mode = glfwGetVideoMode(monitor);
        if (!mode) return;
        glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    }

    // Projector mode: in full screen with the panel hidden, so is the cursor.
    void updateCursor()
    {
        const bool hide = glfwGetWindowMonitor(window) != nullptr && !state.visible;
        if (hide == cursorHidden) return;
        glfwSetInputMode(window, GLFW_CURSOR, hide ? GLFW_CURSOR_HIDDEN : GLFW_CURSOR_NORMAL);
        cursorHidden = hide;
    }

    void applyPanel(const PanelActions& a)
    {
        if (a.resetDefaults) {
            const int shortSide = state.gridShortSide;
            const glm::ivec2 grid(state.params.gridWidth, state.params.gridHeight);
            const int dyeGridWidth = state.params.dyeGridWidth;
            const float domain = state.params.domainWidth;
            state.params = SimParams{};
            state.params.gridWidth = grid.x;
            state.params.gridHeight = grid.y;
            state.params.dyeGridWidth = dyeGridWidth;  // the grids change only on request
            state.params.domainWidth = domain;
            state.gridShortSide = shortSide;
            state.brush = Brush{};
            state.display = DisplaySettings{};
        }
        if (a.applyGrid) allocateGrid();
        if (a.resetFluid) solver->reset();
        if (a.clearObstacles) obstacles.clear();
        if (a.restoreObstacles) placeObstacles(state.params, false);
        state.obstacleBrushRadius =
            std::clamp(std::isfinite(state.obstacleBrushRadius) ? state.obstacleBrushRadius : 0.02f, 0.001f, 1.0f);
        if (a.clearDye) solver->clearDye();
        if (a.stepOnce) ++singleSteps;
        if (a.screenshot) screenshotRequested = true;
        // Values typed into the panel may be anything: validate() is the last word.
        sanitize(state.brush);
        sanitize(state.display);
        if (validate(state.motion)) state.motion = motionInput ? motionInput->params() : MotionParams{};
        if (motionInput) motionInput->setParams(state.motion);
        state.maxStepsPerFrame = std::clamp(state.maxStepsPerFrame, 1, 16);
        if (state.params == solver->params()) return;
        if (auto problem = validate(state.params)) {
            std::fprintf(stderr, "fluidsim: ignoring the new setting: %s\n", problem->c_str());
            state.params = solver->params();
        } else {
            solver->setParams(state.params);
        }
    }

    // --- pointer input: every event, kept with the poll it came in ---------

    // The brush for the stroke being taken: a hovering pointer (--hover-paint,
    // no button) leaves no dye where it rests, only along its moves.
    Brush brush() const
    {
        Brush b = state.brush;
        if (state.hoverPaint && held == Button::None) b.dyeRate = 0.0f;
        return b;
    }

    // --hover-paint: the pointer paints as if the left button were held,
    // except over the panel.
    Button pointerButton() const
    {
        if (held != Button::None || !state.hoverPaint || ImGui::GetIO().WantCaptureMouse) return held;
        return Button::Paint;
    }

    void onCursor(glm::dvec2 cursor)
    {
        polled.push_back({cursor, pointerButton()});
        if (obstacleHeld != ObstacleTool::None) obstaclePolled.push_back({cursor, obstacleHeld, false});
    }

    // Ctrl (or the panel's switch) turns a drag into an obstacle stroke
    // (obstacleToolFor); otherwise the dye brush has the mouse.
    bool onObstacleButton(int button, int action, int mods)
    {
        glm::dvec2 cursor;
        glfwGetCursorPos(window, &cursor.x, &cursor.y);
        if (action == GLFW_RELEASE) {
            if (obstacleHeld == ObstacleTool::None || button != obstacleButton) return false;
            obstacleHeld = ObstacleTool::None;
            obstaclePolled.push_back({cursor, ObstacleTool::None, false});
            return true;
        }
        if (obstacleHeld != ObstacleTool::None || held != Button::None || ImGui::GetIO().WantCaptureMouse) return false;
        if (button != GLFW_MOUSE_BUTTON_LEFT && button != GLFW_MOUSE_BUTTON_RIGHT) return false;
        const ObstacleTool tool =
            obstacleToolFor(button == GLFW_MOUSE_BUTTON_LEFT ? MouseButton::Left : MouseButton::Right,
                            (mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0, state.obstacleBrush);
        if (tool == ObstacleTool::None) return false;
        obstacleHeld = tool;
        obstacleButton = button;
        obstaclePolled.push_back({cursor, tool, true});
        return true;
    }

    void onMouseButton(int button, int action, int mods)
    {
        if (onObstacleButton(button, action, mods)) return;
        if (action == GLFW_PRESS && button == GLFW_MOUSE_BUTTON_LEFT && (mods & GLFW_MOD_SHIFT) != 0 &&
            held == Button::None && !ImGui::GetIO().WantCaptureMouse) {
            placeEmitter();
            return;
        }
        Button next = held;
        if (action == GLFW_PRESS && held == Button::None && !ImGui::GetIO().WantCaptureMouse) {
            if (button == GLFW_MOUSE_BUTTON_LEFT) next = Button::Paint;
            if (button == GLFW_MOUSE_BUTTON_RIGHT) next = Button::Push;
        } else if (action == GLFW_RELEASE) {
            if ((button == GLFW_MOUSE_BUTTON_LEFT && held == Button::Paint) ||
                (button == GLFW_MOUSE_BUTTON_RIGHT && held == Button::Push))
                next = Button::None;
        }
        if (next == held) return;
        held = next;
        glm::dvec2 cursor;
        glfwGetCursorPos(window, &cursor.x, &cursor.y);
        polled.push_back({cursor, pointerButton()});
    }

    // The pointer left the window: a hovering stroke ends there, and does not
    // join the place where the pointer comes back.
    void onCursorLeft()
    {
        if (held != Button::None || polled.empty()) return;
        polled.push_back({polled.back().cursor, Button::None});
    }

    // Shift+click: a smoke emitter under the cursor, of the brush's radius and rates.
    void placeEmitter()
    {
        glm::dvec2 cursor;
        glfwGetCursorPos(window, &cursor.x, &cursor.y);
        glm::ivec2 windowSize;
        glfwGetWindowSize(window, &windowSize.x, &windowSize.y);
        const glm::ivec2 fb = framebufferSize();
        const PixelRect rect = fitGrid(fb, {state.params.gridWidth, state.params.gridHeight});
        const glm::vec2 domain(state.params.domainWidth, state.params.domainHeight());
        Emitter e;
        e.position = cursorToDomain(cursor, windowSize, fb, rect, domain);
        e.radius = state.brush.radius;
        e.heatRate = state.brush.emitterHeat;
        e.smokeRate = state.brush.emitterSmoke;
        emitters.push_back(e);
    }

    // The step's splats and every emitter's.
    std::vector<Splat> withEmitters(std::vector<Splat> splats) const
    {
        for (const Emitter& e : emitters) splats.push_back(emitterSplat(e, state.params.dt));
        return splats;
    }

    // Hands the events of the last poll to the stroke queue, in domain coordinates.
    void queuePointerEvents(double now, const PixelRect& rect)
    {
        glm::ivec2 windowSize;
        glfwGetWindowSize(window, &windowSize.x, &windowSize.y);
        const glm::vec2 domain(state.params.domainWidth, state.params.domainHeight());
        std::vector<PointerSample> samples;
        samples.reserve(polled.size());
        for (const RawPointer& p : polled)
            samples.push_back({cursorToDomain(p.cursor, windowSize, framebufferSize(), rect, domain), p.button});
        strokes.addPoll(lastPoll, now, samples);
        polled.clear();
        lastPoll = now;
        for (const RawObstacleEvent& e : obstaclePolled) {
            const glm::vec2 at = cursorToDomain(e.cursor, windowSize, framebufferSize(), rect, domain);
            if (e.press)
                obstacles.press(at, e.tool, state.obstacleBrushRadius);
            else if (e.tool == ObstacleTool::None)
                obstacles.release();
            else
                obstacles.moveTo(at);
        }
        obstaclePolled.clear();
    }

    // Time passes without the fluid (minimised): nothing is owed, nothing queued.
    void hold(double now)
    {
        clock.hold(now);
        polled.clear();
        strokes.discard(now);
        lastPoll = now;
    }

    // Paused: strokes paint on the still fluid, and every N press runs exactly
    // one step, however many arrived since the last frame.
    // Running: the steps that wall-clock time asks for, each with its slice
    // of the stroke.
    void advanceFluid(double now)
    {
        if (state.paused) {
            lastRunningFrame = -1.0;
            clock.hold(now);
            for (const Splat& s : strokes.take(now, brush())) solver->splat(s);
            for (; singleSteps > 0; --singleSteps) step({});
            return;
        }
        singleSteps = 0;
        const double stepSeconds = stepTimer.milliseconds() / 1000.0;  // negative until measured
        const int steps = clock.advance(now, static_cast<double>(state.params.dt), state.maxStepsPerFrame, stepSeconds);
        auto slices = strokes.takeSteps(now - clock.owed(), steps, brush());
        simulatedSeconds += static_cast<double>(slices.size()) * static_cast<double>(state.params.dt);
        if (lastRunningFrame >= 0.0) {
            runningSeconds += now - lastRunningFrame;
            ++framesRunning;
        }
        lastRunningFrame = now;
        // One step timed per frame: queries do not nest.
        for (std::size_t k = 0; k < slices.size(); ++k) step(std::move(slices[k]), k == 0);
        if (!slices.empty()) measureResidual();
    }

    // Every few frames, right after a step (before the display's diagnostics
    // overwrite the divergence): the largest Poisson residual against the
    // largest h^2 div u, reduced on the GPU and collected frames later.
    void measureResidual()
    {
        constexpr int kFramesPerResidual = 8;
        if (++framesSinceResidual < kFramesPerResidual || residualReduction->inFlight()) return;
        framesSinceResidual = 0;
        solver->run(passes::pressureResidual);
        residualReduction->request(solver->pressureResidualTexture(), MaxMeasure::AbsRedAndGreenApart, stats.grid);
    }

    void collectResidual()
    {
        if (const auto maxima = residualReduction->collect())
            stats.pressureResidual = maxima->y > 0.0f ? static_cast<double>(maxima->x / maxima->y) : 0.0;
    }

    // One line at exit: what a user (or a benchmark script) can quote.
    void printSummary() const
    {
        if (runningSeconds <= 0.0) return;
        std::printf("fluidsim: while running, %.1f frames/s and %.2fx real time (%.1f s of fluid in %.1f s)\n",
                    static_cast<double>(framesRunning) / runningSeconds, simulatedSeconds / runningSeconds,
                    simulatedSeconds, runningSeconds);
    }

    void frame()
    {
        const double now = glfwGetTime();
        const glm::ivec2 fb = framebufferSize();

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        stats.framesPerSecond = static_cast<double>(ImGui::GetIO().Framerate);
        stats.stepMilliseconds = stepTimer.milliseconds();
        stats.realTimeFactor = clock.realTimeFactor();
        collectResidual();
        stats.displayRange = display->range();
        stats.emitters = static_cast<int>(emitters.size());
        applyPanel(drawPanel(state, stats));
        firstSight.drawHint(strokes.strokeCount() > 0, ImGui::GetIO().DeltaTime);
        updateCursor();
        // After the panel: it may just have reallocated the grid with a new shape.
        const PixelRect rect = fitGrid(fb, {state.params.gridWidth, state.params.gridHeight});

        queuePointerEvents(now, rect);
        uploadObstacles();
        advanceFluid(now);

        // The dye view with bloom goes through the bloom's scene target.
        const bool glow = state.display.bloom.enabled && state.display.view == FieldView::Dye;
        const GLuint target = glow ? bloom->sceneFramebuffer(fb) : 0;
        glBindFramebuffer(GL_FRAMEBUFFER, target);
        glViewport(0, 0, fb.x, fb.y);
        glDisable(GL_SCISSOR_TEST);
        glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        display->draw(*solver, rect, state.display, target,
                      motionInput ? motionInput->motion().currentFrame().texture() : 0);
        if (glow) bloom->composite(state.display.bloom);

        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        if (screenshotRequested) {
            screenshotRequested = false;
            try {
                stats.lastScreenshot = saveScreenshot(fb, options.screenshotDir);
                stats.writeError.clear();
                std::printf("fluidsim: saved screenshot %s\n", stats.lastScreenshot.c_str());
                std::fflush(stdout);
            } catch (const std::exception& e) {
                // The window carries on: the panel shows why, until a save works.
                stats.writeError = std::string("screenshot not saved: ") + e.what();
                std::fprintf(stderr, "fluidsim: %s\n", stats.writeError.c_str());
            }
        }
        glfwSwapBuffers(window);
    }
};

// Ctrl+C in the terminal (or a polite kill) closes the window like Esc does,
// so settings are saved and every GL object is released in order.
volatile std::sig_atomic_t quitRequested = 0;
void requestQuit(int)
{
    quitRequested = 1;
}

void keyCallback(GLFWwindow* window, int key, int, int action, int)
{
    if (action != GLFW_PRESS) return;
    auto* viewer = static_cast<Viewer*>(glfwGetWindowUserPointer(window));
    if (!viewer || (ImGui::GetCurrentContext() && ImGui::GetIO().WantCaptureKeyboard)) return;
    viewer->onKey(key);
}

void cursorCallback(GLFWwindow* window, double x, double y)
{
    if (auto* viewer = static_cast<Viewer*>(glfwGetWindowUserPointer(window))) viewer->onCursor({x, y});
}

void mouseButtonCallback(GLFWwindow* window, int button, int action, int mods)
{
    auto* viewer = static_cast<Viewer*>(glfwGetWindowUserPointer(window));
    if (viewer && ImGui::GetCurrentContext()) viewer->onMouseButton(button, action, mods);
}

void cursorEnterCallback(GLFWwindow* window, int entered)
{
    auto* viewer = static_cast<Viewer*>(glfwGetWindowUserPointer(window));
    if (viewer && !entered) viewer->onCursorLeft();
}

}  // namespace

bool displayAvailable()
{
#if defined(__linux__) || defined(__FreeBSD__)
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 && *x11) || (wayland && *wayland);
#else
    return true;
#endif
}

int runWindow(const Options& options, const Options& settingsFile, const std::vector<std::string>& warnings)
{
    try {
        GlfwSession glfw;
        GLFWmonitor* monitor = options.fullscreen ? chooseMonitor(options.monitor) : nullptr;
        WindowPtr window = openWindow(options.windowWidth, options.windowHeight, monitor);
        for (const std::string& warning : warnings) std::fprintf(stderr, "fluidsim: %s\n", warning.c_str());
        // Ours first: ImGui's backend chains to callbacks installed before it.
        glfwSetKeyCallback(window.get(), keyCallback);
        glfwSetCursorPosCallback(window.get(), cursorCallback);
        glfwSetMouseButtonCallback(window.get(), mouseButtonCallback);
        glfwSetCursorEnterCallback(window.get(), cursorEnterCallback);

        std::string iniPath;
        if (!options.noConfig)
            iniPath = (std::filesystem::path(configPath(options)).parent_path() / "imgui.ini").string();
        ImGuiSession imgui(window.get(), options.noConfig ? nullptr : iniPath.c_str());

        Viewer viewer(options, window.get());
        glfwSetWindowUserPointer(window.get(), &viewer);
        // Before the line that says the window is ready: a signal sent on
        // reading it must find the handler in place.
        std::signal(SIGINT, requestQuit);
        std::signal(SIGTERM, requestQuit);
        std::printf("fluidsim: %s; grid %dx%d%s%s. Drag to paint, F1 for the panel, Esc to quit.\n",
                    viewer.stats.renderer.c_str(), viewer.stats.grid.x, viewer.stats.grid.y,
                    viewer.stats.gridChoice.empty() ? "" : ", ", viewer.stats.gridChoice.c_str());
        std::fflush(stdout);

        while (!glfwWindowShouldClose(window.get()) && !quitRequested) {
            glfwPollEvents();
            int width = 0, height = 0;
            glfwGetFramebufferSize(window.get(), &width, &height);
            if (width <= 0 || height <= 0 || glfwGetWindowAttrib(window.get(), GLFW_ICONIFIED)) {
                glfwWaitEventsTimeout(0.1);  // minimised: nothing to draw, do not spin
                viewer.hold(glfwGetTime());
                continue;
            }
            viewer.frame();
            gl::debugCheck("frame");
            // In the panel; stderr gets it once, at exit, if it still fails then.
            if (const std::string problem = imgui.saveLayout(); !problem.empty()) viewer.stats.writeError = problem;
        }
        glfwSetWindowUserPointer(window.get(), nullptr);
        viewer.printSummary();
        // One line at most: the layout lives beside the settings, so when the
        // settings cannot be written the layout's reason would say the same.
        if (!saveSettings(options, settingsFile, viewer.state)) return 1;
        if (const std::string problem = imgui.saveLayout(true); !problem.empty()) {
            std::fprintf(stderr, "fluidsim: %s\n", problem.c_str());
            return 1;
        }
        return 0;
    } catch (const platform::ContextError& e) {
        // --backend is a headless flag: the CPU solver has no window.
        std::fprintf(stderr, "fluidsim: %s; fluidsim --headless --backend cpu runs without OpenGL\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fluidsim: %s\n", e.what());
        return 1;
    }
}

}  // namespace fluid::app
