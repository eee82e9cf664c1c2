// CPU reference passes on hand-checkable inputs: the boundary rules, exact
// stencils on linear fields, and independence from the thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

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
    const glm::vec2 average =
        0.25f * (corner + velocityAt(u, {0, -1}, k) + velocityAt(u, {-1, 0}, k) + load2(u, {0, 0}));
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
            u.at(i, j, 0) = 2.0f * x + 3.0f * y;   // du/dx = 2, du/dy = 3
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

// The brush kernel (src/core/splat.hpp) on a 64 x 64 grid of unit cells (the
// domain is 64 m wide, so metres are cells): a splat of radius 3 away from the
// walls, where sums over cells are the kernel's integral (a Gaussian of radius
// 3 sampled on unit spacing sums to its integral within exp(-(pi r)^2) ~ 1e-38).
struct KernelGrid {
    PassConstants k;
    Field zero{64, 64, 4};
    KernelGrid()
    {
        SimParams p;
        p.gridWidth = p.gridHeight = 64;
        p.domainWidth = 64.0f;
        k = makePassConstants(p);
    }
    // The field after one splat of `value` along from -> to (cell coordinates).
    Field splatted(glm::vec2 from, glm::vec2 to, float value, const Field* onto = nullptr) const
    {
        Splat s;
        s.from = from + 0.5f;  // cell centres sit at (i + 0.5) h
        s.to = to + 0.5f;
        s.radius = 3.0f;
        Field out(64, 64, 4);
        splat(onto ? *onto : zero, toCells(s, k), glm::vec4(value), out, k);
        return out;
    }
    static double sum(const Field& f)
    {
        double total = 0.0;
        for (int j = 0; j < 64; ++j)
            for (int i = 0; i < 64; ++i) total += static_cast<double>(f.at(i, j));
        return total;
    }
};

TEST(Passes, PointSplatIsAGaussianOfRadiusR)
{
    const KernelGrid g;
    const Field out = g.splatted({30.0f, 20.0f}, {30.0f, 20.0f}, 0.5f);
    EXPECT_FLOAT_EQ(out.at(30, 20, 0), 0.5f);
    EXPECT_NEAR(out.at(33, 20, 1), 0.5f * std::exp(-1.0f), 1e-7f);  // r = 3 cells away
    EXPECT_NEAR(out.at(30, 26, 2), 0.5f * std::exp(-4.0f), 1e-7f);  // 2 r away
}

// K integrates to pi r^2 whatever the segment's length: a stroke deposits what
// the brush says, not more when it moves fast. The erf approximation is good to
// 1.5e-7 absolute, hence the 1e-5 bound.
TEST(Passes, SplatKernelIntegratesToPiRSquaredForAnyLength)
{
    const KernelGrid g;
    const double piR2 = 3.14159265358979 * 9.0;
    for (float length : {0.0f, 0.02f, 1.0f, 3.0f, 12.0f, 30.0f}) {
        const Field out = g.splatted({17.0f, 31.0f}, {17.0f + length * 0.8f, 31.0f + length * 0.6f}, 1.0f);
        EXPECT_NEAR(KernelGrid::sum(out) / piR2, 1.0, 1e-5) << "segment of " << length << " cells";
    }
}

// A stroke cut into pieces, each splat scaled by its share of the length, adds
// up to the whole stroke: the field does not depend on how often the pointer
// was sampled. (A capsule kernel, max over the segment, fails this by ~2x at
// every joint.)
TEST(Passes, SplatPiecesAddUpToTheWholeSegment)
{
    const KernelGrid g;
    const glm::vec2 a(12.0f, 30.0f), b(50.0f, 34.0f);
    const Field whole = g.splatted(a, b, 1.0f);
    Field pieces = g.zero;
    const float cuts[] = {0.0f, 0.1f, 0.45f, 0.5f, 1.0f};
    for (int n = 0; n + 1 < 5; ++n) {
        const glm::vec2 p = a + cuts[n] * (b - a), q = a + cuts[n + 1] * (b - a);
        pieces = g.splatted(p, q, cuts[n + 1] - cuts[n], &pieces);
    }
    float worst = 0.0f;
    for (int j = 0; j < 64; ++j)
        for (int i = 0; i < 64; ++i) worst = std::max(worst, std::fabs(whole.at(i, j) - pieces.at(i, j)));
    // Each value is ~0.14 at most (sqrt(pi) r / length); erf is good to 1.5e-7.
    EXPECT_LT(worst, 2e-6f);
    // Along a long segment, K = sqrt(pi) r / length across its middle.
    EXPECT_NEAR(whole.at(31, 32, 0), 1.7724539f * 3.0f / glm::length(b - a), 1e-3f);
}

// A splat is drawn over the cells it reaches (splatReach), no further: beyond
// them the kernel, at the cells' centres and at the staggered layout's faces
// half a cell off, is under exp(-4.5^2) of its peak, and the field is left
// bit for bit as it was.
TEST(Passes, ASplatLeavesTheCellsBeyondItsReachAsTheyAre)
{
    const KernelGrid g;
    Field ones(64, 64, 4);
    for (float& x : ones.values()) x = 1.0f;
    // What is dropped is under what float32 resolves beside the peak (2^-24).
    const float bound = std::exp(-kSplatReachRadii * kSplatReachRadii);
    EXPECT_LT(bound, 0x1p-24f);
    // Off the cells' centres, so that a face half a cell inside the reach's
    // edge is nearer than kSplatReachRadii radii.
    for (const glm::vec2 to : {glm::vec2(30.3f, 20.6f), glm::vec2(41.2f, 28.7f)}) {
        const glm::vec2 from(30.3f, 20.6f);
        const Field out = g.splatted(from, to, 0.25f, &ones);
        Splat s;
        s.from = from + 0.5f;
        s.to = to + 0.5f;
        s.radius = 3.0f;
        const SplatInCells cells = toCells(s, g.k);
        const CellBlock reach = splatReach(cells, 64, 64);
        ASSERT_FALSE(reach.empty());
        ASSERT_LT(reach.end.x - reach.begin.x, 64) << "the test needs cells beyond the reach";
        int changed = 0;
        for (int j = 0; j < 64; ++j)
            for (int i = 0; i < 64; ++i) {
                const glm::vec2 centre(static_cast<float>(i), static_cast<float>(j));
                if (reach.contains({i, j})) {
                    changed += out.at(i, j, 0) != 1.0f;
                    continue;
                }
                for (const glm::vec2 point : {centre, centre - glm::vec2(0.5f, 0.0f), centre - glm::vec2(0.0f, 0.5f)})
                    ASSERT_LT(splatWeightAt(cells, point), bound) << i << "," << j;
                ASSERT_EQ(out.at(i, j, 0), 1.0f) << i << "," << j;
            }
        EXPECT_GT(changed, 100) << "the splat changed the cells it reaches";
    }
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
