// CPU reference passes on hand-checkable inputs: the boundary rules, exact
// stencils on linear fields, and independence from the thread count.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/boundary.hpp"
#include "reference/cpu_solver.hpp"
#include "reference/passes.hpp"
#include "support/fields.hpp"

namespace fluid::reference {
namespace {

PassConstants constantsFor(int w, int h, BoundaryMode mode, float lid = 0.0f)
{
    SimParams p;
    p.gridWidth = w;
    p.gridHeight = h;
    p.boundary = mode;
    p.lidSpeed = lid;
    return makePassConstants(p);
}

TEST(Boundary, NoSlipGhostIsMinusMirrorAndLidAddsTwiceItsSpeed)
{
    const PassConstants k = constantsFor(8, 8, BoundaryMode::Box, 0.75f);
    Field u(8, 8, 2);
    u.at(0, 3, 0) = 0.5f;
    u.at(0, 3, 1) = -0.25f;
    u.at(5, 7, 0) = 0.25f;
    EXPECT_EQ(velocityAt(u, {-1, 3}, k), glm::vec2(-0.5f, 0.25f));
    EXPECT_EQ(velocityAt(u, {0, 3}, k), glm::vec2(0.5f, -0.25f));
    // Top ghost: 2U - u, so the wall face between moves at U = 0.75.
    EXPECT_EQ(velocityAt(u, {5, 8}, k), glm::vec2(1.5f - 0.25f, 0.0f));
    EXPECT_FLOAT_EQ(0.5f * (velocityAt(u, {5, 8}, k).x + u.at(5, 7, 0)), 0.75f);
}

// Mirrored across both walls, a corner ghost flips sign twice: the four values
// around the corner point average to zero, as no-slip demands there.
TEST(Boundary, CornerGhostMirrorsAcrossBothWalls)
{
    const PassConstants k = constantsFor(8, 8, BoundaryMode::Box);
    Field u(8, 8, 2);
    u.at(0, 0, 0) = 0.5f;
    u.at(0, 0, 1) = 0.25f;
    const glm::vec2 corner = velocityAt(u, {-1, -1}, k);
    EXPECT_EQ(corner, glm::vec2(0.5f, 0.25f));
    const glm::vec2 average = 0.25f * (corner + velocityAt(u, {0, -1}, k) + velocityAt(u, {-1, 0}, k) + load2(u, {0, 0}));
    EXPECT_EQ(average, glm::vec2(0.0f));
}

TEST(Boundary, ScalarGhostRepeatsMirrorAndPeriodicWraps)
{
    Field s(8, 6, 1);
    for (int j = 0; j < 6; ++j)
        for (int i = 0; i < 8; ++i) s.at(i, j) = static_cast<float>(10 * i + j);
    const PassConstants box = constantsFor(8, 6, BoundaryMode::Box);
    const PassConstants wrap = constantsFor(8, 6, BoundaryMode::Periodic);
    EXPECT_EQ(scalar1At(s, {-1, 2}, box), s.at(0, 2));
    EXPECT_EQ(scalar1At(s, {8, 6}, box), s.at(7, 5));
    EXPECT_EQ(scalar1At(s, {-1, 2}, wrap), s.at(7, 2));
    EXPECT_EQ(scalar1At(s, {8, 6}, wrap), s.at(0, 0));
    EXPECT_EQ(scalar1At(s, {-17, -13}, wrap), s.at(7, 5));  // far back-traces wrap too
}

// Central differences are exact on linear fields away from the walls.
TEST(Passes, DivergenceAndCurlOfLinearFieldsAreExact)
{
    const PassConstants k = constantsFor(16, 16, BoundaryMode::Box);
    Field u(16, 16, 2);
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) {
            const float x = (static_cast<float>(i) + 0.5f) * k.cellSize;
            const float y = (static_cast<float>(j) + 0.5f) * k.cellSize;
            u.at(i, j, 0) = 2.0f * x + 3.0f * y;  // du/dx = 2, du/dy = 3
            u.at(i, j, 1) = -5.0f * x + 7.0f * y;  // dv/dx = -5, dv/dy = 7
        }
    Field div(16, 16, 1), w(16, 16, 1);
    divergence(u, div, k);
    curl(u, w, k);
    for (int j = 1; j < 15; ++j)
        for (int i = 1; i < 15; ++i) {
            EXPECT_NEAR(div.at(i, j), 9.0f, 1e-4f) << i << "," << j;
            EXPECT_NEAR(w.at(i, j), -8.0f, 1e-4f) << i << "," << j;
        }
}

TEST(Passes, SplatPeaksAtTheSegmentAndFallsOffAsGaussian)
{
    const PassConstants k = constantsFor(32, 32, BoundaryMode::Box);
    Field dye(32, 32, 4);
    Field out(32, 32, 4);
    SplatInCells s{{8.0f, 10.0f}, {20.0f, 10.0f}, 4.0f};  // r = 2 cells
    splat(dye, s, {1.0f, 0.5f, 0.25f, 0.0f}, out, k);
    EXPECT_FLOAT_EQ(out.at(8, 10, 0), 1.0f);
    EXPECT_FLOAT_EQ(out.at(14, 10, 1), 0.5f);  // on the segment
    EXPECT_FLOAT_EQ(out.at(20, 10, 2), 0.25f);
    EXPECT_NEAR(out.at(14, 12, 0), std::exp(-1.0f), 1e-6f);  // 2 cells off = r
    EXPECT_NEAR(out.at(22, 10, 0), std::exp(-1.0f), 1e-6f);  // 2 cells past the end
    EXPECT_EQ(out.at(14, 10, 3), 0.0f);
}

// The reference is multi-threaded; each cell is computed alone, so any thread
// count must give bit-identical results.
TEST(CpuSolver, ResultsDoNotDependOnThreadCount)
{
    SimParams p;
    p.gridWidth = 40;
    p.gridHeight = 24;
    p.vorticity = 2.0f;
    p.viscosity = 1e-3f;
    const FluidState start = test::randomState(40, 24, 7);
    Splat s;
    s.velocity = {1.0f, 0.0f};
    s.dye = {1.0f, 1.0f, 1.0f};

    CpuSolver one(p, 1), three(p, 3);
    one.upload(start);
    three.upload(start);
    for (int n = 0; n < 5; ++n) {
        one.step({&s, 1});
        three.step({&s, 1});
    }
    EXPECT_EQ(one.state().velocity.values(), three.state().velocity.values());
    EXPECT_EQ(one.state().pressure.values(), three.state().pressure.values());
    EXPECT_EQ(one.state().dye.values(), three.state().dye.values());
}

TEST(CpuSolver, RejectsBadParametersAndShapes)
{
    SimParams bad;
    bad.dt = 0.0f;
    EXPECT_THROW(CpuSolver{bad}, std::invalid_argument);

    SimParams p;
    p.gridWidth = p.gridHeight = 16;
    CpuSolver solver(p);
    EXPECT_THROW(solver.upload(FluidState::zeros(16, 17)), std::invalid_argument);
    SimParams resized = p;
    resized.gridWidth = 32;
    EXPECT_THROW(solver.setParams(resized), std::invalid_argument);
}

}  // namespace
}  // namespace fluid::reference
