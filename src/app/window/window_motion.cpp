#include "app/window/window_motion.hpp"

namespace fluid::app {

WindowMotion::WindowMotion(const SimParams& sim, const MotionParams& motion, double frameRate, Backend backend)
{
    if (backend == Backend::Cpu) {
        cpu_.emplace(sim, motion, frameRate);
        picture_ = gl::RenderTarget(sim.gridWidth, sim.gridHeight, gl::TextureFormat::R32F, "the motion picture");
    } else {
        gpu_.emplace(sim, motion, frameRate);
    }
}

void WindowMotion::advanceTo(double t, FluidStepper& stepper, const std::function<LumaFrame()>& nextFrame)
{
    if (gpu_) return gpu_->advanceTo(t, *stepper.gpu(), nextFrame);
    cpu_->advanceTo(t, *stepper.cpu(), nextFrame);
}

void WindowMotion::setParams(const MotionParams& motion)
{
    if (gpu_) return gpu_->setParams(motion);
    cpu_->setParams(motion);
}

const MotionParams& WindowMotion::params() const
{
    return gpu_ ? gpu_->params() : cpu_->params();
}

double WindowMotion::lastMotion() const
{
    return gpu_ ? gpu_->lastMotion() : cpu_->lastMotion();
}

GLuint WindowMotion::pictureTexture()
{
    if (gpu_) return gpu_->motion().currentFrame().texture();
    if (!cpu_->motion().hasFrame()) return 0;
    if (cpu_->framesTaken() != picturedFrames_) {
        picture_.upload(cpu_->motion().currentFrame().values().data());
        picturedFrames_ = cpu_->framesTaken();
    }
    return picture_.texture();
}

}  // namespace fluid::app
