// The window's lifetime, as steps: GLFW, the window and its input callbacks,
// ImGui and the Viewer set up; the main loop polls, then runs a frame (or
// waits while minimised); at the end the video, the input log, the summary,
// the settings and the panel's layout are finished in order. The frame's
// parts are in viewer.hpp.
#include "app/window/window_app.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "app/report.hpp"
#include "app/stop_signals.hpp"
#include "app/window/settings_session.hpp"
#include "app/window/viewer.hpp"
#include "app/window/window_setup.hpp"
#include "gl/debug_output.hpp"
#include "gl/errors.hpp"
#include "platform/headless_context.hpp"

namespace fluid::app {

namespace {

// Shut down: the summary, the settings and the panel's layout saved. Returns
// the process exit code.
int finish(Viewer& viewer, ImGuiSession& imgui, const Options& options, const Options& settingsFile)
{
    StopOnSignals::finishing();
    glfwSetWindowUserPointer(viewer.window, nullptr);
    viewer.recording.stop();
    const bool inputSaved = viewer.closeInputLog();
    viewer.summary.print();
    if (const std::string cpu = viewer.fluid.cpuStepsSummary(); !cpu.empty())
        std::printf("fluidsim: %s\n", cpu.c_str());
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
        installInputCallbacks(window.get());  // before ImGui's, which chain to ours

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
        const SimParams& p = viewer.fluid.params();
        std::printf(
            "fluidsim: %s; grid %dx%d (dye %dx%d, dt %.4g s)%s%s. Drag to paint, F1 for the panel, Esc to "
            "quit.\n",
            viewer.stats.renderer.c_str(), viewer.stats.grid.x, viewer.stats.grid.y, p.dyeGridWidthOrDefault(),
            p.dyeGridHeight(), static_cast<double>(p.dt), viewer.stats.gridChoice.empty() ? "" : ", ",
            viewer.stats.gridChoice.c_str());
        std::fflush(stdout);

        // The main loop: poll, then a frame (or a pause while minimised).
        while (!glfwWindowShouldClose(window.get()) && StopOnSignals::requested() == 0) {
            glfwPollEvents();
            const glm::ivec2 fb = viewer.framebufferSize();
            if (fb.x <= 0 || fb.y <= 0 || glfwGetWindowAttrib(window.get(), GLFW_ICONIFIED)) {
                glfwWaitEventsTimeout(0.1);  // minimised: nothing to draw, do not spin
                viewer.hold(viewer.timeLine.now());
                continue;
            }
            viewer.frame();
            gl::debugCheck("frame");
            // In the panel; stderr gets it once, at exit, if it still fails then.
            if (const std::string problem = imgui.saveLayout(); !problem.empty()) viewer.stats.writeError = problem;
        }

        return finish(viewer, imgui, options, settingsFile);
    } catch (const platform::ContextError& e) {
        // The window's display is OpenGL on either backend; the headless CPU run needs none.
        report(std::string(e.what()) + "; fluidsim --headless --backend cpu runs without OpenGL");
        return 1;
    } catch (const std::exception& e) {
        report(e.what());
        return 1;
    }
}

}  // namespace fluid::app
