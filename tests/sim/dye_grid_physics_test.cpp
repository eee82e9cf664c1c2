// The dye on its own grid moves with the flow, on both solvers. In the steady
// periodic shear u = (U sin(2 pi y / L), 0), a dye blob centred on the line
// where u = 0 has its centre stay put (the velocity at the dye cells must be
// the velocity there: a dye grid read half a cell off would carry the blob at
// U 2 pi (h/2) / L), and one on the crest moves at U (the trace must be in the
// dye grid's cells). Dye grids equal to, 3x finer and 2x coarser than the velocity's.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "support/backends.hpp"
#include "support/fields.hpp"

namespace fluid::test {
namespace {

template <typename Solver>
class DyeGridPhysics : public OnBothBackends<Solver> {
};
TYPED_TEST_SUITE(DyeGridPhysics, BothSolvers);

constexpr float kSpeed = 1.0f;  // U, m/s
constexpr float kPi = 3.14159265f;

SimParams shearParams(int dyeGridWidth)
{
    SimParams p;
    p.gridWidth = 32;
    p.gridHeight = 32;
    p.domainWidth = 1.0f;
    p.dyeGridWidth = dyeGridWidth;
    p.boundary = BoundaryMode::Periodic;
    p.viscosity = 0.0f;  // the shear is then steady: advection and projection leave it
    p.dt = 1.0f / 60.0f;
    // The centroid moves by u t exactly only under the semi-Lagrangian read, a
    // convolution whose weights sum to one; MacCormack's limiter is not
    // conservative (docs/validation.md §8: a blob 0.8 cells wide on the coarse
    // dye grid lags 0.047 m in a quarter second). These tests are about the
    // grids' geometry, so they pin that scheme.
    p.advection = AdvectionScheme::SemiLagrangian;
    return p;
}

// Dye centroid, m, in x (the blob stays far from the periodic seam).
double centroidX(const Field& dye, double cellSize)
{
    double mass = 0.0, moment = 0.0;
    for (int j = 0; j < dye.height(); ++j)
        for (int i = 0; i < dye.width(); ++i) {
            const double m = dye.at(i, j, 0);
            mass += m;
            moment += m * (i + 0.5) * cellSize;
        }
    return moment / mass;
}

// Runs `steps` steps of the shear with a Gaussian blob (radius 0.05 m) at
// (0.5, y0); returns how far its centre moved in x, m.
template <typename Solver>
double blobDrift(int dyeGridWidth, float y0, int steps)
{
    const SimParams p = shearParams(dyeGridWidth);
    Solver solver = makeSolver<Solver>(p);
    FluidState state = FluidState::zeros(solver.grids());
    const float h = p.cellSize();
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i)
            state.velocity.at(i, j, 0) = kSpeed * std::sin(2.0f * kPi * (static_cast<float>(j) + 0.5f) * h);
    const double hd = static_cast<double>(p.domainWidth) / state.dye.width();
    for (int j = 0; j < state.dye.height(); ++j)
        for (int i = 0; i < state.dye.width(); ++i) {
            const double x = (i + 0.5) * hd - 0.5, y = (j + 0.5) * hd - y0;
            state.dye.at(i, j, 0) = static_cast<float>(std::exp(-(x * x + y * y) / (0.05 * 0.05)));
        }
    const double before = centroidX(state.dye, hd);
    solver.upload(state);
    for (int n = 0; n < steps; ++n) solver.step();
    const Field dye = solver.download().dye;
    EXPECT_TRUE(std::isfinite(maxAbs(dye)));
    const double drift = centroidX(dye, hd) - before;
    std::printf("  dye grid %d, y0 %.2f: drift %.5f m\n", dyeGridWidth, static_cast<double>(y0), drift);
    return drift;
}

TYPED_TEST(DyeGridPhysics, ABlobWhereTheShearIsZeroStaysPut)
{
    const double h = 1.0 / 32;
    for (const int dyeGrid : {0, 96, 16}) {
        // y0 = 0.5: u = 0 there, the shear strongest; one second of flow.
        const double drift = blobDrift<TypeParam>(dyeGrid, 0.5f, 60);
        // Half a velocity cell off would drift 2 pi (h/2) U t = 0.098 m.
        EXPECT_LT(std::fabs(drift), 0.05 * h) << "dye grid " << dyeGrid << ": drift " << drift << " m";
    }
}

TYPED_TEST(DyeGridPhysics, ABlobOnTheCrestMovesAtTheFlowSpeed)
{
    for (const int dyeGrid : {0, 96, 16}) {
        // y0 = 0.25 + h/2 ... the crest (u = U) lies between cell centres; a
        // quarter second of flow: 0.25 m.
        const double drift = blobDrift<TypeParam>(dyeGrid, 0.25f, 15);
        // The blob (radius 0.05 m) spans the crest, where u falls as
        // cos(2 pi d / L) ~ 1 - 2 pi^2 d^2: about 5% slower on average.
        EXPECT_NEAR(drift, 0.25 * kSpeed, 0.025) << "dye grid " << dyeGrid;
    }
}

}  // namespace
}  // namespace fluid::test
