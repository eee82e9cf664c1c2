// Reading a picture file (PNG, JPEG, BMP, TGA, GIF, PNM through stb_image)
// into RGBA floats, rows bottom to top like a Field: the one loader of the
// app's pictures (the water view's background, obstacle masks).
#pragma once

#include <string>
#include <vector>

namespace fluid::app {

struct Image {
    int width = 0;
    int height = 0;
    std::vector<float> rgba;  // [0, 1], rows bottom to top, 4 per pixel
    bool empty() const { return width <= 0 || height <= 0; }
};

// Throws std::runtime_error with one line, "cannot read the <what> <path>:
// <reason>" (no such file, a directory, an empty file, not a picture, ...),
// or naming the size when a side exceeds maxSide pixels.
Image readImage(const std::string& path, const std::string& what, int maxSide);

}  // namespace fluid::app
