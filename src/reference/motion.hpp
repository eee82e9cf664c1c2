// The motion-input passes on the CPU: one function per shader, the same float
// operations in the same order (src/core/motion.hpp has the method), and
// CpuMotion, which runs them per camera frame as sim::GpuMotion does.
#pragma once

#include "core/field.hpp"
#include "core/motion.hpp"

namespace fluid::reference {

// motion_flow.frag: the normal flow (m/s, 2 components) from `previous` to
// `current` (1 component each); neighbours beyond the edge repeat the edge.
void motionFlow(const Field& previous, const Field& current, Field& out, const MotionFrameConstants& k);

// motion_blur.frag: out = keep average + (1 - keep) flow.
void motionBlur(const Field& average, const Field& flow, Field& out, float keep);

// add_force.frag: the velocity moves towards the motion where there is motion,
// and dye is added there. The dye may be on its own grid: a dye cell takes the
// motion of the simulation cell its centre lies in (dyeToVelocityCells:
// simulation cells per dye cell, 1 on a shared grid).
void addForceField(const Field& velocity, const Field& dye, const Field& force, Field& outVelocity, Field& outDye,
                   const ForceFieldConstants& k, float dyeToVelocityCells = 1.0f);

// The motion of a stream of frames: the last frame and the averaged motion.
class CpuMotion {
public:
    CpuMotion(int width, int height);
    // A grid-sized frame (resampleToGrid). The first frame only becomes the
    // reference; from the second on, the flow is measured and averaged in.
    void pushFrame(const LumaFrame& frame, const MotionFrameConstants& k);
    void reset();                                    // forget the last frame and the motion
    const Field& force() const { return average_; }  // m/s
    const Field& flow() const { return flow_; }      // the last frame's, before averaging
    const Field& currentFrame() const { return current_; }
    bool hasFrame() const { return hasFrame_; }

private:
    Field previous_, current_, flow_, average_, averageScratch_;
    bool hasFrame_ = false;
};

}  // namespace fluid::reference
