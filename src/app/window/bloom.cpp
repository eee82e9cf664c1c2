#include "app/window/bloom.hpp"

#include <algorithm>
#include <cmath>

#include "app/window/window_pass.hpp"
#include "core/display_programs.hpp"

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

namespace prefilter = programs::bloom_prefilter_uniform;
namespace blur = programs::bloom_blur_uniform;

}  // namespace

// The passes draw pixels, not cells: no boundary rule.
Bloom::Bloom()
    : prefilter_(programs::bloomPrefilter, BoundaryMode::Box),
      blur_(programs::bloomBlur, BoundaryMode::Box),
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::makeLinearClampSampler())
{
    prefilter_.setSamplers();
    blur_.setSamplers();
    glUseProgram(0);
}

GLuint Bloom::glow(GLuint dye, float exposure, glm::ivec2 shown, int windowShortSide, const BloomLook& look)
{
    if (shown != shown_) {
        // 8 bits, as the window's: the glow is added to colours the window
        // shows at 8 bits, and llvmpipe filters RGBA8 on its fast path.
        // PingPong checks its framebuffers' completeness and throws, naming them.
        const glm::ivec2 small(std::max(shown.x / kDownsample, 1), std::max(shown.y / kDownsample, 1));
        glow_ = gl::PingPong(small.x, small.y, gl::TextureFormat::RGBA8, "bloom glow");
        shown_ = shown;
    }
    setPassState();
    glBindVertexArray(vertexArray_.id());
    // Both passes read one texture, on the same unit.
    static_assert(programs::bloomPrefilter.samplers[0].unit == programs::bloomBlur.samplers[0].unit);
    const GLuint unit = programs::bloomBlur.samplers[0].unit;
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindSampler(unit, linearSampler_.id());
    const glm::vec2 small(glow_.read().width(), glow_.read().height());

    // The bright part, at an eighth of the resolution.
    glow_.write().bindAsTarget();
    prefilter_.use();
    glUniform2f(prefilter_.perDraw(prefilter::kTexel), 1.0f / small.x, 1.0f / small.y);
    glUniform1f(prefilter_.perDraw(prefilter::kRange), exposure);
    glUniform1f(prefilter_.perDraw(prefilter::kThreshold), look.threshold);
    glUniform1f(prefilter_.perDraw(prefilter::kKnee), std::max(0.5f * look.threshold, 1e-3f));
    glBindTexture(GL_TEXTURE_2D, dye);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glow_.swap();

    // sigma = radius x the window's short side in pixels, in glow texels; the
    // rounds add in quadrature.
    const float sigma = look.radius * static_cast<float>(std::max(windowShortSide, 1)) / kDownsample;
    const float spacing = sigma / (kKernelSigma * std::sqrt(static_cast<float>(kBlurRounds)));
    blur_.use();
    glUniform2f(blur_.perDraw(blur::kTexel), 1.0f / small.x, 1.0f / small.y);
    for (int round = 0; round < kBlurRounds; ++round) {
        for (const glm::vec2 axis : {glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f)}) {
            glow_.write().bindAsTarget();
            glUniform2f(blur_.perDraw(blur::kStep), axis.x * spacing / small.x, axis.y * spacing / small.y);
            glBindTexture(GL_TEXTURE_2D, glow_.read().texture());
            glDrawArrays(GL_TRIANGLES, 0, 3);
            glow_.swap();
        }
    }
    glBindSampler(unit, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(0);
    glUseProgram(0);
    return glow_.read().texture();
}

}  // namespace fluid::app
