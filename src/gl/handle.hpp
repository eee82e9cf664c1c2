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

// Traits: Id, the type of the object's name (0 or null when there is none),
// create() and destroy(id).
template <typename Traits>
class GlHandle {
public:
    using Id = typename Traits::Id;

    GlHandle() noexcept = default;  // empty: owns nothing
    static GlHandle create() { return GlHandle(Traits::create()); }
    static GlHandle adopt(Id id) noexcept { return GlHandle(id); }

    ~GlHandle() { reset(); }
    GlHandle(const GlHandle&) = delete;
    GlHandle& operator=(const GlHandle&) = delete;
    GlHandle(GlHandle&& other) noexcept : id_(std::exchange(other.id_, Id{})) {}
    GlHandle& operator=(GlHandle&& other) noexcept
    {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, Id{});
        }
        return *this;
    }

    Id id() const noexcept { return id_; }
    explicit operator bool() const noexcept { return id_ != Id{}; }
    void reset() noexcept
    {
        if (id_ != Id{}) {
            Traits::destroy(id_);
            detail::countDeleted();
        }
        id_ = Id{};
    }

private:
    explicit GlHandle(Id id) noexcept : id_(id) { detail::countCreated(id != Id{}); }
    Id id_ = Id{};
};

// The objects named by glGen* and freed by glDelete*, which all take a count
// and an array. Gen and Delete are the loader's entry points by reference,
// so a call goes through whatever the loader has resolved by then.
template <auto& Gen, auto& Delete>
struct GenDeleteTraits {
    using Id = GLuint;
    static GLuint create()
    {
        GLuint id = 0;
        Gen(1, &id);
        return id;
    }
    static void destroy(GLuint id) { Delete(1, &id); }
};
using TextureTraits = GenDeleteTraits<glGenTextures, glDeleteTextures>;
using FramebufferTraits = GenDeleteTraits<glGenFramebuffers, glDeleteFramebuffers>;
using VertexArrayTraits = GenDeleteTraits<glGenVertexArrays, glDeleteVertexArrays>;
using QueryTraits = GenDeleteTraits<glGenQueries, glDeleteQueries>;
using SamplerTraits = GenDeleteTraits<glGenSamplers, glDeleteSamplers>;
using BufferTraits = GenDeleteTraits<glGenBuffers, glDeleteBuffers>;

struct ProgramTraits {
    using Id = GLuint;
    static GLuint create() { return glCreateProgram(); }
    static void destroy(GLuint id) { glDeleteProgram(id); }
};
// Shaders are created with a stage, so only adopt() fills this one.
struct ShaderTraits {
    using Id = GLuint;
    static GLuint create() = delete;
    static void destroy(GLuint id) { glDeleteShader(id); }
};
// A fence is a GLsync pointer, not a GLuint name; Fence::insert() fills it.
struct SyncTraits {
    using Id = GLsync;
    static GLsync create() = delete;
    static void destroy(GLsync sync) { glDeleteSync(sync); }
};

using Texture = GlHandle<TextureTraits>;
using Framebuffer = GlHandle<FramebufferTraits>;
using VertexArray = GlHandle<VertexArrayTraits>;
using Query = GlHandle<QueryTraits>;
using Sampler = GlHandle<SamplerTraits>;
using Buffer = GlHandle<BufferTraits>;
using ProgramHandle = GlHandle<ProgramTraits>;
using ShaderHandle = GlHandle<ShaderTraits>;

// A GPU fence: the owner of its sync object, and the question it answers.
class Fence {
public:
    Fence() noexcept = default;
    static Fence insert()
    {
        Fence f;
        f.sync_ = GlHandle<SyncTraits>::adopt(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
        return f;
    }
    explicit operator bool() const noexcept { return static_cast<bool>(sync_); }
    // True once the GPU has passed the fence; never blocks.
    bool signalled() const
    {
        if (!sync_) return false;
        const GLenum state = glClientWaitSync(sync_.id(), 0, 0);
        return state == GL_ALREADY_SIGNALED || state == GL_CONDITION_SATISFIED;
    }
    void reset() noexcept { sync_.reset(); }

private:
    GlHandle<SyncTraits> sync_;
};

}  // namespace fluid::gl
