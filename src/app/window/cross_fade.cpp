#include "app/window/cross_fade.hpp"

#include <epoxy/gl.h>

#include <algorithm>

#include "app/window/window_pass.hpp"
#include "core/display_programs.hpp"

namespace fluid::app {

CrossFade::CrossFade()
    : program_(programs::crossFade, BoundaryMode::Box),  // pixels, not cells: no boundary rule
      vertexArray_(gl::VertexArray::create())
{
    program_.setSamplers();
    glUseProgram(0);
}

void CrossFade::capture(glm::ivec2 size, const std::function<void(GLuint framebuffer)>& drawInto)
{
    phase_ = Phase::None;
    if (size.x <= 0 || size.y <= 0) return;
    // 8 bits, as the window's own picture; made again only when the size changes.
    if (picture_.width() != size.x || picture_.height() != size.y)
        picture_ = gl::RenderTarget(size.x, size.y, gl::TextureFormat::RGBA8, "cross-fade picture");
    drawInto(picture_.framebuffer());
    phase_ = Phase::Captured;
}

void CrossFade::cancel()
{
    phase_ = Phase::None;
}

void CrossFade::start(double now)
{
    if (phase_ != Phase::Captured) return;
    start_ = now;
    phase_ = Phase::Fading;
}

float CrossFade::opacity(double now) const
{
    if (phase_ != Phase::Fading) return 0.0f;
    const double t = std::clamp((now - start_) / kSeconds, 0.0, 1.0);
    return static_cast<float>(1.0 - t * t * (3.0 - 2.0 * t));  // eased at both ends: no visible start or stop
}

void CrossFade::drawOver(GLuint framebuffer, glm::ivec2 size, double now)
{
    const float alpha = opacity(now);
    if (alpha <= 0.0f || size.x != picture_.width() || size.y != picture_.height()) {
        if (phase_ == Phase::Fading) phase_ = Phase::None;
        return;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(0, 0, size.x, size.y);
    setPassState();
    glEnable(GL_BLEND);
    // The colours blended; the window's alpha kept as it is (opaque).
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    program_.use();
    glUniform1f(program_.perDraw(programs::cross_fade_uniform::kOpacity), alpha);
    glActiveTexture(GL_TEXTURE0 + programs::crossFade.samplers[0].unit);
    glBindTexture(GL_TEXTURE_2D, picture_.texture());
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glUseProgram(0);
}

}  // namespace fluid::app
