#include "app/view_colour.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "core/obstacles.hpp"
#include "core/velocity_layout.hpp"

namespace fluid::app {

namespace {

// GLSL's built-ins, written out so the CPU rounds like the shader.
float clamp01(float x)
{
    return std::clamp(x, 0.0f, 1.0f);
}
float fract(float x)
{
    return x - std::floor(x);
}
float glslMod(float x, float y)
{
    return x - y * std::floor(x / y);
}
float smoothstep(float e0, float e1, float x)
{
    const float t = clamp01((x - e0) / (e1 - e0));
    return t * t * (3.0f - 2.0f * t);
}
glm::vec3 mix(const glm::vec3& a, const glm::vec3& b, float t)
{
    return a * (1.0f - t) + b * t;
}

glm::vec3 hueToRgb(float hue)
{
    glm::vec3 k;
    const glm::vec3 offsets(0.0f, 2.0f / 3.0f, 1.0f / 3.0f);
    for (int c = 0; c < 3; ++c) k[c] = clamp01(std::fabs(fract(hue + offsets[c]) * 6.0f - 3.0f) - 1.0f);
    return k;
}

glm::vec3 sequential(float t)
{
    t = clamp01(t);
    const glm::vec3 c0(0.002f, 0.001f, 0.014f), c1(0.42f, 0.09f, 0.50f), c2(0.95f, 0.38f, 0.36f),
        c3(0.99f, 0.99f, 0.75f);
    return t < 0.4f ? mix(c0, c1, t / 0.4f)
                    : (t < 0.75f ? mix(c1, c2, (t - 0.4f) / 0.35f) : mix(c2, c3, (t - 0.75f) / 0.25f));
}

glm::vec3 diverging(float t)
{
    t = std::clamp(t, -1.0f, 1.0f);
    const glm::vec3 zero(0.95f);
    return t < 0.0f ? mix(zero, glm::vec3(0.13f, 0.32f, 0.75f), -t) : mix(zero, glm::vec3(0.75f, 0.10f, 0.15f), t);
}

float valueAt(const Field& f, int i, int j, int c)
{
    // CLAMP_TO_EDGE, as the display sampler.
    return f.at(std::clamp(i, 0, f.width() - 1), std::clamp(j, 0, f.height() - 1), c);
}

// Square tiles of 0.1 m with grout between them, alternately shaded: a floor
// whose straight lines show every bend of the refraction.
glm::vec3 floorColour(glm::vec2 position)
{
    const glm::vec2 t(fract(position.x / 0.1f), fract(position.y / 0.1f));
    const float edge = std::min(std::min(t.x, 1.0f - t.x), std::min(t.y, 1.0f - t.y));
    const float grout = 1.0f - smoothstep(0.02f, 0.06f, edge);
    const float checker = glslMod(std::floor(position.x / 0.1f) + std::floor(position.y / 0.1f), 2.0f);
    const glm::vec3 tile = mix(glm::vec3(0.56f, 0.80f, 0.86f), glm::vec3(0.46f, 0.72f, 0.80f), checker);
    return mix(tile, glm::vec3(0.18f, 0.28f, 0.34f), grout);
}

glm::vec3 water(const ViewUniforms& u, const Field& pressure, const Field& dye, int i, int j)
{
    const float k = u.heightPerPressure;
    const float dx = k * valueAt(pressure, i + 1, j, 0) - k * valueAt(pressure, i - 1, j, 0);
    const float dy = k * valueAt(pressure, i, j + 1, 0) - k * valueAt(pressure, i, j - 1, 0);
    const glm::vec3 n = glm::normalize(glm::vec3(-dx, -dy, 2.0f * u.cellSize));

    const glm::vec2 uv((static_cast<float>(i) + 0.5f) / static_cast<float>(pressure.width()),
                       (static_cast<float>(j) + 0.5f) / static_cast<float>(pressure.height()));
    const glm::vec2 domain =
        glm::vec2(static_cast<float>(pressure.width()), static_cast<float>(pressure.height())) * u.cellSize;
    const glm::vec2 position = uv * domain + (u.depth * 0.25f / n.z) * glm::vec2(n.x, n.y);
    glm::vec3 body =
        u.background && !u.background->empty() ? backgroundAt(*u.background, position, domain) : floorColour(position);

    glm::vec3 ink;
    for (int c = 0; c < 3; ++c) ink[c] = 1.0f - std::exp(-std::max(dye.at(i, j, c), 0.0f) * u.range);
    const float inkAmount = std::max(std::max(ink.r, ink.g), ink.b);
    body = body * (1.0f - inkAmount) + ink;

    const float diffuse = std::max(glm::dot(n, u.lightDirection), 0.0f);
    const glm::vec3 halfway = glm::normalize(u.lightDirection + glm::vec3(0.0f, 0.0f, 1.0f));
    const float specular = std::pow(std::max(glm::dot(n, halfway), 0.0f), u.shininess);
    const float grazing = std::max(1.0f - n.z, 0.0f);
    const float fresnel = 0.02f + 0.98f * (grazing * grazing) * (grazing * grazing) * grazing;
    const float skyElevation = std::max(2.0f * n.z * n.z - 1.0f, 0.0f);  // z of the reflected view ray
    const glm::vec3 sky = mix(glm::vec3(0.92f, 0.95f, 1.0f), glm::vec3(0.36f, 0.56f, 0.86f), skyElevation);
    return body * (0.35f + 0.65f * diffuse) * (1.0f - fresnel) + sky * fresnel + glm::vec3(specular);
}

// display.frag's dyeBrightness and dyeShade: neighbours as the clamped,
// linear sampler reads them at texel centres.
float dyeBrightness(const Field& f, int i, int j, float range)
{
    i = std::clamp(i, 0, f.width() - 1);
    j = std::clamp(j, 0, f.height() - 1);
    const float largest = std::max({f.at(i, j, 0), f.at(i, j, 1), f.at(i, j, 2), 0.0f});
    return 1.0f - std::exp(-largest * range);
}

float dyeShade(float strength, const Field& f, int i, int j, float range)
{
    const float dx = dyeBrightness(f, i + 1, j, range) - dyeBrightness(f, i - 1, j, range);
    const float dy = dyeBrightness(f, i, j + 1, range) - dyeBrightness(f, i, j - 1, range);
    const glm::vec3 n = glm::normalize(glm::vec3(-strength * dx, -strength * dy, 1.0f));
    const glm::vec3 light(-0.40824829f, 0.40824829f, 0.81649658f);  // (-1, 1, 2) / sqrt(6)
    return std::clamp(glm::dot(n, light) / light.z, 0.5f, 1.5f);
}

}  // namespace

float obstacleCoverage(const Field& mask, int i, int j, int width, int height)
{
    const float u = (static_cast<float>(i) + 0.5f) / static_cast<float>(width);
    const float v = (static_cast<float>(j) + 0.5f) / static_cast<float>(height);
    const float px = u * static_cast<float>(mask.width()) - 0.5f;
    const float py = v * static_cast<float>(mask.height()) - 0.5f;
    const float baseX = std::floor(px), baseY = std::floor(py);
    const float fx = px - baseX, fy = py - baseY;
    const int x = static_cast<int>(baseX), y = static_cast<int>(baseY);
    const auto at = [&mask](int a, int b) {
        return mask.at(std::clamp(a, 0, mask.width() - 1), std::clamp(b, 0, mask.height() - 1));
    };
    const float bottom = at(x, y) * (1.0f - fx) + at(x + 1, y) * fx;
    const float top = at(x, y + 1) * (1.0f - fx) + at(x + 1, y + 1) * fx;
    const float value = bottom * (1.0f - fy) + top * fy;
    return smoothstep(kSolidThreshold - kObstacleEdge, kSolidThreshold + kObstacleEdge, value);
}

void addWindowLook(ViewUniforms& u, const DisplaySettings& s)
{
    u.shading = s.view == FieldView::Dye ? s.shading : 0.0f;
}

ViewUniforms viewUniforms(const DisplaySettings& s, float range, const SimParams& params)
{
    ViewUniforms u;
    const FieldViewInfo& info = viewInfo(s.view);
    u.colouring = info.colouring;
    u.scalarMap = s.scalarMap;
    u.range = info.colouring == ViewColouring::ToneMappedDye || info.colouring == ViewColouring::WaterSurface
                  ? s.dyeExposure
                  : range;
    // The pressure potential p dt / rho (m^2/s) over dt g is p / (rho g), in m.
    u.heightPerPressure = s.water.relief / (params.dt * kGravity);
    u.cellSize = params.cellSize();
    const float azimuth = s.water.lightAzimuth * std::numbers::pi_v<float> / 180.0f;
    const float elevation = s.water.lightElevation * std::numbers::pi_v<float> / 180.0f;
    u.lightDirection = glm::vec3(std::cos(elevation) * std::cos(azimuth), std::cos(elevation) * std::sin(azimuth),
                                 std::sin(elevation));
    u.shininess = s.water.shininess;
    u.depth = s.water.depth;
    u.faceVelocity = info.source == ViewSource::Velocity && velocityLayoutOf(params.layout).onFaces;
    return u;
}

glm::vec3 shadeCell(const ViewUniforms& u, const Field& field, const Field& dye, int i, int j)
{
    const float range = std::max(u.range, 1e-30f);
    glm::vec3 rgb(0.0f);
    switch (u.colouring) {
        case ViewColouring::ToneMappedDye:
            for (int c = 0; c < 3; ++c) rgb[c] = 1.0f - std::exp(-std::max(field.at(i, j, c), 0.0f) * range);
            if (u.shading > 0.0f) rgb *= dyeShade(u.shading, field, i, j, range);
            break;
        case ViewColouring::DirectionAndSpeed: {
            float x = field.at(i, j, 0), y = field.at(i, j, 1);
            if (u.faceVelocity) {
                x = 0.5f * x + 0.5f * valueAt(field, i + 1, j, 0);
                y = 0.5f * y + 0.5f * valueAt(field, i, j + 1, 1);
            }
            const float speed = std::sqrt(x * x + y * y);
            const float hue = std::atan2(y, x) / 6.2831853f + 0.5f;
            rgb = hueToRgb(hue) * clamp01(speed / range);
            break;
        }
        case ViewColouring::Scalar:
            rgb = u.scalarMap == ColourMap::Sequential ? sequential(0.5f + 0.5f * field.at(i, j, 0) / range)
                                                       : diverging(field.at(i, j, 0) / range);
            break;
        case ViewColouring::WaterSurface:
            rgb = water(u, field, dye, i, j);
            break;
    }
    rgb = glm::clamp(rgb, glm::vec3(0.0f), glm::vec3(1.0f));
    if (u.obstacles)
        rgb = mix(rgb, kObstacleColour, obstacleCoverage(*u.obstacles, i, j, field.width(), field.height()));
    if (u.overlay && u.overlayOpacity > 0.0f) rgb = mix(rgb, glm::vec3(u.overlay->at(i, j)), u.overlayOpacity);
    return rgb;
}

}  // namespace fluid::app
