// CrossFade: a change of grid that the eye does not see as a jump. When the
// window gives up a grid for speed (or takes a larger one back), the new grid
// starts from the old fluid resampled, which shows at once as a softer or a
// sharper picture. The window's picture from just before the change is kept
// and drawn over the live one for kSeconds, fading out, so the change
// dissolves. Display only: the fluid runs on underneath from the change on.
#pragma once

#include <functional>

#include <glm/vec2.hpp>

#include "gl/handle.hpp"
#include "gl/render_target.hpp"
#include "sim/spec_program.hpp"

namespace fluid::app {

class CrossFade {
public:
    // Long enough to read as a dissolve, short enough to be over before the
    // grid watch could look again.
    static constexpr double kSeconds = 0.6;

    CrossFade();  // needs a current GL 3.3 context; throws gl::GlError

    // The picture to fade from, `size` pixels: `drawInto` draws it into the
    // framebuffer it is given. Any fade under way ends.
    void capture(glm::ivec2 size, const std::function<void(GLuint framebuffer)>& drawInto);
    // The change was made: the fade from the last capture starts at `now`
    // (wall seconds; after the change, which may take a while). Once only.
    void start(double now);
    // No change after all: the capture is dropped, and any fade ends.
    void cancel();
    // Over the frame in `framebuffer` (`size` pixels), the captured picture at
    // opacity(now); nothing once it is over, or where the window's size
    // changed since the capture (the picture would no longer fit).
    void drawOver(GLuint framebuffer, glm::ivec2 size, double now);
    // 1 at the start, easing to 0 at kSeconds; 0 when no fade is under way.
    float opacity(double now) const;

    const sim::SpecProgram& specProgram() const { return program_; }

private:
    sim::SpecProgram program_;  // a row of core/display_programs.hpp
    gl::VertexArray vertexArray_;
    gl::RenderTarget picture_;
    double start_ = 0.0;
    enum class Phase { None, Captured, Fading } phase_ = Phase::None;
};

}  // namespace fluid::app
