// PNG encoding in memory, so that the bytes reach the disk through
// writeFileAtomically (src/app/atomic_file.hpp) and never half-written.
#pragma once

#include <string>

namespace fluid::app {

// Rows top to bottom, `channels` (3 or 4) bytes per pixel, tightly packed.
// Throws std::runtime_error if stb cannot encode them.
std::string encodePng(int width, int height, int channels, const unsigned char* pixels);

}  // namespace fluid::app
