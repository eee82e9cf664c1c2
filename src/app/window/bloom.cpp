#include "app/window/bloom.hpp"

#include <algorithm>
#include <cmath>

#include "app/window/window_pass.hpp"

namespace fluid::app {

namespace {

// The glow is computed at 1/kDownsample of the view's pixels in each
// direction: a 64th of them, and a blur that covers more for each tap. The
// glow is wide (sigma 0.04 of the short side, 31 pixels at 768), so an eighth
// loses nothing visible; at a quarter, the blur's draws cost as much as the
// whole dye view on llvmpipe.
constexpr int kDownsample = 8;
// Horizontal + vertical passes per blur: two rounds make the nine-tap
// kernel's tails smooth at wide tap spacings.
constexpr int kBlurRounds = 2;
// sigma of the nine-tap kernel, in taps (bloom_blur.frag), and of two rounds.
constexpr float kKernelSigma = 1.7f;

gl::Program build(const char* fragment)
{
    return gl::Program::build({shaderFile("fullscreen.vert")}, {shaderFile(fragment)});
}

}  // namespace

Bloom::Bloom()
    : prefilter_(build("bloom_prefilter.frag")),
      blur_(build("bloom_blur.frag")),
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::makeLinearClampSampler())
{
    prefilterUniforms_.texel = prefilter_.requiredUniform("uTexel");
    prefilterUniforms_.threshold = prefilter_.requiredUniform("uThreshold");
    prefilterUniforms_.knee = prefilter_.requiredUniform("uKnee");
    prefilter_.use();
    glUniform1i(prefilter_.requiredUniform("uColours"), 0);

    blurUniforms_.texel = blur_.requiredUniform("uTexel");
    blurUniforms_.step = blur_.requiredUniform("uStep");
    blur_.use();
    glUniform1i(blur_.requiredUniform("uSource"), 0);
    glUseProgram(0);
}

GLuint Bloom::glow(GLuint colours, glm::ivec2 shown, int windowShortSide, const BloomLook& look)
{
    if (shown != shown_) {
        // 8 bits, as the window's: the glow is added to colours the window
        // keeps at 8 bits, and llvmpipe filters RGBA8 on its fast path.
        // PingPong checks its framebuffers' completeness and throws, naming them.
        const glm::ivec2 small(std::max(shown.x / kDownsample, 1), std::max(shown.y / kDownsample, 1));
        glow_ = gl::PingPong(small.x, small.y, gl::TextureFormat::RGBA8, "bloom glow");
        shown_ = shown;
    }
    setPassState();
    glBindVertexArray(vertexArray_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindSampler(0, linearSampler_.id());
    const glm::vec2 small(glow_.read().width(), glow_.read().height());

    // The bright part, at an eighth of the resolution.
    glow_.write().bindAsTarget();
    prefilter_.use();
    glUniform2f(prefilterUniforms_.texel, 1.0f / small.x, 1.0f / small.y);
    glUniform1f(prefilterUniforms_.threshold, look.threshold);
    glUniform1f(prefilterUniforms_.knee, std::max(0.5f * look.threshold, 1e-3f));
    glBindTexture(GL_TEXTURE_2D, colours);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glow_.swap();

    // sigma = radius x the window's short side in pixels, in glow texels; the
    // rounds add in quadrature.
    const float sigma = look.radius * static_cast<float>(std::max(windowShortSide, 1)) / kDownsample;
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
    glBindSampler(0, 0);
    glBindVertexArray(0);
    glUseProgram(0);
    return glow_.read().texture();
}

}  // namespace fluid::app
