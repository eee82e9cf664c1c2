#include "app/window/display_chain.hpp"
#include "app/window/frame_profile.hpp"
#include "app/window/wall_timing.hpp"

#include <epoxy/gl.h>

#include <algorithm>

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
    // Black, the colour of fluid without dye: where the grid does not fill
    // the window (a window whose new shape the grid has not followed yet, a
    // grid more than kFillAspectTolerance off its aspect) the bars read as
    // empty fluid, not as grey lines along the edges. Where it fills the
    // window (the usual case: fitGrid) the view writes every pixel, and the
    // clear would cost a pass over the window for nothing (on llvmpipe some
    // 0.3 ms at 1024x768, 5% of the dye view).
    const bool bars = rect.x > 0 || rect.y > 0 || rect.width < framebuffer.x || rect.height < framebuffer.y;
    if (bars) {
        glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    field_.setTimer(timer_);
    field_.draw(solver, rect, settings, output_, overlay, &bloom_, std::min(framebuffer.x, framebuffer.y));
}

double DisplayChain::measureDraw(GpuSolver& solver, glm::ivec2 framebuffer, const DisplaySettings& settings)
{
    const PixelRect rect = fitGrid(framebuffer, {solver.params().gridWidth, solver.params().gridHeight});
    // The first draw compiles and allocates.
    return typicalWallSeconds(1, 3, [&] { draw(solver, framebuffer, rect, settings, 0); });
}

}  // namespace fluid::app
