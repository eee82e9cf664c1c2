#include "app/window/bloom.hpp"

#include <algorithm>
#include <cmath>

#include "shaders/shader_sources.hpp"

namespace fluid::app {

namespace {

// The glow is computed at 1/kDownsample of the window in each direction: a
// sixteenth of the pixels, and a blur that covers more for each tap.
constexpr int kDownsample = 4;
// Horizontal + vertical passes per blur: two rounds make the nine-tap
// kernel's tails smooth at wide tap spacings.
constexpr int kBlurRounds = 2;
// sigma of the nine-tap kernel, in taps (bloom_blur.frag), and of two rounds.
constexpr float kKernelSigma = 1.7f;

gl::SourceFile file(const char* name)
{
    return {name, std::string(shaders::source(name))};
}

gl::Program build(const char* fragment)
{
    return gl::Program::build({file("fullscreen.vert")}, {file(fragment)});
}

// Each pass sets what it needs: the UI may have left anything behind.
void setPassState()
{
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
}

}  // namespace

Bloom::Bloom()
    : prefilter_(build("bloom_prefilter.frag")),
      blur_(build("bloom_blur.frag")),
      composite_(build("bloom_composite.frag")),
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::makeLinearClampSampler())
{
    prefilterUniforms_.texel = prefilter_.requiredUniform("uTexel");
    prefilterUniforms_.sceneTexel = prefilter_.requiredUniform("uSceneTexel");
    prefilterUniforms_.threshold = prefilter_.requiredUniform("uThreshold");
    prefilterUniforms_.knee = prefilter_.requiredUniform("uKnee");
    prefilter_.use();
    glUniform1i(prefilter_.requiredUniform("uScene"), 0);

    blurUniforms_.texel = blur_.requiredUniform("uTexel");
    blurUniforms_.step = blur_.requiredUniform("uStep");
    blur_.use();
    glUniform1i(blur_.requiredUniform("uSource"), 0);

    compositeUniforms_.texel = composite_.requiredUniform("uTexel");
    compositeUniforms_.intensity = composite_.requiredUniform("uIntensity");
    composite_.use();
    glUniform1i(composite_.requiredUniform("uScene"), 0);
    glUniform1i(composite_.requiredUniform("uBloom"), 1);
    glUseProgram(0);
}

void Bloom::resize(glm::ivec2 size)
{
    // RenderTarget checks its framebuffer's completeness and throws, naming it.
    scene_ = gl::RenderTarget(size.x, size.y, gl::TextureFormat::RGBA32F, "bloom scene");
    const glm::ivec2 small(std::max(size.x / kDownsample, 1), std::max(size.y / kDownsample, 1));
    glow_ = gl::PingPong(small.x, small.y, gl::TextureFormat::RGBA32F, "bloom glow");
    size_ = size;
}

GLuint Bloom::sceneFramebuffer(glm::ivec2 size)
{
    if (size != size_) resize(size);
    return scene_.framebuffer();
}

void Bloom::composite(const BloomLook& look)
{
    if (size_.x <= 0 || size_.y <= 0) return;
    setPassState();
    glBindVertexArray(vertexArray_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindSampler(0, linearSampler_.id());
    const glm::vec2 small(glow_.read().width(), glow_.read().height());

    // The bright part, at a quarter of the resolution.
    glow_.write().bindAsTarget();
    prefilter_.use();
    glUniform2f(prefilterUniforms_.texel, 1.0f / small.x, 1.0f / small.y);
    glUniform2f(prefilterUniforms_.sceneTexel, 1.0f / static_cast<float>(size_.x), 1.0f / static_cast<float>(size_.y));
    glUniform1f(prefilterUniforms_.threshold, look.threshold);
    glUniform1f(prefilterUniforms_.knee, std::max(0.5f * look.threshold, 1e-3f));
    glBindTexture(GL_TEXTURE_2D, scene_.texture());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glow_.swap();

    // sigma = radius x the short side in window pixels, in glow texels; the
    // rounds add in quadrature.
    const float sigma = look.radius * static_cast<float>(std::min(size_.x, size_.y) / kDownsample);
    const float spacing = sigma / (kKernelSigma * std::sqrt(static_cast<float>(kBlurRounds)));
    blur_.use();
    glUniform2f(blurUniforms_.texel, 1.0f / small.x, 1.0f / small.y);
    for (int round = 0; round < kBlurRounds; ++round) {
        for (const glm::vec2 axis : {glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f)}) {
            glow_.write().bindAsTarget();
            glUniform2f(blurUniforms_.step, axis.x * spacing / small.x, axis.y * spacing / small.y);
            glBindTexture(GL_TEXTURE_2D, glow_.read().texture());
            glDrawArrays(GL_TRIANGLES, 0, 3);
            glow_.swap();
        }
    }

    // The scene and its glow, into the window.
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, size_.x, size_.y);
    composite_.use();
    glUniform2f(compositeUniforms_.texel, 1.0f / static_cast<float>(size_.x), 1.0f / static_cast<float>(size_.y));
    glUniform1f(compositeUniforms_.intensity, look.intensity);
    glBindTexture(GL_TEXTURE_2D, scene_.texture());
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, glow_.read().texture());
    glBindSampler(1, linearSampler_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindSampler(1, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindSampler(0, 0);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace fluid::app
