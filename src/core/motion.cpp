#include "core/motion.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fluid {

LumaFrame resampleToGrid(const LumaFrame& image, int width, int height, bool mirror)
{
    LumaFrame grid{width, height,
                   std::vector<float>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0.0f)};
    if (image.empty() || width <= 0 || height <= 0) return grid;
    // Cell (i, j) covers image pixels [x0, x1) x [y0, y1) in real coordinates;
    // partly covered pixels count by the covered fraction.
    const double sx = static_cast<double>(image.width) / width;
    const double sy = static_cast<double>(image.height) / height;
    for (int j = 0; j < height; ++j) {
        const double y0 = j * sy, y1 = (j + 1) * sy;
        for (int i = 0; i < width; ++i) {
            const double x0 = i * sx, x1 = (i + 1) * sx;
            double sum = 0.0;
            for (int y = static_cast<int>(y0); y < std::min(static_cast<int>(std::ceil(y1)), image.height); ++y) {
                const double wy = std::min<double>(y + 1, y1) - std::max<double>(y, y0);
                for (int x = static_cast<int>(x0); x < std::min(static_cast<int>(std::ceil(x1)), image.width); ++x) {
                    const double wx = std::min<double>(x + 1, x1) - std::max<double>(x, x0);
                    sum += wx * wy * image.at(x, y);
                }
            }
            const int column = mirror ? width - 1 - i : i;
            grid.luma[static_cast<std::size_t>(j) * static_cast<std::size_t>(width) +
                      static_cast<std::size_t>(column)] = static_cast<float>(sum / (sx * sy));
        }
    }
    return grid;
}

std::optional<std::string> validate(const MotionParams& p)
{
    using L = MotionLimits;
    const auto bad = [](const char* name, float value, const char* range) {
        std::ostringstream out;
        out << "motion " << name << " = " << value << " is out of range; accepted: " << range;
        return out.str();
    };
    if (!std::isfinite(p.gain) || p.gain < 0.0f || p.gain > L::kMaxGain) return bad("gain", p.gain, "[0, 1000] 1/s");
    if (!std::isfinite(p.threshold) || p.threshold < 0.0f || p.threshold > 1.0f)
        return bad("threshold", p.threshold, "[0, 1]");
    if (!std::isfinite(p.timeBlur) || p.timeBlur < 0.0f || p.timeBlur > L::kMaxTimeBlur)
        return bad("time blur", p.timeBlur, "[0, 10] s");
    if (!std::isfinite(p.dye) || p.dye < 0.0f || p.dye > L::kMaxDye) return bad("dye", p.dye, "[0, 100] 1/s");
    for (int c = 0; c < 3; ++c)
        if (!std::isfinite(p.dyeColour[c]) || p.dyeColour[c] < 0.0f || p.dyeColour[c] > 1.0f)
            return bad("dye colour", p.dyeColour[c], "[0, 1] per channel");
    return std::nullopt;
}

std::optional<std::string> motionSourceProblem(const std::string& spec)
{
    const auto colon = spec.find(':');
    const std::string kind = spec.substr(0, colon);
    const bool hasRest = colon != std::string::npos && colon + 1 < spec.size();
    if (spec == "demo" || spec == "camera" || (kind == "camera" && hasRest)) return std::nullopt;
    if (kind == "video" || kind == "images") {
        if (hasRest) return std::nullopt;
        return "--motion " + kind + ": needs a " + (kind == "video" ? "file" : "folder") + " after the colon";
    }
    return std::string("--motion expects camera[:DEVICE], video:FILE, images:DIR or demo");
}

MotionFrameConstants makeMotionFrameConstants(const MotionParams& motion, const SimParams& sim, double frameRate)
{
    MotionFrameConstants k;
    k.threshold = motion.threshold;
    k.metresPerSecond = static_cast<float>(static_cast<double>(sim.cellSize()) * frameRate);
    k.keep = motion.timeBlur > 0.0f ? static_cast<float>(std::exp(-1.0 / (frameRate * motion.timeBlur))) : 0.0f;
    return k;
}

ForceFieldConstants makeForceFieldConstants(const MotionParams& motion, const SimParams& sim, double frameRate)
{
    ForceFieldConstants k;
    const float gainDt = motion.enabled ? motion.gain * sim.dt : 0.0f;
    k.blend = static_cast<float>(1.0 - std::exp(-static_cast<double>(gainDt)));
    // A tenth of a cell per frame: slower motion than that fades out smoothly
    // (the blur's tail, noise that passed the threshold).
    k.fullSpeed = static_cast<float>(0.1 * static_cast<double>(sim.cellSize()) * frameRate);
    k.dye = (motion.enabled ? motion.dye * sim.dt : 0.0f) * motion.dyeColour;
    return k;
}

}  // namespace fluid
