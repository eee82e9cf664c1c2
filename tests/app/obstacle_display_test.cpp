// Obstacles as the window draws them, against shadeCell: over every view,
// on dye grids finer than their mask, and round where the mask is round.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "app/display_parity.hpp"
#include "app/obstacle_setup.hpp"
#include "app/state_resample.hpp"
#include "app/view_colour.hpp"
#include "app/window/field_display.hpp"
#include "core/obstacles.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using namespace display_parity;
using DisplayParityTest = test::GlTest;

// Obstacles over every view, cell by cell, under the camera's picture.
TEST_F(DisplayParityTest, ObstaclesMatchShadeCellInEveryView)
{
    Scene scene;
    const SimParams& params = scene.params;
    GpuSolver& solver = scene.solver;
    const FluidState& state = scene.state;
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
        expectColoursMatch(drawAndCompare(display, solver, settings, source, state.dye, u),
                           std::string(view.name) + " with obstacles");
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
    expectColoursMatch(drawAndCompare(display, fineSolver, settings, fineState.dye, fineState.dye, u),
                       "dye on a grid twice as fine as the obstacles'");

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

}  // namespace
}  // namespace fluid::app
