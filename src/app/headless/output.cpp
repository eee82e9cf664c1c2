#include "app/headless/output.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "app/path_check.hpp"
#include "app/png.hpp"
#include "app/report.hpp"
#include "app/view_colour.hpp"
#include "core/obstacles.hpp"
#include "core/pass_constants.hpp"
#include "reference/passes.hpp"

namespace fluid::app::headless {

namespace {

// Numbers as the CSVs have always printed them (9 significant digits).
std::ostringstream csvStream()
{
    std::ostringstream out;
    out.precision(9);
    return out;
}

}  // namespace

void writeEnergyHeader(OutputFile& file)
{
    file.write("t,kinetic_energy,max_divergence,pressure_residual\n");
}

void writeEnergyRow(OutputFile& file, const StepSample& s)
{
    std::ostringstream out = csvStream();
    out << s.t << ',' << s.kineticEnergy << ',' << s.maxDivergence << ',' << s.pressureResidual << '\n';
    file.write(out.str());
}

void writeCenterlines(OutputFile& file, const Centerlines& lines)
{
    std::ostringstream out = csvStream();
    out << "s,u_vertical,v_horizontal\n";
    for (std::size_t n = 0; n < lines.s.size(); ++n)
        out << lines.s[n] << ',' << lines.uVertical[n] << ',' << lines.vHorizontal[n] << '\n';
    file.write(out.str());
}

void FailedWrites::reportEach() const
{
    for (const std::string& reason : reasons_) report(reason);
}

void prepareDirectory(const std::string& dir)
{
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error || !std::filesystem::is_directory(dir))
        throw std::runtime_error("cannot create the output directory " + dir + ": " +
                                 (error ? error.message() : std::string("a file of that name exists")));
}

std::optional<std::string> outputDirectoryProblem(const std::string& dir)
{
    if (dir.empty()) return std::nullopt;
    if (auto why = outputFolderProblem(dir)) return "cannot write into " + dir + ": " + *why;
    return std::nullopt;
}

std::optional<std::string> outputFileProblem(const std::string& file, const std::string& madeFolder)
{
    if (file.empty()) return std::nullopt;
    if (auto why = app::outputFileProblem(file, madeFolder)) return "cannot write " + file + ": " + *why;
    return std::nullopt;
}

namespace {

using Rgb = std::array<float, 3>;

std::uint8_t toByte(float v)
{
    return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

// A perceptually ordered dark-to-bright ramp (black-violet-red-orange-cream):
// the speed reads as brightness, also in grey.
Rgb colourMap(float x)
{
    static constexpr std::array<Rgb, 5> kStops = {{{0.02f, 0.02f, 0.10f},
                                                   {0.33f, 0.06f, 0.43f},
                                                   {0.74f, 0.21f, 0.33f},
                                                   {0.98f, 0.56f, 0.10f},
                                                   {0.99f, 0.96f, 0.64f}}};
    const float at = std::clamp(x, 0.0f, 1.0f) * static_cast<float>(kStops.size() - 1);
    const auto lo = std::min(static_cast<std::size_t>(at), kStops.size() - 2);
    const float f = at - static_cast<float>(lo);
    Rgb c{};
    for (std::size_t k = 0; k < 3; ++k) c[k] = kStops[lo][k] * (1.0f - f) + kStops[lo + 1][k] * f;
    return c;
}

Rgb cellColour(const FluidState& s, int i, int j, FrameField field, float inverseScale)
{
    if (field == FrameField::Dye) {
        // 1 - exp(-c): dye piles up where jets stall; this keeps it from
        // saturating to flat white while thin dye stays visible.
        return {1.0f - std::exp(-s.dye.at(i, j, 0)), 1.0f - std::exp(-s.dye.at(i, j, 1)),
                1.0f - std::exp(-s.dye.at(i, j, 2))};
    }
    const float u = s.velocity.at(i, j, 0);
    const float v = s.velocity.at(i, j, 1);
    return colourMap(std::sqrt(u * u + v * v) * inverseScale);
}

}  // namespace

namespace {

// The picture of a grid of width x height cells whose colours
// `colourOf(i, j)` gives, upscaled (nearest) to about 512 pixels.
template <typename ColourOf>
RgbImage renderCells(int w, int h, ColourOf colourOf)
{
    const int scale = std::max(1, 512 / std::max(w, h));
    RgbImage image;
    image.width = w * scale;
    image.height = h * scale;
    std::vector<Rgb> cells(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) cells[static_cast<std::size_t>(j * w + i)] = colourOf(i, j);
    image.rgb.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
    for (int y = 0; y < image.height; ++y) {
        const int j = h - 1 - y / scale;  // image rows run top to bottom, Field rows bottom to top
        for (int x = 0; x < image.width; ++x) {
            const Rgb& c = cells[static_cast<std::size_t>(j * w + x / scale)];
            const std::size_t at =
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 3;
            for (std::size_t k = 0; k < 3; ++k) image.rgb[at + k] = toByte(c[k]);
        }
    }
    return image;
}

// The largest magnitude the view's colouring scales by: vector length for
// velocity, |value| for scalars.
float largestMagnitude(const Field& f, ViewColouring colouring)
{
    float largest = 0.0f;
    for (int j = 0; j < f.height(); ++j)
        for (int i = 0; i < f.width(); ++i)
            largest = std::max(largest, colouring == ViewColouring::DirectionAndSpeed
                                            ? std::hypot(f.at(i, j, 0), f.at(i, j, 1))
                                            : std::fabs(f.at(i, j, 0)));
    return largest;
}

}  // namespace

std::string writeImage(const std::string& dir, int step, const RgbImage& image)
{
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", step);
    const std::string path = (std::filesystem::path(dir) / name).string();
    writeFileAtomically(path, encodePng(image.width, image.height, 3, image.rgb.data()));
    return path;
}

std::string writeFrame(const std::string& dir, int step, const FluidState& state, FrameField field,
                       double velocityScale, const Field* obstacles)
{
    return writeImage(dir, step, renderFrame(state, field, velocityScale, obstacles));
}

std::string writeViewFrame(const std::string& dir, int step, const FluidState& state, const DisplaySettings& view,
                           const SimParams& params, const BackgroundImage* background, const Field* obstacles)
{
    return writeImage(dir, step, renderViewFrame(state, view, params, background, obstacles));
}

RgbImage renderFrame(const FluidState& state, FrameField field, double velocityScale, const Field* obstacles)
{
    const float inverseScale = velocityScale > 0.0 ? static_cast<float>(1.0 / velocityScale) : 1.0f;
    // Each field at its own grid's resolution (the dye may be finer); the
    // obstacles, on the velocity's grid, over it (obstacleAt).
    const Field& shown = field == FrameField::Dye ? state.dye : state.velocity;
    const bool showObstacles = obstacles && obstacles->size() > 0;
    return renderCells(shown.width(), shown.height(), [&](int i, int j) {
        if (showObstacles && isSolid(obstacleAt(*obstacles, i, j, shown.width(), shown.height())))
            return Rgb{kObstacleColour.r, kObstacleColour.g, kObstacleColour.b};
        return cellColour(state, i, j, field, inverseScale);
    });
}

RgbImage renderViewFrame(const FluidState& state, const DisplaySettings& view, const SimParams& params,
                         const BackgroundImage* background, const Field* obstacles)
{
    const FieldViewInfo& info = viewInfo(view.view);
    const PassConstants constants = makePassConstants(params);
    Field derived;
    const Field* source = &state.dye;
    switch (info.source) {
        case ViewSource::Dye:
            break;
        case ViewSource::Velocity:
            source = &state.velocity;
            break;
        case ViewSource::Pressure:
            source = &state.pressure;
            break;
        case ViewSource::Temperature:
            source = &state.temperature;
            break;
        case ViewSource::Divergence:
            derived = Field(params.gridWidth, params.gridHeight, 1);
            reference::divergence(state.velocity, derived, constants);
            source = &derived;
            break;
        case ViewSource::Curl:
            derived = Field(params.gridWidth, params.gridHeight, 1);
            reference::curl(state.velocity, derived, constants);
            source = &derived;
            break;
    }
    float range = view.fixedRange;
    if (view.autoRange) {
        const float largest = largestMagnitude(*source, info.colouring);
        range = largest > 0.0f ? largest : 1.0f;
    }
    ViewUniforms u = viewUniforms(view, range, params);
    u.background = background;
    if (obstacles && obstacles->size() > 0) u.obstacles = obstacles;
    // The view at its field's resolution; the water view's ink, when the dye
    // has its own grid, sampled at the pressure cells as the display's
    // linear sampler does.
    const Field dyeOnSourceGrid = state.dye.width() == source->width() && state.dye.height() == source->height()
                                      ? Field()
                                      : resampleBilinear(state.dye, source->width(), source->height());
    const Field& dye = dyeOnSourceGrid.size() ? dyeOnSourceGrid : state.dye;
    return renderCells(source->width(), source->height(), [&](int i, int j) {
        const glm::vec3 c = shadeCell(u, *source, dye, i, j);
        return Rgb{c.r, c.g, c.b};
    });
}

}  // namespace fluid::app::headless
