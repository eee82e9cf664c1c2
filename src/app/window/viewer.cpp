#include "app/window/viewer.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

#include "app/grid_picker.hpp"
#include "app/panel_placement.hpp"
#include "app/report.hpp"
#include "app/window/screenshot.hpp"
#include "app/window/speed_keeper.hpp"
#include "app/window/window_setup.hpp"

namespace fluid::app {

Viewer::Viewer(const Options& o, GLFWwindow* w)
    : options(o),
      window(w),
      timeLine(glfwGetTime),
      state(panelStateFrom(o)),
      display(o.background),
      fluid(o, state, stats),
      pointer(timeLine.now()),
      strokes(timeLine.now()),
      clock(timeLine.now()),
      watch(timeLine.now()),
      recording(o, stats)
{
    stats.renderer = std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))) + " / OpenGL " +
                     reinterpret_cast<const char*>(glGetString(GL_VERSION));
    if (o.backend == Backend::Cpu) {
        const int threads =
            fluid.threads() > 0 ? fluid.threads() : static_cast<int>(std::thread::hardware_concurrency());
        stats.renderer = "the CPU reference solver on " + std::to_string(threads) +
                         (threads == 1 ? " thread" : " threads") + ", shown with " + stats.renderer;
    }
    if (!o.replayFile.empty()) {
        replay = std::make_unique<ReplayDriver>(o.replayFile, o.backend, fluid.threads());  // throws "FILE:LINE: why"
        state.autoGrid = false;  // the log's grid, not a measured one
    }
    fluid.keepObstaclesClearOf(panelShareOfWidth());
    presentSeconds = measurePresentSeconds(window, [this] { (void)drawPanel(state, stats); });
    if (state.autoGrid) fluid.pickGrid(framebufferSize(), gridChoices(), measuredDraw());
    fluid.allocateGrid(framebufferSize(), false);
    watch.restart(timeLine.now());                                        // the picking took its time
    clock.start(timeLine.now(), static_cast<double>(fluid.params().dt));  // the first frame runs a step
    if (replay) stats.grid = replay->grid();
    if (!o.recordInputFile.empty()) {
        inputLog = std::make_unique<InputLogWriter>(o.recordInputFile, fluid.params());
        fluid.recordInputTo(inputLog.get());
    }
}

// --record-input: the log closed and in place; false when it cannot be.
bool Viewer::closeInputLog()
{
    if (!inputLog) return true;
    fluid.recordInputTo(nullptr);
    try {
        inputLog->close();
        std::printf("fluidsim: recorded %d steps of input (%ld events) to %s\n", inputLog->steps(), inputLog->events(),
                    inputLog->path().c_str());
        return true;
    } catch (const std::exception& e) {
        report(e.what());
        return false;
    }
}

glm::ivec2 Viewer::framebufferSize() const
{
    glm::ivec2 fb;
    glfwGetFramebufferSize(window, &fb.x, &fb.y);
    return fb;
}

// --- the frame, step by step ---

void Viewer::frame()
{
    const double now = timeLine.now();
    const glm::ivec2 fb = framebufferSize();
    runPanel(fb, now);
    // After the panel: it may just have changed the grid and its shape.
    const PixelRect rect = takeInput(now, fb);
    // Profile open: the steps, the display and the panel timed (frame_profile.hpp).
    if (state.profiling && state.visible)
        profile.beginFrame(shownSolver());
    else
        profile.stop(shownSolver());
    display.setTimer(profile.timer());
    const int steps = advance(now);
    if (steps > 0) profile.sampleFields(shownSolver(), static_cast<double>(shownSolver().params().cellSize()));
    display.draw(shownSolver(), fb, rect, state.display, fluid.motionTexture());
    shownRect = rect;
    fade.drawOver(0, fb, now);
    ImGui::Render();
    if (StepTimer* timer = profile.timer()) timer->lap(FrameProfile::kPanel);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    profile.endFrame(fluid.stepMilliseconds());
    takeScreenshot(fb);
    recording.frame(fb, fluidSeconds());  // a read-back queued, never waited for
    glfwSwapBuffers(window);
    keepRealTime(steps, fb);
}

// Time passes without the fluid (minimised): nothing is owed, nothing queued.
void Viewer::hold(double now)
{
    summary.paused();  // the exit summary's running time leaves it out (it counted it: 0.29x for 0.99x)
    chosenGrid.held();
    clock.hold(now);
    pointer.hold(now, strokes);
    watch.restart(now);
    lastFrameEnd = -1.0;
}

// --- the live fluid or the replay ---

GpuSolver& Viewer::shownSolver()
{
    return replay ? replay->solver() : fluid.solver();
}

double Viewer::fluidSeconds() const
{
    return replay ? replay->fluidSeconds() : fluid.fluidSeconds();
}

glm::ivec2 Viewer::gridSize() const
{
    return replay ? replay->grid() : glm::ivec2(state.params.gridWidth, state.params.gridHeight);
}

// The fluid fills the window: a window of a new shape gets a grid of that
// shape, and the pointer's events become strokes on it. A replay keeps its
// log's grid, and the log is its only input. Returns where the grid is drawn.
PixelRect Viewer::takeInput(double now, glm::ivec2 fb)
{
    if (replay) {
        pointer.hold(now, strokes);
        return fitGrid(fb, gridSize());
    }
    if (reshape.onFrame(now, fb.x, fb.y, state.params.gridWidth, state.params.gridHeight)) {
        fluid.reshapeGrid(fb);
        watch.restart(now);  // the new grid's first frames
    }
    const PixelRect rect = fitGrid(fb, gridSize());
    pointer.deliver(now, cursorToDomainIn(rect), strokes, fluid.obstacles(), state.obstacleBrushRadius);
    if (const Field* mask = fluid.uploadObstacles()) display.setObstacles(*mask);
    return rect;
}

// The frame's steps; returns how many ran.
int Viewer::advance(double now)
{
    if (!replay) return advanceFluid(now);
    return replay->advance(now, {state, loop, clock, summary, display, fluid.stepMilliseconds() / 1000.0});
}

// The auto grid watches the live fluid only: a replay runs its log's grid.
void Viewer::keepRealTime(int steps, glm::ivec2 fb)
{
    if (replay) return;
    watchRealTime(steps, fb);
    regainAfterShrinking(fb);
}

// --- the frame's parts ---

PanelState Viewer::panelStateFrom(const Options& o)
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
    s.autoDyeAdvection = o.autoGrid && !o.given("dye-advection") && o.params.dyeAdvection == kWindowDyeAdvection;
    return s;
}

// The share of the window's width the panel covers as it opens (its
// origin and width in font heights; 0 when hidden): the run's obstacle
// shape is placed clear of it.
float Viewer::panelShareOfWidth() const
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

// The frame's cost besides the steps, for a pick: the display chain on
// the probe, the panel and the swap (measured at start).
FluidSession::FrameOverhead Viewer::measuredDraw()
{
    return frameOverhead(display, framebufferSize(), presentSeconds);
}

// The ImGui frame: statistics in, the panel drawn, its requests applied,
// the hint and any note on the canvas.
void Viewer::runPanel(glm::ivec2 fb, double now)
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
void Viewer::drawViewNote() const
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

std::function<glm::vec2(glm::dvec2)> Viewer::cursorToDomainIn(const PixelRect& rect) const
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
int Viewer::advanceFluid(double now)
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

void Viewer::takeScreenshot(glm::ivec2 fb)
{
    if (!loop.screenshot) return;
    loop.screenshot = false;
    try {
        // Its wall time is not the fluid's: neither owed nor a slow frame. The
        // frame's own work is first waited for (the read-back would wait for
        // it inside), so only the read-back and the file are left out.
        glFinish();
        timeLine.leaveOut([&] { stats.lastScreenshot = saveScreenshot(fb, options.screenshotDir); });
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
void Viewer::watchRealTime(int steps, glm::ivec2 fb)
{
    if (state.paused) return;
    const double now = timeLine.now();
    const double stepMs = fluid.stepMilliseconds();
    const double stepping = stepMs < 0.0 ? -1.0 : steps * stepMs / 1000.0;
    const double frameSeconds = lastFrameEnd < 0.0 ? -1.0 : now - lastFrameEnd;
    lastFrameEnd = now;
    const double fluidSeconds = steps * static_cast<double>(state.params.dt);
    watch.setDt(static_cast<double>(state.params.dt));
    if (!watch.onFrame(now, frameSeconds, stepping, fluidSeconds, clock.realTimeFactor()) || !state.autoGrid) return;
    // Only a new grid or dye grid jumps; the sharp dye given up changes the
    // steps to come, and the bloom is a change of look that a fade of a
    // moving picture would only blur.
    const SpeedStep next = nextSpeedStep(fluid, state);
    const bool jumps = next == SpeedStep::SmallerGrid || next == SpeedStep::CoarserDyeGrid;
    if (jumps) captureForFade(fb);
    const bool changed =
        giveUpForSpeed(next, fluid, state, stats, display, fb, watch.overheadSeconds(), clock.realTimeFactor());
    if (changed) {
        regain.gaveUp(fb.x, fb.y);
        gridChanged(timeLine.now());
    }
    if (jumps && changed) fade.start(timeLine.now());
    if (jumps && !changed) fade.cancel();  // nothing changed: the picture is dropped
}

// The picture as it is, drawn again into the fade's target, before a change
// of grid that the frames after it dissolve (CrossFade). The fade starts
// once the change is made: the pick that makes it takes a while.
void Viewer::captureForFade(glm::ivec2 fb)
{
    fade.cancel();
    if (shownRect.empty()) return;
    fade.capture(fb, [&](GLuint target) {
        display.setOutput(target);
        display.draw(shownSolver(), fb, shownRect, state.display, fluid.motionTexture());
        display.setOutput(0);
    });
}

// Back at a smaller window after giving up at a larger one: the pick from
// every size again, as at start (GridRegain, grid_watch.hpp).
void Viewer::regainAfterShrinking(glm::ivec2 fb)
{
    if (state.paused || !state.autoGrid || !regain.onFrame(timeLine.now(), fb.x, fb.y)) return;
    captureForFade(fb);
    fluid.regainAfterSpeed(fb, measuredDraw());
    std::printf("fluidsim: the window is smaller again; grid %dx%d, %s\n", stats.grid.x, stats.grid.y,
                stats.gridChoice.c_str());
    std::fflush(stdout);
    gridChanged(timeLine.now());
    fade.start(timeLine.now());
}

// A new grid (the fluid carried over): the stroke in progress belonged to
// the old one, and the time the change took is not owed.
void Viewer::gridChanged(double now)
{
    pointer.hold(now, strokes);
    clock.hold(now);
    watch.restart(now);
    lastFrameEnd = -1.0;
}

}  // namespace fluid::app
