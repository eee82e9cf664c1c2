// Every view of the window, drawn by shaders/display.frag through FieldDisplay
// into a float target of one pixel per cell, against shadeCell
// (src/app/view_colour.cpp), which colours the headless runner's frames: a
// view must look the same in a file as in the window. Obstacles over the
// views: obstacle_display_test.cpp.
#include <gtest/gtest.h>

#include <stb_image_write.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "app/display_parity.hpp"
#include "app/view_colour.hpp"
#include "app/window/field_display.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using namespace display_parity;

using DisplayParityTest = test::GlTest;

TEST_F(DisplayParityTest, EveryViewMatchesShadeCell)
{
    Scene scene;
    FieldDisplay display;
    for (const FieldViewInfo& view : fieldViews()) {
        for (ColourMap map : {ColourMap::Diverging, ColourMap::Sequential}) {
            const std::string name = std::string(view.name) + ", " + toString(map);
            SCOPED_TRACE(name);
            scene.solver.upload(scene.state);
            DisplaySettings settings;
            settings.view = view.view;
            settings.scalarMap = map;
            settings.autoRange = false;
            settings.fixedRange = 1.3f;
            settings.dyeExposure = 0.8f;
            settings.water.relief = 3.0f;  // slopes up to ~0.5: highlights, grazing Fresnel, bent tiles

            // The range is fixed, so the uniforms are known before the draw. The
            // draw computes divergence and vorticity again, to the same values.
            const ViewUniforms u = viewUniforms(settings, settings.fixedRange, scene.params);
            if (view.needsDiagnostics) scene.solver.computeDiagnostics();
            const Field source = sourceField(scene.solver, scene.state, view.source);
            expectColoursMatch(drawAndCompare(display, scene.solver, settings, source, scene.state.dye, u), name);
        }
    }
}

// The grid's rectangle away from the target's corner, as the window draws it
// between bars where its aspect is not the grid's: each view's coordinate is
// measured from the rectangle (display.vert), so its cells still match.
TEST_F(DisplayParityTest, AViewDrawnAwayFromTheCornerMatchesShadeCell)
{
    Scene scene;
    FieldDisplay display;
    for (const FieldView view : {FieldView::Dye, FieldView::Pressure, FieldView::Velocity}) {
        DisplaySettings settings;
        settings.view = view;
        settings.autoRange = false;
        settings.fixedRange = 1.3f;
        const std::string name = std::string(viewInfo(view).name) + " at (7, 5)";
        const Field source = sourceField(scene.solver, scene.state, viewInfo(view).source);
        expectColoursMatch(drawAndCompare(display, scene.solver, settings, source, scene.state.dye,
                                          viewUniforms(settings, settings.fixedRange, scene.params), 0, {7, 5}),
                           name);
    }
}

// The water view over a picture (--background): the GPU's hand-made bilinear
// read of the picture against backgroundAt.
TEST_F(DisplayParityTest, WaterOverABackgroundMatchesShadeCell)
{
    Scene scene;
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
    ViewUniforms u = viewUniforms(settings, 1.0f, scene.params);
    u.background = &display.background();
    expectColoursMatch(drawAndCompare(display, scene.solver, settings, scene.state.pressure, scene.state.dye, u),
                       "water over a picture");
}

// The camera's picture over a view (motion input's "show camera").
TEST_F(DisplayParityTest, CameraOverlayMatchesShadeCell)
{
    Scene scene;
    const SimParams& params = scene.params;
    Field picture = test::randomField(params.gridWidth, params.gridHeight, 1, 31u, 0.5f);
    for (float& v : picture.values()) v += 0.5f;
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
    expectColoursMatch(
        drawAndCompare(display, scene.solver, settings, scene.state.velocity, scene.state.dye, u, overlay.texture()),
        "camera overlay");
}

// The dye lit as a relief (the window's shading) at several strengths, flat
// included, against shadeCell's dyeShade: random dye of up to 1.5 has slopes
// of every direction and size, the clamp at 0.5 and 1.5 included.
TEST_F(DisplayParityTest, ShadedDyeMatchesShadeCell)
{
    Scene scene;
    FieldDisplay display;
    for (const float strength : {0.0f, 0.5f, 2.0f, 10.0f}) {
        DisplaySettings settings;
        settings.shading = strength;
        char what[32];
        std::snprintf(what, sizeof what, "dye shaded at %g", static_cast<double>(strength));
        expectColoursMatch(drawAndCompare(display, scene.solver, settings, scene.state.dye, scene.state.dye,
                                          viewUniforms(settings, settings.dyeExposure, scene.params)),
                           what);
    }
}

// On a periodic boundary the dye's texture wraps (its passes read across the
// edge through the sampler), but the shading's neighbours beyond the view's
// edge are still the edge texel, as shadeCell's: the shading reads through a
// sampler of its own, clamped.
TEST_F(DisplayParityTest, ShadedDyeOnAPeriodicBoundaryMatchesShadeCell)
{
    SimParams params = displayParams();
    params.boundary = BoundaryMode::Periodic;
    GpuSolver solver(params);
    const FluidState state = displayState(params);
    solver.upload(state);
    FieldDisplay display;
    DisplaySettings settings;
    settings.shading = 2.0f;
    expectColoursMatch(drawAndCompare(display, solver, settings, state.dye, state.dye,
                                      viewUniforms(settings, settings.dyeExposure, params)),
                       "dye shaded at 2, periodic");
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
