// WindowMotion: the window's motion input (app/motion_input.hpp) on the
// backend that steps its fluid (fluid_stepper.hpp): the GPU's motion passes,
// or the CPU reference's, whose camera picture is uploaded for the display's
// overlay when a new frame has come (a frame of the source, not every step).
#pragma once

#include <functional>
#include <optional>

#include "app/motion_input.hpp"
#include "app/window/fluid_stepper.hpp"
#include "gl/render_target.hpp"

namespace fluid::app {

class WindowMotion {
public:
    // Sized to `sim`'s grid (made again with it). Needs a current GL context.
    WindowMotion(const SimParams& sim, const MotionParams& motion, double frameRate, Backend backend);

    // MotionInput::advanceTo on the stepping solver.
    void advanceTo(double t, FluidStepper& stepper, const std::function<LumaFrame()>& nextFrame);
    void setParams(const MotionParams& motion);
    const MotionParams& params() const;
    double lastMotion() const;  // MotionInput's: negative, never
    // The last frame, for the display's overlay (0: none yet on the CPU).
    GLuint pictureTexture();

private:
    std::optional<MotionInput<GpuSolver>> gpu_;
    std::optional<MotionInput<CpuSolver>> cpu_;
    gl::RenderTarget picture_;  // the CPU's last frame, R32F
    long picturedFrames_ = 0;   // frames the CPU's motion had taken at the last upload
};

}  // namespace fluid::app
