#include "app/background.hpp"

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fluid::app {

BackgroundImage loadBackground(const std::string& path)
{
    int w = 0, h = 0, channels = 0;
    unsigned char* pixels = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!pixels) throw std::runtime_error("cannot read the background " + path + ": " + stbi_failure_reason());
    // A GL 3.3 texture may be as small as 1024 per side on some drivers; larger
    // pictures are fine on every real one, but none needs more than 8192.
    if (w > 8192 || h > 8192) {
        stbi_image_free(pixels);
        throw std::runtime_error("the background " + path + " is " + std::to_string(w) + "x" + std::to_string(h)
                                 + " pixels; at most 8192 per side");
    }
    BackgroundImage image{w, h, std::vector<float>(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4)};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 4; ++c)
                image.rgba[(static_cast<std::size_t>(h - 1 - y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4
                           + static_cast<std::size_t>(c)] =
                    static_cast<float>(pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4
                                              + static_cast<std::size_t>(c)]) / 255.0f;
    stbi_image_free(pixels);
    return image;
}

glm::vec3 backgroundAt(const BackgroundImage& image, glm::vec2 position, glm::vec2 domain)
{
    // display.frag's backgroundAt, operation for operation.
    const glm::vec2 size(static_cast<float>(image.width), static_cast<float>(image.height));
    const glm::vec2 p = position / domain * size - 0.5f;
    const glm::vec2 base(std::floor(p.x), std::floor(p.y));
    const glm::vec2 f = p - base;
    const auto texel = [&](int dx, int dy) {
        const int x = std::clamp(static_cast<int>(base.x) + dx, 0, image.width - 1);
        const int y = std::clamp(static_cast<int>(base.y) + dy, 0, image.height - 1);
        const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 4;
        return glm::vec3(image.rgba[at], image.rgba[at + 1], image.rgba[at + 2]);
    };
    const glm::vec3 bottom = texel(0, 0) * (1.0f - f.x) + texel(1, 0) * f.x;
    const glm::vec3 top = texel(0, 1) * (1.0f - f.x) + texel(1, 1) * f.x;
    return bottom * (1.0f - f.y) + top * f.y;
}

}  // namespace fluid::app
