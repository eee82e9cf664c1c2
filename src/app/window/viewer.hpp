// Viewer: the window's parts, and the frame that calls them as steps. Each
// part has one job: pointer_input (events to timestamped strokes),
// panel_glue (the panel's requests), fluid_session and fluid_grid (the
// solver and what feeds it), display_chain (view and bloom),
// recording_session (the video), replay_driver (--replay, in the place of
// the live fluid). The keys, the mouse and the GLFW callbacks are in
// viewer_keys.cpp.
#pragma once

#include <functional>
#include <memory>

#include <glm/vec2.hpp>

#include "app/chosen_grid.hpp"
#include "app/grid_watch.hpp"
#include "app/input.hpp"
#include "app/input_log.hpp"
#include "app/sim_clock.hpp"
#include "app/stroke_queue.hpp"
#include "app/time_line.hpp"
#include "app/window/cross_fade.hpp"
#include "app/window/display_chain.hpp"
#include "app/window/fluid_session.hpp"
#include "app/window/frame_profile.hpp"
#include "app/window/panel.hpp"
#include "app/window/panel_glue.hpp"
#include "app/window/pointer_input.hpp"
#include "app/window/recording_session.hpp"
#include "app/window/replay_driver.hpp"
#include "app/window/run_summary.hpp"

struct GLFWwindow;

namespace fluid::app {

struct Viewer {
    const Options& options;
    GLFWwindow* window;
    TimeLine timeLine;  // the wall clock every part of the frame reads, a screenshot's writing left out
    PanelState state;
    PanelStats stats;
    DisplayChain display;
    CrossFade fade;  // the picture from before a change of grid for speed, fading out over the new one
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
    std::unique_ptr<ReplayDriver> replay;      // --replay: the log's solver is shown and stepped
    std::unique_ptr<InputLogWriter> inputLog;  // --record-input
    bool cursorHidden = false;
    // Where the window was before F11 took it full screen, for the way back
    // (it came back at --width x --height, wherever the user had put it).
    glm::ivec2 windowedAt{64, 64};
    glm::ivec2 windowedSize{0, 0};  // 0: --width x --height (a start in full screen)
    double lastFrameEnd = -1.0;     // wall s the last running frame ended; negative: none since a hold
    double presentSeconds = 0.0;    // the panel drawn and swapped, measured at start (measuredDraw)
    PixelRect shownRect{};          // where the last frame drew the fluid

    Viewer(const Options& o, GLFWwindow* w);

    bool closeInputLog();

    glm::ivec2 framebufferSize() const;

    // --- the frame, step by step ---

    void frame();
    void hold(double now);

    // --- the frame's questions, answered by the live fluid or the replay ---

    GpuSolver& shownSolver();
    double fluidSeconds() const;
    glm::ivec2 gridSize() const;
    PixelRect takeInput(double now, glm::ivec2 fb);
    int advance(double now);
    void keepRealTime(int steps, glm::ivec2 fb);

    // --- the frame's parts ---

    static PanelState panelStateFrom(const Options& o);
    float panelShareOfWidth() const;
    FluidSession::FrameOverhead measuredDraw();
    void runPanel(glm::ivec2 fb, double now);
    void drawViewNote() const;
    std::function<glm::vec2(glm::dvec2)> cursorToDomainIn(const PixelRect& rect) const;
    int advanceFluid(double now);
    void takeScreenshot(glm::ivec2 fb);
    void watchRealTime(int steps, glm::ivec2 fb);
    void regainAfterShrinking(glm::ivec2 fb);
    void captureForFade(glm::ivec2 fb);
    void gridChanged(double now);

    // --- keys and the mouse (viewer_keys.cpp) ---

    void onKey(int key);
    PointerInput::Context pointerContext() const;
    bool panelTakesKeys() const;
    glm::dvec2 cursor() const;
    void onMouseButton(int button, int action, int mods);
    void toggleFullscreen();
    void updateCursor();
};

// Ours first: ImGui's backend chains to callbacks installed before it. The
// callbacks find the Viewer through the window's user pointer; none set, they
// do nothing.
void installInputCallbacks(GLFWwindow* window);

}  // namespace fluid::app
