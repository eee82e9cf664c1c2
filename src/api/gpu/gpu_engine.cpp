// The GPU backend: fluid::GpuSolver behind detail::Engine, made only once a
// GL context is known to be current. The asynchronous read-back copies the
// velocity and dye textures into pixel buffers and collects them once a
// fence has passed, so a frame never waits for the GPU.
#include <cstring>
#include <string>
#include <thread>
#include <utility>

#include "api/engine.hpp"
#include "api/gpu/current_context.hpp"
#include "gl/handle.hpp"
#include "platform/headless_context.hpp"
#include "sim/gpu_solver.hpp"

namespace fluidsim::detail {

namespace {

namespace gl = fluid::gl;

// One field copied into a pixel buffer by the GPU.
struct PendingField {
    gl::Buffer buffer;
    int width = 0;
    int height = 0;
    int components = 0;
};

// The pixel-store and binding state the copy changes, restored after it:
// the application's GL state is its own.
class PackStateGuard {
public:
    PackStateGuard()
    {
        glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &buffer_);
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_);
        glGetIntegerv(GL_PACK_ALIGNMENT, &alignment_);
        glGetIntegerv(GL_PACK_ROW_LENGTH, &rowLength_);
        glGetIntegerv(GL_PACK_SKIP_PIXELS, &skipPixels_);
        glGetIntegerv(GL_PACK_SKIP_ROWS, &skipRows_);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);  // rows of floats: tightly packed
        glPixelStorei(GL_PACK_ROW_LENGTH, 0);
        glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
        glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    }
    ~PackStateGuard()
    {
        glPixelStorei(GL_PACK_ALIGNMENT, alignment_);
        glPixelStorei(GL_PACK_ROW_LENGTH, rowLength_);
        glPixelStorei(GL_PACK_SKIP_PIXELS, skipPixels_);
        glPixelStorei(GL_PACK_SKIP_ROWS, skipRows_);
        glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_));
        glBindBuffer(GL_PIXEL_PACK_BUFFER, static_cast<GLuint>(buffer_));
    }
    PackStateGuard(const PackStateGuard&) = delete;
    PackStateGuard& operator=(const PackStateGuard&) = delete;

private:
    GLint buffer_ = 0, texture_ = 0, alignment_ = 4, rowLength_ = 0, skipPixels_ = 0, skipRows_ = 0;
};

GLenum pixelFormat(int components)
{
    return components == 1 ? GL_RED : components == 2 ? GL_RG : GL_RGBA;
}

// Starts the copy of `texture` into `field`'s buffer (made or reused).
void startCopy(PendingField& field, GLuint texture, int width, int height, int components)
{
    const auto bytes = static_cast<GLsizeiptr>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) *
                                               static_cast<std::size_t>(components) * sizeof(float));
    if (!field.buffer || field.width != width || field.height != height || field.components != components) {
        field.buffer = gl::Buffer::create();
        glBindBuffer(GL_PIXEL_PACK_BUFFER, field.buffer.id());
        glBufferData(GL_PIXEL_PACK_BUFFER, bytes, nullptr, GL_STREAM_READ);
        field.width = width;
        field.height = height;
        field.components = components;
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, field.buffer.id());
    glBindTexture(GL_TEXTURE_2D, texture);
    glGetTexImage(GL_TEXTURE_2D, 0, pixelFormat(components), GL_FLOAT, nullptr);
}

fluid::Field collect(const PendingField& field)
{
    fluid::Field f(field.width, field.height, field.components);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, field.buffer.id());
    const void* mapped =
        glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(f.size() * sizeof(float)), GL_MAP_READ_BIT);
    if (!mapped) throw Error("fluidsim::Solver::takeSnapshot(): the driver could not map the read-back buffer");
    std::memcpy(f.data(), mapped, f.size() * sizeof(float));
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    return f;
}

class GpuEngine final : public SolverEngine<fluid::GpuSolver> {
public:
    explicit GpuEngine(const fluid::SimParams& params) : SolverEngine(params) {}

    Backend backend() const override { return Backend::Gpu; }
    unsigned velocityTexture() const override { return solver_.velocityTexture(); }
    unsigned dyeTexture() const override { return solver_.dyeTexture(); }

    void requestReadBack(double time, long long steps) override
    {
        const fluid::FieldGrids& grids = solver_.grids();
        {
            PackStateGuard guard;
            startCopy(velocity_, solver_.velocityTexture(), grids.simulation.width, grids.simulation.height, 2);
            startCopy(dye_, solver_.dyeTexture(), grids.dye.width, grids.dye.height, 4);
        }
        fence_ = gl::Fence::insert();
        glFlush();  // the fence reaches the GPU, so that polling it can ever succeed
        pending_ = {solver_.params(), {}, {}, time, steps};
    }

    std::optional<SnapshotData> takeReadBack(bool wait) override
    {
        if (!fence_) return std::nullopt;
        if (wait)
            while (!fence_.signalled()) std::this_thread::yield();  // flushed at the request: it arrives
        if (!fence_.signalled()) return std::nullopt;
        fence_.reset();
        PackStateGuard guard;
        pending_.velocity = collect(velocity_);
        pending_.dye = collect(dye_);
        return std::exchange(pending_, SnapshotData{});
    }

private:
    PendingField velocity_, dye_;
    gl::Fence fence_;
    SnapshotData pending_;
};

std::unique_ptr<Engine> makeGpuEngine(const fluid::SimParams& params)
{
    if (!glContextIsCurrent())
        throw Error(
            "fluidsim::makeSolver(Backend::Gpu): no OpenGL context is current on this thread; the GPU "
            "backend needs a current OpenGL 3.3 core context made by the application (GLFW, EGL, ...)");
    try {
        fluid::platform::requireGl33();
        return std::make_unique<GpuEngine>(params);
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw Error(std::string("fluidsim::makeSolver(Backend::Gpu): ") + e.what());
    }
}

// Registers the GPU backend when this library is linked in; the library's
// link interface names this symbol (src/CMakeLists.txt), so the linker keeps
// the object and its registration even though nothing else refers to it.
struct Registration {
    Registration() { registerGpuEngine(makeGpuEngine); }
};
const Registration registration;

}  // namespace

}  // namespace fluidsim::detail

extern "C" {
// The anchor the link interface asks for (LINKER:--undefined).
extern const int fluidsim_gpu_backend_anchor;
const int fluidsim_gpu_backend_anchor = 0;
}
