// Mouse to domain: letterboxing, HiDPI scale, y flip; the brush's limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "app/input.hpp"
#include "app/setting_rows.hpp"

namespace fluid::app {
namespace {

TEST(FitGrid, LetterboxesAndCentres)
{
    const PixelRect wide = fitGrid({1000, 500}, {100, 100});
    EXPECT_EQ(wide.width, 500);
    EXPECT_EQ(wide.height, 500);
    EXPECT_EQ(wide.x, 250);
    EXPECT_EQ(wide.y, 0);

    const PixelRect tall = fitGrid({400, 1000}, {200, 100});
    EXPECT_EQ(tall.width, 400);
    EXPECT_EQ(tall.height, 200);
    EXPECT_EQ(tall.x, 0);
    EXPECT_EQ(tall.y, 400);

    EXPECT_TRUE(fitGrid({0, 0}, {64, 64}).empty());  // minimised window
    EXPECT_TRUE(fitGrid({800, 0}, {64, 64}).empty());
}

// The window's own grids, a cell or two off its aspect, fill it: no bars.
TEST(FitGrid, AGridThatFollowsTheWindowFillsIt)
{
    for (const int rows : {64, 128, 256})
        for (const glm::ivec2 fb : {glm::ivec2(1024, 768), glm::ivec2(1280, 800), glm::ivec2(1920, 1080),
                                    glm::ivec2(600, 1200), glm::ivec2(1000, 999)}) {
            const PixelRect r = fitGrid(fb, gridForWindow(fb, rows, 4096));
            EXPECT_EQ(r.x, 0) << fb.x << "x" << fb.y << ", " << rows << " rows";
            EXPECT_EQ(r.y, 0);
            EXPECT_EQ(r.width, fb.x);
            EXPECT_EQ(r.height, fb.y);
        }
    EXPECT_FALSE(gridFillsWindow({1280, 800}, {172, 128})) << "a 4:3 grid in a 16:10 window waits for its new grid";
    EXPECT_EQ(fitGrid({1280, 800}, {172, 128}).width, 1075);  // 800 * 172 / 128
}

TEST(GridForWindow, ShortSideFixedLongSideFollowsAspect)
{
    EXPECT_EQ(gridForWindow({1024, 768}, 256, 4096), glm::ivec2(340, 256));    // 341.3, a multiple of 4
    EXPECT_EQ(gridForWindow({1024, 768}, 128, 4096), glm::ivec2(172, 128));    // 170.7
    EXPECT_EQ(gridForWindow({1024, 768}, 64, 4096), glm::ivec2(84, 64));       // 85.3
    EXPECT_EQ(gridForWindow({1280, 720}, 128, 4096), glm::ivec2(228, 128));    // 227.6
    EXPECT_EQ(gridForWindow({600, 1200}, 128, 4096), glm::ivec2(128, 256));    // the width is the short side
    EXPECT_EQ(gridForWindow({600, 1200}, 85, 4096), glm::ivec2(85, 170));      // as the user gave it
    EXPECT_EQ(gridForWindow({10000, 100}, 256, 4096), glm::ivec2(4096, 256));  // capped
    EXPECT_EQ(gridForWindow({10000, 100}, 255, 4094), glm::ivec2(4094, 255));  // capped: 4096 would pass the cap
    EXPECT_EQ(gridForWindow({1000, 999}, 85, 4096), glm::ivec2(85, 85));       // 84 would pass under the short side
    EXPECT_EQ(gridForWindow({0, 0}, 64, 4096), glm::ivec2(64, 64));
}

TEST(CursorToDomain, MapsCornersWithHiDpiScaleAndFlippedY)
{
    // A 500 x 250 window on a 2x screen: the framebuffer is 1000 x 500 pixels,
    // the square grid is drawn in its middle 500 x 500.
    const glm::ivec2 window(500, 250), fb(1000, 500);
    const PixelRect grid = fitGrid(fb, {64, 64});
    const glm::vec2 domain(1.0f, 1.0f);
    const auto at = [&](double x, double y) { return cursorToDomain({x, y}, window, fb, grid, domain); };

    EXPECT_NEAR(at(125.0, 250.0).x, 0.0f, 1e-6f);  // bottom-left of the grid
    EXPECT_NEAR(at(125.0, 250.0).y, 0.0f, 1e-6f);
    EXPECT_NEAR(at(375.0, 0.0).x, 1.0f, 1e-6f);  // top-right
    EXPECT_NEAR(at(375.0, 0.0).y, 1.0f, 1e-6f);
    EXPECT_NEAR(at(250.0, 125.0).x, 0.5f, 1e-6f);  // centre
    EXPECT_NEAR(at(250.0, 125.0).y, 0.5f, 1e-6f);
    EXPECT_LT(at(50.0, 125.0).x, 0.0f);  // on the letterbox bar: outside the domain
}

TEST(CursorToDomain, ScalesToTheDomainSize)
{
    const PixelRect grid = fitGrid({200, 100}, {128, 64});
    const glm::vec2 p = cursorToDomain({150.0, 25.0}, {200, 100}, {200, 100}, grid, {2.0f, 1.0f});
    EXPECT_NEAR(p.x, 1.5f, 1e-6f);
    EXPECT_NEAR(p.y, 0.75f, 1e-6f);
}

TEST(StrokeColour, ConsecutiveColoursDiffer)
{
    for (int n = 0; n < 20; ++n) {
        const glm::vec3 a = strokeColour(n), b = strokeColour(n + 1);
        EXPECT_GT(glm::length(a - b), 0.3f) << n;
        EXPECT_FLOAT_EQ(std::max({a.r, a.g, a.b}), 1.0f);
    }
}

TEST(Sanitize, BrushValuesTypedIntoThePanelCannotPoisonTheFluid)
{
    AppSettings settings;
    Brush& b = settings.brush;
    b.radius = std::nanf("");
    b.force = 1e30f;
    b.dyeAmount = -4.0f;
    b.dyeRate = std::nanf("");
    b.colour = {std::numeric_limits<float>::infinity(), 0.5f, -1.0f};
    sanitize(settings);
    EXPECT_EQ(b.radius, Brush{}.radius);
    EXPECT_EQ(b.force, 1e3f);
    EXPECT_EQ(b.dyeAmount, 0.0f);
    EXPECT_EQ(b.dyeRate, Brush{}.dyeRate);
    EXPECT_EQ(b.colour, glm::vec3(Brush{}.colour.r, 0.5f, 0.0f));
}

}  // namespace
}  // namespace fluid::app
