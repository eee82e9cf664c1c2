// Float render targets: complete, zero-initialised, exact upload/read-back.
#include <gtest/gtest.h>

#include <type_traits>
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
        for (std::size_t k = 0; k < n; ++k)
            values[k] = 1.0f / static_cast<float>(k + 3) - 1e-7f * static_cast<float>(k);
        target.upload(values.data());
        std::vector<float> back(n, 0.0f);
        target.download(back.data());
        EXPECT_EQ(back, values);
    }
}

// Pixel-store state and pixel buffers left bound by other code (the window's
// asynchronous max read binds a pack buffer; a panel may set row lengths)
// must not move where upload and download read and write: with a row length
// of three rows the driver would write far past the read-back buffer, which
// only download()'s canary can see (the driver is not instrumented).
TEST_F(RenderTargetTest, TransfersIgnorePixelStoreStateLeftByOthers)
{
    const int w = 13, h = 7;
    const auto n = static_cast<std::size_t>(w * h * 2);
    RenderTarget target(w, h, TextureFormat::RG32F, "test");
    std::vector<float> values(n);
    for (std::size_t k = 0; k < n; ++k) values[k] = static_cast<float>(k) * 0.25f - 3.0f;

    Buffer strayBuffer = Buffer::create();
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, strayBuffer.id());
    glBufferData(GL_PIXEL_UNPACK_BUFFER, 64, nullptr, GL_STREAM_DRAW);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, strayBuffer.id());
    for (GLenum row : {GLenum{GL_PACK_ROW_LENGTH}, GLenum{GL_UNPACK_ROW_LENGTH}}) glPixelStorei(row, 3 * w);
    for (GLenum skip : {GLenum{GL_PACK_SKIP_ROWS}, GLenum{GL_PACK_SKIP_PIXELS}, GLenum{GL_UNPACK_SKIP_ROWS},
                        GLenum{GL_UNPACK_SKIP_PIXELS}})
        glPixelStorei(skip, 2);
    glPixelStorei(GL_PACK_ALIGNMENT, 8);

    target.upload(values.data());
    std::vector<float> back(n, 0.0f);
    target.download(back.data());
    EXPECT_EQ(back, values);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);  // leave the defaults for the tests that follow in this process
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    for (GLenum name : {GLenum{GL_PACK_ROW_LENGTH}, GLenum{GL_UNPACK_ROW_LENGTH}, GLenum{GL_PACK_SKIP_ROWS},
                        GLenum{GL_PACK_SKIP_PIXELS}, GLenum{GL_UNPACK_SKIP_ROWS}, GLenum{GL_UNPACK_SKIP_PIXELS}})
        glPixelStorei(name, 0);
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

static_assert(!std::is_copy_constructible_v<TwoTargets> && std::is_nothrow_move_constructible_v<TwoTargets> &&
              std::is_nothrow_move_assignable_v<TwoTargets>);

// Outputs 0 and 1 go to the two targets, whatever was attached before.
TEST_F(RenderTargetTest, TwoTargetsRenderIntoBoth)
{
    RenderTarget a(5, 3, TextureFormat::RG32F, "a");
    RenderTarget b(5, 3, TextureFormat::RGBA32F, "b");
    RenderTarget c(5, 3, TextureFormat::R32F, "c");
    const TwoTargets pair = TwoTargets::create();
    pair.check(c, c, "c twice");
    pair.check(a, b, "a and b");
    pair.bind(a, b);
    const float first[4] = {1.0f, 2.0f, 0.0f, 0.0f};
    const float second[4] = {3.0f, 4.0f, 5.0f, 6.0f};
    glClearBufferfv(GL_COLOR, 0, first);
    glClearBufferfv(GL_COLOR, 1, second);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    std::vector<float> backA(5 * 3 * 2), backB(5 * 3 * 4), backC(5 * 3, 9.0f);
    a.download(backA.data());
    b.download(backB.data());
    c.download(backC.data());
    EXPECT_EQ(backA[0], 1.0f);
    EXPECT_EQ(backA[1], 2.0f);
    EXPECT_EQ(backB[2], 5.0f);
    EXPECT_EQ(backB[backB.size() - 1], 6.0f);
    EXPECT_EQ(backC, std::vector<float>(5 * 3, 0.0f));  // no longer attached
}

// A target of layers: output n of its framebuffer is layer n, each starts at
// zero; it is downloaded a layer at a time, not uploaded, never TwoTargets'
// first, and its layer count is checked.
TEST_F(RenderTargetTest, ATargetOfLayersRendersEachOutputIntoItsLayer)
{
    RenderTarget layered(3, 2, TextureFormat::RGBA32F, "layered", 2);
    EXPECT_EQ(layered.layers(), 2);
    const auto readLayer = [&](int n) {
        std::vector<float> back(3 * 2 * 4, 9.0f);
        glBindFramebuffer(GL_FRAMEBUFFER, layered.framebuffer());
        glReadBuffer(GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(n));
        glReadPixels(0, 0, 3, 2, GL_RGBA, GL_FLOAT, back.data());
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return back;
    };
    EXPECT_EQ(readLayer(1), std::vector<float>(3 * 2 * 4, 0.0f));
    layered.bindAsTarget();
    const float first[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    const float second[4] = {5.0f, 6.0f, 7.0f, 8.0f};
    glClearBufferfv(GL_COLOR, 0, first);
    glClearBufferfv(GL_COLOR, 1, second);
    EXPECT_EQ(readLayer(0)[2], 3.0f);
    EXPECT_EQ(readLayer(1).back(), 8.0f);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

    std::vector<float> values(3 * 2 * 4);
    layered.downloadLayer(1, values.data());
    EXPECT_EQ(values, readLayer(1));
    EXPECT_THROW(layered.downloadLayer(2, values.data()), GlError);
    EXPECT_THROW(layered.download(values.data()), GlError);
    EXPECT_THROW(layered.upload(values.data()), GlError);
    EXPECT_THROW(TwoTargets::create().check(layered, layered, "layers"), GlError) << "the first one image";
    try {
        RenderTarget tooMany(3, 2, TextureFormat::R32F, "too many", RenderTarget::kMaxLayers + 1);
        FAIL() << "a target of " << RenderTarget::kMaxLayers + 1 << " layers was accepted";
    } catch (const GlError& e) {
        EXPECT_NE(std::string(e.what()).find("too many"), std::string::npos) << e.what();
    }
}

// TwoTargets with a target of layers second: output 0 to the first, outputs
// 1 .. to the layers; bound with two plain targets after, the layers no
// longer attached.
TEST_F(RenderTargetTest, TwoTargetsRenderIntoATargetAndTheLayersOfAnother)
{
    RenderTarget a(3, 2, TextureFormat::R32F, "a");
    RenderTarget layered(3, 2, TextureFormat::RG32F, "layered", 3);
    RenderTarget b(3, 2, TextureFormat::R32F, "b");
    const TwoTargets pair = TwoTargets::create();
    pair.check(a, layered, "a and layers");
    pair.bind(a, layered);
    for (int n = 0; n < 4; ++n) {
        const float value[4] = {static_cast<float>(n + 1), 0.5f, 0.0f, 0.0f};
        glClearBufferfv(GL_COLOR, n, value);
    }
    pair.bind(a, b);
    const float zero[4] = {};
    glClearBufferfv(GL_COLOR, 0, zero);
    glClearBufferfv(GL_COLOR, 1, zero);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    std::vector<float> layer(3 * 2 * 2);
    for (int n = 0; n < 3; ++n) {
        layered.downloadLayer(n, layer.data());
        EXPECT_EQ(layer.front(), static_cast<float>(n + 2)) << "layer " << n;
        EXPECT_EQ(layer.back(), 0.5f) << "layer " << n;
    }
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(RenderTargetTest, TwoTargetsOfDifferentSizesAreRefusedByName)
{
    RenderTarget a(4, 4, TextureFormat::R32F, "a");
    RenderTarget b(8, 4, TextureFormat::R32F, "b");
    try {
        TwoTargets::create().check(a, b, "mismatched pair");
        FAIL() << "a 4x4 and an 8x4 target were accepted as a pair";
    } catch (const GlError& e) {
        EXPECT_NE(std::string(e.what()).find("mismatched pair"), std::string::npos) << e.what();
    }
}

TEST(FramebufferStatus, NamesAreDecoded)
{
    EXPECT_STREQ(framebufferStatusName(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT), "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT");
    EXPECT_STREQ(framebufferStatusName(GL_FRAMEBUFFER_UNSUPPORTED), "GL_FRAMEBUFFER_UNSUPPORTED");
}

}  // namespace
}  // namespace fluid::gl
