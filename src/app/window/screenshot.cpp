#include "app/window/screenshot.hpp"

#include <epoxy/gl.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "app/atomic_file.hpp"
#include "app/png.hpp"
#include "app/window/fresh_name.hpp"

namespace fluid::app {

std::string saveScreenshot(glm::ivec2 size, const std::string& directory)
{
    if (size.x <= 0 || size.y <= 0) throw std::runtime_error("screenshot: the window has no pixels to save");
    const std::string path = freshFileName(directory, ".png");
    createParentDirectories(path);  // throws WriteError with the system's reason

    const auto width = static_cast<std::size_t>(size.x);
    const auto height = static_cast<std::size_t>(size.y);
    std::vector<unsigned char> pixels(width * height * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    for (std::size_t n = 3; n < pixels.size(); n += 4) pixels[n] = 255;  // the window is opaque

    // GL rows run bottom to top, PNG rows top to bottom.
    const std::size_t rowBytes = width * 4;
    for (std::size_t top = 0, bottom = height - 1; top < bottom; ++top, --bottom)
        std::swap_ranges(pixels.begin() + static_cast<std::ptrdiff_t>(top * rowBytes),
                         pixels.begin() + static_cast<std::ptrdiff_t>((top + 1) * rowBytes),
                         pixels.begin() + static_cast<std::ptrdiff_t>(bottom * rowBytes));
    writeFileAtomically(path, encodePng(size.x, size.y, 4, pixels.data()));
    return path;
}

}  // namespace fluid::app
