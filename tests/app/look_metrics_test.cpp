// The look's numbers (src/image/look_metrics.hpp) on pictures whose answer is
// known: flat, an axis-aligned square, a disc, fine detail against a smooth
// ramp, pure and grey colour, and a rectangle left out.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>

#include "image/look_metrics.hpp"

namespace fluid {
namespace {

using Rgb = std::array<float, 3>;

// A w x h picture whose pixel (x, y), y counted from the top, is colour(x, y).
Image picture(int w, int h, const std::function<Rgb(int, int)>& colour)
{
    Image image;
    image.width = w;
    image.height = h;
    image.rgba.resize(static_cast<std::size_t>(4 * w * h));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const Rgb c = colour(x, y);
            const std::size_t n = static_cast<std::size_t>(4 * ((h - 1 - y) * w + x));  // rows bottom to top
            for (std::size_t k = 0; k < 3; ++k) image.rgba[n + k] = c[k];
            image.rgba[n + 3] = 1.0f;
        }
    return image;
}

// The share of pixel (x, y) inside a disc of radius r about (cx, cy), from
// 4 x 4 samples: an antialiased edge, as a renderer draws one.
float discCoverage(int x, int y, float cx, float cy, float r)
{
    int inside = 0;
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 4; ++i) {
            const float dx = static_cast<float>(x) + (static_cast<float>(i) + 0.5f) / 4.0f - cx;
            const float dy = static_cast<float>(y) + (static_cast<float>(j) + 0.5f) / 4.0f - cy;
            inside += dx * dx + dy * dy < r * r ? 1 : 0;
        }
    return static_cast<float>(inside) / 16.0f;
}

TEST(LookMetrics, AFlatPictureHasNoDetailNoEdgesAndNothingLit)
{
    const LookMetrics m = measureLook(picture(64, 48, [](int, int) { return Rgb{0.05f, 0.05f, 0.05f}; }));
    EXPECT_EQ(m.pixels, 64 * 48);
    EXPECT_EQ(m.lit, 0.0);
    EXPECT_EQ(m.saturation, 0.0);
    EXPECT_EQ(m.detail, 0.0);
    EXPECT_EQ(m.staircase, 0.0);
    EXPECT_NEAR(m.lightness, 0.05, 1e-6);
}

// A square's edges all lie along the axes: every edge's energy is
// axis-aligned, 6 times an isotropic picture's share. A disc's edge turns
// through every direction: about 1.
TEST(LookMetrics, StepsAlongTheAxesRaiseTheStaircaseAndARoundEdgeDoesNot)
{
    const LookMetrics square = measureLook(picture(128, 128, [](int x, int y) {
        const float v = (x >= 32 && x < 96 && y >= 32 && y < 96) ? 1.0f : 0.0f;
        return Rgb{v, v, v};
    }));
    const LookMetrics disc = measureLook(picture(128, 128, [](int x, int y) {
        const float v = discCoverage(x, y, 64.0f, 64.0f, 40.0f);
        return Rgb{v, v, v};
    }));
    std::printf("[ measured ] staircase: square %.2f, disc %.2f\n", square.staircase, disc.staircase);
    EXPECT_GT(square.staircase, 5.0);
    EXPECT_LT(square.staircase, 6.0 + 1e-9);
    EXPECT_NEAR(disc.staircase, 1.0, 0.3);
}

// Pixel-sized noise is all detail; a ramp across the picture has none.
TEST(LookMetrics, DetailIsTheShareOfContrastFinerThanTheBlur)
{
    const LookMetrics checker = measureLook(picture(64, 64, [](int x, int y) {
        const float v = (x + y) % 2 == 0 ? 1.0f : 0.0f;
        return Rgb{v, v, v};
    }));
    const LookMetrics ramp = measureLook(picture(64, 64, [](int x, int) {
        const float v = static_cast<float>(x) / 63.0f;
        return Rgb{v, v, v};
    }));
    std::printf("[ measured ] detail: checker %.3f, ramp %.4f\n", checker.detail, ramp.detail);
    EXPECT_GT(checker.detail, 0.95);
    EXPECT_LT(ramp.detail, 0.01);
}

// Saturation over the lit pixels only: pure red is 1, grey 0, and the black
// half neither lowers it nor counts as lit.
TEST(LookMetrics, SaturationIsTheLitPixelsOwn)
{
    const LookMetrics m = measureLook(picture(40, 20, [](int x, int) {
        if (x < 10) return Rgb{0.9f, 0.0f, 0.0f};
        if (x < 20) return Rgb{0.5f, 0.5f, 0.5f};
        return Rgb{0.0f, 0.0f, 0.0f};
    }));
    EXPECT_NEAR(m.lit, 0.5, 1e-9);
    EXPECT_NEAR(m.saturation, 0.5, 1e-6);
}

// An excluded rectangle (top-left origin) is not measured: a lit panel in the
// top-left corner left out leaves a black picture.
TEST(LookMetrics, AnExcludedRectangleIsLeftOut)
{
    const Image image = picture(50, 40, [](int x, int y) {
        const float v = (x < 20 && y < 10) ? 1.0f : 0.0f;
        return Rgb{v, v, v};
    });
    EXPECT_NEAR(measureLook(image).lit, 200.0 / 2000.0, 1e-9);
    const LookMetrics without = measureLook(image, {{0, 0, 20, 10}});
    EXPECT_EQ(without.pixels, 2000 - 200);
    EXPECT_EQ(without.lit, 0.0);
}

}  // namespace
}  // namespace fluid
