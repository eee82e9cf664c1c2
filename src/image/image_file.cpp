#include "image/image_file.hpp"

#include <stb_image.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace fluid {

Image readImage(const std::string& path, const std::string& what, int maxSide)
{
    const std::string prefix = "cannot read the " + what + " " + path + ": ";
    // stb_image only says "can't fopen" or "unknown image type": the common
    // cases get their own words.
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) throw std::runtime_error(prefix + "no such file");
    if (std::filesystem::is_directory(status)) throw std::runtime_error(prefix + "it is a directory");
    // A device or a pipe could be read without end (/dev/zero) or block.
    if (!std::filesystem::is_regular_file(status)) throw std::runtime_error(prefix + "not a regular file");
    if (std::filesystem::file_size(path, error) == 0 && !error) throw std::runtime_error(prefix + "the file is empty");
    int w = 0, h = 0, channels = 0;
    unsigned char* pixels = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!pixels) throw std::runtime_error(prefix + stbi_failure_reason());
    if (w > maxSide || h > maxSide) {
        stbi_image_free(pixels);
        throw std::runtime_error("the " + what + " " + path + " is " + std::to_string(w) + "x" + std::to_string(h) +
                                 " pixels; at most " + std::to_string(maxSide) + " per side");
    }
    const auto W = static_cast<std::size_t>(w), H = static_cast<std::size_t>(h);
    Image image{w, h, std::vector<float>(W * H * 4)};
    for (std::size_t y = 0; y < H; ++y)
        for (std::size_t n = 0; n < W * 4; ++n)
            image.rgba[(H - 1 - y) * W * 4 + n] = static_cast<float>(pixels[y * W * 4 + n]) / 255.0f;
    stbi_image_free(pixels);
    return image;
}

}  // namespace fluid
