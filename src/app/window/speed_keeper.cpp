#include "app/window/speed_keeper.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <epoxy/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/grid_picker.hpp"
#include "app/grid_watch.hpp"
#include "app/window/wall_timing.hpp"

namespace fluid::app {

double measurePresentSeconds(GLFWwindow* window, const std::function<void()>& buildPanel)
{
    // With vsync a swap waits for the screen, which a frame that keeps up
    // pays anyway: that wait is not a cost of the frame.
    glfwSwapInterval(0);
    // The first frame builds ImGui's fonts and buffers.
    const double typical = typicalWallSeconds(1, 3, [&] {
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        buildPanel();
        ImGui::Render();
        glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        glfwSwapBuffers(window);
    });
    glfwSwapInterval(1);
    return typical;
}

FluidSession::FrameOverhead frameOverhead(DisplayChain& display, glm::ivec2 framebuffer, double presentSeconds)
{
    return [&display, framebuffer, presentSeconds](GpuSolver& probe, const DisplaySettings& look) {
        return display.measureDraw(probe, framebuffer, look) + presentSeconds;
    };
}

SpeedStep nextSpeedStep(const FluidSession& fluid, const PanelState& state)
{
    return fluid.nextSpeedStep(!choicesBelow(gridChoices(), state.gridShortSide).empty());
}

bool giveUpForSpeed(SpeedStep step, FluidSession& fluid, const PanelState& state, const PanelStats& stats,
                    DisplayChain& display, glm::ivec2 framebuffer, double overheadSeconds, double realTimeFactor)
{
    const auto smaller = choicesBelow(gridChoices(), state.gridShortSide);
    switch (step) {
        case SpeedStep::PlainDye:
            if (!fluid.plainDyeForSpeed()) return false;
            std::printf("fluidsim: %.2fx real time for %.0f s at grid %dx%d; the dye carried plainly again\n",
                        realTimeFactor, GridWatch::kSlowFor, state.params.gridWidth, state.params.gridHeight);
            std::fflush(stdout);
            return true;
        case SpeedStep::SmallerGrid:
            break;
        case SpeedStep::CoarserDyeGrid:
            if (!fluid.coarsenDyeForSpeed(framebuffer)) return false;
            std::printf(
                "fluidsim: %.2fx real time for %.0f s at grid %dx%d; dye grid %s\n", realTimeFactor,
                GridWatch::kSlowFor, state.params.gridWidth, state.params.gridHeight,
                state.dyeGridShortSide > 0 ? std::to_string(state.dyeGridShortSide).c_str() : "the simulation grid's");
            std::fflush(stdout);
            return true;
        case SpeedStep::NoBloom:
            if (fluid.dropBloomForSpeed()) {
                std::printf("fluidsim: %.2fx real time for %.0f s at the smallest grid; %s\n", realTimeFactor,
                            GridWatch::kSlowFor, stats.gridChoice.c_str());
                std::fflush(stdout);
            }
            return false;
        case SpeedStep::Nothing:
            return false;
    }
    std::printf("fluidsim: %.2fx real time for %.0f s at grid %dx%d; picking again among smaller grids\n",
                realTimeFactor, GridWatch::kSlowFor, state.params.gridWidth, state.params.gridHeight);
    // The overhead as measured, with the look as it is: a second pick that
    // turns the bloom off measures the difference (FluidSession::pickGrid).
    const DisplaySettings lookNow = state.display;
    fluid.pickGrid(framebuffer, smaller,
                   [&display, framebuffer, overheadSeconds, lookNow](GpuSolver& probe, const DisplaySettings& look) {
                       if (look == lookNow) return overheadSeconds;
                       return overheadSeconds - display.measureDraw(probe, framebuffer, lookNow) +
                              display.measureDraw(probe, framebuffer, look);
                   });
    fluid.allocateGrid(framebuffer, true);
    std::printf("fluidsim: grid %dx%d, %s\n", stats.grid.x, stats.grid.y, stats.gridChoice.c_str());
    std::fflush(stdout);
    return true;
}

}  // namespace fluid::app
