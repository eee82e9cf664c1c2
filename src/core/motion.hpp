// Motion input: a camera, a video or a folder of images pushes the fluid where
// something moves in it (the water wall). Free of GL and of FFmpeg:
// the frames as the solvers take them, the parameters, and the constants both
// backends read (computed once on the host, like PassConstants).
//
// Per camera frame, at the grid's resolution:
//   motion_flow.frag   normal flow from the change between two frames,
//   motion_blur.frag   an exponential average of it over time;
// per step:
//   add_force.frag     the fluid is drawn towards the motion's velocity where
//                      there is motion (and, optionally, dyed).
// docs/algorithm.md §9 has the method.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "core/sim_params.hpp"

namespace fluid {

// A grey image: brightness in [0, 1], rows bottom to top (the grid's order).
struct LumaFrame {
    int width = 0;
    int height = 0;
    std::vector<float> luma;
    float at(int i, int j) const
    {
        return luma[static_cast<std::size_t>(j) * static_cast<std::size_t>(width) + static_cast<std::size_t>(i)];
    }
    bool empty() const { return width <= 0 || height <= 0; }
};

// The image averaged into a width x height grid (each grid cell the mean of
// the image area it covers, so no motion is lost between samples), mirrored
// left-right on request (a camera that faces the people in front of a wall).
LumaFrame resampleToGrid(const LumaFrame& image, int width, int height, bool mirror);

struct MotionParams {
    bool enabled = true;
    float gain = 8.0f;        // 1/s: where there is motion the fluid takes on its velocity at this rate
    float threshold = 0.04f;  // a brightness change below this (of 1) is camera noise, not motion
    float timeBlur = 0.15f;   // s: time constant of the motion's average over frames (0: none)
    float dye = 0.0f;         // dye per second added where there is motion (0: none)
    glm::vec3 dyeColour{0.3f, 0.6f, 1.0f};
    bool mirror = true;  // flip the image left-right
    bool operator==(const MotionParams&) const = default;
};

struct MotionLimits {
    static constexpr float kMaxGain = 1000.0f;
    static constexpr float kMaxTimeBlur = 10.0f;
    static constexpr float kMaxDye = 100.0f;
};

// A message naming the first bad parameter and its accepted range, or nothing.
std::optional<std::string> validate(const MotionParams& params);

// What is wrong with the text of --motion (camera[:DEVICE], video:FILE,
// images:DIR or demo), or nothing; whether the file or device opens is found
// out when it is opened (src/motion/frame_source.hpp).
std::optional<std::string> motionSourceProblem(const std::string& spec);

// What motion_flow.frag and motion_blur.frag read (one frame).
struct MotionFrameConstants {
    float threshold = 0.0f;        // brightness change below which a cell has no motion
    float metresPerSecond = 0.0f;  // m/s per cell-per-frame of flow: h * frame rate
    float keep = 0.0f;             // weight of the previous average: exp(-frame interval / time blur)
};

// What add_force.frag reads (one step).
struct ForceFieldConstants {
    float blend = 0.0f;      // 1 - exp(-gain dt): the way to the motion's velocity covered in one step
    float fullSpeed = 1.0f;  // m/s: motion this fast weighs 1/2 (w = |m| / (|m| + fullSpeed))
    glm::vec3 dye{0.0f};     // dye added per step where the motion weighs 1: dye * dt * colour
};

// Cells per frame beyond which the normal flow is clipped: an edge moves at
// most this far between two frames and still overlaps itself, which the
// gradient method needs.
constexpr float kMaxFlowCellsPerFrame = 2.0f;
// Added to |grad I|^2 (brightness per cell, squared) so that a flat image,
// where the direction of motion is unknown, gives little flow instead of noise.
constexpr float kFlowRegularization = 1e-2f;

MotionFrameConstants makeMotionFrameConstants(const MotionParams& motion, const SimParams& sim, double frameRate);
ForceFieldConstants makeForceFieldConstants(const MotionParams& motion, const SimParams& sim, double frameRate);

}  // namespace fluid
