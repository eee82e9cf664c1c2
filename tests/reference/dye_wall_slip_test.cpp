// The dye on a grid of its own reading the velocity as slipping at a box's
// walls (SimParams::dyeSlipsAtWalls: PassConstants::slipWalls in
// reference::mirroredVelocity and FaceVelocity's rules): a flow along the
// side walls, or onto one, carries the outermost dye column as it carries the
// columns beside it, where on the wall's own rule (the velocity falling to
// zero at the wall) that column lags and keeps old dye as a line along the
// wall. Both layouts. And MacCormack's dye beside a wall the flow presses
// on. GPU parity: tests/sim/scheme_parity_test.cpp (BoxFineDye,
// LidFineDyeSlip).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include <glm/vec2.hpp>

#include "reference/cpu_solver.hpp"

namespace fluid::reference {
namespace {

constexpr int kCells = 16;
constexpr int kDyeCells = 4 * kCells;  // the window's dye grid

SimParams alongTheWalls(Layout layout, bool slip)
{
    SimParams p;
    p.gridWidth = p.gridHeight = kCells;
    p.dyeGridWidth = kDyeCells;
    p.layout = layout;
    p.boundary = BoundaryMode::Box;
    p.dyeAdvection = DyeAdvection::SemiLagrangian;
    p.dyeDissipation = 0.0f;
    p.dyeSlipsAtWalls = slip;
    p.dt = 0.3f / kCells;  // 0.3 velocity cells a step at 1 m/s
    return p;
}

// The larger of a and b, NaN if either is: a NaN dye fails the tests' bounds.
float largerOrNan(float a, float b)
{
    return std::isnan(a) || std::isnan(b) ? std::nanf("") : std::max(a, b);
}

// The dye after one step of a uniform flow (every face, or every cell, at
// `flow` m/s), the dye first set by dyeAt(i, j).
template <typename DyeAt>
Field dyeAfterOneStep(Layout layout, bool slip, glm::vec2 flow, DyeAt dyeAt)
{
    const SimParams p = alongTheWalls(layout, slip);
    FluidState s = FluidState::zeros(fieldGrids(p));
    for (int j = 0; j < s.velocity.height(); ++j)
        for (int i = 0; i < s.velocity.width(); ++i) {
            s.velocity.at(i, j, 0) = flow.x;
            s.velocity.at(i, j, 1) = flow.y;
        }
    for (int j = 0; j < s.dye.height(); ++j)
        for (int i = 0; i < s.dye.width(); ++i) s.dye.at(i, j, 0) = dyeAt(i, j);
    CpuSolver cpu(p);
    cpu.upload(s);
    cpu.advectDye();
    return cpu.field(Slot::Dye);
}

// The largest difference, over the middle rows, between the dye of the
// outermost column (x = 0) and of column 8 (two velocity cells in) after one
// step of a flow of 1 m/s along y; the dye striped across the flow.
float outermostAgainstInner(Layout layout, bool slip)
{
    const Field dye = dyeAfterOneStep(layout, slip, {0.0f, 1.0f}, [](int, int j) {
        return static_cast<float>(
            0.5 + 0.5 * std::sin(2.0 * std::numbers::pi * 4.0 * (j + 0.5) / static_cast<double>(kDyeCells)));
    });
    float largest = 0.0f;
    for (int j = kDyeCells / 4; j < 3 * kDyeCells / 4; ++j)
        largest = largerOrNan(largest, std::abs(dye.at(0, j, 0) - dye.at(8, j, 0)));
    return largest;
}

enum class Wall { Left, Right, Bottom, Lid };
constexpr Wall kWalls[] = {Wall::Left, Wall::Right, Wall::Bottom, Wall::Lid};
const char* nameOf(Wall w)
{
    constexpr const char* names[] = {"left", "right", "bottom", "lid"};
    return names[static_cast<int>(w)];
}

// A flow of 1 m/s onto `wall` over dye that rises by 0.01 a dye cell away
// from it: how much further the dye cells two velocity cells in (8 from the
// wall) traced than the outermost ones, in dye cells (the largest along the
// middle of the wall). A flow onto a wall is where old dye lingers: dye
// arriving at the wall reaches the outermost cells last.
float outermostLagPressing(Layout layout, bool slip, Wall wall)
{
    constexpr float kRise = 0.01f;
    const bool across = wall == Wall::Left || wall == Wall::Right;  // the flow along x
    const bool far = wall == Wall::Right || wall == Wall::Lid;
    const glm::vec2 flow = (far ? 1.0f : -1.0f) * (across ? glm::vec2(1.0f, 0.0f) : glm::vec2(0.0f, 1.0f));
    // Dye cell (i, j) from the distance d to the wall and the place t along it.
    const auto cell = [&](int d, int t) {
        const int n = far ? kDyeCells - 1 - d : d;
        return across ? glm::ivec2(n, t) : glm::ivec2(t, n);
    };
    const auto distance = [&](int i, int j) {
        const int n = across ? i : j;
        return far ? kDyeCells - 1 - n : n;
    };
    const Field dye =
        dyeAfterOneStep(layout, slip, flow, [&](int i, int j) { return kRise * static_cast<float>(distance(i, j)); });
    const auto at = [&](int d, int t) { return dye.at(cell(d, t).x, cell(d, t).y, 0); };
    float largest = 0.0f;
    for (int t = kDyeCells / 4; t < 3 * kDyeCells / 4; ++t)
        largest = largerOrNan(largest, std::abs((at(8, t) - 8.0f * kRise) - at(0, t)) / kRise);
    return largest;
}

class DyeWallSlip : public ::testing::TestWithParam<Layout> {};

TEST_P(DyeWallSlip, TheOutermostDyeColumnMovesWithTheFlowBesideIt)
{
    const float slipping = outermostAgainstInner(GetParam(), true);
    const float noSlip = outermostAgainstInner(GetParam(), false);
    std::printf("[ measured ] %s: outermost column against the inner, slipping %.3g, no-slip %.3g\n",
                toString(GetParam()), slipping, noSlip);
    // Slipping, the same trace and the same reads: equal to float rounding.
    EXPECT_LE(slipping, 1e-6f);
    // No-slip, the outermost column traces a quarter as far (0.075 of a
    // velocity cell against 0.3, on stripes of 16 dye cells).
    EXPECT_GT(noSlip, 0.05f);
}

TEST_P(DyeWallSlip, TheOutermostDyeCellsMoveWithTheFlowPressingOnEachWall)
{
    for (const Wall wall : kWalls) {
        const float slipping = outermostLagPressing(GetParam(), true, wall);
        const float wallRule = outermostLagPressing(GetParam(), false, wall);
        std::printf(
            "[ measured ] %s, %s wall: the outermost cells' lag behind the inner ones, slipping %.3g, wall "
            "rule %.3g dye cells\n",
            toString(GetParam()), nameOf(wall), slipping, wallRule);
        // Slipping, the same trace (1.2 dye cells) and a bilinear read of a
        // ramp: equal within float rounding of values up to 0.6, whose ulp is
        // 6e-8, 6e-6 of a dye cell: 1e-4 allows a dozen.
        EXPECT_LE(slipping, 1e-4f) << nameOf(wall);
        // On the wall's rule the normal velocity falls to zero at the wall:
        // the outermost cells trace 1/8 as far (staggered: over the cell at
        // the wall) or 1/4 (collocated: over its half), 1.05 or 0.9 dye cells
        // short.
        EXPECT_GT(wallRule, 0.5f) << nameOf(wall);
    }
}

INSTANTIATE_TEST_SUITE_P(Layouts, DyeWallSlip, ::testing::Values(Layout::Collocated, Layout::Staggered),
                         [](const auto& layout) { return std::string(toString(layout.param)); });

// A flow pressing onto the left wall thins the dye into layers one dye cell
// thick along it. MacCormack's correction kept them as a dark line one cell
// in: after 20 steps that column lay up to 0.39 below the mean of its
// neighbours, the semi-Lagrangian dye's 0.145. Within half a velocity cell
// of a wall its stage keeps the forward value (advect_scalar.frag's
// besideWall): 0.19. Since the dye reads the flow onto the wall as it is one
// face in (the outermost columns no longer lag), 0.016 by MacCormack, 0.014
// semi-Lagrangian.
float troughOneCellIn(DyeAdvection scheme)
{
    SimParams p = alongTheWalls(Layout::Staggered, true);
    p.dyeAdvection = scheme;
    FluidState s = FluidState::zeros(fieldGrids(p));
    for (int j = 0; j < s.velocity.height(); ++j)
        for (int i = 0; i < s.velocity.width(); ++i) {
            s.velocity.at(i, j, 0) = -1.0f;
            s.velocity.at(i, j, 1) = 0.3f;
        }
    for (int j = 0; j < s.dye.height(); ++j)
        for (int i = 0; i < s.dye.width(); ++i)
            s.dye.at(i, j, 0) = 0.5f + 0.4f * std::sin(0.3f * static_cast<float>(i) + 0.2f * static_cast<float>(j));
    CpuSolver cpu(p);
    cpu.upload(s);
    for (int n = 0; n < 20; ++n) cpu.advectDye();
    const Field& dye = cpu.field(Slot::Dye);
    float deepest = 0.0f;
    for (int j = kDyeCells / 4; j < 3 * kDyeCells / 4; ++j)
        deepest = largerOrNan(deepest, 0.5f * (dye.at(0, j, 0) + dye.at(2, j, 0)) - dye.at(1, j, 0));
    return deepest;
}

TEST(DyeWallSlip, MacCormacksDyeDrawsNoLineAlongAWallTheFlowPressesOn)
{
    const float semiLagrangian = troughOneCellIn(DyeAdvection::SemiLagrangian);
    const float macCormack = troughOneCellIn(DyeAdvection::MacCormack);
    std::printf("[ measured ] the trough one dye cell in: semi-Lagrangian %.3f, MacCormack %.3f\n", semiLagrangian,
                macCormack);
    EXPECT_LE(macCormack, 1.5f * semiLagrangian);
    // No line either way: a tenth of the trough the wall's rule left.
    EXPECT_LE(semiLagrangian, 0.03f);
    EXPECT_LE(macCormack, 0.03f);
}

}  // namespace
}  // namespace fluid::reference
