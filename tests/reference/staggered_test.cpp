// The staggered (MAC) layout on the CPU: its face rules, its passes on
// hand-checkable inputs, and the reason it exists: a converged pressure solve
// leaves no divergence behind, where the collocated layout's does.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/boundary.hpp"
#include "reference/cpu_solver.hpp"
#include "reference/passes.hpp"
#include "reference/staggered.hpp"
#include "support/fields.hpp"

namespace fluid::reference {
namespace {

SimParams staggeredParams(int n, BoundaryMode mode, float lid = 0.0f)
{
    SimParams p;
    p.gridWidth = p.gridHeight = n;
    p.boundary = mode;
    p.lidSpeed = lid;
    p.layout = Layout::Staggered;
    return p;
}

TEST(StaggeredRules, WallFacesReadZeroAndTangentialGhostsMirrorAsTheCollocatedRule)
{
    const PassConstants k = makePassConstants(staggeredParams(8, BoundaryMode::Box, 0.75f));
    Field u = test::randomField(8, 8, 2, 7);
    // The walls' own faces, stored or not, and beyond them.
    for (int j = 0; j < 8; ++j)
        for (int i : {-1, 0, 8, 9}) EXPECT_EQ(staggered::faceU(u, {i, j}, k), 0.0f) << i << ", " << j;
    for (int i = 0; i < 8; ++i)
        for (int j : {-1, 0, 8, 9}) EXPECT_EQ(staggered::faceV(u, {i, j}, k), 0.0f) << i << ", " << j;
    // Beyond the bottom wall -u; beyond the lid 2 U - u: the wall halfway moves at U.
    EXPECT_EQ(staggered::faceU(u, {3, -1}, k), -u.at(3, 0, 0));
    EXPECT_FLOAT_EQ(0.5f * (staggered::faceU(u, {3, 8}, k) + u.at(3, 7, 0)), 0.75f);
    EXPECT_EQ(staggered::faceV(u, {-1, 4}, k), -u.at(0, 4, 1));
    EXPECT_EQ(staggered::faceV(u, {8, 4}, k), -u.at(7, 4, 1));
    // Periodic: everything wraps, the stored faces at 0 included.
    const PassConstants wrap = makePassConstants(staggeredParams(8, BoundaryMode::Periodic));
    EXPECT_EQ(staggered::faceU(u, {8, 2}, wrap), u.at(0, 2, 0));
    EXPECT_EQ(staggered::faceV(u, {5, -1}, wrap), u.at(5, 7, 1));
}

TEST(StaggeredPasses, DivergenceIsTheCompactDifferenceOfTheCellsFaces)
{
    const PassConstants k = makePassConstants(staggeredParams(8, BoundaryMode::Periodic));
    const Field u = test::randomField(8, 8, 2, 3);
    Field div(8, 8, 1);
    divergence(u, div, k);
    for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 8; ++i) {
            const float expected =
                ((u.at((i + 1) % 8, j, 0) - u.at(i, j, 0)) + (u.at(i, (j + 1) % 8, 1) - u.at(i, j, 1))) *
                k.inverseCellSize;
            ASSERT_EQ(div.at(i, j), expected) << i << ", " << j;
        }
}

TEST(StaggeredPasses, UniformFlowCarriesEachFaceExactlyOneCellPerStep)
{
    // Periodic, u = 1 cell per step everywhere: each face's trace ends on the
    // face one cell upstream, where the bilinear read is that face exactly.
    SimParams p = staggeredParams(16, BoundaryMode::Periodic);
    p.dt = p.cellSize();  // dt / h = 1 s/m: one cell per step at 1 m/s
    const PassConstants k = makePassConstants(p);
    Field velocity(16, 16, 2);
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) velocity.at(i, j, 0) = 1.0f;
    Field carried = test::randomField(16, 16, 2, 11);
    Field out(16, 16, 2);
    advect(velocity, carried, true, 1.0f, out, k);
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) {
            ASSERT_EQ(out.at(i, j, 0), carried.at((i + 15) % 16, j, 0)) << i << ", " << j;
            ASSERT_EQ(out.at(i, j, 1), carried.at((i + 15) % 16, j, 1)) << i << ", " << j;
        }
}

TEST(StaggeredPasses, APointSplatPushesTheFacesEitherSideOfItsCellAlike)
{
    const PassConstants k = makePassConstants(staggeredParams(16, BoundaryMode::Box));
    SplatInCells s;
    s.from = {7.0f, 9.0f};  // the centre of cell (7, 9)
    s.inverseRadius = 0.5f;
    const Field zero(16, 16, 2);
    Field out(16, 16, 2);
    staggered::splat(zero, s, {2.0f, -1.0f}, out, k, {});
    EXPECT_GT(out.at(7, 9, 0), 1.0f);
    EXPECT_EQ(out.at(7, 9, 0), out.at(8, 9, 0));   // u faces at x = 6.5 and 7.5
    EXPECT_EQ(out.at(7, 9, 1), out.at(7, 10, 1));  // v faces at y = 8.5 and 9.5
    EXPECT_FLOAT_EQ(out.at(7, 9, 1), -0.5f * out.at(7, 9, 0));
    for (int j = 0; j < 16; ++j) EXPECT_EQ(out.at(0, j, 0), 0.0f);  // the left wall's faces stay shut
}

// Projects a random velocity with a converged pressure solve (Jacobi sweeps
// until the residual stalls at float rounding) and returns max |div| after,
// relative to before. 25 cells: on an even periodic grid the checkerboard is a
// mode Jacobi never damps (its factor is -1).
double divergenceLeftByAConvergedProjection(Layout layout, BoundaryMode mode)
{
    constexpr int n = 25;
    SimParams p = staggeredParams(n, mode);
    p.layout = layout;
    const PassConstants k = makePassConstants(p);
    const Field u = test::randomField(n, n, 2, 5);
    Field div(n, n, 1);
    divergence(u, div, k);
    const double before = test::maxAbs(div);
    Field pressureField(n, n, 1);
    Field scratch(n, n, 1);
    for (int sweep = 0; sweep < 8000; ++sweep) {
        pressure(pressureField, div, scratch, k);
        pressureField.swap(scratch);
    }
    Field projected(n, n, 2);
    gradient(u, pressureField, projected, k);
    divergence(projected, div, k);
    return test::maxAbs(div) / before;
}

TEST(StaggeredProjection, AConvergedSolveLeavesNoDivergenceWhereTheCollocatedOneLeavesMuch)
{
    // Staggered: the divergence of the gradient is the Laplacian the solve
    // inverts, so what remains is the solve's own residual (float rounding of
    // sums of O(1) terms over 8000 sweeps: ~1e-5 of the start).
    // The tunnel too: its outflow face carries what empties the last column,
    // and its pressure there is held at 0 (Dirichlet).
    for (BoundaryMode mode :
         {BoundaryMode::Box, BoundaryMode::Periodic, BoundaryMode::Tunnel, BoundaryMode::TunnelWalls}) {
        EXPECT_LT(divergenceLeftByAConvergedProjection(Layout::Staggered, mode), 1e-4) << toString(mode);
        // Collocated: divergence and gradient span 2h, the Laplacian h; the
        // checkerboard part of the field is invisible to one and not the other.
        EXPECT_GT(divergenceLeftByAConvergedProjection(Layout::Collocated, mode), 0.1) << toString(mode);
    }
}

TEST(StaggeredProjection, AStepOfTheSolverKeepsTheWallsShutAndTheFlowNearlyDivergenceFree)
{
    SimParams p = staggeredParams(32, BoundaryMode::Box, 1.0f);
    p.multigridCycles = 4;
    CpuSolver solver(p, 1);
    Splat s;
    s.velocity = {3.0f, 1.0f};
    s.radius = 0.1f;
    for (int n = 0; n < 20; ++n) solver.step(std::span(&s, 1));
    const FluidState state = solver.download();
    for (int j = 0; j < 32; ++j) ASSERT_EQ(state.velocity.at(0, j, 0), 0.0f);
    for (int i = 0; i < 32; ++i) ASSERT_EQ(state.velocity.at(i, 0, 1), 0.0f);
    Field div(32, 32, 1);
    divergence(state.velocity, div, solver.constants());
    EXPECT_LT(test::maxAbs(div) * p.cellSize() / test::maxAbs(state.velocity), 1e-3);
}

}  // namespace
}  // namespace fluid::reference
