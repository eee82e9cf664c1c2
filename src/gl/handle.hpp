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
struct SamplerTraits {
    static GLuint create() { GLuint id = 0; glGenSamplers(1, &id); return id; }
    static void destroy(GLuint id) { glDeleteSamplers(1, &id); }
};
struct BufferTraits {
    static GLuint create() { GLuint id = 0; glGenBuffers(1, &id); return id; }
    static void destroy(GLuint id) { glDeleteBuffers(1, &id); }
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
using Sampler = GlHandle<SamplerTraits>;
using Buffer = GlHandle<BufferTraits>;
using ProgramHandle = GlHandle<ProgramTraits>;
using ShaderHandle = GlHandle<ShaderTraits>;

// A fence is a GLsync pointer, not a GLuint name, so it has its own owner.
class Fence {
public:
    Fence() noexcept = default;
    static Fence insert() { Fence f; f.sync_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0); return f; }
    ~Fence() { reset(); }
    Fence(const Fence&) = delete;
    Fence& operator=(const Fence&) = delete;
    Fence(Fence&& other) noexcept : sync_(std::exchange(other.sync_, nullptr)) {}
    Fence& operator=(Fence&& other) noexcept
    {
        if (this != &other) {
            reset();
            sync_ = std::exchange(other.sync_, nullptr);
        }
        return *this;
    }
    explicit operator bool() const noexcept { return sync_ != nullptr; }
    // True once the GPU has passed the fence; never blocks.
    bool signalled() const
    {
        if (!sync_) return false;
        const GLenum state = glClientWaitSync(sync_, 0, 0);
        return state == GL_ALREADY_SIGNALED || state == GL_CONDITION_SATISFIED;
    }
    void reset() noexcept
    {
        if (sync_) glDeleteSync(sync_);
        sync_ = nullptr;
    }

private:
    GLsync sync_ = nullptr;
};

}  // namespace fluid::gl
