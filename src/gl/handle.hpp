// GlHandle: one move-only owner per GL object. Copy is deleted, move is
// noexcept and leaves the source empty (id 0), and the destructor ignores id 0,
// so an empty handle can be a member that is filled in later.
//
// Every owner also counts the objects it holds alive (liveGlObjects()), so a
// soak or a test can see a leak of GL objects without asking the driver. The
// count is one relaxed atomic add per create/delete: free next to the GL call.
#pragma once

#include <epoxy/gl.h>

#include <atomic>
#include <utility>

namespace fluid::gl {

namespace detail {
inline std::atomic<long>& liveObjectCounter() noexcept
{
    static std::atomic<long> count{0};
    return count;
}
inline void countCreated(bool created) noexcept
{
    if (created) liveObjectCounter().fetch_add(1, std::memory_order_relaxed);
}
inline void countDeleted() noexcept
{
    liveObjectCounter().fetch_sub(1, std::memory_order_relaxed);
}
}  // namespace detail

// GL objects (textures, framebuffers, programs, shaders, buffers, queries,
// samplers, vertex arrays, fences) currently owned by a GlHandle or Fence.
inline long liveGlObjects() noexcept
{
    return detail::liveObjectCounter().load(std::memory_order_relaxed);
}

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
        if (id_ != 0) {
            Traits::destroy(id_);
            detail::countDeleted();
        }
        id_ = 0;
    }

private:
    explicit GlHandle(GLuint id) noexcept : id_(id) { detail::countCreated(id != 0); }
    GLuint id_ = 0;
};

struct TextureTraits {
    static GLuint create()
    {
        GLuint id = 0;
        glGenTextures(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};
struct FramebufferTraits {
    static GLuint create()
    {
        GLuint id = 0;
        glGenFramebuffers(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct VertexArrayTraits {
    static GLuint create()
    {
        GLuint id = 0;
        glGenVertexArrays(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};
struct QueryTraits {
    static GLuint create()
    {
        GLuint id = 0;
        glGenQueries(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteQueries(1, &id); }
};
struct SamplerTraits {
    static GLuint create()
    {
        GLuint id = 0;
        glGenSamplers(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteSamplers(1, &id); }
};
struct BufferTraits {
    static GLuint create()
    {
        GLuint id = 0;
        glGenBuffers(1, &id);
        return id;
    }
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
    static Fence insert()
    {
        Fence f;
        f.sync_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        detail::countCreated(f.sync_ != nullptr);
        return f;
    }
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
        if (sync_) {
            glDeleteSync(sync_);
            detail::countDeleted();
        }
        sync_ = nullptr;
    }

private:
    GLsync sync_ = nullptr;
};

}  // namespace fluid::gl
