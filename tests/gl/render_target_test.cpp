// Float render targets: complete, zero-initialised, exact upload/read-back.
#include <gtest/gtest.h>

#include <vector>

#include "gl/errors.hpp"
#include "gl/render_target.hpp"
#include "support/gl_context.hpp"

namespace fluid::gl {
namespace {

using RenderTargetTest = test::GlTest;

TEST_F(RenderTargetTest, UploadThenDownloadIsExactForEveryFormat)
{
    for (TextureFormat format : {TextureFormat::R32F, TextureFormat::RG32F, TextureFormat::RGBA32F}) {
        const int w = 13, h = 7;  // odd sizes catch row-stride mistakes
        const auto n = static_cast<std::size_t>(w * h * componentCount(format));
        RenderTarget target(w, h, format, "test");
        std::vector<float> zeros(n, 1.0f);
        target.download(zeros.data());
        EXPECT_EQ(zeros, std::vector<float>(n, 0.0f));

        std::vector<float> values(n);
        for (std::size_t k = 0; k < n; ++k) values[k] = 1.0f / static_cast<float>(k + 3) - 1e-7f * static_cast<float>(k);
        target.upload(values.data());
        std::vector<float> back(n, 0.0f);
        target.download(back.data());
        EXPECT_EQ(back, values);
    }
}

TEST_F(RenderTargetTest, PingPongSwapsTargets)
{
    PingPong pair(4, 4, TextureFormat::R32F, "pair");
    const GLuint read = pair.read().texture();
    const GLuint write = pair.write().texture();
    pair.swap();
    EXPECT_EQ(pair.read().texture(), write);
    EXPECT_EQ(pair.write().texture(), read);
}

// A zero-sized texture is an incomplete attachment: creation must say so, by name.
TEST_F(RenderTargetTest, IncompleteFramebufferThrowsWithStatusName)
{
    try {
        RenderTarget empty(0, 4, TextureFormat::R32F, "empty");
        FAIL() << "a 0x4 render target was accepted";
    } catch (const GlError& e) {
        EXPECT_NE(std::string(e.what()).find("GL_FRAMEBUFFER_INCOMPLETE"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
    }
}

TEST(FramebufferStatus, NamesAreDecoded)
{
    EXPECT_STREQ(framebufferStatusName(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT), "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT");
    EXPECT_STREQ(framebufferStatusName(GL_FRAMEBUFFER_UNSUPPORTED), "GL_FRAMEBUFFER_UNSUPPORTED");
}

}  // namespace
}  // namespace fluid::gl
