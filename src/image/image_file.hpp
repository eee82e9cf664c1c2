// Reading a picture file (PNG, JPEG, BMP, TGA, GIF, PNM through stb_image)
// into RGBA floats, rows bottom to top like a Field: the one loader of every
// picture fluidsim reads (the water view's background, obstacle masks, the
// frames of an image folder for motion input).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace fluid {

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

// What readImage checks before it decodes a pixel (the file is there, a
// regular file, not empty, a picture, and at most maxSide a side by its
// header), as the same one line; nullopt when it passes. Cheap: for the
// command line's checks before any large allocation.
std::optional<std::string> imageFileProblem(const std::string& path, const std::string& what, int maxSide);

// Pixel n's luminance, Rec. 709 weights on the stored (not linearised) values.
inline float luminance(const Image& image, std::size_t n)
{
    const float* p = &image.rgba[4 * n];
    return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
}

}  // namespace fluid
