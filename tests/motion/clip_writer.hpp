// Writes a short lossless video (FFV1 in Matroska) with FFmpeg's encoder, so
// the video tests read a clip they made themselves instead of shipping one.
#pragma once

#include <functional>
#include <string>

#include "core/motion.hpp"

namespace fluid::test {

// `frames` frames of `frameAt(n)` (values in [0, 1], rows bottom to top, all
// width x height) at `frameRate`; returns "" or what went wrong.
std::string writeClip(const std::string& path, int width, int height, int frames, int frameRate,
                      const std::function<LumaFrame(int)>& frameAt);

}  // namespace fluid::test
