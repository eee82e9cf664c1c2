// The staggered (MAC) layout on the CPU: its face rules, its passes on
// hand-checkable inputs, and the reason it exists: a converged pressure solve
// leaves no divergence behind, where the collocated layout's does.
#include <gtest/gtest.h>

#include <algorithm>
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
    const Field u = test::randomField(8, 8, 2, 7);
    const FaceVelocity faces(u, k);
    // The walls' own faces, stored or not, and beyond them.
    for (int j = 0; j < 8; ++j)
        for (int i : {-1, 0, 8, 9}) EXPECT_EQ(faces.u({i, j}), 0.0f) << i << ", " << j;
    for (int i = 0; i < 8; ++i)
        for (int j : {-1, 0, 8, 9}) EXPECT_EQ(faces.v({i, j}), 0.0f) << i << ", " << j;
    // Beyond the bottom wall -u; beyond the lid 2 U - u: the wall halfway moves at U.
    EXPECT_EQ(faces.u({3, -1}), -u.at(3, 0, 0));
    EXPECT_FLOAT_EQ(0.5f * (faces.u({3, 8}) + u.at(3, 7, 0)), 0.75f);
    EXPECT_EQ(faces.v({-1, 4}), -u.at(0, 4, 1));
    EXPECT_EQ(faces.v({8, 4}), -u.at(7, 4, 1));
    // Periodic: everything wraps, the stored faces at 0 included.
    const PassConstants wrap = makePassConstants(staggeredParams(8, BoundaryMode::Periodic));
    const FaceVelocity wrapped(u, wrap);
    EXPECT_EQ(wrapped.u({8, 2}), u.at(0, 2, 0));
    EXPECT_EQ(wrapped.v({5, -1}), u.at(5, 7, 1));
}

// FaceVelocity against the layout its header documents: cell (i, j) of the
// Field holds u at (i - 1/2, j) and v at (i, j - 1/2); inner faces read as
// stored; the wall faces read as the rules say whatever is stored; a pass
// writes through the shut rule.
TEST(FaceVelocity, StoredFacesArePairsPerCellAtTheLeftAndBottomFaces)
{
    const PassConstants k = makePassConstants(staggeredParams(6, BoundaryMode::Box, 0.5f));
    const Field u = test::randomField(6, 6, 2, 21);
    const FaceVelocity faces(u, k);
    EXPECT_EQ(FaceGrid::pointOfU({2, 3}), glm::vec2(1.5f, 3.0f));
    EXPECT_EQ(FaceGrid::pointOfV({2, 3}), glm::vec2(2.0f, 2.5f));
    for (int j = 0; j < 6; ++j) {
        const float* row = faces.row(j);
        for (int i = 0; i < 6; ++i) {
            ASSERT_EQ(faces.storedU({i, j}), u.at(i, j, 0)) << i << ", " << j;
            ASSERT_EQ(faces.storedV({i, j}), u.at(i, j, 1)) << i << ", " << j;
            ASSERT_EQ(row[2 * i], u.at(i, j, 0)) << i << ", " << j;
            ASSERT_EQ(row[2 * i + 1], u.at(i, j, 1)) << i << ", " << j;
            // Inner faces read as stored under the box's rules.
            if (i > 0) {
                ASSERT_EQ(faces.u({i, j}), u.at(i, j, 0)) << i << ", " << j;
            }
            if (j > 0) {
                ASSERT_EQ(faces.v({i, j}), u.at(i, j, 1)) << i << ", " << j;
            }
        }
    }
    EXPECT_EQ(faces.row(1) - faces.row(0), faces.stride());
    // The sampler's read clamps beyond a box's walls: no rule.
    EXPECT_EQ(faces.texel<0>({-2, 7}), u.at(0, 5, 0));
    EXPECT_EQ(faces.texel<1>({9, -1}), u.at(5, 0, 1));
}

TEST(FaceVelocity, RulesGiveTheWallsAndWrapWhatEverIsStored)
{
    Field u(6, 6, 2, 3.0f);  // nothing stored is a wall's value
    const PassConstants box = makePassConstants(staggeredParams(6, BoundaryMode::Box, 0.5f));
    const FaceVelocity faces(u, box);
    for (int j = 0; j < 6; ++j) {
        EXPECT_EQ(faces.u({0, j}), 0.0f) << j;  // the left wall's stored face
        EXPECT_EQ(faces.u({6, j}), 0.0f) << j;  // the right wall's, not stored
        EXPECT_EQ(faces.v({j, 0}), 0.0f) << j;  // the bottom wall's stored face
        EXPECT_EQ(faces.v({j, 6}), 0.0f) << j;  // the lid's, not stored
        EXPECT_EQ(faces.uRule({0, j}), 0.0f) << j;
    }
    EXPECT_EQ(faces.u({2, 6}), 2.0f * 0.5f - 3.0f);  // beyond the lid: 2 U - u
    // The tunnel's inflow face moves at the inflow speed.
    SimParams tunnelParams = staggeredParams(6, BoundaryMode::Tunnel);
    tunnelParams.inflowSpeed = 0.8f;
    const PassConstants tunnel = makePassConstants(tunnelParams);
    EXPECT_EQ(FaceVelocity(u, tunnel).u({0, 2}), tunnel.lidSpeed);
    // Periodic: a read beyond any edge is the stored face across the grid.
    for (int j = 0; j < 6; ++j)
        for (int i = 0; i < 6; ++i) u.at(i, j, 0) = static_cast<float>(10 * i + j), u.at(i, j, 1) = -u.at(i, j, 0);
    const PassConstants wrap = makePassConstants(staggeredParams(6, BoundaryMode::Periodic));
    const FaceVelocity wrapped(u, wrap);
    EXPECT_EQ(wrapped.u({0, 4}), u.at(0, 4, 0));
    EXPECT_EQ(wrapped.u({6, 4}), u.at(0, 4, 0));
    EXPECT_EQ(wrapped.u({-1, 4}), u.at(5, 4, 0));
    EXPECT_EQ(wrapped.v({3, -1}), u.at(3, 5, 1));
    EXPECT_EQ(wrapped.v({3, 6}), u.at(3, 0, 1));
}

TEST(FaceVelocity, WritesShutTheWallFacesAndPassTheOthers)
{
    Field out(6, 6, 2);
    const PassConstants box = makePassConstants(staggeredParams(6, BoundaryMode::Box));
    const FaceVelocityOut faces(out, box);
    faces.write({0, 3}, 5.0f, 6.0f);
    faces.write({3, 0}, 7.0f, 8.0f);
    faces.write({3, 3}, 9.0f, 10.0f);
    EXPECT_EQ(out.at(0, 3, 0), 0.0f);  // the left wall
    EXPECT_EQ(out.at(0, 3, 1), 6.0f);
    EXPECT_EQ(out.at(3, 0, 0), 7.0f);
    EXPECT_EQ(out.at(3, 0, 1), 0.0f);  // the bottom wall
    EXPECT_EQ(out.at(3, 3, 0), 9.0f);
    EXPECT_EQ(out.at(3, 3, 1), 10.0f);
    // Periodic grids have no walls: every face takes its value.
    const PassConstants wrap = makePassConstants(staggeredParams(6, BoundaryMode::Periodic));
    FaceVelocityOut(out, wrap).write({0, 0}, 1.0f, 2.0f);
    EXPECT_EQ(out.at(0, 0, 0), 1.0f);
    EXPECT_EQ(out.at(0, 0, 1), 2.0f);
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

// The confinement's limit on the faces themselves (vorticity.frag's
// faceLimit): faces in an odd-even pattern, whose two sides cancel at every
// cell's centre where the cell-centred limiter looks, under the flags'
// largest confinement. No face's component comes out larger than the largest
// of that component on the face and its four neighbours (raw texels, clamped
// at a wall or wrapped) going in, through either form of the pass.
TEST(StaggeredPasses, ConfinementRaisesNoFaceAboveTheLargestOfItsNeighbours)
{
    constexpr int n = 16;
    for (const BoundaryMode mode : {BoundaryMode::Box, BoundaryMode::Periodic})
        for (const bool perCell : {false, true}) {
            SimParams p = staggeredParams(n, mode);
            p.vorticity = SimLimits::kMaxVorticity;
            const PassConstants k = makePassConstants(p);
            Field u = test::randomField(n, n, 2, 11, 0.2f);
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    u.at(i, j, 0) += (i % 2 == 0 ? 1.0f : -1.0f);
                    u.at(i, j, 1) += (j % 2 == 0 ? 1.0f : -1.0f);
                }
            const Exec exec{.perCell = perCell};
            Field w(n, n, 1);
            staggered::curl(u, w, k, exec);
            Field out(n, n, 2);
            staggered::vorticity(u, w, out, k, exec);
            const auto texel = [&](int i, int j, int component) {
                const bool periodic = mode == BoundaryMode::Periodic;
                i = periodic ? (i + n) % n : std::clamp(i, 0, n - 1);
                j = periodic ? (j + n) % n : std::clamp(j, 0, n - 1);
                return std::abs(u.at(i, j, component));
            };
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    for (int c = 0; c < 2; ++c) {
                        const float limit = std::max({texel(i, j, c), texel(i - 1, j, c), texel(i + 1, j, c),
                                                      texel(i, j - 1, c), texel(i, j + 1, c)});
                        ASSERT_LE(std::abs(out.at(i, j, c)), limit)
                            << toString(mode) << (perCell ? ", per face" : ", by rows") << ": face " << c << " of ("
                            << i << ", " << j << ") from " << u.at(i, j, c);
                    }
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
