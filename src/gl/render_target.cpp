#include "gl/render_target.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gl/errors.hpp"

namespace fluid::gl {

namespace {

struct FormatInfo {
    GLint internalFormat;
    GLenum format;
    int components;
};

FormatInfo info(TextureFormat f)
{
    switch (f) {
        case TextureFormat::R32F:
            return {GL_R32F, GL_RED, 1};
        case TextureFormat::RG32F:
            return {GL_RG32F, GL_RG, 2};
        case TextureFormat::RGBA32F:
            return {GL_RGBA32F, GL_RGBA, 4};
        case TextureFormat::RGBA8:
            return {GL_RGBA8, GL_RGBA, 4};
    }
    return {GL_RGBA32F, GL_RGBA, 4};
}

}  // namespace

int componentCount(TextureFormat format)
{
    return info(format).components;
}

namespace {

Sampler makeClampSampler(GLint filter)
{
    Sampler sampler = Sampler::create();
    glSamplerParameteri(sampler.id(), GL_TEXTURE_MIN_FILTER, filter);
    glSamplerParameteri(sampler.id(), GL_TEXTURE_MAG_FILTER, filter);
    glSamplerParameteri(sampler.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(sampler.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return sampler;
}

}  // namespace

Sampler makeLinearClampSampler()
{
    return makeClampSampler(GL_LINEAR);
}

Sampler makeNearestClampSampler()
{
    return makeClampSampler(GL_NEAREST);
}

RenderTarget::RenderTarget(int width, int height, TextureFormat format, const char* label, int layers)
    : texture_(Texture::create()),
      framebuffer_(Framebuffer::create()),
      width_(width),
      height_(height),
      layers_(layers),
      textureTarget_(layers == 1 ? GL_TEXTURE_2D : GL_TEXTURE_2D_ARRAY),
      format_(format)
{
    const std::string name = std::string("RenderTarget(") + label + ", " + std::to_string(width) + "x" +
                             std::to_string(height) + (layers == 1 ? "" : ", " + std::to_string(layers) + " layers") +
                             ")";
    if (layers < 1 || layers > kMaxLayers) throw GlError(name + ": layers must be 1 to " + std::to_string(kMaxLayers));
    const FormatInfo f = info(format);
    glBindTexture(textureTarget_, texture_.id());
    if (layers == 1)
        glTexImage2D(GL_TEXTURE_2D, 0, f.internalFormat, width, height, 0, f.format, GL_FLOAT, nullptr);
    else
        glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, f.internalFormat, width, height, layers, 0, f.format, GL_FLOAT, nullptr);
    glTexParameteri(textureTarget_, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(textureTarget_, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(textureTarget_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(textureTarget_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(textureTarget_, 0);

    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    if (layers == 1) {
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.id(), 0);
    } else {
        GLenum outputs[kMaxLayers];
        for (int n = 0; n < layers; ++n) {
            outputs[n] = GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(n);
            glFramebufferTextureLayer(GL_FRAMEBUFFER, outputs[n], texture_.id(), 0, n);
        }
        glDrawBuffers(layers, outputs);
    }
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw GlError(name + ": framebuffer incomplete: " + framebufferStatusName(status));
    clear(0.0f);
}

void RenderTarget::bindAsTarget() const
{
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glViewport(0, 0, width_, height_);
}

TwoTargets TwoTargets::create()
{
    TwoTargets t;
    t.framebuffer_ = Framebuffer::create();
    return t;
}

void TwoTargets::bind(const RenderTarget& a, const RenderTarget& b) const
{
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, a.texture(), 0);
    GLenum outputs[kMaxOutputs] = {GL_COLOR_ATTACHMENT0};
    for (int n = 0; n + 1 < kMaxOutputs; ++n) {
        const GLenum output = GL_COLOR_ATTACHMENT1 + static_cast<GLenum>(n);
        outputs[n + 1] = output;
        // An output beyond b's is detached: left attached it would bound the
        // area drawn (a framebuffer draws the intersection of its images).
        if (b.layers() == 1)
            glFramebufferTexture2D(GL_FRAMEBUFFER, output, GL_TEXTURE_2D, n == 0 ? b.texture() : 0, 0);
        else
            glFramebufferTextureLayer(GL_FRAMEBUFFER, output, n < b.layers() ? b.texture() : 0, 0, n);
    }
    glDrawBuffers(1 + b.layers(), outputs);
    glViewport(0, 0, a.width(), a.height());
}

void TwoTargets::check(const RenderTarget& a, const RenderTarget& b, const char* label) const
{
    if (a.width() != b.width() || a.height() != b.height())
        throw GlError(std::string("TwoTargets::check(") + label + "): the targets differ in size");
    // b's layers are outputs of their own; a is output 0.
    if (a.layers() != 1) throw GlError(std::string("TwoTargets::check(") + label + "): the first target has layers");
    if (1 + b.layers() > kMaxOutputs)
        throw GlError(std::string("TwoTargets::check(") + label + "): more than " + std::to_string(kMaxOutputs) +
                      " outputs");
    bind(a, b);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw GlError(std::string("TwoTargets::check(") + label +
                      "): framebuffer incomplete: " + framebufferStatusName(status));
}

void RenderTarget::setWrap(Wrap wrap)
{
    const GLint mode = wrap == Wrap::Repeat ? GL_REPEAT : GL_CLAMP_TO_EDGE;
    glBindTexture(textureTarget_, texture_.id());
    glTexParameteri(textureTarget_, GL_TEXTURE_WRAP_S, mode);
    glTexParameteri(textureTarget_, GL_TEXTURE_WRAP_T, mode);
    glBindTexture(textureTarget_, 0);
}

void RenderTarget::bindTexture(GLuint unit) const
{
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(textureTarget_, texture_.id());
}

// Client-memory transfers set every pixel-store parameter they depend on and
// unbind the pixel buffers: a row length, a skip or a bound buffer left by
// other code (the window's asynchronous reads, the panel) would make the
// driver read or write outside `values`.
namespace {

void setPackState()
{
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
}

void setUnpackState()
{
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
}

// Words after the read-back's end that the driver must leave alone. The
// driver's code is not instrumented, so AddressSanitizer cannot see it write
// past a buffer; the canary can (docs/reliability.md, the soak's heap abort).
constexpr std::size_t kCanaryWords = 16;
constexpr std::uint32_t kCanary = 0x7fbadbadu;  // a NaN no pass writes

}  // namespace

void RenderTarget::upload(const float* values)
{
    if (layers_ != 1) throw GlError("RenderTarget::upload: a target of layers is not uploaded");
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    setUnpackState();
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, info(format_).format, GL_FLOAT, values);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void RenderTarget::download(float* values) const
{
    if (layers_ != 1) throw GlError("RenderTarget::download: a target of layers is downloaded a layer at a time");
    downloadLayer(0, values);
}

void RenderTarget::downloadLayer(int layer, float* values) const
{
    if (layer < 0 || layer >= layers_)
        throw GlError("RenderTarget::downloadLayer(" + std::to_string(layer) + "): the target has " +
                      std::to_string(layers_) + " layer(s)");
    const std::size_t count = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) *
                              static_cast<std::size_t>(info(format_).components);
    std::vector<std::uint32_t> staging(count + kCanaryWords, kCanary);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    setPackState();
    glReadBuffer(GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(layer));
    glReadPixels(0, 0, width_, height_, info(format_).format, GL_FLOAT, staging.data());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    for (std::size_t n = count; n < staging.size(); ++n)
        if (staging[n] != kCanary)
            throw GlError("RenderTarget::download(" + std::to_string(width_) + "x" + std::to_string(height_) +
                          "): the driver wrote past the end of the read-back buffer (word " +
                          std::to_string(n - count) + " after it)");
    std::memcpy(values, staging.data(), count * sizeof(float));
}

void RenderTarget::clear(float value)
{
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glDisable(GL_SCISSOR_TEST);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glClearColor(value, value, value, value);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace fluid::gl
