// Obstacle masks (src/core/obstacles.hpp): shapes against their exact areas
// and symmetries, clipping, refusals, resampling, and the brush's edits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "core/obstacles.hpp"

namespace fluid {
namespace {

SimParams grid(int n, float domain = 1.0f)
{
    SimParams p;
    p.gridWidth = p.gridHeight = n;
    p.domainWidth = domain;
    return p;
}

double maskArea(const Field& mask, float h)
{
    return countSolid(mask) * static_cast<double>(h) * static_cast<double>(h);
}

// A cell is misjudged only when the outline passes through it, so every such
// cell has its centre within h/sqrt(2) of the outline: the error is at most
// the area of that band, perimeter * h * sqrt(2), plus the round ends of the
// band at corners (a disc of radius h/sqrt(2) each, 2 h^2 covers four of them).
double stairStepBound(const Obstacle& body, float h)
{
    const double hd = static_cast<double>(h);
    return perimeter(body) * hd * std::numbers::sqrt2 + 2.0 * hd * hd;
}

Obstacle circle(glm::vec2 centre, float diameter)
{
    Obstacle o;
    o.shape = ObstacleShape::Circle;
    o.centre = centre;
    o.size = diameter;
    return o;
}

Obstacle plate(glm::vec2 centre, float length, float thickness, float angle)
{
    Obstacle o;
    o.shape = ObstacleShape::Plate;
    o.centre = centre;
    o.size = length;
    o.thickness = thickness;
    o.angle = angle;
    return o;
}

Obstacle wing(const char* digits, glm::vec2 centre, float chord, float angle)
{
    Obstacle o;
    o.shape = ObstacleShape::Wing;
    o.centre = centre;
    o.size = chord;
    o.angle = angle;
    o.section = *parseNaca4(digits);
    return o;
}

TEST(Naca4Test, DigitsAndTheDefiningProperties)
{
    const auto s = parseNaca4("2412");
    ASSERT_TRUE(s);
    EXPECT_FLOAT_EQ(s->camber, 0.02f);
    EXPECT_FLOAT_EQ(s->camberPosition, 0.4f);
    EXPECT_FLOAT_EQ(s->thickness, 0.12f);
    EXPECT_FALSE(parseNaca4("241"));
    EXPECT_FALSE(parseNaca4("24a2"));
    EXPECT_FALSE(parseNaca4("24120"));

    // A 4-digit section is t thick at 30% of the chord (its thickest point),
    // closed at the trailing edge, and its camber line peaks at m, at p.
    float thickest = 0.0f, at = 0.0f;
    for (int n = 0; n <= 1000; ++n) {
        const float x = static_cast<float>(n) / 1000.0f;
        if (2.0f * nacaHalfThickness(*s, x) > thickest) {
            thickest = 2.0f * nacaHalfThickness(*s, x);
            at = x;
        }
    }
    EXPECT_NEAR(thickest, 0.12f, 0.12f * 2e-3f);  // the polynomial's fit of t: 0.1% (NACA's own coefficients)
    EXPECT_NEAR(at, 0.30f, 0.01f);
    EXPECT_NEAR(nacaHalfThickness(*s, 1.0f), 0.0f, 1e-6f);
    EXPECT_FLOAT_EQ(nacaCamber(*s, 0.4f), 0.02f);
    EXPECT_FLOAT_EQ(nacaCamber(*s, 0.0f), 0.0f);
    EXPECT_NEAR(nacaCamber(*s, 1.0f), 0.0f, 1e-7f);
    EXPECT_LT(nacaCamber(*s, 0.2f), 0.02f);
    EXPECT_LT(nacaCamber(*s, 0.7f), 0.02f);
}

// Each shape's cells against its exact area, on a fine grid and a coarse one.
TEST(ObstacleShapeTest, AreasWithinTheStairStepOfTheExactArea)
{
    const std::vector<Obstacle> bodies = {
        circle({0.5f, 0.5f}, 0.5f),
        circle({0.31f, 0.57f}, 0.13f),
        plate({0.5f, 0.5f}, 0.6f, 0.05f, 0.0f),
        plate({0.47f, 0.52f}, 0.6f, 0.05f, 30.0f),
        plate({0.5f, 0.5f}, 0.4f, 0.1f, 90.0f),
        wing("2412", {0.5f, 0.5f}, 0.7f, 0.0f),
        wing("0012", {0.5f, 0.5f}, 0.7f, 12.0f),
        wing("4421", {0.45f, 0.55f}, 0.5f, -20.0f),
    };
    for (int n : {128, 1024}) {
        const SimParams p = grid(n);
        for (const Obstacle& body : bodies) {
            const MaskResult r = obstacleMask(body, p);
            ASSERT_TRUE(r.ok()) << r.error;
            const double exact = exactArea(body);
            const double error = maskArea(r.mask, p.cellSize()) - exact;
            const double bound = stairStepBound(body, p.cellSize());
            std::printf("[ measured ] %s size %g angle %g on %d^2: area %.6g, exact %.6g, error %+.3g (bound %.3g)\n",
                        toString(body.shape), static_cast<double>(body.size), static_cast<double>(body.angle), n,
                        maskArea(r.mask, p.cellSize()), exact, error, bound);
            EXPECT_LE(std::fabs(error), bound) << toString(body.shape) << " on " << n;
        }
    }
}

bool solidAt(const Field& m, int i, int j)
{
    return isSolid(m.at(i, j));
}

TEST(ObstacleShapeTest, SymmetricShapesGiveSymmetricMasks)
{
    // Centred on a cell corner of an even grid: mirror images of cell centres
    // are cell centres, so the masks must be exactly symmetric.
    const SimParams p = grid(64);
    const Field disc = obstacleMask(circle({0.5f, 0.5f}, 0.41f), p).mask;
    const Field section = obstacleMask(wing("0012", {0.5f, 0.5f}, 0.8f, 0.0f), p).mask;
    const Field across = obstacleMask(plate({0.5f, 0.5f}, 0.5f, 0.07f, 90.0f), p).mask;
    const Field along = obstacleMask(plate({0.5f, 0.5f}, 0.5f, 0.07f, 0.0f), p).mask;
    for (int j = 0; j < 64; ++j)
        for (int i = 0; i < 64; ++i) {
            EXPECT_EQ(solidAt(disc, i, j), solidAt(disc, 63 - i, j));
            EXPECT_EQ(solidAt(disc, i, j), solidAt(disc, i, 63 - j));
            EXPECT_EQ(solidAt(disc, i, j), solidAt(disc, j, i));
            EXPECT_EQ(solidAt(section, i, j), solidAt(section, i, 63 - j)) << "symmetric section at zero incidence";
            EXPECT_EQ(solidAt(across, i, j), solidAt(along, j, i)) << "a plate at 90 degrees is the plate at 0 turned";
        }
    EXPECT_GT(countSolid(section), 0);
}

// The row-weighted centre of the solid cells at columns [i0, i1).
double centroidY(const Field& m, int i0, int i1)
{
    double sum = 0.0;
    int count = 0;
    for (int j = 0; j < m.height(); ++j)
        for (int i = i0; i < i1; ++i)
            if (solidAt(m, i, j)) {
                sum += j + 0.5;
                ++count;
            }
    return sum / count;
}

TEST(ObstacleShapeTest, CamberBulgesUpAndAnglesRaiseTheNose)
{
    const SimParams p = grid(256);
    const Field cambered = obstacleMask(wing("6412", {0.5f, 0.5f}, 0.8f, 0.0f), p).mask;
    // 6% camber lifts the section's middle above the chord line (row 128).
    EXPECT_GT(centroidY(cambered, 100, 156), 128.0 + 0.02 * 256);

    // Nose up to a flow along +x: the upstream half rises, the downstream falls.
    const Field attack = obstacleMask(wing("0012", {0.5f, 0.5f}, 0.8f, 10.0f), p).mask;
    const double front = centroidY(attack, 0, 128), back = centroidY(attack, 128, 256);
    EXPECT_GT(front, 128.0 + 5.0);
    EXPECT_LT(back, 128.0 - 5.0);
    const Field tilted = obstacleMask(plate({0.5f, 0.5f}, 0.8f, 0.02f, 10.0f), p).mask;
    EXPECT_GT(centroidY(tilted, 0, 128), 128.0 + 5.0);
}

TEST(ObstacleShapeTest, PartlyOutsideIsClippedToTheDomain)
{
    const SimParams p = grid(256);
    // Centred on the left wall: the half inside remains.
    const Obstacle body = circle({0.0f, 0.5f}, 0.5f);
    const MaskResult r = obstacleMask(body, p);
    ASSERT_TRUE(r.ok()) << r.error;
    const double half = 0.5 * exactArea(body);
    EXPECT_NEAR(maskArea(r.mask, p.cellSize()), half, 0.5 * stairStepBound(body, p.cellSize()) + 0.5 * p.cellSize());
    // A wing hanging over the top right corner: no cell outside is touched, no crash.
    const MaskResult corner = obstacleMask(wing("2412", {0.95f, 0.98f}, 0.6f, 30.0f), p);
    ASSERT_TRUE(corner.ok()) << corner.error;
    EXPECT_GT(countSolid(corner.mask), 0);
}

TEST(ObstacleShapeTest, DegenerateOrMissingBodiesAreRefusedWithOneLine)
{
    const SimParams p = grid(64);
    const auto refusal = [&](const Obstacle& body) {
        const MaskResult r = obstacleMask(body, p);
        EXPECT_FALSE(r.ok());
        EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
        EXPECT_EQ(countSolid(r.mask), 0);
        return r.error;
    };
    EXPECT_NE(refusal(circle({0.5f, 0.5f}, 0.0f)).find("diameter must be a positive length"), std::string::npos);
    EXPECT_NE(refusal(circle({0.5f, 0.5f}, -1.0f)).find("diameter"), std::string::npos);
    EXPECT_NE(refusal(circle({0.5f, 0.5f}, std::nanf(""))).find("diameter"), std::string::npos);
    EXPECT_NE(refusal(plate({0.5f, 0.5f}, 0.3f, 0.0f, 0.0f)).find("thickness"), std::string::npos);
    EXPECT_NE(refusal(wing("2400", {0.5f, 0.5f}, 0.3f, 0.0f)).find("thickness"), std::string::npos);
    EXPECT_NE(refusal(wing("2012", {0.5f, 0.5f}, 0.3f, 0.0f)).find("camber position"), std::string::npos);
    Obstacle nanAngle = plate({0.5f, 0.5f}, 0.3f, 0.05f, 0.0f);
    nanAngle.angle = std::nanf("");
    EXPECT_NE(refusal(nanAngle).find("angle"), std::string::npos);
    // Smaller than a cell and between cell centres; outside the domain; far away.
    EXPECT_NE(refusal(circle({0.5f, 0.5f}, 0.1f / 64)).find("covers no cell"), std::string::npos);
    EXPECT_NE(refusal(circle({-1.0f, 0.5f}, 0.5f)).find("covers no cell"), std::string::npos);
    // Long enough but thinner than a cell: its thickness is named, not its size
    // (a 6-cell chord of 12% was told to be "larger than a cell").
    const std::string thin = refusal(wing("0012", {0.5f, 0.5f}, 0.05f, 90.0f));
    EXPECT_NE(thin.find("covers no cell"), std::string::npos) << thin;
    EXPECT_NE(thin.find("it is 0.006 m thick, under a cell: make it thicker or the grid finer"), std::string::npos)
        << thin;
    EXPECT_NE(refusal(circle({1e30f, -1e30f}, 0.5f)).find("covers no cell"), std::string::npos);
    Field mask = emptyMask(p);
    EXPECT_THROW(addObstacle(mask, circle({0.5f, 0.5f}, 0.0f), p.cellSize()), std::invalid_argument);
}

TEST(ObstacleShapeTest, AThinPlateIsAWallWithoutDiagonalGaps)
{
    // Two cells thick at any angle: every column it spans has a solid run,
    // and runs in neighbouring columns share a row (4-connected, no leak).
    const SimParams p = grid(128);
    for (float angle : {0.0f, 7.0f, 22.5f, 45.0f, 60.0f, 85.0f, 90.0f}) {
        const Field m = obstacleMask(plate({0.5f, 0.5f}, 0.6f, 2.0f * p.cellSize(), angle), p).mask;
        SCOPED_TRACE(angle);
        // Walk the wall along its longer projected axis.
        const bool steep = angle > 45.0f;
        int previousLo = -1, previousHi = -1;
        for (int a = 0; a < 128; ++a) {
            int lo = 1000, hi = -1;
            for (int b = 0; b < 128; ++b)
                if (steep ? solidAt(m, b, a) : solidAt(m, a, b)) {
                    lo = std::min(lo, b);
                    hi = std::max(hi, b);
                }
            if (hi >= 0 && previousHi >= 0) {
                EXPECT_TRUE(lo <= previousHi && hi >= previousLo) << "gap at " << a;
            }
            previousLo = lo;
            previousHi = hi;
        }
    }
}

TEST(ResampleTest, AreaAverageThenHalf)
{
    // Same size: the coverage thresholded.
    const std::vector<float> same = {0.9f, 0.5f, 0.51f, 0.0f};
    const Field m = resampleCoverage(same.data(), 2, 2, 2, 2);
    EXPECT_EQ(m.values(), (std::vector<float>{1.0f, 0.0f, 1.0f, 0.0f})) << "exactly half is fluid";

    // Three pixels over two cells: cell 0 holds pixel 0 and half of pixel 1.
    const auto row = [](std::vector<float> pixels) { return resampleCoverage(pixels.data(), 3, 1, 2, 1).values(); };
    EXPECT_EQ(row({1, 0, 0}), (std::vector<float>{1, 0}));  // 1 / 1.5
    EXPECT_EQ(row({0, 1, 0}), (std::vector<float>{0, 0}));  // 0.5 / 1.5 each
    EXPECT_EQ(row({1, 1, 0}), (std::vector<float>{1, 0}));
    EXPECT_EQ(row({0, 1, 1}), (std::vector<float>{0, 1}));

    // A coarse picture stretched over a finer grid: blocks.
    const std::vector<float> coarse = {1, 0, 0, 1};
    const Field fine = resampleCoverage(coarse.data(), 2, 2, 4, 6);
    for (int j = 0; j < 6; ++j)
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(fine.at(i, j), (i < 2) == (j < 3) ? 1.0f : 0.0f) << i << "," << j;
        }
}

TEST(ResampleTest, RegriddingAMaskKeepsItsShape)
{
    const Obstacle body = circle({0.4f, 0.55f}, 0.37f);
    const Field fine = obstacleMask(body, grid(512)).mask;
    const Field direct = obstacleMask(body, grid(128)).mask;
    const Field regridded = resampleMask(fine, 128, 128);
    int differ = 0;
    for (std::size_t n = 0; n < direct.size(); ++n) differ += direct.values()[n] != regridded.values()[n];
    // Only cells the outline crosses can go either way: fewer than the
    // perimeter in cells (pi 0.37 128 = 149).
    std::printf("[ measured ] circle regridded 512 -> 128: %d of %d solid cells differ from a direct 128\n", differ,
                countSolid(direct));
    EXPECT_LT(differ, 149);
    EXPECT_NEAR(countSolid(regridded), countSolid(direct), 0.05 * countSolid(direct));
}

TEST(ResampleTest, ObstacleAtReadsTheMaskCellUnderAFinerGridsCell)
{
    Field mask(4, 3, 1);
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 4; ++i) mask.at(i, j) = static_cast<float>(10 * j + i);
    for (int k : {1, 2, 3, 4}) {
        for (int j = 0; j < 3 * k; ++j)
            for (int i = 0; i < 4 * k; ++i) EXPECT_EQ(obstacleAt(mask, i, j, 4 * k, 3 * k), mask.at(i / k, j / k)) << k;
    }
}

TEST(ObstacleBrushTest, DiscPaintsAndErasesTheCellsWithinItsRadius)
{
    const SimParams p = grid(100);
    const float h = p.cellSize();
    Field mask = emptyMask(p);
    const glm::vec2 centre(0.503f, 0.497f);
    const float radius = 0.1f;
    const int painted = paintDisc(mask, centre, radius, h, 1.0f);
    EXPECT_EQ(painted, countSolid(mask));
    for (int j = 0; j < 100; ++j)
        for (int i = 0; i < 100; ++i) {
            const glm::vec2 c((static_cast<float>(i) + 0.5f) * h, (static_cast<float>(j) + 0.5f) * h);
            EXPECT_EQ(solidAt(mask, i, j), glm::length(c - centre) <= radius) << i << "," << j;
        }
    EXPECT_EQ(paintDisc(mask, centre, radius, h, 1.0f), 0) << "painting solid over solid changes nothing";
    EXPECT_EQ(paintDisc(mask, centre, radius, h, 0.0f), painted) << "erasing gives back every cell";
    EXPECT_EQ(countSolid(mask), 0);
}

TEST(ObstacleBrushTest, StrokeIsACapsuleBetweenTwoPointerPositions)
{
    const SimParams p = grid(200);
    const float h = p.cellSize();
    Field mask = emptyMask(p);
    const glm::vec2 from(0.2f, 0.3f), to(0.7f, 0.6f);
    const float r = 0.03f;
    paintStroke(mask, from, to, r, h, 1.0f);
    const double length = static_cast<double>(glm::length(to - from));
    const double exact = 2.0 * static_cast<double>(r) * length + std::numbers::pi * static_cast<double>(r * r);
    const double outline = 2.0 * length + 2.0 * std::numbers::pi * static_cast<double>(r);
    EXPECT_NEAR(maskArea(mask, h), exact, outline * static_cast<double>(h) * std::numbers::sqrt2);
    // No gaps along the way, however far the pointer jumped between events.
    for (int n = 0; n <= 100; ++n) {
        const glm::vec2 q = from + (to - from) * (static_cast<float>(n) / 100.0f);
        EXPECT_TRUE(solidAt(mask, static_cast<int>(q.x / h), static_cast<int>(q.y / h))) << n;
    }
}

TEST(ObstacleBrushTest, TinyBrushStillPaintsTheCellUnderThePointerAndOutsideIsHarmless)
{
    const SimParams p = grid(32);
    const float h = p.cellSize();
    Field mask = emptyMask(p);
    // A corner of cell (5, 7): the farthest point from its centre.
    EXPECT_EQ(paintDisc(mask, {5.0f * h + 1e-6f, 7.0f * h + 1e-6f}, 0.0f, h, 1.0f), 1);
    EXPECT_TRUE(solidAt(mask, 5, 7));
    EXPECT_EQ(paintStroke(mask, {-1.0f, -1.0f}, {-0.5f, 2.0f}, 0.1f, h, 1.0f), 0);
    EXPECT_EQ(paintStroke(mask, {std::nanf(""), 0.5f}, {0.5f, 0.5f}, 0.1f, h, 1.0f), 0);
    EXPECT_EQ(paintStroke(mask, {16.5f * h, 20.5f * h}, {16.5f * h, 20.5f * h}, std::nanf(""), h, 1.0f), 1)
        << "NaN radius: the one cell";
    EXPECT_EQ(paintStroke(mask, {1e30f, 1e30f}, {1e30f, 1e30f}, 1.0f, h, 1.0f), 0);
    // Partly outside: only the cells inside change.
    Field edge = emptyMask(p);
    const int changed = paintDisc(edge, {0.0f, 0.5f}, 0.2f, h, 1.0f);
    EXPECT_EQ(changed, countSolid(edge));
    EXPECT_GT(changed, 0);
}

}  // namespace
}  // namespace fluid

namespace fluid {
namespace {

// The outline (what the window draws) agrees with the mask (what the solvers
// use) cell by cell: solid exactly where the mask is, for every shape and on
// coarse and fine grids, so it changes how obstacles look and nothing else.
// Its values are 1/2 minus the signed distance in cells, clamped.
TEST(ObstacleOutlineTest, SolidWhereTheMaskIsSolidAndARampAcrossTheOutline)
{
    const Obstacle turned = plate({0.4f, 0.45f}, 0.3f, 0.05f, 30.0f);
    for (const Obstacle& body : {circle({0.3f, 0.52f}, 0.25f), turned, wing("2412", {0.5f, 0.5f}, 0.5f, 8.0f)})
        for (int n : {24, 64, 160}) {
            SCOPED_TRACE(std::string(toString(body.shape)) + " at " + std::to_string(n));
            const SimParams p = grid(n);
            const Field mask = obstacleMask(body, p).mask;
            Field outline = emptyMask(p);
            addObstacleOutline(outline, body, p.cellSize());
            int ramp = 0;
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    EXPECT_EQ(isSolid(outline.at(i, j)), isSolid(mask.at(i, j))) << i << "," << j;
                    EXPECT_GE(outline.at(i, j), kSolidThreshold - kOutlineReach);
                    EXPECT_LE(outline.at(i, j), kSolidThreshold + kOutlineReach);
                    const glm::vec2 centre((static_cast<float>(i) + 0.5f) * p.cellSize(),
                                           (static_cast<float>(j) + 0.5f) * p.cellSize());
                    const float cells = signedDistance(body, centre) / p.cellSize();
                    if (std::fabs(cells) < kOutlineReach) {
                        ++ramp;
                        EXPECT_NEAR(outline.at(i, j), kSolidThreshold - cells, 1e-4f);
                    }
                }
            EXPECT_GT(ramp, 0);
        }
    // The circle's distance is exact; the plate's, at its flat side and its corner.
    EXPECT_NEAR(signedDistance(circle({0.5f, 0.5f}, 0.2f), {0.5f, 0.75f}), 0.15f, 1e-6f);
    const Obstacle flat = plate({0.4f, 0.45f}, 0.3f, 0.05f, 0.0f);
    EXPECT_NEAR(signedDistance(flat, {0.4f, 0.45f + 0.1f}), 0.075f, 1e-6f);
    EXPECT_NEAR(signedDistance(flat, {0.4f + 0.15f + 0.03f, 0.45f + 0.025f + 0.04f}), 0.05f, 1e-6f);
    EXPECT_NEAR(signedDistance(flat, {0.4f, 0.45f}), -0.025f, 1e-6f);
}

// A mask's fluid cells take the body's ramp (outside values below 0, which
// the union keeps); its solid cells stay solid.
TEST(ObstacleOutlineTest, AddedToAMaskKeepsItsSolidCellsAndTheBodysOutsideRamp)
{
    const SimParams p = grid(32);
    Field outline = emptyMask(p);
    outline.at(0, 0) = 1.0f;
    const Obstacle body = circle({0.5f, 0.5f}, 0.25f);
    addObstacleOutline(outline, body, p.cellSize());
    EXPECT_EQ(outline.at(0, 0), 1.0f);
    float lowest = 1.0f;
    for (float v : outline.values()) lowest = std::min(lowest, v);
    EXPECT_EQ(lowest, kSolidThreshold - kOutlineReach);
}

}  // namespace
}  // namespace fluid
