// Saves what the window shows (the default framebuffer's back buffer, before
// the swap) as a PNG. A read-back, so only on request, never every frame.
#pragma once

#include <string>

#include <glm/vec2.hpp>

namespace fluid::app {

// Writes <directory>/fluidsim-YYYYMMDD-HHMMSS[-N].png and returns its path;
// throws std::runtime_error naming the path when it cannot be written.
std::string saveScreenshot(glm::ivec2 framebufferSize, const std::string& directory);

}  // namespace fluid::app
