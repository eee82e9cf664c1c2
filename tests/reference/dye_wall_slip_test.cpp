// The dye on a grid of its own reading the velocity as slipping at a box's
// walls (SimParams::dyeSlipsAtWalls: PassConstants::slipWalls in
// reference::mirroredVelocity and FaceVelocity's rules): a flow along the
// side walls carries the outermost dye column as it carries the columns
// beside it, where on the no-slip rule (the velocity falling to zero over the
// half cell at the wall) that column lags and keeps old dye as a line along
// the wall. Both layouts. And MacCormack's dye beside a wall the flow presses
// on. GPU parity: tests/sim/scheme_parity_test.cpp (BoxFineDye,
// LidFineDyeSlip).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

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

// The largest difference, over the middle rows, between the dye of the
// outermost column (x = 0) and of column 8 (two velocity cells in) after one
// step of a flow of 1 m/s along y; the dye striped across the flow.
float outermostAgainstInner(Layout layout, bool slip)
{
    const SimParams p = alongTheWalls(layout, slip);
    FluidState s = FluidState::zeros(fieldGrids(p));
    for (int j = 0; j < s.velocity.height(); ++j)
        for (int i = 0; i < s.velocity.width(); ++i) s.velocity.at(i, j, 1) = 1.0f;
    for (int j = 0; j < s.dye.height(); ++j)
        for (int i = 0; i < s.dye.width(); ++i)
            s.dye.at(i, j, 0) = static_cast<float>(
                0.5 + 0.5 * std::sin(2.0 * std::numbers::pi * 4.0 * (j + 0.5) / static_cast<double>(kDyeCells)));
    CpuSolver cpu(p);
    cpu.upload(s);
    cpu.advectDye();
    const Field& dye = cpu.field(Slot::Dye);
    float largest = 0.0f;
    for (int j = kDyeCells / 4; j < 3 * kDyeCells / 4; ++j)
        largest = std::max(largest, std::abs(dye.at(0, j, 0) - dye.at(8, j, 0)));
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

INSTANTIATE_TEST_SUITE_P(Layouts, DyeWallSlip, ::testing::Values(Layout::Collocated, Layout::Staggered),
                         [](const auto& layout) { return std::string(toString(layout.param)); });

// A flow pressing onto the left wall thins the dye into layers one dye cell
// thick along it. MacCormack's correction kept them as a dark line one cell
// in: after 20 steps that column lay up to 0.39 below the mean of its
// neighbours, the semi-Lagrangian dye's 0.145. Within half a velocity cell
// of a wall its stage keeps the forward value (advect_scalar.frag's
// besideWall): 0.19.
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
        deepest = std::max(deepest, 0.5f * (dye.at(0, j, 0) + dye.at(2, j, 0)) - dye.at(1, j, 0));
    return deepest;
}

TEST(DyeWallSlip, MacCormacksDyeDrawsNoLineAlongAWallTheFlowPressesOn)
{
    const float semiLagrangian = troughOneCellIn(DyeAdvection::SemiLagrangian);
    const float macCormack = troughOneCellIn(DyeAdvection::MacCormack);
    std::printf("[ measured ] the trough one dye cell in: semi-Lagrangian %.3f, MacCormack %.3f\n", semiLagrangian,
                macCormack);
    EXPECT_LE(macCormack, 1.5f * semiLagrangian);
}

}  // namespace
}  // namespace fluid::reference
