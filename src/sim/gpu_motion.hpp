// GpuMotion: the motion of a stream of camera (or video) frames on the GPU,
// at the grid's resolution: each frame is uploaded, its normal flow against
// the last one measured (motion_flow.frag) and averaged over time
// (motion_blur.frag). GpuSolver::addForceField then lets it push the fluid.
// Mirror: reference::CpuMotion. Method: src/core/motion.hpp.
#pragma once

#include <vector>

#include "core/field.hpp"
#include "core/motion.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "sim/spec_program.hpp"

namespace fluid::sim {

class GpuMotion {
public:
    GpuMotion(int width, int height);  // needs a current GL 3.3 context; throws gl::GlError

    // A grid-sized frame (resampleToGrid); throws std::invalid_argument for
    // another size. The first frame only becomes the reference.
    void pushFrame(const LumaFrame& frame, const MotionFrameConstants& k);
    void reset();
    const gl::RenderTarget& force() const { return average_.read(); }  // m/s, RG32F
    const gl::RenderTarget& currentFrame() const { return current_; }  // the last frame, R32F, for display
    bool hasFrame() const { return hasFrame_; }

    Field downloadForce() const;  // for tests
    Field downloadFlow() const;
    // Its programs, for the program table's test.
    std::vector<const SpecProgram*> specPrograms() const { return {&flowProgram_, &blurProgram_}; }

private:
    int width_, height_;
    gl::VertexArray emptyVertexArray_;
    SpecProgram flowProgram_;  // rows of the program table (core/program_specs.hpp)
    SpecProgram blurProgram_;
    gl::RenderTarget previous_, current_, flow_;
    gl::PingPong average_;
    bool hasFrame_ = false;
};

}  // namespace fluid::sim
