// A fluid carried to another grid (the panel's grid change, the auto grid's
// second pick): bilinear in the cell centres, every field on its own grid.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/state_resample.hpp"

namespace fluid::app {
namespace {

// A linear function of the position is reproduced exactly inside the
// outermost centres (bilinear interpolation is exact for it); beyond them the
// edge values are held.
TEST(StateResample, ALinearFieldStaysLinear)
{
    Field f(8, 4, 2);
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 8; ++i) {
            const double x = (i + 0.5) / 8.0, y = (j + 0.5) / 4.0;
            f.at(i, j, 0) = static_cast<float>(3.0 * x + 2.0 * y);
            f.at(i, j, 1) = static_cast<float>(-x);
        }
    const Field g = resampleBilinear(f, 32, 16);
    ASSERT_EQ(g.width(), 32);
    ASSERT_EQ(g.height(), 16);
    ASSERT_EQ(g.components(), 2);
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 32; ++i) {
            const double x = std::clamp((i + 0.5) / 32.0, 0.5 / 8.0, 7.5 / 8.0);
            const double y = std::clamp((j + 0.5) / 16.0, 0.5 / 4.0, 3.5 / 4.0);
            EXPECT_NEAR(g.at(i, j, 0), 3.0 * x + 2.0 * y, 1e-5) << i << "," << j;
            EXPECT_NEAR(g.at(i, j, 1), -x, 1e-5) << i << "," << j;
        }
}

TEST(StateResample, ACoarserGridAveragesNeighbours)
{
    // 4x1 -> 2x1: the new centres lie halfway between old ones.
    Field f(4, 1, 1);
    f.at(0, 0) = 0.0f;
    f.at(1, 0) = 2.0f;
    f.at(2, 0) = 4.0f;
    f.at(3, 0) = 8.0f;
    const Field g = resampleBilinear(f, 2, 1);
    EXPECT_FLOAT_EQ(g.at(0, 0), 1.0f);
    EXPECT_FLOAT_EQ(g.at(1, 0), 6.0f);
}

TEST(StateResample, AFieldOfTheSameShapeComesBackUnchanged)
{
    Field f(5, 3, 4);
    for (std::size_t n = 0; n < f.size(); ++n) f.values()[n] = static_cast<float>(n) * 0.25f;
    EXPECT_EQ(resampleBilinear(f, 5, 3).values(), f.values());
}

TEST(StateResample, EveryFieldGoesToItsOwnGridAndADyeBlobSurvives)
{
    FluidState s = FluidState::zeros(FieldGrids{{16, 12}, {32, 24}});
    // A blob of dye and heat in the middle, a uniform wind.
    for (int j = 10; j < 14; ++j)
        for (int i = 14; i < 18; ++i) s.dye.at(i, j, 0) = 1.0f;
    for (int j = 5; j < 7; ++j)
        for (int i = 7; i < 9; ++i) s.temperature.at(i, j) = 50.0f;
    s.velocity.fill(0.5f);
    const FieldGrids next{{24, 18}, {48, 36}};
    const FluidState r = resampleState(s, next);
    EXPECT_FALSE(checkShapes(r, next).has_value());
    EXPECT_FLOAT_EQ(r.velocity.at(3, 17, 1), 0.5f);
    // The blob is where it was (the middle), not wiped; and the total dye,
    // per unit area, is about the same (bilinear keeps means to within the edge's blur).
    EXPECT_GT(r.dye.at(24, 18, 0), 0.5f);
    EXPECT_GT(r.temperature.at(12, 9), 10.0f);
    double before = 0.0, after = 0.0;
    for (int j = 0; j < 24; ++j)
        for (int i = 0; i < 32; ++i) before += s.dye.at(i, j, 0) / (32.0 * 24.0);
    for (int j = 0; j < 36; ++j)
        for (int i = 0; i < 48; ++i) after += r.dye.at(i, j, 0) / (48.0 * 36.0);
    EXPECT_NEAR(after, before, 0.1 * before);
}

}  // namespace
// The staggered layout's velocity keeps its faces where they are: a linear
// flow u = a x, v = b y (face values at whole x for u, whole y for v) comes
// out exactly at the new grid's faces, the left and bottom walls' faces
// still 0, where reading the faces as centres (resampleBilinear) would shift
// the flow by half an old cell less half a new one.
TEST(StateResample, AStaggeredVelocityIsResampledAtItsOwnFaces)
{
    constexpr int kOld = 16, kNew = 24;
    constexpr float kA = 0.25f, kB = -0.5f;  // per old cell
    FluidState s = FluidState::zeros(FieldGrids{{kOld, kOld}, {kOld, kOld}});
    for (int j = 0; j < kOld; ++j)
        for (int i = 0; i < kOld; ++i) {
            s.velocity.at(i, j, 0) = kA * static_cast<float>(i);
            s.velocity.at(i, j, 1) = kB * static_cast<float>(j);
        }
    const FieldGrids next{{kNew, kNew}, {kNew, kNew}};
    const FluidState r = resampleState(s, next, Layout::Staggered);
    EXPECT_FALSE(checkShapes(r, next).has_value());
    const float scale = static_cast<float>(kOld) / static_cast<float>(kNew);  // old cells per new cell
    for (int j = 0; j < kNew; ++j)
        for (int i = 0; i < kNew; ++i) {
            const float x = static_cast<float>(i) * scale;  // the new face, in old cells
            if (x <= static_cast<float>(kOld - 1)) {
                EXPECT_NEAR(r.velocity.at(i, j, 0), kA * x, 1e-5f) << "u at face " << i << ", " << j;
            }
            const float y = static_cast<float>(j) * scale;
            if (y <= static_cast<float>(kOld - 1)) {
                EXPECT_NEAR(r.velocity.at(i, j, 1), kB * y, 1e-5f) << "v at face " << i << ", " << j;
            }
        }
    EXPECT_EQ(r.velocity.at(0, 7, 0), 0.0f) << "the left wall's face stays shut";
    EXPECT_EQ(r.velocity.at(7, 0, 1), 0.0f) << "the bottom wall's face stays shut";
    // The collocated reading puts the same field elsewhere.
    const FluidState centres = resampleState(s, next);
    EXPECT_GT(std::fabs(centres.velocity.at(6, 6, 0) - r.velocity.at(6, 6, 0)), 0.03f);  // a (1/2 - 1/3) = 0.042
}

// On the collocated layout both components sit at the centres: the velocity
// is resampled exactly as every other field is.
TEST(StateResample, ACollocatedVelocityIsResampledAsAnyField)
{
    Field v(16, 12, 2);
    for (int j = 0; j < 12; ++j)
        for (int i = 0; i < 16; ++i) {
            v.at(i, j, 0) = std::sin(0.7f * static_cast<float>(i)) + 0.1f * static_cast<float>(j);
            v.at(i, j, 1) = std::cos(0.4f * static_cast<float>(j * i));
        }
    EXPECT_EQ(resampleVelocity(v, 23, 9, velocityLayoutOf(Layout::Collocated)).values(),
              resampleBilinear(v, 23, 9).values());
    EXPECT_NE(resampleVelocity(v, 23, 9, velocityLayoutOf(Layout::Staggered)).values(),
              resampleBilinear(v, 23, 9).values());
}

}  // namespace fluid::app
