#include "sim/gpu_motion.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "gl/errors.hpp"
#include "sim/pass_program.hpp"

namespace fluid::sim {

namespace {

void setGrid(const gl::Program& p, int width, int height)
{
    p.use();
    glUniform2i(p.uniform("uGridSize"), width, height);  // unused by passes that read through the sampler
    glUniform2f(p.requiredUniform("uInverseGridSize"), 1.0f / static_cast<float>(width),
                1.0f / static_cast<float>(height));
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
      flowProgram_(buildPass("motion_flow.frag", BoundaryMode::Box)),
      blurProgram_(buildPass("motion_blur.frag", BoundaryMode::Box)),
      previous_(width, height, gl::TextureFormat::R32F, "motion previous frame"),
      current_(width, height, gl::TextureFormat::R32F, "motion current frame"),
      flow_(width, height, gl::TextureFormat::RG32F, "motion flow"),
      average_(width, height, gl::TextureFormat::RG32F, "motion average")
{
    setGrid(flowProgram_, width, height);
    glUniform1i(flowProgram_.requiredUniform("uPrevious"), 0);
    glUniform1i(flowProgram_.requiredUniform("uCurrent"), 1);
    uniforms_.threshold = flowProgram_.requiredUniform("uThreshold");
    uniforms_.metresPerSecond = flowProgram_.requiredUniform("uMetresPerSecond");
    setGrid(blurProgram_, width, height);
    glUniform1i(blurProgram_.requiredUniform("uAverage"), 0);
    glUniform1i(blurProgram_.requiredUniform("uFlow"), 1);
    uniforms_.keep = blurProgram_.requiredUniform("uKeep");
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
    flowProgram_.use();
    glUniform1f(uniforms_.threshold, k.threshold);
    glUniform1f(uniforms_.metresPerSecond, k.metresPerSecond);
    previous_.bindTexture(0);
    current_.bindTexture(1);
    drawFullscreen(flow_, emptyVertexArray_);

    blurProgram_.use();
    glUniform1f(uniforms_.keep, k.keep);
    average_.read().bindTexture(0);
    flow_.bindTexture(1);
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
