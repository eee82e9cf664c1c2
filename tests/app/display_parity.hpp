// What the display parity tests share: the colour bound, the scene they draw
// (a grid, a state with smooth pressure) and the draw through the window's
// FieldDisplay compared with shadeCell (src/app/view_colour.cpp) cell by cell.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/view_colour.hpp"
#include "app/window/field_display.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"

namespace fluid::app::display_parity {

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
inline constexpr float kColourTolerance = 2e-5f;

inline SimParams displayParams()
{
    SimParams p;
    p.gridWidth = 48;
    p.gridHeight = 40;
    return p;
}

// Smooth pressure (a few waves over the box) so that the water's slopes stay
// moderate, as in a real flow; random velocity and dye.
inline FluidState displayState(const SimParams& p)
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

inline Field sourceField(GpuSolver& solver, const FluidState& state, ViewSource source)
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
// `corner`: where the grid's rectangle starts in the target (the window's
// bars where the grid's aspect is not the window's), the target that much
// larger each way.
inline float drawAndCompare(FieldDisplay& display, GpuSolver& solver, const DisplaySettings& settings,
                            const Field& source, const Field& dye, ViewUniforms u, GLuint overlay = 0,
                            glm::ivec2 corner = glm::ivec2(0))
{
    addWindowLook(u, settings);  // the window draws the dye view shaded (DisplaySettings::shading)
    const int width = source.width(), height = source.height();
    const glm::ivec2 size = glm::ivec2(width, height) + 2 * corner;
    gl::RenderTarget target(size.x, size.y, gl::TextureFormat::RGBA32F, "display parity");
    display.draw(solver, {corner.x, corner.y, width, height}, settings, target.framebuffer(), overlay);
    Field gpu(size.x, size.y, 4);
    target.download(gpu.data());
    float worst = 0.0f;
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const glm::vec3 cpu = shadeCell(u, source, dye, i, j);
            for (int c = 0; c < 3; ++c)
                worst = std::max(worst, std::fabs(gpu.at(i + corner.x, j + corner.y, c) - cpu[c]));
        }
    return worst;
}

// Prints the largest difference measured and holds it to kColourTolerance.
inline void expectColoursMatch(float worst, const std::string& what)
{
    std::printf("[ measured ] %s: max |GPU - CPU| = %.2g\n", what.c_str(), static_cast<double>(worst));
    EXPECT_LE(worst, kColourTolerance) << what;
}

// The scene most tests draw: the grid, a solver and the state uploaded to it.
struct Scene {
    SimParams params = displayParams();
    GpuSolver solver{params};
    FluidState state = displayState(params);
    Scene() { solver.upload(state); }
};

}  // namespace fluid::app::display_parity
