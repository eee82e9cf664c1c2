// RenderTarget: a float texture with the framebuffer that renders into it.
// Nearest filtering, so that texture() at a texel centre returns the texel
// exactly; clamp-to-edge unless setWrap() says otherwise.
// PingPong: a field that a pass both reads and writes; the pass renders into
// write() while sampling read(), then the caller swaps.
#pragma once

#include <utility>

#include "gl/handle.hpp"

namespace fluid::gl {

// The solver's fields are float; RGBA8 is for pictures already in [0, 1]
// that go to the screen (the bloom's glow, a benchmark's window): a quarter
// of the bytes, and llvmpipe's fast path for writing and filtering.
enum class TextureFormat { R32F, RG32F, RGBA32F, RGBA8 };

// What texture() reads beyond the edge: the edge texel, or the opposite side.
enum class Wrap { ClampToEdge, Repeat };

int componentCount(TextureFormat format);

// A sampler that filters bilinearly and clamps at the edges, for drawing a
// field on screen and for post-processing (the passes read texel centres
// through their RenderTarget's own nearest filtering instead).
Sampler makeLinearClampSampler();
// A sampler that reads the nearest texel and clamps at the edges: a texel's
// own value at its centre, the edge texel beyond, whatever wrap the texture
// itself has (a periodic field's is Repeat).
Sampler makeNearestClampSampler();

class RenderTarget {
public:
    RenderTarget() = default;  // empty
    // Allocates the texture (zero-filled) and framebuffer; throws GlError if the
    // framebuffer is incomplete, naming the status and `label`. With `layers`
    // above 1 (at most kMaxLayers) the texture is an array of that many
    // layers, layer n the framebuffer's output n, so that one draw writes
    // them all; shaders read it as a sampler2DArray. Such a target is not
    // uploaded, and downloaded a layer at a time (downloadLayer).
    RenderTarget(int width, int height, TextureFormat format, const char* label, int layers = 1);
    static constexpr int kMaxLayers = 8;  // GL 3.3's least count of draw buffers

    int width() const { return width_; }
    int height() const { return height_; }
    int layers() const { return layers_; }
    TextureFormat format() const { return format_; }
    GLuint texture() const { return texture_.id(); }
    GLuint framebuffer() const { return framebuffer_.id(); }

    // Binds the framebuffer and sets the viewport to the whole texture.
    void bindAsTarget() const;
    void bindTexture(GLuint unit) const;
    // Both axes. texelFetch ignores it; texture() and textureOffset() obey it.
    void setWrap(Wrap wrap);
    // Uploads width*height*components floats (rows bottom to top).
    void upload(const float* values);
    // Reads width*height*components floats back. Synchronous: never in the step loop.
    void download(float* values) const;
    // The same for one layer of a target of layers (its framebuffer's output `layer`).
    void downloadLayer(int layer, float* values) const;
    void clear(float value);

private:
    Texture texture_;
    Framebuffer framebuffer_;
    int width_ = 0;
    int height_ = 0;
    int layers_ = 1;
    GLenum textureTarget_ = GL_TEXTURE_2D;  // GL_TEXTURE_2D_ARRAY with layers
    TextureFormat format_ = TextureFormat::RGBA32F;
};

// A framebuffer that renders into two RenderTargets of one size at once
// (fragment outputs 0 and 1), so that one pass can write two fields; or, b a
// target of layers, into a and each of b's layers (outputs 1, 2, ..). The
// targets are attached at every bind, since ping-pong swaps them between draws.
class TwoTargets {
public:
    TwoTargets() = default;  // empty
    static TwoTargets create();
    // Attaches a and b and binds them as outputs 0 and 1 (b's layers as 1 ..
    // its layer count; a must be one), with the viewport over a, and detaches
    // any output beyond. Throws GlError, naming `label`, if the pair cannot be rendered
    // to (call once with the real targets at set-up: the step never checks).
    void check(const RenderTarget& a, const RenderTarget& b, const char* label) const;
    void bind(const RenderTarget& a, const RenderTarget& b) const;
    static constexpr int kMaxOutputs = 8;  // GL 3.3's least count of draw buffers and colour attachments

private:
    Framebuffer framebuffer_;
};

class PingPong {
public:
    PingPong() = default;
    PingPong(int width, int height, TextureFormat format, const char* label, int layers = 1)
        : read_(width, height, format, label, layers), write_(width, height, format, label, layers)
    {
    }
    RenderTarget& read() { return read_; }
    RenderTarget& write() { return write_; }
    const RenderTarget& read() const { return read_; }
    void swap() noexcept { std::swap(read_, write_); }

private:
    RenderTarget read_;
    RenderTarget write_;
};

}  // namespace fluid::gl
