#include "image/image_file.hpp"

#include <stb_image.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "app/path_check.hpp"

namespace fluid {

std::optional<std::string> imageFileProblem(const std::string& path, const std::string& what, int maxSide)
{
    const std::string prefix = "cannot read the " + what + " " + path + ": ";
    // stb_image only says "can't fopen" or "unknown image type": the common
    // cases get their own words (missing, a directory, a device, no
    // permission, a link to nothing: app/path_check.hpp).
    if (auto why = app::inputFileProblem(path)) return prefix + *why;
    std::error_code error;
    if (std::filesystem::file_size(path, error) == 0 && !error) return prefix + "the file is empty";
    // The header alone: a 450 KB PNG can decode to 20000x20000 pixels (1.6 GB
    // in 8 bits, 6.4 GB as floats), so the size is refused before decoding.
    int w = 0, h = 0, channels = 0;
    if (!stbi_info(path.c_str(), &w, &h, &channels)) return prefix + stbi_failure_reason();
    if (w > maxSide || h > maxSide)
        return "the " + what + " " + path + " is " + std::to_string(w) + "x" + std::to_string(h) + " pixels; at most " +
               std::to_string(maxSide) + " per side";
    return std::nullopt;
}

Image readImage(const std::string& path, const std::string& what, int maxSide)
{
    if (auto problem = imageFileProblem(path, what, maxSide)) throw std::runtime_error(*problem);
    int w = 0, h = 0, channels = 0;
    unsigned char* pixels = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!pixels) throw std::runtime_error("cannot read the " + what + " " + path + ": " + stbi_failure_reason());
    // The header said otherwise (the file changed in between): still no
    // larger than promised.
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
