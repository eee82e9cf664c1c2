#include "app/background.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

namespace {
// A GL 3.3 texture may be as small as 1024 per side on some drivers; larger
// pictures are fine on every real one. 4096 covers a 4K screen, and keeps the
// float copy and its RGBA32F texture at 256 MiB each (8192 was 1 GiB each).
constexpr int kMaxBackgroundSide = 4096;
}  // namespace

BackgroundImage loadBackground(const std::string& path)
{
    return readImage(path, "background", kMaxBackgroundSide);
}

std::optional<std::string> backgroundFileProblem(const std::string& path)
{
    if (path.empty()) return std::nullopt;
    return imageFileProblem(path, "background", kMaxBackgroundSide);
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
        const std::size_t at =
            (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 4;
        return glm::vec3(image.rgba[at], image.rgba[at + 1], image.rgba[at + 2]);
    };
    const glm::vec3 bottom = texel(0, 0) * (1.0f - f.x) + texel(1, 0) * f.x;
    const glm::vec3 top = texel(0, 1) * (1.0f - f.x) + texel(1, 1) * f.x;
    return bottom * (1.0f - f.y) + top * f.y;
}

}  // namespace fluid::app
