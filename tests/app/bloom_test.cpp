// The window's bloom (src/app/window/bloom.hpp), drawn through FieldDisplay as
// the window draws it: bright dye glows beyond its edge, dye below the
// threshold does not, and no view but the dye's is ever processed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "app/display_fixture.hpp"
#include "app/window/bloom.hpp"
#include "app/window/field_display.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

// A grid of 64 x 48 cells shown 4 pixels a cell: the glow (radius 0.04 of the
// short side, sigma about 7.7 pixels) spreads over a few cells.
constexpr int kCells = 64, kRows = 48, kPixelsPerCell = 4;
constexpr int kWidth = kCells * kPixelsPerCell, kHeight = kRows * kPixelsPerCell;

// Dye of `amount` (each of r, g, b) over the 4 x 4 cells whose lower left is (i0, j0).
void addBlock(Field& dye, int i0, int j0, float amount)
{
    for (int j = j0; j < j0 + 4; ++j)
        for (int i = i0; i < i0 + 4; ++i)
            for (int c = 0; c < 3; ++c) dye.at(i, j, c) = amount;
}

// The state: a bright block on the left (tone-mapped to 1 - e^-10, far over
// the threshold 0.6) and a dim one on the right (1 - e^-0.2 = 0.18, under the
// soft knee's start at 0.3), 32 cells apart: about 17 sigma of glow.
FluidState blocks(const SimParams& p)
{
    FluidState s = FluidState::zeros(p.gridWidth, p.gridHeight);
    addBlock(s.dye, 14, 22, 10.0f);
    addBlock(s.dye, 46, 22, 0.2f);
    return s;
}

class BloomTest : public test_support::DisplayTest {
protected:
    // The picture of `settings`' view, with the window's bloom or without any.
    Field draw(GpuSolver& solver, const DisplaySettings& settings, bool withBloom)
    {
        gl::RenderTarget target(kWidth, kHeight, gl::TextureFormat::RGBA32F, "bloom test");
        display_->draw(solver, {0, 0, kWidth, kHeight}, settings, target.framebuffer(), 0,
                       withBloom ? &*bloom_ : nullptr, kHeight);
        Field picture(kWidth, kHeight, 4);
        target.download(picture.data());
        return picture;
    }
};

// The largest change of any channel over the pixels [x0, x1) x [y0, y1).
float largestChange(const Field& a, const Field& b, int x0, int x1, int y0, int y1)
{
    float largest = 0.0f;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            for (int c = 0; c < 3; ++c) largest = std::max(largest, std::fabs(a.at(x, y, c) - b.at(x, y, c)));
    return largest;
}

TEST_F(BloomTest, BrightDyeGlowsBeyondItsEdgeAndDimDyeDoesNot)
{
    SimParams p;
    p.gridWidth = kCells;
    p.gridHeight = kRows;
    GpuSolver solver(p);
    solver.upload(blocks(p));
    DisplaySettings settings;  // the dye view, shaded, bloom on: the window's defaults
    ASSERT_TRUE(settings.bloom.enabled);
    const Field plain = draw(solver, settings, false);
    const Field glowing = draw(solver, settings, true);

    // A ring 2-4 cells outside the bright block: dark without the bloom, lit with it.
    const int x0 = 14 * kPixelsPerCell, y0 = 22 * kPixelsPerCell, side = 4 * kPixelsPerCell;
    const int gap = 2 * kPixelsPerCell;
    const float left = largestChange(glowing, plain, x0 - 2 * gap, x0 - gap, y0, y0 + side);
    const float right = largestChange(glowing, plain, x0 + side + gap, x0 + side + 2 * gap, y0, y0 + side);
    std::printf("[ measured ] glow 2-4 cells beside the bright block: %.3f left, %.3f right\n", left, right);
    // The glow there: intensity 0.8 x the bright part (1 - 0.6 of 1) x the
    // Gaussian's share of a 16-pixel block 8-16 pixels away (sigma 7.7 px):
    // about 0.03 (measured 0.025 and 0.016; the light from the upper left
    // shades the right edge darker). 0.01 is over twice the glow's 8-bit step.
    EXPECT_GT(left, 0.01f);
    EXPECT_GT(right, 0.01f);
    // The glow only adds light.
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x)
            for (int c = 0; c < 3; ++c) ASSERT_GE(glowing.at(x, y, c), plain.at(x, y, c) - 1e-6f) << x << ", " << y;

    // Around the dim block, 16 cells and more from the bright one: nothing.
    const float dim = largestChange(glowing, plain, 40 * kPixelsPerCell, kWidth, 0, kHeight);
    std::printf("[ measured ] change around the dim block: %.2g\n", dim);
    EXPECT_EQ(dim, 0.0f);
}

TEST_F(BloomTest, NoViewButTheDyeIsProcessed)
{
    SimParams p;
    p.gridWidth = kCells;
    p.gridHeight = kRows;
    GpuSolver solver(p);
    FluidState s = blocks(p);
    // Pressure, velocity (so divergence and vorticity) and temperature over
    // the blocks too: any glow there would show.
    for (int j = 0; j < kRows; ++j)
        for (int i = 0; i < kCells; ++i) {
            s.pressure.at(i, j) = (i / 4 + j / 4) % 2 == 0 ? 1.0f : -1.0f;
            s.velocity.at(i, j, 0) = s.pressure.at(i, j);
            s.velocity.at(i, j, 1) = (i / 3) % 2 == 0 ? 0.5f : -0.5f;
            s.temperature.at(i, j) = 2.0f * s.pressure.at(i, j);
        }
    solver.upload(s);
    solver.step({});  // the divergence and the curl the views read
    int views = 0;
    for (const FieldViewInfo& info : fieldViews()) {
        const FieldView view = info.view;
        if (view == FieldView::Dye) continue;
        ++views;
        DisplaySettings settings;
        settings.view = view;
        settings.autoRange = false;
        settings.fixedRange = 0.5f;  // saturated: the brightest colours, over any threshold
        const Field plain = draw(solver, settings, false);
        const Field withBloom = draw(solver, settings, true);
        EXPECT_EQ(largestChange(withBloom, plain, 0, kWidth, 0, kHeight), 0.0f) << viewInfo(view).name;
    }
    EXPECT_EQ(views, 6) << "every view but the dye";
}

}  // namespace
}  // namespace fluid::app
