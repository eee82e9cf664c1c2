// GlHandle: one move-only owner per GL object. Copy is deleted, move is
// noexcept and leaves the source empty (id 0), and the destructor ignores id 0,
// so an empty handle can be a member that is filled in later.
#pragma once

#include <epoxy/gl.h>

#include <utility>

namespace fluid::gl {

template <typename Traits>
class GlHandle {
public:
    GlHandle() noexcept = default;  // empty: owns nothing
    static GlHandle create() { return GlHandle(Traits::create()); }
    static GlHandle adopt(GLuint id) noexcept { return GlHandle(id); }

    ~GlHandle() { reset(); }
    GlHandle(const GlHandle&) = delete;
    GlHandle& operator=(const GlHandle&) = delete;
    GlHandle(GlHandle&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
    GlHandle& operator=(GlHandle&& other) noexcept
    {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, 0);
        }
        return *this;
    }

    GLuint id() const noexcept { return id_; }
    explicit operator bool() const noexcept { return id_ != 0; }
    void reset() noexcept
    {
        if (id_ != 0) Traits::destroy(id_);
        id_ = 0;
    }

private:
    explicit GlHandle(GLuint id) noexcept : id_(id) {}
    GLuint id_ = 0;
};

struct TextureTraits {
    static GLuint create() { GLuint id = 0; glGenTextures(1, &id); return id; }
    static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};
struct FramebufferTraits {
    static GLuint create() { GLuint id = 0; glGenFramebuffers(1, &id); return id; }
    static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct VertexArrayTraits {
    static GLuint create() { GLuint id = 0; glGenVertexArrays(1, &id); return id; }
    static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};
struct QueryTraits {
    static GLuint create() { GLuint id = 0; glGenQueries(1, &id); return id; }
    static void destroy(GLuint id) { glDeleteQueries(1, &id); }
};
struct ProgramTraits {
    static GLuint create() { return glCreateProgram(); }
    static void destroy(GLuint id) { glDeleteProgram(id); }
};
// Shaders are created with a stage, so only adopt() fills this one.
struct ShaderTraits {
    static GLuint create() = delete;
    static void destroy(GLuint id) { glDeleteShader(id); }
};

using Texture = GlHandle<TextureTraits>;
using Framebuffer = GlHandle<FramebufferTraits>;
using VertexArray = GlHandle<VertexArrayTraits>;
using Query = GlHandle<QueryTraits>;
using ProgramHandle = GlHandle<ProgramTraits>;
using ShaderHandle = GlHandle<ShaderTraits>;

}  // namespace fluid::gl
