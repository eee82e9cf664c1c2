// Bloom: the dye view's bright parts glow. The view is drawn into a scene
// target of the window's size; the bright part (a soft threshold) is taken
// down to a quarter of the resolution, blurred by a separable Gaussian, and
// added back on top as the scene is copied into the window. Display only: the
// window applies it to the dye view when the panel (or --bloom) has it on;
// nothing the solver, the other views or the headless runner use goes
// through it.
#pragma once

#include <glm/vec2.hpp>

#include "app/display_settings.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"

namespace fluid::app {

class Bloom {
public:
    Bloom();  // needs a current GL 3.3 context; throws gl::GlError

    // The framebuffer to draw the scene into, of `size` pixels (the window's
    // framebuffer); its targets are made again when the size changes, and
    // the new framebuffers are checked for completeness then.
    GLuint sceneFramebuffer(glm::ivec2 size);
    // The scene with its glow, into framebuffer 0 over the whole window.
    void composite(const BloomLook& look);

private:
    void resize(glm::ivec2 size);

    gl::Program prefilter_, blur_, composite_;
    struct {
        GLint texel = -1, sceneTexel = -1, threshold = -1, knee = -1;
    } prefilterUniforms_;
    struct {
        GLint texel = -1, step = -1;
    } blurUniforms_;
    struct {
        GLint texel = -1, intensity = -1;
    } compositeUniforms_;
    gl::VertexArray vertexArray_;
    gl::Sampler linearSampler_;
    glm::ivec2 size_{0};
    gl::RenderTarget scene_;  // the view as drawn, at the window's size
    gl::PingPong glow_;       // the bright part, blurred, at a quarter of it
};

}  // namespace fluid::app
