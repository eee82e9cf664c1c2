// CrossFade (src/app/window/cross_fade.hpp): the picture from before a change
// of grid over the new one, fading out on the wall clock it is given, so the
// test drives time itself: opaque at the start, half way at half time (eased),
// gone at kSeconds, and never drawn without a start after a capture, or over
// a window of another size.
#include <gtest/gtest.h>

#include <epoxy/gl.h>

#include <cmath>
#include <vector>

#include <glm/vec3.hpp>

#include "app/window/cross_fade.hpp"
#include "gl/render_target.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using CrossFadeTest = test::GlTest;

constexpr glm::ivec2 kSize{8, 6};

void fill(GLuint framebuffer, float r, float g, float b)
{
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(0, 0, kSize.x, kSize.y);
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

// The window's picture after the new frame (blue) and the fade over it.
glm::vec3 frameAt(CrossFade& fade, gl::RenderTarget& window, double now, glm::ivec2 size = kSize)
{
    fill(window.framebuffer(), 0.0f, 0.0f, 1.0f);
    fade.drawOver(window.framebuffer(), size, now);
    std::vector<float> pixels(static_cast<std::size_t>(kSize.x * kSize.y * 4));
    window.download(pixels.data());
    const std::size_t corner = pixels.size() - 4;  // every pixel is the same: the last one stands for all
    EXPECT_FLOAT_EQ(pixels[0], pixels[corner]);
    return {pixels[corner], pixels[corner + 1], pixels[corner + 2]};
}

TEST_F(CrossFadeTest, TheOldPictureFadesOutOverTheNewOneOnTheClockItIsGiven)
{
    CrossFade fade;
    gl::RenderTarget window(kSize.x, kSize.y, gl::TextureFormat::RGBA8, "window");
    fade.capture(kSize, [](GLuint target) { fill(target, 1.0f, 0.0f, 0.0f); });  // the old picture: red
    EXPECT_EQ(frameAt(fade, window, 100.0).b, 1.0f) << "captured but not started: nothing over the frame";

    const double start = 100.0;
    fade.start(start);
    // 8-bit targets: within half a step of 1/255 each way, twice.
    const float tolerance = 1.0f / 255.0f;
    const glm::vec3 first = frameAt(fade, window, start);
    EXPECT_NEAR(first.r, 1.0f, tolerance);
    EXPECT_NEAR(first.b, 0.0f, tolerance);
    const glm::vec3 half = frameAt(fade, window, start + 0.5 * CrossFade::kSeconds);
    EXPECT_NEAR(half.r, 0.5f, tolerance) << "the eased curve is at half at half time";
    EXPECT_NEAR(half.b, 0.5f, tolerance);
    const glm::vec3 early = frameAt(fade, window, start + 0.1 * CrossFade::kSeconds);
    EXPECT_GT(early.r, 0.9f) << "eased: it leaves the old picture slowly";
    EXPECT_GT(early.r, half.r);
    const glm::vec3 over = frameAt(fade, window, start + CrossFade::kSeconds);
    EXPECT_EQ(over.r, 0.0f);
    EXPECT_EQ(over.b, 1.0f);
    EXPECT_EQ(frameAt(fade, window, start).b, 1.0f) << "once over, it is over";
    fade.start(start);
    EXPECT_EQ(frameAt(fade, window, start).b, 1.0f) << "a start without a new capture draws nothing";
}

TEST_F(CrossFadeTest, ACancelledCaptureNeverFades)
{
    CrossFade fade;
    gl::RenderTarget window(kSize.x, kSize.y, gl::TextureFormat::RGBA8, "window");
    fade.capture(kSize, [](GLuint target) { fill(target, 1.0f, 0.0f, 0.0f); });
    fade.cancel();  // the change it was for did not happen
    fade.start(0.0);
    EXPECT_EQ(frameAt(fade, window, 0.0).b, 1.0f);
    EXPECT_EQ(fade.opacity(0.0), 0.0f);
}

// The window stays opaque: the fade blends the colours only.
TEST_F(CrossFadeTest, TheFadeKeepsTheWindowOpaque)
{
    CrossFade fade;
    gl::RenderTarget window(kSize.x, kSize.y, gl::TextureFormat::RGBA8, "window");
    fade.capture(kSize, [](GLuint target) { fill(target, 1.0f, 0.0f, 0.0f); });
    fade.start(0.0);
    fill(window.framebuffer(), 0.0f, 0.0f, 1.0f);
    fade.drawOver(window.framebuffer(), kSize, 0.5 * CrossFade::kSeconds);
    std::vector<float> pixels(static_cast<std::size_t>(kSize.x * kSize.y * 4));
    window.download(pixels.data());
    EXPECT_EQ(pixels[3], 1.0f) << "alpha";
}

TEST_F(CrossFadeTest, AWindowOfAnotherSizeEndsTheFade)
{
    CrossFade fade;
    gl::RenderTarget window(kSize.x, kSize.y, gl::TextureFormat::RGBA8, "window");
    fade.capture(kSize, [](GLuint target) { fill(target, 1.0f, 0.0f, 0.0f); });
    fade.start(0.0);
    EXPECT_EQ(frameAt(fade, window, 0.0, kSize + 1).b, 1.0f) << "the picture no longer fits";
    EXPECT_EQ(frameAt(fade, window, 0.0).b, 1.0f) << "and it does not come back";
    EXPECT_EQ(fade.opacity(0.0), 0.0f);
}

}  // namespace
}  // namespace fluid::app
