// Bloom: the dye view's bright parts glow. The bright part (a soft threshold)
// of the tone-mapped dye is taken down to an eighth of the view's pixels each
// way, blurred by a separable Gaussian, and handed back as a texture that
// dye_shade.frag adds to the dye's lit colours, one read a dye texel (GLOW),
// before display.frag magnifies them: no picture of the window's size is
// written or read besides the window itself. Display only:
// the window applies it to the dye view when the panel (or --bloom) has it on;
// nothing the solver, the other views or the headless runner use goes through
// it.
#pragma once

#include <vector>

#include <glm/vec2.hpp>

#include "app/display_settings.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "sim/spec_program.hpp"

namespace fluid::app {

class Bloom {
public:
    Bloom();  // needs a current GL 3.3 context; throws gl::GlError

    // The glow of `dye` (any size), tone-mapped at `exposure` as the dye view
    // does, for a view drawn `shown` pixels large in a window whose short
    // side is `windowShortSide` pixels (the radius is a share of it): a
    // texture covering the view, to be read bilinearly at the view's
    // coordinates. Its targets are made again when `shown` changes (and
    // checked for completeness then).
    GLuint glow(GLuint dye, float exposure, glm::ivec2 shown, int windowShortSide, const BloomLook& look);

    // Its programs, for the display rows' test.
    std::vector<const sim::SpecProgram*> specPrograms() const { return {&prefilter_, &blur_}; }

private:
    sim::SpecProgram prefilter_, blur_;  // rows of core/display_programs.hpp
    gl::VertexArray vertexArray_;
    gl::Sampler linearSampler_;
    glm::ivec2 shown_{0};
    gl::PingPong glow_;  // the bright part, blurred, at an eighth of the view's pixels each way
};

}  // namespace fluid::app
