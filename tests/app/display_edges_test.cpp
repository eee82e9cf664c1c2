// The window's frame reaches its edges cleanly: the display chain (view,
// shading, bloom) drawn at the window's sizes, over the grids the window
// picks for them, and read back. A fluid of one colour everywhere, stirred
// by the solver against its walls, must show that colour in the frame's
// outermost rows and columns too: a line there (the clear colour through
// bars of a viewport rounded smaller than the window, the dye's or the
// glow's edge texels, the relief's shading reading past the edge) fails it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/input.hpp"
#include "app/window/display_chain.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using DisplayEdgesTest = test::GlTest;

// The edge pixels against the frame's centre: the same colour up to the
// display's arithmetic (bilinear weights, the bloom's blur of a flat field,
// float rounding), far under the 8-bit step a screen shows (0.004); the
// clear colour's grey bars were 0.1 to 0.5 away from the dye's colour.
constexpr float kEdgeTolerance = 1e-3f;

struct EdgeReport {
    float worst = 0.0f;  // largest |edge - centre| over the channels
    std::string where;
};

// The two outermost rows and columns of `frame` (RGBA, w x h) against its
// centre pixel.
EdgeReport edgesAgainstCentre(const Field& frame)
{
    const int w = frame.width(), h = frame.height();
    EdgeReport r;
    const auto check = [&](int i, int j) {
        for (int c = 0; c < 3; ++c) {
            const float d = std::fabs(frame.at(i, j, c) - frame.at(w / 2, h / 2, c));
            if (d > r.worst) {
                r.worst = d;
                r.where = "pixel " + std::to_string(i) + "," + std::to_string(j);
            }
        }
    };
    for (int i = 0; i < w; ++i)
        for (int j : {0, 1, h - 2, h - 1}) check(i, j);
    for (int j = 0; j < h; ++j)
        for (int i : {0, 1, w - 2, w - 1}) check(i, j);
    return r;
}

TEST_F(DisplayEdgesTest, AFluidOfOneColourReachesEveryEdgeOfTheFrame)
{
    for (const glm::ivec2 fb : {glm::ivec2(1024, 768), glm::ivec2(1280, 800), glm::ivec2(800, 600)})
        for (const int shortSide : {64, 84, 128, 172}) {
            const glm::ivec2 grid = gridForWindow(fb, shortSide, 4096);
            SCOPED_TRACE(std::to_string(fb.x) + "x" + std::to_string(fb.y) + " window, " + std::to_string(grid.x) +
                         "x" + std::to_string(grid.y) + " grid");
            SimParams p;
            p.gridWidth = grid.x;
            p.gridHeight = grid.y;
            p.dyeGridWidth = std::clamp(fb.x / grid.x, 1, 4) * grid.x;  // the window's: 4x, up to its pixels
            GpuSolver solver(p);
            FluidState state = FluidState::zeros(solver.grids());
            for (int j = 0; j < state.dye.height(); ++j)
                for (int i = 0; i < state.dye.width(); ++i) {
                    state.dye.at(i, j, 0) = 0.8f;
                    state.dye.at(i, j, 1) = 0.3f;
                    state.dye.at(i, j, 2) = 0.05f;
                }
            solver.upload(state);
            // Stirred against the walls: a constant is carried as a constant.
            Splat push;
            push.from = push.to = {0.5f * p.domainWidth, 0.5f * p.domainHeight()};
            push.radius = 0.1f;
            push.velocity = {0.0f, 2.0f};
            for (int n = 0; n < 4; ++n)
                solver.step(n == 0 ? std::span<const Splat>(&push, 1) : std::span<const Splat>());

            const PixelRect rect = fitGrid(fb, grid);
            EXPECT_EQ(rect.x, 0);
            EXPECT_EQ(rect.y, 0);
            EXPECT_EQ(rect.width, fb.x);
            EXPECT_EQ(rect.height, fb.y);
            gl::RenderTarget target(fb.x, fb.y, gl::TextureFormat::RGBA32F, "window frame");
            DisplayChain chain("");
            chain.setOutput(target.framebuffer());
            for (const bool bloom : {false, true}) {
                DisplaySettings settings;  // the dye view, shaded as the window shows it
                settings.bloom.enabled = bloom;
                chain.draw(solver, fb, rect, settings, 0);
                Field frame(fb.x, fb.y, 4);
                target.download(frame.data());
                const EdgeReport r = edgesAgainstCentre(frame);
                EXPECT_LE(r.worst, kEdgeTolerance) << (bloom ? "bloom on: " : "bloom off: ") << r.where;
                EXPECT_GT(frame.at(fb.x / 2, fb.y / 2, 0), 0.5f);  // the dye is shown at all
            }
        }
}

// Where the grid's rectangle leaves bars (a square grid in a wide window),
// they are black, the colour of fluid without dye, whatever the window held
// before; where it fills the window nothing is cleared, since the view
// writes every pixel.
TEST_F(DisplayEdgesTest, TheBarsBesideAGridThatDoesNotFillTheWindowAreBlack)
{
    const glm::ivec2 fb(96, 48);
    SimParams p;
    p.gridWidth = p.gridHeight = 24;
    GpuSolver solver(p);
    FluidState state = FluidState::zeros(solver.grids());
    for (int j = 0; j < state.dye.height(); ++j)
        for (int i = 0; i < state.dye.width(); ++i) state.dye.at(i, j, 0) = 1.0f;
    solver.upload(state);
    const PixelRect rect = fitGrid(fb, {p.gridWidth, p.gridHeight});
    ASSERT_EQ(rect.x, 24);  // bars of 24 pixels left and right
    gl::RenderTarget target(fb.x, fb.y, gl::TextureFormat::RGBA32F, "window frame");
    target.clear(0.5f);  // what the window held before
    DisplayChain chain("");
    chain.setOutput(target.framebuffer());
    chain.draw(solver, fb, rect, DisplaySettings{}, 0);
    Field frame(fb.x, fb.y, 4);
    target.download(frame.data());
    for (const int i : {0, rect.x - 1, rect.x + rect.width, fb.x - 1})
        for (int c = 0; c < 3; ++c) EXPECT_EQ(frame.at(i, fb.y / 2, c), 0.0f) << "bar pixel " << i;
    EXPECT_GT(frame.at(fb.x / 2, fb.y / 2, 0), 0.5f);  // the dye is shown
}

}  // namespace
}  // namespace fluid::app
