#include "app/window/display_chain.hpp"
#include "app/window/frame_profile.hpp"

#include <epoxy/gl.h>

#include <algorithm>
#include <chrono>

namespace fluid::app {

DisplayChain::DisplayChain(const std::string& background)
{
    field_.setBackground(background);
}

void DisplayChain::draw(GpuSolver& solver, glm::ivec2 framebuffer, const PixelRect& rect,
                        const DisplaySettings& settings, GLuint overlay)
{
    if (timer_) timer_->lap(FrameProfile::kDisplay);
    glBindFramebuffer(GL_FRAMEBUFFER, output_);
    glViewport(0, 0, framebuffer.x, framebuffer.y);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    field_.setTimer(timer_);
    field_.draw(solver, rect, settings, output_, overlay, &bloom_, std::min(framebuffer.x, framebuffer.y));
}

double DisplayChain::measureDraw(GpuSolver& solver, glm::ivec2 framebuffer, const DisplaySettings& settings)
{
    const PixelRect rect = fitGrid(framebuffer, {solver.params().gridWidth, solver.params().gridHeight});
    draw(solver, framebuffer, rect, settings, 0);  // the first draw compiles and allocates
    glFinish();
    double fastest = 1e30;
    for (int n = 0; n < 3; ++n) {
        const auto start = std::chrono::steady_clock::now();
        draw(solver, framebuffer, rect, settings, 0);
        glFinish();
        fastest = std::min(fastest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return fastest;
}

}  // namespace fluid::app
