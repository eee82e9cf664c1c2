// The window's picture measured as a newcomer sees it: a stroke painted on
// the window's default grid (172 x 128 cells in a 1024 x 768 window, its dye
// grid and carrying, its exposure, shading and bloom) and left to swirl,
// drawn by the window's own FieldDisplay at the window's pixels and measured
// by src/image/look_metrics.hpp. Fixed steps and a fixed stroke: the same
// picture on every machine.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>

#include "app/display_fixture.hpp"
#include "app/options.hpp"
#include "app/window/bloom.hpp"
#include "app/window/field_display.hpp"
#include "gl/render_target.hpp"
#include "image/look_metrics.hpp"
#include "sim/gpu_solver.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

constexpr int kWidth = 1024, kHeight = 768, kRows = 128;

// The window's parameters at kRows rows in a kWidth x kHeight window, as
// the window makes them (windowStartParams; the step the pick takes there
// on a slow machine, 1/30 s).
SimParams windowParams()
{
    SimParams p = windowStartParams({kWidth, kHeight}, kRows);
    p.dt = 1.0f / 30.0f;
    return p;
}

class WindowLookTest : public test_support::DisplayTest {
protected:
    // An arc painted over 30 steps (a second at 1/30 s), as the brush lays a
    // stroke: line splats along it, pushing along it.
    static void paintStroke(GpuSolver& solver, const SimParams& p)
    {
        const glm::vec2 centre(0.5f * p.domainWidth, 0.5f * p.domainHeight());
        const float radius = 0.3f;
        const auto along = [&](float t) {
            const float a = 0.2f + 1.6f * std::numbers::pi_v<float> * t;
            return centre + radius * glm::vec2(std::cos(a), std::sin(a));
        };
        constexpr int kStrokeSteps = 30;
        for (int n = 0; n < kStrokeSteps; ++n) {
            const float t0 = static_cast<float>(n) / kStrokeSteps, t1 = static_cast<float>(n + 1) / kStrokeSteps;
            Splat s;
            s.from = along(t0);
            s.to = along(t1);
            s.radius = 0.025f;
            s.velocity = (s.to - s.from) / p.dt;
            s.dye = glm::vec3(1.0f, 0.4f, 0.1f) * 1.2f;
            solver.step(std::array{s});
        }
    }

    // The picture as the window draws it, 8 bits a channel.
    Image drawn(GpuSolver& solver, const DisplaySettings& look)
    {
        gl::RenderTarget target(kWidth, kHeight, gl::TextureFormat::RGBA32F, "window look test");
        display_->draw(solver, {0, 0, kWidth, kHeight}, look, target.framebuffer(), 0,
                       look.bloom.enabled ? &*bloom_ : nullptr, kHeight);
        Image image;
        image.width = kWidth;
        image.height = kHeight;
        image.rgba.resize(static_cast<std::size_t>(4 * kWidth * kHeight));
        target.download(image.rgba.data());
        for (float& v : image.rgba)
            v = std::round(std::clamp(v, 0.0f, 1.0f) * 255.0f) / 255.0f;  // as a window's framebuffer
        return image;
    }

    // The stroke, then `swirlSteps` steps more.
    Image strokeAndSwirl(const SimParams& p, const DisplaySettings& look, int swirlSteps)
    {
        GpuSolver solver(p);
        paintStroke(solver, p);
        for (int n = 0; n < swirlSteps; ++n) solver.step({});
        return drawn(solver, look);
    }
};

// No stair steps: the stroke's edges, curled by the flow for 4 s, turn
// through every direction as an arc's do, where the dye carried by the
// clamped MacCormack correction on the velocity's grid and magnified 6x
// showed steps along the grid's axes (staircase 1.8 to 2.8 at 6 s in the
// window). 1.3 is the bound the window's look is held to (README, "Beside the
// WebGL demo"); an isotropic picture is 1.
TEST_F(WindowLookTest, AStrokeOnTheDefaultGridLeavesNoStaircase)
{
    const Options window = windowDefaults();
    const SimParams p = windowParams();
    ASSERT_GT(p.dyeGridWidth, 4 * p.gridWidth - 8) << "the window's dye grid is 4x its grid";
    const LookMetrics m = measureLook(strokeAndSwirl(p, window.display, 90));
    std::printf("[ measured ] %dx%d grid, dye %dx%d: staircase %.2f, detail %.4f, lit %.3f\n", p.gridWidth,
                p.gridHeight, p.dyeGridWidthOrDefault(), p.dyeGridHeight(), m.staircase, m.detail, m.lit);
    EXPECT_GT(m.lit, 0.02) << "the stroke is on the picture";
    EXPECT_LE(m.staircase, 1.3);
    // Crisp: the demo's detail at 6 s is 0.03 at the least (README). Measured
    // 0.045 (a confinement of 2: 0.025; the clamping limiter: 0.029).
    EXPECT_GE(m.detail, 0.03);
}

// The cause of the steps: the velocity's limiter, and on the coarse grid a
// confinement too strong for it. The dye carried sharply (the pick's cubic
// read, clamped) by the window's velocity shows every step that velocity
// has. One picture's staircase moves by a few tenths from step to step, so
// the mean of four, 3 to 3.4 s after the stroke, is held. Measured at the
// window's defaults: 0.91 (172 x 128) and 0.98 (84 x 64); by MacCormack
// 0.98 and 1.10, with the velocity's clamping limiter 1.28 and 1.23 (and
// the stroke above 1.51); with a confinement of 4, 84 x 64 gave 1.36.
TEST_F(WindowLookTest, ASharpDyeShowsNoStepsFromTheWindowsVelocity)
{
    const Options window = windowDefaults();
    for (const int rows : {kRows, kRows / 2}) {
        SimParams p = windowStartParams({kWidth, kHeight}, rows);
        p.dt = 1.0f / 30.0f;
        p.dyeAdvection = kWindowSharpDyeAdvection;
        GpuSolver solver(p);
        paintStroke(solver, p);
        for (int n = 0; n < 90; ++n) solver.step({});
        constexpr int kPictures = 4;
        double staircase = 0.0;
        for (int picture = 0; picture < kPictures; ++picture) {
            const LookMetrics m = measureLook(drawn(solver, window.display));
            std::printf("[ measured ] %dx%d grid, the sharp dye (%s): staircase %.2f, detail %.4f\n", p.gridWidth,
                        p.gridHeight, toString(p.dyeAdvection), m.staircase, m.detail);
            staircase += m.staircase / kPictures;
            for (int n = 0; n < 3; ++n) solver.step({});
        }
        EXPECT_LE(staircase, 1.3) << rows << " rows";
    }
}

}  // namespace
}  // namespace fluid::app
