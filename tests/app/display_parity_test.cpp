// Every view of the window, drawn by shaders/display.frag through FieldDisplay
// into a float target of one pixel per cell, against shadeCell
// (src/app/view_colour.cpp), which colours the headless runner's frames: a
// view must look the same in a file as in the window.
#include <gtest/gtest.h>

#include <stb_image_write.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include "app/obstacle_setup.hpp"
#include "app/view_colour.hpp"
#include "app/window/field_display.hpp"
#include "core/obstacles.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

// Colours lie in [0, 1]. Both sides evaluate the same float formulas; they
// part by the GPU's exp/pow/atan/normalize against libm's (a few ulp, 1e-7
// relative), amplified where a colour is a steep function of its input: the
// highlight pow(n.h, shininess = 80) multiplies a relative error by 80, the
// tile edges' smoothstep over 0.004 m of floor by ~250 per m of shift. Plus the
// sampler's bilinear weights at a texel centre, 1 - O(1e-7) rather than 1.
// Measured on llvmpipe: 1.5e-5 (water over a picture of random colours, whose
// pixels jump by up to 1), 1.1e-5 (water), 3.3e-6 (velocity: atan), 7.2e-7
// (dye shaded at strength 10: exp, normalize and a dot product over four
// neighbours; 5.6e-6 when each pixel read its neighbours bilinearly, before
// dye_shade.frag), <= 2e-7 (the others).
constexpr float kColourTolerance = 2e-5f;

SimParams displayParams()
{
    SimParams p;
    p.gridWidth = 48;
    p.gridHeight = 40;
    return p;
}

// Smooth pressure (a few waves over the box) so that the water's slopes stay
// moderate, as in a real flow; random velocity and dye.
FluidState displayState(const SimParams& p)
{
    FluidState s = test::randomState(p.gridWidth, p.gridHeight, 7u, 2.0f);
    s.dye = test::randomField(p.gridWidth, p.gridHeight, 4, 11u, 1.5f);
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i)
            s.pressure.at(i, j) =
                4e-3f * std::sin(0.31f * static_cast<float>(i)) * std::cos(0.23f * static_cast<float>(j)) +
                1e-3f * std::sin(0.9f * static_cast<float>(i + j));
    return s;
}

Field sourceField(GpuSolver& solver, const FluidState& state, ViewSource source)
{
    switch (source) {
        case ViewSource::Dye:
            return state.dye;
        case ViewSource::Velocity:
            return state.velocity;
        case ViewSource::Pressure:
            return state.pressure;
        case ViewSource::Temperature:
            return state.temperature;
        case ViewSource::Divergence:
            return solver.downloadDivergence();  // after computeDiagnostics()
        case ViewSource::Curl:
            return solver.downloadCurl();
    }
    return state.dye;
}

// Draws `settings` through FieldDisplay into a float target of one pixel per
// cell of `source` and returns the largest colour difference from shadeCell
// with `u` (which the caller fills in beyond viewUniforms: picture, overlay).
float drawAndCompare(FieldDisplay& display, GpuSolver& solver, const DisplaySettings& settings, const Field& source,
                     const Field& dye, ViewUniforms u, GLuint overlay = 0)
{
    addWindowLook(u, settings);  // the window draws the dye view shaded (DisplaySettings::shading)
    const int width = source.width(), height = source.height();
    gl::RenderTarget target(width, height, gl::TextureFormat::RGBA32F, "display parity");
    display.draw(solver, {0, 0, width, height}, settings, target.framebuffer(), overlay);
    Field gpu(width, height, 4);
    target.download(gpu.data());
    float worst = 0.0f;
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const glm::vec3 cpu = shadeCell(u, source, dye, i, j);
            for (int c = 0; c < 3; ++c) worst = std::max(worst, std::fabs(gpu.at(i, j, c) - cpu[c]));
        }
    return worst;
}

using DisplayParityTest = test::GlTest;

TEST_F(DisplayParityTest, EveryViewMatchesShadeCell)
{
    const SimParams params = displayParams();
    GpuSolver solver(params);
    const FluidState state = displayState(params);
    FieldDisplay display;
    for (const FieldViewInfo& view : fieldViews()) {
        for (ColourMap map : {ColourMap::Diverging, ColourMap::Sequential}) {
            SCOPED_TRACE(std::string(view.name) + ", " + toString(map));
            solver.upload(state);
            DisplaySettings settings;
            settings.view = view.view;
            settings.scalarMap = map;
            settings.autoRange = false;
            settings.fixedRange = 1.3f;
            settings.dyeExposure = 0.8f;
            settings.water.relief = 3.0f;  // slopes up to ~0.5: highlights, grazing Fresnel, bent tiles

            // The range is fixed, so the uniforms are known before the draw. The
            // draw computes divergence and vorticity again, to the same values.
            const ViewUniforms u = viewUniforms(settings, settings.fixedRange, params);
            if (view.needsDiagnostics) solver.computeDiagnostics();
            const Field source = sourceField(solver, state, view.source);
            const float worst = drawAndCompare(display, solver, settings, source, state.dye, u);
            std::printf("[ measured ] %s, %s: max |GPU - CPU| = %.2g\n", view.name, toString(map),
                        static_cast<double>(worst));
            EXPECT_LE(worst, kColourTolerance);
        }
    }
}

// The water view over a picture (--background): the GPU's hand-made bilinear
// read of the picture against backgroundAt.
TEST_F(DisplayParityTest, WaterOverABackgroundMatchesShadeCell)
{
    const SimParams params = displayParams();
    GpuSolver solver(params);
    const FluidState state = displayState(params);
    solver.upload(state);
    // A 37x23 picture of random colours: coarser than the grid in one axis,
    // so the reads fall between pixels in every way.
    const std::string picture =
        (std::filesystem::temp_directory_path() / ("fluidsim-background-" + std::to_string(getpid()) + ".png"))
            .string();
    const Field colours = test::randomField(37, 23, 3, 21u, 1.0f);
    std::vector<unsigned char> pixels(static_cast<std::size_t>(37 * 23 * 3));
    for (std::size_t n = 0; n < pixels.size(); ++n)
        pixels[n] = static_cast<unsigned char>(127.5f + 127.5f * colours.data()[n]);
    ASSERT_NE(stbi_write_png(picture.c_str(), 37, 23, 3, pixels.data(), 37 * 3), 0);
    FieldDisplay display;
    display.setBackground(picture);
    std::filesystem::remove(picture);
    ASSERT_EQ(display.background().width, 37);

    DisplaySettings settings;
    settings.view = FieldView::Water;
    settings.water.relief = 3.0f;
    ViewUniforms u = viewUniforms(settings, 1.0f, params);
    u.background = &display.background();
    const float worst = drawAndCompare(display, solver, settings, state.pressure, state.dye, u);
    std::printf("[ measured ] water over a picture: max |GPU - CPU| = %.2g\n", static_cast<double>(worst));
    EXPECT_LE(worst, kColourTolerance);
}

// The camera's picture over a view (motion input's "show camera").
TEST_F(DisplayParityTest, CameraOverlayMatchesShadeCell)
{
    const SimParams params = displayParams();
    GpuSolver solver(params);
    const FluidState state = displayState(params);
    solver.upload(state);
    Field picture = test::randomField(params.gridWidth, params.gridHeight, 1, 31u, 0.5f);
    for (int j = 0; j < params.gridHeight; ++j)
        for (int i = 0; i < params.gridWidth; ++i) picture.at(i, j) += 0.5f;
    gl::RenderTarget overlay(params.gridWidth, params.gridHeight, gl::TextureFormat::R32F, "overlay");
    overlay.upload(picture.data());
    FieldDisplay display;
    DisplaySettings settings;
    settings.view = FieldView::Velocity;
    settings.autoRange = false;
    settings.cameraOverlay = 0.4f;
    ViewUniforms u = viewUniforms(settings, settings.fixedRange, params);
    u.overlay = &picture;
    u.overlayOpacity = settings.cameraOverlay;
    const float worst = drawAndCompare(display, solver, settings, state.velocity, state.dye, u, overlay.texture());
    std::printf("[ measured ] camera overlay: max |GPU - CPU| = %.2g\n", static_cast<double>(worst));
    EXPECT_LE(worst, kColourTolerance);
}

// The dye lit as a relief (the window's shading) at several strengths, flat
// included, against shadeCell's dyeShade: random dye of up to 1.5 has slopes
// of every direction and size, the clamp at 0.5 and 1.5 included.
TEST_F(DisplayParityTest, ShadedDyeMatchesShadeCell)
{
    const SimParams params = displayParams();
    GpuSolver solver(params);
    const FluidState state = displayState(params);
    solver.upload(state);
    FieldDisplay display;
    for (const float strength : {0.0f, 0.5f, 2.0f, 10.0f}) {
        DisplaySettings settings;
        settings.shading = strength;
        const float worst = drawAndCompare(display, solver, settings, state.dye, state.dye,
                                           viewUniforms(settings, settings.dyeExposure, params));
        std::printf("[ measured ] dye shaded at %g: max |GPU - CPU| = %.2g\n", static_cast<double>(strength),
                    static_cast<double>(worst));
        EXPECT_LE(worst, kColourTolerance);
    }
}

// What the shading does (parity alone would pass with none): a dye ridge
// along y is brighter on its side facing the light (upper left), darker on
// the other, unchanged where flat; and only the window adds it.
TEST(DyeShading, TheSlopeTowardsTheLightBrightensTheOtherDarkens)
{
    Field dye(9, 5, 4);
    for (int j = 0; j < 5; ++j)
        for (int i = 0; i < 9; ++i)
            for (int c = 0; c < 3; ++c) dye.at(i, j, c) = i == 4 ? 1.0f : (i == 3 || i == 5 ? 0.5f : 0.2f);
    DisplaySettings settings;
    settings.shading = 1.0f;
    ViewUniforms flat = viewUniforms(settings, 1.0f, displayParams());
    EXPECT_EQ(flat.shading, 0.0f);  // headless frames: viewUniforms alone
    ViewUniforms lit = flat;
    addWindowLook(lit, settings);
    EXPECT_EQ(lit.shading, 1.0f);
    const auto gain = [&](int i) { return shadeCell(lit, dye, dye, i, 2).r / shadeCell(flat, dye, dye, i, 2).r; };
    EXPECT_GT(gain(3), 1.05f);  // rising towards +x: faces the light at -x
    EXPECT_LT(gain(5), 0.95f);
    EXPECT_FLOAT_EQ(gain(4), 1.0f);  // the ridge's top
    EXPECT_FLOAT_EQ(gain(1), 1.0f);  // flat
    settings.view = FieldView::Velocity;
    ViewUniforms velocity = viewUniforms(settings, 1.0f, displayParams());
    addWindowLook(velocity, settings);
    EXPECT_EQ(velocity.shading, 0.0f);  // the dye view only
}

// The velocity view on the staggered layout: each cell shows the mean of its
// two faces of each component (u on the left face, v on the bottom one). A
// flow u = c x (the face at x = i h holds c i) shows the speed c (i + 1/2) at
// cell i, not c i; the window's draw agrees with shadeCell cell by cell.
TEST_F(DisplayParityTest, TheStaggeredVelocityViewShowsEachCellsFaceMeans)
{
    SimParams params = displayParams();
    params.layout = Layout::Staggered;
    GpuSolver solver(params);
    FluidState state = displayState(params);
    constexpr float kSlope = 0.01f;  // m/s per face: 0.47 m/s at the last face, under the range
    for (int j = 0; j < params.gridHeight; ++j)
        for (int i = 0; i < params.gridWidth; ++i) {
            state.velocity.at(i, j, 0) = kSlope * static_cast<float>(i);
            state.velocity.at(i, j, 1) = 0.0f;
        }
    solver.upload(state);
    DisplaySettings settings;
    settings.view = FieldView::Velocity;
    settings.autoRange = false;
    settings.fixedRange = 1.0f;
    const ViewUniforms u = viewUniforms(settings, settings.fixedRange, params);
    ASSERT_TRUE(u.faceVelocity);
    EXPECT_FALSE(viewUniforms(settings, 1.0f, displayParams()).faceVelocity) << "the collocated layout";
    // Flow along +x is hue 0.5, whose brightest channel is the speed over the range.
    for (int i = 0; i + 1 < params.gridWidth; ++i) {
        const glm::vec3 c = shadeCell(u, state.velocity, state.dye, i, 5);
        EXPECT_NEAR(std::max({c.r, c.g, c.b}), kSlope * (static_cast<float>(i) + 0.5f), 1e-6f) << "cell " << i;
    }
    FieldDisplay display;
    const float worst = drawAndCompare(display, solver, settings, state.velocity, state.dye, u);
    EXPECT_LE(worst, kColourTolerance);

    // And on a random field.
    const FluidState random = displayState(params);
    solver.upload(random);
    const float worstRandom = drawAndCompare(display, solver, settings, random.velocity, random.dye, u);
    std::printf("[ measured ] staggered velocity view: max |GPU - CPU| = %.2g, %.2g (random)\n",
                static_cast<double>(worst), static_cast<double>(worstRandom));
    EXPECT_LE(worstRandom, kColourTolerance);
}

// Obstacles over every view, cell by cell, under the camera's picture.
TEST_F(DisplayParityTest, ObstaclesMatchShadeCellInEveryView)
{
    const SimParams params = displayParams();
    GpuSolver solver(params);
    const FluidState state = displayState(params);
    const Field mask =
        test::randomField(params.gridWidth, params.gridHeight, 1, 41u, 1.0f);  // in [-1, 1]: a quarter solid
    FieldDisplay display;
    display.setObstacles(mask);
    for (const FieldViewInfo& view : fieldViews()) {
        SCOPED_TRACE(view.name);
        solver.upload(state);
        DisplaySettings settings;
        settings.view = view.view;
        settings.autoRange = false;
        ViewUniforms u = viewUniforms(settings, settings.fixedRange, params);
        u.obstacles = &mask;
        if (view.needsDiagnostics) solver.computeDiagnostics();
        const Field source = sourceField(solver, state, view.source);
        const float worst = drawAndCompare(display, solver, settings, source, state.dye, u);
        std::printf("[ measured ] %s with obstacles: max |GPU - CPU| = %.2g\n", view.name, static_cast<double>(worst));
        EXPECT_LE(worst, kColourTolerance);
    }
    // The CPU side shows them at all (parity alone would pass with neither):
    // at a cell centre of the mask's own grid, cells past the outline's soft
    // band are wholly obstacle or wholly fluid.
    DisplaySettings settings;
    ViewUniforms u = viewUniforms(settings, 1.0f, params);
    u.obstacles = &mask;
    ViewUniforms bare = u;
    bare.obstacles = nullptr;
    int solid = 0;
    for (int j = 0; j < params.gridHeight; ++j)
        for (int i = 0; i < params.gridWidth; ++i)
            if (mask.at(i, j) >= kSolidThreshold + kObstacleEdge) {
                ++solid;
                EXPECT_EQ(shadeCell(u, state.dye, state.dye, i, j), kObstacleColour);
            } else if (mask.at(i, j) <= kSolidThreshold - kObstacleEdge) {
                EXPECT_EQ(shadeCell(u, state.dye, state.dye, i, j), shadeCell(bare, state.dye, state.dye, i, j));
            }
    EXPECT_GT(solid, params.gridWidth * params.gridHeight / 8);

    // A dye grid twice as fine as the velocity grid and its mask: the mask is
    // read between its cell centres, on both sides alike.
    SimParams fine = params;
    fine.dyeGridWidth = 2 * params.gridWidth;
    GpuSolver fineSolver(fine);
    FluidState fineState = resampleState(state, fineSolver.grids());
    fineState.dye = test::randomField(fineState.dye.width(), fineState.dye.height(), 4, 13u, 1.5f);
    fineSolver.upload(fineState);
    const float fineWorst = drawAndCompare(display, fineSolver, settings, fineState.dye, fineState.dye, u);
    std::printf("[ measured ] dye on a grid twice as fine as the obstacles': max |GPU - CPU| = %.2g\n",
                static_cast<double>(fineWorst));
    EXPECT_LE(fineWorst, kColourTolerance);

    // An empty mask takes them away again.
    display.setObstacles(Field());
    const float worst =
        drawAndCompare(display, solver, settings, state.dye, state.dye, viewUniforms(settings, 1.0f, params));
    EXPECT_LE(worst, kColourTolerance);
}

// A round obstacle on a field 8 times finer than its mask (a dye grid under
// the velocity grid's mask, or a window magnifying the grid) is drawn round
// and smooth: the outline's blended pixels lie on the circle, not on the
// cells' staircase, whose corners stand up to 0.7 cells off it.
TEST(ObstacleOutline, ARoundMaskIsDrawnRoundAndSmoothOnAFinerField)
{
    constexpr int kMask = 16, kZoom = 8;
    constexpr float kRadius = 5.0f;  // mask cells, centred at (8, 8)
    Field mask(kMask, kMask, 1);
    const auto distance = [](float x, float y) { return std::hypot(x - 8.0f, y - 8.0f); };
    for (int j = 0; j < kMask; ++j)  // what an obstacle picture's coverage gives: a one-cell ramp
        for (int i = 0; i < kMask; ++i)
            mask.at(i, j) = std::clamp(
                0.5f + kRadius - distance(static_cast<float>(i) + 0.5f, static_cast<float>(j) + 0.5f), 0.0f, 1.0f);
    int blended = 0;
    float farthest = 0.0f;  // of a blended pixel from the circle, in mask cells
    for (int j = 0; j < kMask * kZoom; ++j)
        for (int i = 0; i < kMask * kZoom; ++i) {
            const float c = obstacleCoverage(mask, i, j, kMask * kZoom, kMask * kZoom);
            const float r = distance((static_cast<float>(i) + 0.5f) / kZoom, (static_cast<float>(j) + 0.5f) / kZoom);
            if (r < kRadius - 1.0f) {
                EXPECT_EQ(c, 1.0f) << i << "," << j;
            } else if (r > kRadius + 1.0f) {
                EXPECT_EQ(c, 0.0f) << i << "," << j;
            }
            if (c > 0.02f && c < 0.98f) {
                ++blended;
                farthest = std::max(farthest, std::fabs(r - kRadius));
            }
        }
    std::printf("[ measured ] outline: %d blended pixels, the farthest %.3f cells off the circle\n", blended,
                static_cast<double>(farthest));
    EXPECT_GT(blended, 200);  // a soft band all round (2 pi 5 cells x 8 pixels = 251 pixels long)
    // Bilinear interpolation of the ramp bends it between cell centres (0.16
    // measured); a staircase's corners stand 0.7 cells off.
    EXPECT_LT(farthest, 0.25f);
}

// The radius of the outline drawn in `image` (RGBA, colours of the dye view
// over black dye: kObstacleColour times the coverage) along `rays` rays from
// `centre` (pixels): where the coverage, read bilinearly, falls through 1/2.
std::vector<float> outlineRadii(const Field& image, glm::vec2 centre, float from, float to, int rays)
{
    const auto coverage = [&image](glm::vec2 p) {
        const glm::vec2 q = p - 0.5f;
        const int x = static_cast<int>(std::floor(q.x)), y = static_cast<int>(std::floor(q.y));
        const float fx = q.x - static_cast<float>(x), fy = q.y - static_cast<float>(y);
        const auto at = [&image](int a, int b) {
            return image.at(std::clamp(a, 0, image.width() - 1), std::clamp(b, 0, image.height() - 1), 0) /
                   kObstacleColour.r;
        };
        return (at(x, y) * (1.0f - fx) + at(x + 1, y) * fx) * (1.0f - fy) +
               (at(x, y + 1) * (1.0f - fx) + at(x + 1, y + 1) * fx) * fy;
    };
    std::vector<float> radii;
    for (int k = 0; k < rays; ++k) {
        const float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(k) / static_cast<float>(rays);
        const glm::vec2 direction(std::cos(angle), std::sin(angle));
        constexpr float kStep = 0.125f;  // pixels
        float last = coverage(centre + from * direction);
        for (float r = from + kStep; r <= to; r += kStep) {
            const float c = coverage(centre + r * direction);
            if (last >= 0.5f && c < 0.5f) {
                radii.push_back(r - kStep * (0.5f - c) / (last - c));
                break;
            }
            last = c;
        }
    }
    return radii;
}

// The wind tunnel's cylinder on a coarse grid (8 cells across), drawn by the
// window's display 8 times magnified (a dye grid 8 times finer), is round:
// the drawn outline's radius varies by under a tenth of a cell around it,
// where the 0/1 mask drawn the same way is an octagon (its radius varies by
// about half a cell). The GPU's picture matches shadeCell's too.
TEST_F(DisplayParityTest, ARoundObstacleIsDrawnRoundOnACoarseGrid)
{
    constexpr int kGrid = 32, kZoom = 8;
    SimParams params;
    params.gridWidth = params.gridHeight = kGrid;
    params.dyeGridWidth = kGrid * kZoom;
    ObstacleOptions tunnel;
    tunnel.shape = "circle";
    tunnel.size = 0.25f;  // m of a 1 m box: 8 cells
    const ObstacleFields obstacles = buildObstacles(tunnel, params);
    const Obstacle body = shapeFor(tunnel, params);
    const glm::vec2 centre = body.centre / params.cellSize() * static_cast<float>(kZoom);  // pixels
    const float radius = 0.5f * body.size / params.cellSize() * static_cast<float>(kZoom);

    GpuSolver solver(params);
    solver.upload(FluidState::zeros(solver.grids()));  // no dye: the pixels are the obstacle's coverage
    DisplaySettings settings;
    settings.bloom.enabled = false;
    FieldDisplay display;
    const Field dye(kGrid * kZoom, kGrid * kZoom, 4);
    std::vector<float> variation;
    for (const Field* drawn : {&obstacles.outline, &obstacles.mask}) {
        display.setObstacles(*drawn);
        ViewUniforms u = viewUniforms(settings, 1.0f, params);
        u.obstacles = drawn;
        EXPECT_LE(drawAndCompare(display, solver, settings, dye, dye, u), kColourTolerance);

        gl::RenderTarget target(dye.width(), dye.height(), gl::TextureFormat::RGBA32F, "round obstacle");
        display.draw(solver, {0, 0, dye.width(), dye.height()}, settings, target.framebuffer());
        Field image(dye.width(), dye.height(), 4);
        target.download(image.data());
        const std::vector<float> radii = outlineRadii(image, centre, 0.5f * radius, 1.5f * radius, 720);
        ASSERT_EQ(radii.size(), 720u);
        const auto [lo, hi] = std::minmax_element(radii.begin(), radii.end());
        variation.push_back((*hi - *lo) / static_cast<float>(kZoom));
        float mean = 0.0f;
        for (float r : radii) mean += r / static_cast<float>(radii.size());
        std::printf("[ measured ] %s: drawn radius %.3f cells (exact %.3f), varies by %.3f cells\n",
                    drawn == &obstacles.outline ? "outline" : "0/1 mask", static_cast<double>(mean / kZoom),
                    static_cast<double>(radius / kZoom), static_cast<double>(variation.back()));
        if (drawn == &obstacles.outline) {
            EXPECT_NEAR(mean, radius, 0.05f * static_cast<float>(kZoom));
        }
    }
    // A circle's outline through bilinear interpolation of its distance bends
    // by about 1/(8 R) = 0.03 cells between cell centres; the mask's
    // staircase makes an octagon whose radius varies by half a cell.
    constexpr float kMaxRoundness = 0.1f;  // cells
    EXPECT_LT(variation[0], kMaxRoundness);
    EXPECT_GT(variation[1], 2.0f * kMaxRoundness);  // the measure sees an octagon
}

// The water view's look follows its parameters: flat water shows the floor
// (no highlight at 50 deg), and a bump whose slope faces the light gets one.
TEST_F(DisplayParityTest, WaterHighlightWhereTheSlopeFacesTheLight)
{
    const SimParams params = displayParams();
    DisplaySettings settings;
    settings.view = FieldView::Water;
    const ViewUniforms u = viewUniforms(settings, 1.0f, params);
    Field pressure(params.gridWidth, params.gridHeight, 1);
    const Field dye(params.gridWidth, params.gridHeight, 4);
    const glm::vec3 flat = shadeCell(u, pressure, dye, 20, 20);

    // A plane tilted so that its normal is the halfway vector of the light and
    // the eye: it mirrors the light into the eye.
    const glm::vec3 halfway = glm::normalize(u.lightDirection + glm::vec3(0.0f, 0.0f, 1.0f));
    const float slopeX = -halfway.x / halfway.z, slopeY = -halfway.y / halfway.z;  // dz/dx, dz/dy
    for (int j = 0; j < params.gridHeight; ++j)
        for (int i = 0; i < params.gridWidth; ++i)
            pressure.at(i, j) =
                (slopeX * static_cast<float>(i) + slopeY * static_cast<float>(j)) * u.cellSize / u.heightPerPressure;
    const glm::vec3 mirror = shadeCell(u, pressure, dye, 20, 20);
    EXPECT_LT(flat.r + flat.g + flat.b, 2.5f) << "flat water is not glaring";
    EXPECT_GT(std::min({mirror.r, mirror.g, mirror.b}), 0.99f) << "no highlight where the surface mirrors the light";
}

}  // namespace
}  // namespace fluid::app
