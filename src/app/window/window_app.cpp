// The window's main loop, as steps: poll, then per frame the panel (its
// requests applied), the pointer's events to strokes, the fluid's steps, the
// display chain, the panel drawn, the swap, and the auto grid's watch. Each
// step is a part with one job: pointer_input (events to timestamped strokes),
// panel_glue (the panel's requests), fluid_session and fluid_grid (the solver
// and what feeds it), display_chain (view and bloom), settings_session and
// window_setup (the settings file, GLFW and ImGui lifetimes).
#include "app/window/window_app.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <stdexcept>

#include "app/chosen_grid.hpp"
#include "app/grid_picker.hpp"
#include "app/grid_watch.hpp"
#include "app/panel_placement.hpp"
#include "app/report.hpp"
#include "app/sim_clock.hpp"
#include "app/stop_signals.hpp"
#include "app/stroke_queue.hpp"
#include "app/window/display_chain.hpp"
#include "app/window/fluid_session.hpp"
#include "app/window/frame_profile.hpp"
#include "app/window/panel_glue.hpp"
#include "app/window/pointer_input.hpp"
#include "app/window/recording_session.hpp"
#include "app/window/run_summary.hpp"
#include "app/window/screenshot.hpp"
#include "app/window/settings_session.hpp"
#include "app/window/speed_keeper.hpp"
#include "app/window/window_replay.hpp"
#include "app/window/window_setup.hpp"
#include "gl/debug_output.hpp"
#include "gl/errors.hpp"
#include "platform/headless_context.hpp"

namespace fluid::app {

namespace {

struct Viewer {
    const Options& options;
    GLFWwindow* window;
    PanelState state;
    PanelStats stats;
    DisplayChain display;
    FluidSession fluid;
    PointerInput pointer;
    StrokeQueue strokes;
    SimClock clock;
    GridWatch watch;
    GridRegain regain;      // after a give-up, the pick from all sizes once the window is smaller again
    GridReshape reshape;    // the grid follows the window's shape
    ChosenGrid chosenGrid;  // a grid chosen in the panel, saved at exit only if it kept real time
    LoopRequests loop;
    RunSummary summary;
    RecordingSession recording;
    FrameProfile profile;                      // the panel's Profile group, while it is open
    std::unique_ptr<WindowReplay> replay;      // --replay: the log's solver is shown and stepped
    bool replayEndSaid = false;                // its end is said once (Space after it said it again)
    std::unique_ptr<InputLogWriter> inputLog;  // --record-input
    bool cursorHidden = false;
    // Where the window was before F11 took it full screen, for the way back
    // (it came back at --width x --height, wherever the user had put it).
    glm::ivec2 windowedAt{64, 64};
    glm::ivec2 windowedSize{0, 0};  // 0: --width x --height (a start in full screen)
    double lastFrameEnd = -1.0;     // wall s the last running frame ended; negative: none since a hold
    double presentSeconds = 0.0;    // the panel drawn and swapped, measured at start (measuredDraw)

    Viewer(const Options& o, GLFWwindow* w)
        : options(o),
          window(w),
          state(panelStateFrom(o)),
          display(o.background),
          fluid(o, state, stats),
          pointer(glfwGetTime()),
          strokes(glfwGetTime()),
          clock(glfwGetTime()),
          watch(glfwGetTime()),
          recording(o, stats)
    {
        stats.renderer = std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))) + " / OpenGL " +
                         reinterpret_cast<const char*>(glGetString(GL_VERSION));
        if (!o.replayFile.empty()) {
            replay = std::make_unique<WindowReplay>(o.replayFile);  // throws "FILE:LINE: why"
            state.autoGrid = false;                                 // the log's grid, not a measured one
        }
        fluid.keepObstaclesClearOf(panelShareOfWidth());
        presentSeconds = measurePresentSeconds(window, [this] { (void)drawPanel(state, stats); });
        if (state.autoGrid) fluid.pickGrid(framebufferSize(), gridChoices(), measuredDraw());
        fluid.allocateGrid(framebufferSize(), false);
        watch.restart(glfwGetTime());                                        // the picking took its time
        clock.start(glfwGetTime(), static_cast<double>(fluid.params().dt));  // the first frame runs a step
        if (replay) stats.grid = {replay->params().gridWidth, replay->params().gridHeight};
        if (!o.recordInputFile.empty()) {
            inputLog = std::make_unique<InputLogWriter>(o.recordInputFile, fluid.params());
            fluid.recordInputTo(inputLog.get());
        }
    }

    // --record-input: the log closed and in place; false when it cannot be.
    bool closeInputLog()
    {
        if (!inputLog) return true;
        fluid.recordInputTo(nullptr);
        try {
            inputLog->close();
            std::printf("fluidsim: recorded %d steps of input (%ld events) to %s\n", inputLog->steps(),
                        inputLog->events(), inputLog->path().c_str());
            return true;
        } catch (const std::exception& e) {
            report(e.what());
            return false;
        }
    }

    GpuSolver& shownSolver() { return replay ? replay->solver() : fluid.solver(); }
    double fluidSeconds() const { return replay ? replay->fluidSeconds() : fluid.fluidSeconds(); }
    glm::ivec2 gridSize() const
    {
        if (replay) return {replay->params().gridWidth, replay->params().gridHeight};
        return {state.params.gridWidth, state.params.gridHeight};
    }

    static PanelState panelStateFrom(const Options& o)
    {
        PanelState s;
        if (o.fullscreen) s.visible = false;  // projector mode: F1 brings the panel back
        s.params = o.params;
        s.gridShortSide = o.params.gridWidth;
        s.dyeGridShortSide = o.params.dyeGridWidth;  // --dye-grid: on the short side, like --grid
        static_cast<AppSettings&>(s) = o;            // brush, look, motion, ...: every row of the settings table
        s.autoGrid = o.autoGrid;
        s.autoDyeGrid = o.autoGrid && o.params.dyeGridWidth == 0 && !o.given("dye-grid");
        s.autoBloom = o.autoGrid && o.display.bloom.enabled && !o.given("bloom");
        s.autoDt = o.autoGrid && !o.given("dt") && o.params.dt == SimParams{}.dt;
        return s;
    }

    // The share of the window's width the panel covers as it opens (its
    // origin and width in font heights; 0 when hidden): the run's obstacle
    // shape is placed clear of it.
    float panelShareOfWidth() const
    {
        if (!state.visible) return 0.0f;
        glm::ivec2 windowSize;
        glfwGetWindowSize(window, &windowSize.x, &windowSize.y);
        if (windowSize.x <= 0) return 0.0f;
        // The font as configured (window_setup.cpp): its atlas, and so
        // ImFont::FontSize, is built at the first frame only.
        const ImFontAtlas& fonts = *ImGui::GetIO().Fonts;
        const float fontSize = fonts.ConfigData.empty() ? kBaseFontSize : fonts.ConfigData[0].SizePixels;
        return (kPanelOrigin.x + kPanelWidthInFontSizes * fontSize) / static_cast<float>(windowSize.x);
    }

    glm::ivec2 framebufferSize() const
    {
        glm::ivec2 fb;
        glfwGetFramebufferSize(window, &fb.x, &fb.y);
        return fb;
    }

    // The frame's cost besides the steps, for a pick: the display chain on
    // the probe, the panel and the swap (measured at start).
    FluidSession::FrameOverhead measuredDraw() { return frameOverhead(display, framebufferSize(), presentSeconds); }

    // --- the frame, step by step ---

    void frame()
    {
        const double now = glfwGetTime();
        const glm::ivec2 fb = framebufferSize();
        runPanel(fb, now);
        // The fluid fills the window: a window of a new shape gets a grid of
        // that shape (a replay keeps its log's grid).
        if (!replay && reshape.onFrame(now, fb.x, fb.y, state.params.gridWidth, state.params.gridHeight)) {
            fluid.reshapeGrid(fb);
            watch.restart(now);  // the new grid's first frames
        }
        // After the panel: it may just have changed the grid and its shape.
        const PixelRect rect = fitGrid(fb, gridSize());
        if (replay) {
            pointer.hold(now, strokes);  // the log is the only input
        } else {
            pointer.deliver(now, cursorToDomainIn(rect), strokes, fluid.obstacles(), state.obstacleBrushRadius);
            if (const Field* mask = fluid.uploadObstacles()) display.setObstacles(*mask);
        }
        // Profile open: the steps, the display and the panel timed (frame_profile.hpp).
        if (state.profiling && state.visible)
            profile.beginFrame(shownSolver());
        else
            profile.stop(shownSolver());
        display.setTimer(profile.timer());
        const int steps = replay ? advanceReplay(now) : advanceFluid(now);
        if (steps > 0) profile.sampleFields(shownSolver(), static_cast<double>(shownSolver().params().cellSize()));
        display.draw(shownSolver(), fb, rect, state.display, fluid.motionTexture());
        ImGui::Render();
        if (StepTimer* timer = profile.timer()) timer->lap(FrameProfile::kPanel);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        profile.endFrame(fluid.stepMilliseconds());
        takeScreenshot(fb);
        recording.frame(fb, fluidSeconds());  // a read-back queued, never waited for
        glfwSwapBuffers(window);
        watchRealTime(steps, fb);
        regainAfterShrinking(fb);
    }

    // The ImGui frame: statistics in, the panel drawn, its requests applied,
    // the hint and any note on the canvas.
    void runPanel(glm::ivec2 fb, double now)
    {
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        stats.framesPerSecond = static_cast<double>(ImGui::GetIO().Framerate);
        stats.stepMilliseconds = fluid.stepMilliseconds();
        stats.realTimeFactor = clock.realTimeFactor();
        fluid.collectResidual();
        stats.displayRange = display.range();
        stats.emitters = fluid.emitterCount();
        stats.profile = profile.summary();
        const PanelActions actions = drawPanel(state, stats);
        if (applyPanel(actions, state, fluid, fb, measuredDraw(), loop)) gridChanged(now);
        if (actions.applyGrid) chosenGrid.chose(state.autoGrid ? 0 : state.gridShortSide, now);
        if (actions.toggleRecording) recording.toggle(fb, fluidSeconds());
        fluid.firstSight().drawHint(strokes.strokeCount() > 0, ImGui::GetIO().DeltaTime);
        drawViewNote();
        updateCursor();
    }

    // A view that shows nothing now says why, in the middle of the canvas.
    void drawViewNote() const
    {
        const char* reason = emptyViewReason(state.display.view, smokeIsOn(state.params));
        if (!reason) return;
        const ImVec2 screen = ImGui::GetIO().DisplaySize;
        const float wrap = std::min(screen.x * 0.8f, 40.0f * ImGui::GetFontSize());
        const ImVec2 size = ImGui::CalcTextSize(reason, nullptr, false, wrap);
        const ImVec2 at((screen.x - size.x) * 0.5f, (screen.y - size.y) * 0.5f);
        ImDrawList* list = ImGui::GetForegroundDrawList();
        list->AddRectFilled(ImVec2(at.x - 8, at.y - 6), ImVec2(at.x + size.x + 8, at.y + size.y + 6),
                            IM_COL32(0, 0, 0, 170), 4.0f);
        list->AddText(nullptr, 0.0f, at, IM_COL32(255, 255, 255, 230), reason, nullptr, wrap);
    }

    std::function<glm::vec2(glm::dvec2)> cursorToDomainIn(const PixelRect& rect) const
    {
        glm::ivec2 windowSize;
        glfwGetWindowSize(window, &windowSize.x, &windowSize.y);
        const glm::ivec2 fb = framebufferSize();
        const glm::vec2 domain(state.params.domainWidth, state.params.domainHeight());
        return [=](glm::dvec2 cursor) { return cursorToDomain(cursor, windowSize, fb, rect, domain); };
    }

    // Paused: strokes paint on the still fluid, and every N press runs
    // exactly one step. Running: the steps that wall-clock time asks for,
    // each with its slice of the stroke. Returns the steps run.
    int advanceFluid(double now)
    {
        if (state.paused) {
            summary.paused();
            chosenGrid.held();
            clock.hold(now);
            watch.restart(now);
            for (const Splat& s : strokes.take(now, pointer.brush(state.brush, state.hoverPaint))) fluid.splat(s);
            for (; loop.singleSteps > 0; --loop.singleSteps) fluid.step({}, pointer.held(), false);
            return 0;
        }
        loop.singleSteps = 0;
        const double stepSeconds = fluid.stepMilliseconds() / 1000.0;  // negative until measured
        const int steps = clock.advance(now, static_cast<double>(state.params.dt), state.maxStepsPerFrame, stepSeconds);
        auto slices = strokes.takeSteps(now - clock.owed(), steps, pointer.brush(state.brush, state.hoverPaint));
        summary.running(now, static_cast<double>(slices.size()) * static_cast<double>(state.params.dt));
        chosenGrid.running(now, static_cast<double>(slices.size()) * static_cast<double>(state.params.dt));
        // One step timed per frame: queries do not nest.
        for (std::size_t k = 0; k < slices.size(); ++k) fluid.step(std::move(slices[k]), pointer.held(), k == 0);
        if (!slices.empty()) fluid.measureResidual();
        return static_cast<int>(slices.size());
    }

    // --replay: the log's steps, as many as the clock asks for (one per N
    // while paused); at its end the fluid pauses, and says so once.
    int advanceReplay(double now)
    {
        int steps = 0;
        if (state.paused) {
            summary.paused();
            clock.hold(now);
            steps = replay->advance(loop.singleSteps);
            loop.singleSteps = 0;
        } else {
            steps = replay->advance(clock.advance(now, static_cast<double>(replay->params().dt), state.maxStepsPerFrame,
                                                  fluid.stepMilliseconds() / 1000.0));
            // The exit summary counts the replay's frames too (it printed none).
            summary.running(now, steps * static_cast<double>(replay->params().dt));
        }
        if (const Field* mask = replay->takeObstacles()) display.setObstacles(*mask);
        if (replay->finished() && !state.paused) {
            state.paused = true;
            summary.paused();
            if (!replayEndSaid)
                std::printf("fluidsim: replayed %s: %d steps, %.2f s of fluid; paused\n", replay->path().c_str(),
                            replay->step(), replay->fluidSeconds());
            replayEndSaid = true;
            std::fflush(stdout);
        }
        return steps;
    }

    void takeScreenshot(glm::ivec2 fb)
    {
        if (!loop.screenshot) return;
        loop.screenshot = false;
        try {
            stats.lastScreenshot = saveScreenshot(fb, options.screenshotDir);
            stats.writeError.clear();
            std::printf("fluidsim: saved screenshot %s\n", stats.lastScreenshot.c_str());
            std::fflush(stdout);
        } catch (const std::exception& e) {
            // The window carries on: the panel shows why, until a save works.
            stats.writeError = std::string("screenshot not saved: ") + e.what();
            report(stats.writeError);
        }
    }

    // The auto grid keeps its promise: a fluid that stays under 0.95x real
    // time for a few seconds gets a smaller grid (picked by the whole frame's
    // measured cost), a coarser dye grid or no bloom, the fluid carried over.
    void watchRealTime(int steps, glm::ivec2 fb)
    {
        if (state.paused || replay) return;
        const double now = glfwGetTime();
        const double stepMs = fluid.stepMilliseconds();
        const double stepping = stepMs < 0.0 ? -1.0 : steps * stepMs / 1000.0;
        const double frameSeconds = lastFrameEnd < 0.0 ? -1.0 : now - lastFrameEnd;
        lastFrameEnd = now;
        const double fluidSeconds = steps * static_cast<double>(state.params.dt);
        watch.setDt(static_cast<double>(state.params.dt));
        if (!watch.onFrame(now, frameSeconds, stepping, fluidSeconds, clock.realTimeFactor()) || !state.autoGrid)
            return;
        if (giveUpForSpeed(fluid, state, stats, display, fb, watch.overheadSeconds(), clock.realTimeFactor())) {
            regain.gaveUp(fb.x, fb.y);
            gridChanged(glfwGetTime());
        }
    }

    // Back at a smaller window after giving up at a larger one: the pick from
    // every size again, as at start (GridRegain, grid_watch.hpp).
    void regainAfterShrinking(glm::ivec2 fb)
    {
        if (state.paused || replay || !state.autoGrid || !regain.onFrame(glfwGetTime(), fb.x, fb.y)) return;
        fluid.regainAfterSpeed(fb, measuredDraw());
        std::printf("fluidsim: the window is smaller again; grid %dx%d, %s\n", stats.grid.x, stats.grid.y,
                    stats.gridChoice.c_str());
        std::fflush(stdout);
        gridChanged(glfwGetTime());
    }

    // A new grid (the fluid carried over): the stroke in progress belonged to
    // the old one, and the time the change took is not owed.
    void gridChanged(double now)
    {
        pointer.hold(now, strokes);
        clock.hold(now);
        watch.restart(now);
        lastFrameEnd = -1.0;
    }

    // Time passes without the fluid (minimised): nothing is owed, nothing queued.
    void hold(double now)
    {
        summary.paused();  // the exit summary's running time leaves it out (it counted it: 0.29x for 0.99x)
        chosenGrid.held();
        clock.hold(now);
        pointer.hold(now, strokes);
        watch.restart(now);
        lastFrameEnd = -1.0;
    }

    // --- keys and the mouse ---

    void onKey(int key)
    {
        switch (key) {
            case GLFW_KEY_SPACE:
                state.paused = !state.paused;
                break;
            case GLFW_KEY_N:
                ++loop.singleSteps;
                break;
            case GLFW_KEY_R:
                fluid.reset();
                break;
            case GLFW_KEY_C:
                fluid.clearDye();
                break;
            case GLFW_KEY_E:
                fluid.clearEmitters();
                break;
            case GLFW_KEY_V:
                state.display.view = nextView(state.display.view, smokeIsOn(state.params));
                break;
            case GLFW_KEY_F1:
                state.visible = !state.visible;
                break;
            case GLFW_KEY_F11:
                toggleFullscreen();
                break;
            case GLFW_KEY_F12:
            case GLFW_KEY_P:
                loop.screenshot = true;
                break;
            case GLFW_KEY_F9:
                recording.toggle(framebufferSize(), fluidSeconds());
                break;
            case GLFW_KEY_ESCAPE:
                glfwSetWindowShouldClose(window, GLFW_TRUE);
                break;
            default:
                break;
        }
    }

    // ImGui's WantCaptureMouse is from the last frame it drew: when a slow
    // frame brings F1 and a press in one poll, it still says the hidden panel
    // is under the pointer, and the stroke would go to the panel (a window
    // test's first drag painted nothing with a core busy). A hidden panel
    // takes nothing.
    PointerInput::Context pointerContext() const
    {
        return {state.visible && ImGui::GetIO().WantCaptureMouse, state.hoverPaint, state.obstacleBrush};
    }

    // Keys go to the panel only while the user types into it (a slider's
    // Ctrl+click field). Not by WantCaptureKeyboard: that is also true while
    // the mouse holds any panel item or the panel itself, and it is from the
    // last frame ImGui drew. A slow first frame once brought F1 and a press on
    // the just-hidden panel in one poll: ImGui took the press as a move of the
    // panel, and said "keyboard captured" until the release, whose poll also
    // brought F12; the screenshot was lost (a window test's 30 s wait). A
    // hidden panel takes no keys at all.
    bool panelTakesKeys() const { return state.visible && ImGui::GetIO().WantTextInput; }

    glm::dvec2 cursor() const
    {
        glm::dvec2 c;
        glfwGetCursorPos(window, &c.x, &c.y);
        return c;
    }

    void onMouseButton(int button, int action, int mods)
    {
        const glm::dvec2 at = cursor();
        if (pointer.onButton(button, action, mods, at, pointerContext()) != PointerInput::Request::PlaceEmitter) return;
        // Shift+click: a smoke emitter under the cursor, of the brush's radius and rates.
        const PixelRect rect = fitGrid(framebufferSize(), {state.params.gridWidth, state.params.gridHeight});
        fluid.addEmitter(cursorToDomainIn(rect)(at), state.brush);
    }

    // F11: full screen on the monitor of --monitor, or back to a window of
    // --width x --height.
    void toggleFullscreen()
    {
        if (glfwGetWindowMonitor(window)) {
            const glm::ivec2 size =
                windowedSize.x > 0 ? windowedSize : glm::ivec2(options.windowWidth, options.windowHeight);
            glfwSetWindowMonitor(window, nullptr, windowedAt.x, windowedAt.y, size.x, size.y, GLFW_DONT_CARE);
            return;
        }
        GLFWmonitor* monitor = chooseMonitor(options.monitor);
        const GLFWvidmode* mode = glfwGetVideoMode(monitor);
        if (!mode) return;
        glfwGetWindowPos(window, &windowedAt.x, &windowedAt.y);
        glfwGetWindowSize(window, &windowedSize.x, &windowedSize.y);
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
};

Viewer* viewerOf(GLFWwindow* window)
{
    return static_cast<Viewer*>(glfwGetWindowUserPointer(window));
}

void keyCallback(GLFWwindow* window, int key, int, int action, int)
{
    if (action != GLFW_PRESS) return;
    Viewer* viewer = viewerOf(window);
    if (!viewer || (ImGui::GetCurrentContext() && viewer->panelTakesKeys())) return;
    viewer->onKey(key);
}

void cursorCallback(GLFWwindow* window, double x, double y)
{
    if (Viewer* viewer = viewerOf(window); viewer && ImGui::GetCurrentContext())
        viewer->pointer.onCursor({x, y}, viewer->pointerContext());
}

void mouseButtonCallback(GLFWwindow* window, int button, int action, int mods)
{
    if (Viewer* viewer = viewerOf(window); viewer && ImGui::GetCurrentContext())
        viewer->onMouseButton(button, action, mods);
}

void cursorEnterCallback(GLFWwindow* window, int entered)
{
    if (Viewer* viewer = viewerOf(window); viewer && !entered) viewer->pointer.onCursorLeft();
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
    // Ctrl+C in the terminal, a hang-up, a polite kill... (app/stop_signals.hpp)
    // close the window like Esc does, after the frame in progress: the video
    // and the input log finished, the settings saved, every GL object
    // released in order. From the start: a signal while the window opens
    // stops it at its first frame.
    const StopOnSignals stopOnSignals;
    try {
        // Set up: GLFW, the window and our input callbacks, ImGui, the viewer.
        GlfwSession glfw;
        GLFWmonitor* monitor = options.fullscreen ? chooseMonitor(options.monitor) : nullptr;
        WindowPtr window = openWindow(options.windowWidth, options.windowHeight, monitor);
        for (const std::string& warning : warnings) report(warning);
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
        viewer.recording.startFromFlags(viewer.framebufferSize(), viewer.fluid.fluidSeconds());
        glfwSetWindowUserPointer(window.get(), &viewer);
        // The grid is picked: the window appears and its first frame, the
        // burst's first step, follows at once (it was black for the second
        // or two the pick measured).
        glfwShowWindow(window.get());
        viewer.frame();
        std::printf("fluidsim: %s; grid %dx%d%s%s. Drag to paint, F1 for the panel, Esc to quit.\n",
                    viewer.stats.renderer.c_str(), viewer.stats.grid.x, viewer.stats.grid.y,
                    viewer.stats.gridChoice.empty() ? "" : ", ", viewer.stats.gridChoice.c_str());
        std::fflush(stdout);

        // The main loop: poll, then a frame (or a pause while minimised).
        while (!glfwWindowShouldClose(window.get()) && StopOnSignals::requested() == 0) {
            glfwPollEvents();
            const glm::ivec2 fb = viewer.framebufferSize();
            if (fb.x <= 0 || fb.y <= 0 || glfwGetWindowAttrib(window.get(), GLFW_ICONIFIED)) {
                glfwWaitEventsTimeout(0.1);  // minimised: nothing to draw, do not spin
                viewer.hold(glfwGetTime());
                continue;
            }
            viewer.frame();
            gl::debugCheck("frame");
            // In the panel; stderr gets it once, at exit, if it still fails then.
            if (const std::string problem = imgui.saveLayout(); !problem.empty()) viewer.stats.writeError = problem;
        }

        // Shut down: the summary, the settings and the panel's layout saved.
        StopOnSignals::finishing();
        glfwSetWindowUserPointer(window.get(), nullptr);
        viewer.recording.stop();
        const bool inputSaved = viewer.closeInputLog();
        viewer.summary.print();
        const int stopSignal = StopOnSignals::requested();
        if (stopSignal != 0) report(stoppedBy(stopSignal, ""));
        // One line at most: the layout lives beside the settings, so when the
        // settings cannot be written the layout's reason would say the same.
        if (!saveSettings(options, settingsFile, viewer.state, viewer.chosenGrid) || !inputSaved ||
            viewer.recording.failed())
            return 1;
        if (const std::string problem = imgui.saveLayout(true); !problem.empty()) {
            report(problem);
            return 1;
        }
        // As every kind of run: 128 + the signal after a clean stop (it was 0,
        // as if the user had closed the window).
        return stopSignal != 0 ? stopExitCode(stopSignal) : 0;
    } catch (const platform::ContextError& e) {
        // --backend is a headless flag: the CPU solver has no window.
        report(std::string(e.what()) + "; fluidsim --headless --backend cpu runs without OpenGL");
        return 1;
    } catch (const std::exception& e) {
        report(e.what());
        return 1;
    }
}

}  // namespace fluid::app
