#include "app/obstacle_setup.hpp"

#include <algorithm>
#include <vector>

#include "image/image_file.hpp"

namespace fluid::app {

namespace {
// The largest grid is 4096 cells a side; a finer picture only costs memory
// (16 bytes a pixel here).
constexpr int kMaxMaskSide = 4096;
}  // namespace

std::optional<std::string> obstacleShapeProblem(const std::string& shape)
{
    if (obstacleShapeNamed(shape)) return std::nullopt;
    if (shape.rfind("naca", 0) == 0 && parseNaca4(shape.substr(4))) return std::nullopt;
    return "expects circle, plate, wing (a NACA 2412 section) or naca followed by 4 digits (e.g. naca0012)";
}

float obstacleCentreClearOf(float coveredUntil, const ObstacleOptions& options, const SimParams& params)
{
    ObstacleOptions atDefault = options;
    atDefault.centreX.reset();
    const Obstacle body = shapeFor(atDefault, params);
    const float clear = coveredUntil + 0.75f * body.size;
    return std::clamp(clear, body.centre.x, 0.5f * params.domainWidth);
}

Obstacle shapeFor(const ObstacleOptions& o, const SimParams& params)
{
    Obstacle body;
    const float shortSide = std::min(params.domainWidth, params.domainHeight());
    body.centre = {o.centreX.value_or(0.25f * params.domainWidth), 0.5f * params.domainHeight()};
    const std::optional<ObstacleShape> named = obstacleShapeNamed(o.shape);
    body.shape = named.value_or(ObstacleShape::Wing);  // nacaNNNN: a wing of that section
    if (body.shape == ObstacleShape::Circle) {
        body.size = o.size.value_or(0.1f * shortSide);
    } else if (body.shape == ObstacleShape::Plate) {
        body.size = o.size.value_or(0.15f * shortSide);
        body.thickness = std::max(body.size / 20.0f, 2.0f * params.cellSize());
        body.angle = o.angle.value_or(90.0f);
    } else {
        body.size = o.size.value_or(0.25f * shortSide);
        body.angle = o.angle.value_or(5.0f);
        if (!named) body.section = parseNaca4(o.shape.substr(4)).value_or(Naca4{});
    }
    if (o.angle && body.shape == ObstacleShape::Circle) body.angle = *o.angle;
    return body;
}

Field loadObstacleMask(const std::string& path, int gridWidth, int gridHeight)
{
    Image image;
    try {
        image = readImage(path, "obstacle mask", kMaxMaskSide);
    } catch (const std::exception& e) {
        throw ObstacleError(e.what());
    }
    std::vector<float> solidity(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height));
    for (std::size_t n = 0; n < solidity.size(); ++n)
        solidity[n] = image.rgba[4 * n + 3] * (1.0f - luminance(image, n));
    return resampleCoverage(solidity.data(), image.width, image.height, gridWidth, gridHeight);
}

std::optional<std::string> obstacleFileProblem(const ObstacleOptions& o)
{
    if (o.file.empty()) return std::nullopt;
    // The header first, so that a huge picture is refused before it is
    // decoded; then the pixels (at most 4096^2), so that a corrupt one is
    // refused too.
    if (auto problem = imageFileProblem(o.file, "obstacle mask", kMaxMaskSide)) return problem;
    try {
        loadObstacleMask(o.file, 1, 1);
    } catch (const ObstacleError& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

ObstacleFields buildObstacles(const ObstacleOptions& o, const SimParams& params)
{
    if (!o.any()) return {};
    ObstacleFields f;
    f.mask = o.file.empty() ? emptyMask(params) : loadObstacleMask(o.file, params.gridWidth, params.gridHeight);
    f.outline = f.mask;
    if (!o.shape.empty()) {
        const Obstacle body = shapeFor(o, params);
        const MaskResult shape = obstacleMask(body, params);
        if (!shape.ok()) throw ObstacleError("--obstacle " + o.shape + ": " + shape.error);
        for (std::size_t n = 0; n < f.mask.size(); ++n)
            f.mask.values()[n] = std::max(f.mask.values()[n], shape.mask.values()[n]);
        addObstacleOutline(f.outline, body, params.cellSize());
    }
    if (countSolid(f.mask) == static_cast<int>(f.mask.size()))
        throw ObstacleError("the obstacles leave no fluid: every cell of the " + std::to_string(params.gridWidth) +
                            "x" + std::to_string(params.gridHeight) + " grid is solid" +
                            (o.file.empty() ? std::string() : " (in " + o.file + ", dark and opaque is solid)"));
    return f;
}

Field buildObstacleMask(const ObstacleOptions& o, const SimParams& params)
{
    return buildObstacles(o, params).mask;
}

}  // namespace fluid::app
