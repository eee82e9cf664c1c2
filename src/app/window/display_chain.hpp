// DisplayChain: what a frame shows of the fluid, in order: the window cleared,
// then the chosen view in the grid's rectangle (FieldDisplay), on the dye view
// with the bloom's glow (Bloom, made from the dye's colours and added as the
// view is drawn). Display only: nothing
// here feeds the solver, the other views' values or the headless outputs.
#pragma once

#include <glm/vec2.hpp>

#include "app/window/bloom.hpp"
#include "app/window/field_display.hpp"
#include "core/step_timer.hpp"

namespace fluid::app {

class DisplayChain {
public:
    explicit DisplayChain(const std::string& background);  // needs a current GL 3.3 context

    // Draws `solver`'s view into the window (framebuffer 0 unless setOutput,
    // `framebuffer` pixels), inside `rect`. `overlay`: the camera's picture, 0 = none.
    void draw(GpuSolver& solver, glm::ivec2 framebuffer, const PixelRect& rect, const DisplaySettings& settings,
              GLuint overlay);
    // Wall s a draw of `solver` at `framebuffer` takes, waited for (glFinish):
    // for the auto grid's first pick only, never in the frame loop.
    double measureDraw(GpuSolver& solver, glm::ivec2 framebuffer, const DisplaySettings& settings);

    // Profiling: the draw is a lap of `timer` ("display"), the bloom another
    // ("post-processing"); null: not timed.
    void setTimer(StepTimer* timer) { timer_ = timer; }
    void setObstacles(const Field& mask) { field_.setObstacles(mask); }
    // Where the frame goes: 0, the window (the default); a benchmark's target.
    void setOutput(GLuint framebuffer) { output_ = framebuffer; }
    float range() const { return field_.range(); }

private:
    FieldDisplay field_;
    Bloom bloom_;
    StepTimer* timer_ = nullptr;
    GLuint output_ = 0;
};

}  // namespace fluid::app
