#include "gl/render_target.hpp"

#include <string>

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
    }
    return {GL_RGBA32F, GL_RGBA, 4};
}

}  // namespace

int componentCount(TextureFormat format)
{
    return info(format).components;
}

RenderTarget::RenderTarget(int width, int height, TextureFormat format, const char* label)
    : texture_(Texture::create()), framebuffer_(Framebuffer::create()), width_(width), height_(height), format_(format)
{
    const FormatInfo f = info(format);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, f.internalFormat, width, height, 0, f.format, GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);

    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.id(), 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw GlError(std::string("RenderTarget(") + label + ", " + std::to_string(width) + "x" +
                      std::to_string(height) + "): framebuffer incomplete: " + framebufferStatusName(status));
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
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, b.texture(), 0);
    const GLenum outputs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, outputs);
    glViewport(0, 0, a.width(), a.height());
}

void TwoTargets::check(const RenderTarget& a, const RenderTarget& b, const char* label) const
{
    if (a.width() != b.width() || a.height() != b.height())
        throw GlError(std::string("TwoTargets::check(") + label + "): the targets differ in size");
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
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, mode);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, mode);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void RenderTarget::bindTexture(GLuint unit) const
{
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
}

void RenderTarget::upload(const float* values)
{
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, info(format_).format, GL_FLOAT, values);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void RenderTarget::download(float* values) const
{
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width_, height_, info(format_).format, GL_FLOAT, values);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
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
