#include "sim/gpu_motion.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "gl/errors.hpp"
#include "sim/pass_program.hpp"

namespace fluid::sim {

namespace {

// The frames' grid: what the rows take of PassConstants (its size).
PassConstants gridOf(int width, int height)
{
    PassConstants k;
    k.width = width;
    k.height = height;
    return k;
}

Field downloadOf(const gl::RenderTarget& target)
{
    Field f(target.width(), target.height(), gl::componentCount(target.format()));
    target.download(f.data());
    return f;
}

}  // namespace

GpuMotion::GpuMotion(int width, int height)
    : width_(width),
      height_(height),
      emptyVertexArray_(gl::VertexArray::create()),
      // Camera images have no walls or wrap: beyond the edge the edge repeats
      // (CLAMP_TO_EDGE, the box's scalar rule).
      flowProgram_(programs::motionFlow, BoundaryMode::Box),
      blurProgram_(programs::motionBlur, BoundaryMode::Box),
      previous_(width, height, gl::TextureFormat::R32F, "motion previous frame"),
      current_(width, height, gl::TextureFormat::R32F, "motion current frame"),
      flow_(width, height, gl::TextureFormat::RG32F, "motion flow"),
      average_(width, height, gl::TextureFormat::RG32F, "motion average")
{
    const PassConstants grid = gridOf(width, height);
    for (const SpecProgram* p : specPrograms()) p->setConstants(grid, grid);
    glUseProgram(0);
    for (gl::RenderTarget* t : {&previous_, &current_, &flow_, &average_.read(), &average_.write()})
        t->setWrap(gl::Wrap::ClampToEdge);
    gl::throwOnError("GpuMotion::GpuMotion()");
}

void GpuMotion::pushFrame(const LumaFrame& frame, const MotionFrameConstants& k)
{
    if (frame.width != width_ || frame.height != height_)
        throw std::invalid_argument("GpuMotion::pushFrame(): the frame is " + std::to_string(frame.width) + "x" +
                                    std::to_string(frame.height) + ", the grid " + std::to_string(width_) + "x" +
                                    std::to_string(height_) + " (resampleToGrid first)");
    std::swap(previous_, current_);
    current_.upload(frame.luma.data());
    if (!hasFrame_) {
        hasFrame_ = true;
        return;
    }
    namespace u = programs::motion_uniform;
    flowProgram_.use();
    glUniform1f(flowProgram_.perDraw(u::kThreshold), k.threshold);
    glUniform1f(flowProgram_.perDraw(u::kMetresPerSecond), k.metresPerSecond);
    previous_.bindTexture(units::kFirst);
    current_.bindTexture(units::kSecond);
    drawFullscreen(flow_, emptyVertexArray_);

    blurProgram_.use();
    glUniform1f(blurProgram_.perDraw(u::kKeep), k.keep);
    average_.read().bindTexture(units::kFirst);
    flow_.bindTexture(units::kSecond);
    drawFullscreen(average_.write(), emptyVertexArray_);
    average_.swap();
}

void GpuMotion::reset()
{
    for (gl::RenderTarget* t : {&previous_, &current_, &flow_, &average_.read(), &average_.write()}) t->clear(0.0f);
    hasFrame_ = false;
}

Field GpuMotion::downloadForce() const
{
    return downloadOf(average_.read());
}
Field GpuMotion::downloadFlow() const
{
    return downloadOf(flow_);
}

}  // namespace fluid::sim
