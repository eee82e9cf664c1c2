#include "reference/motion.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace fluid::reference {

namespace {

float edgeClamped(const Field& f, int i, int j)
{
    return f.at(std::clamp(i, 0, f.width() - 1), std::clamp(j, 0, f.height() - 1), 0);
}

}  // namespace

void motionFlow(const Field& previous, const Field& current, Field& out, const MotionFrameConstants& k)
{
    for (int j = 0; j < out.height(); ++j)
        for (int i = 0; i < out.width(); ++i) {
            const float change = current.at(i, j) - previous.at(i, j);
            const float left = edgeClamped(previous, i - 1, j) + edgeClamped(current, i - 1, j);
            const float right = edgeClamped(previous, i + 1, j) + edgeClamped(current, i + 1, j);
            const float bottom = edgeClamped(previous, i, j - 1) + edgeClamped(current, i, j - 1);
            const float top = edgeClamped(previous, i, j + 1) + edgeClamped(current, i, j + 1);
            const float gx = 0.25f * (right - left), gy = 0.25f * (top - bottom);
            float fx = 0.0f, fy = 0.0f;
            if (std::fabs(change) >= k.threshold) {
                const float scale = -change / (gx * gx + gy * gy + kFlowRegularization);
                fx = scale * gx;
                fy = scale * gy;
                const float size = std::sqrt(fx * fx + fy * fy);
                if (size > kMaxFlowCellsPerFrame) {
                    const float shrink = kMaxFlowCellsPerFrame / size;
                    fx *= shrink;
                    fy *= shrink;
                }
            }
            out.at(i, j, 0) = fx * k.metresPerSecond;
            out.at(i, j, 1) = fy * k.metresPerSecond;
        }
}

void motionBlur(const Field& average, const Field& flow, Field& out, float keep)
{
    for (int j = 0; j < out.height(); ++j)
        for (int i = 0; i < out.width(); ++i)
            for (int c = 0; c < 2; ++c) out.at(i, j, c) = keep * average.at(i, j, c) + (1.0f - keep) * flow.at(i, j, c);
}

namespace {

// The weight w of add_force.frag for the motion m of one simulation cell.
float forceWeight(const Field& force, int i, int j, const ForceFieldConstants& k)
{
    const float mx = force.at(i, j, 0), my = force.at(i, j, 1);
    const float speed = std::sqrt(mx * mx + my * my);
    return k.blend * (speed / (speed + k.fullSpeed));
}

// The simulation cell under the centre of dye cell i: one multiply, exactly
// rounded on both sides, then floor.
int forceCell(int i, float toVelocityCells, int last)
{
    return std::min(static_cast<int>(std::floor((static_cast<float>(i) + 0.5f) * toVelocityCells)), last);
}

}  // namespace

void addForceField(const Field& velocity, const Field& dye, const Field& force, Field& outVelocity, Field& outDye,
                   const ForceFieldConstants& k, float dyeToVelocityCells)
{
    for (int j = 0; j < velocity.height(); ++j)
        for (int i = 0; i < velocity.width(); ++i) {
            const float mx = force.at(i, j, 0), my = force.at(i, j, 1);
            const float w = forceWeight(force, i, j, k);
            const float ux = velocity.at(i, j, 0), uy = velocity.at(i, j, 1);
            outVelocity.at(i, j, 0) = ux + w * (mx - ux);
            outVelocity.at(i, j, 1) = uy + w * (my - uy);
        }
    for (int j = 0; j < dye.height(); ++j)
        for (int i = 0; i < dye.width(); ++i) {
            const float w = forceWeight(force, forceCell(i, dyeToVelocityCells, force.width() - 1),
                                        forceCell(j, dyeToVelocityCells, force.height() - 1), k);
            for (int c = 0; c < 3; ++c) outDye.at(i, j, c) = dye.at(i, j, c) + w * k.dye[c];
            outDye.at(i, j, 3) = dye.at(i, j, 3);
        }
}

CpuMotion::CpuMotion(int width, int height)
    : previous_(width, height, 1),
      current_(width, height, 1),
      flow_(width, height, 2),
      average_(width, height, 2),
      averageScratch_(width, height, 2)
{
}

void CpuMotion::pushFrame(const LumaFrame& frame, const MotionFrameConstants& k)
{
    if (frame.width != current_.width() || frame.height != current_.height())
        throw std::invalid_argument("CpuMotion::pushFrame(): the frame is " + std::to_string(frame.width) + "x" +
                                    std::to_string(frame.height) + ", the grid " + std::to_string(current_.width()) +
                                    "x" + std::to_string(current_.height()) + " (resampleToGrid first)");
    std::swap(previous_, current_);
    std::copy(frame.luma.begin(), frame.luma.end(), current_.data());
    if (!hasFrame_) {
        hasFrame_ = true;
        return;
    }
    motionFlow(previous_, current_, flow_, k);
    motionBlur(average_, flow_, averageScratch_, k.keep);
    std::swap(average_, averageScratch_);
}

void CpuMotion::reset()
{
    for (Field* f : {&previous_, &current_, &flow_, &average_, &averageScratch_})
        *f = Field(f->width(), f->height(), f->components());
    hasFrame_ = false;
}

}  // namespace fluid::reference
