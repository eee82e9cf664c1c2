// The pressure Jacobi converges to the direct solution of its Poisson matrix,
// on both solvers (typed tests: one body, run once on CpuSolver and once on
// GpuSolver); item 4 of physics_test.cpp's list.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

#include "core/field.hpp"
#include "core/sim_params.hpp"
#include "sim/physics_support.hpp"
#include "support/backends.hpp"
#include "support/fields.hpp"

namespace fluid {
namespace {

using test::backendName;
using test::centre;
using test::divergenceOf;
using test::kPi;
using test::makeSolver;
using test::maxAbs;
using test::nanMax;
using test::sampleVelocity;
using test::toSize;

// ---------------------------------------------------------------------------
// 4. Pressure Jacobi against a direct solve
// ---------------------------------------------------------------------------
//
// The Poisson matrix the Jacobi sweep of pressure.frag iterates on, written
// from the boundary rule: (sum over the 4 neighbours of p_nb - p) / h^2 = div,
// where a neighbour beyond a wall is the cell itself (pure Neumann: mirror
// ghost) and a periodic neighbour wraps. Solved in double with the constant
// null space pinned (p_0 = 0) for a zero-mean divergence; compared after
// removing the mean of each.
//
// Float32 Jacobi: each sweep rounds p to ~2^-24 |p|; the iteration damps an
// error by at worst rho ~ 0.98 per sweep (box 12x10: (1 + cos(pi/12)) / 2), so
// rounding settles near eps / (1 - rho) ~ 4e-6 of max |p| at worst (measured:
// 3e-7 to 8e-7). 3000 sweeps leave rho^3000 ~ 1e-22 of the initial error.
// 1e-5 is 2.5x that worst case, and any wrong ghost rule, sign or h^2 is off
// by O(1).
constexpr double kJacobiRelTolerance = 1e-5;

// Dense Gaussian elimination with partial pivoting: solves a x = b in place.
std::vector<double> solveDense(std::vector<double> a, std::vector<double> b)
{
    const std::size_t n = b.size();
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::fabs(a[r * n + col]) > std::fabs(a[pivot * n + col])) pivot = r;
        if (pivot != col) {
            for (std::size_t c = 0; c < n; ++c) std::swap(a[col * n + c], a[pivot * n + c]);
            std::swap(b[col], b[pivot]);
        }
        for (std::size_t r = col + 1; r < n; ++r) {
            const double factor = a[r * n + col] / a[col * n + col];
            if (factor == 0.0) continue;
            for (std::size_t c = col; c < n; ++c) a[r * n + c] -= factor * a[col * n + c];
            b[r] -= factor * b[col];
        }
    }
    std::vector<double> x(n, 0.0);
    for (std::size_t r = n; r-- > 0;) {
        double s = b[r];
        for (std::size_t c = r + 1; c < n; ++c) s -= a[r * n + c] * x[c];
        x[r] = s / a[r * n + r];
    }
    return x;
}

std::vector<double> directPressure(const Field& div, bool periodic, double h)
{
    const int w = div.width(), hh = div.height();
    const std::size_t n = toSize(w) * toSize(hh);
    const auto id = [w](int i, int j) { return toSize(j) * toSize(w) + toSize(i); };
    double mean = 0.0;
    for (float v : div.values()) mean += v;
    mean /= static_cast<double>(n);

    std::vector<double> a(n * n, 0.0), b(n, 0.0);
    const double inv = 1.0 / (h * h);
    const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int j = 0; j < hh; ++j)
        for (int i = 0; i < w; ++i) {
            const std::size_t row = id(i, j);
            b[row] = static_cast<double>(div.at(i, j)) - mean;  // zero mean: the system is consistent
            for (const auto& o : offsets) {
                int ni = i + o[0], nj = j + o[1];
                if (periodic) {
                    ni = (ni + w) % w;
                    nj = (nj + hh) % hh;
                } else if (ni < 0 || ni >= w || nj < 0 || nj >= hh) {
                    continue;  // ghost = mirror = this cell: (p - p) / h^2 = 0
                }
                a[row * n + id(ni, nj)] += inv;
                a[row * n + row] -= inv;
            }
        }
    // Pin the null space: row 0 becomes p_0 = 0. The dropped equation is the
    // negated sum of the others (columns of the Laplacian sum to zero, as does b).
    std::fill(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n), 0.0);
    a[0] = 1.0;
    b[0] = 0.0;
    return solveDense(std::move(a), std::move(b));
}

void removeMean(std::vector<double>& v)
{
    double mean = 0.0;
    for (double x : v) mean += x;
    mean /= static_cast<double>(v.size());
    for (double& x : v) x -= mean;
}

template <typename Solver>
void checkJacobiAgainstDirect(BoundaryMode mode)
{
    SimParams p;
    // Box: 12x10. Periodic: odd sizes, since on an even periodic grid the
    // checkerboard is a Jacobi eigenvector with factor -1 and never converges
    // (harmless in the solver, where a central divergence has no checkerboard
    // component, but a random divergence here has one).
    p.gridWidth = mode == BoundaryMode::Periodic ? 11 : 12;
    p.gridHeight = mode == BoundaryMode::Periodic ? 13 : 10;
    p.domainWidth = 1.0f;  // h = 1/12 or 1/11: h^2 matters
    p.boundary = mode;
    p.pressureSolver = PressureSolver::Jacobi;  // the sweeps themselves are under test
    p.pressureIterations = 3000;
    p.warmStartPressure = false;
    const int w = p.gridWidth, hh = p.gridHeight;
    const double h = static_cast<double>(p.domainWidth) / w;

    // Zero mean (to float rounding): otherwise the pure-Neumann / periodic
    // problem has no solution and Jacobi's mean drifts by h^2 mean(div) / 4 per
    // sweep, costing precision in the non-constant part that is compared.
    Field div = test::randomField(w, hh, 1, 31u, 5.0f);  // 1/s
    double divMean = 0.0;
    for (float v : div.values()) divMean += v;
    divMean /= static_cast<double>(div.size());
    for (float& v : div.values()) v = static_cast<float>(v - divMean);
    std::vector<double> expected = directPressure(div, mode == BoundaryMode::Periodic, h);
    removeMean(expected);

    Solver solver = makeSolver<Solver>(p);
    solver.upload(FluidState::zeros(w, hh));
    solver.uploadDivergence(div);
    solver.solvePressure();
    const Field pressure = solver.download().pressure;
    std::vector<double> actual(pressure.values().begin(), pressure.values().end());
    removeMean(actual);

    double worst = 0.0, scale = 0.0;
    for (std::size_t n = 0; n < actual.size(); ++n) {
        worst = nanMax(worst, std::fabs(actual[n] - expected[n]));
        scale = nanMax(scale, std::fabs(expected[n]));
    }
    std::printf(
        "[ measured ] %s Jacobi vs direct %s %dx%d: max|p - p_direct| %.3g, max|p_direct| %.3g, "
        "relative %.3g\n",
        backendName<Solver>(), toString(mode), w, hh, worst, scale, worst / scale);
    EXPECT_LE(worst / scale, kJacobiRelTolerance);
}

template <typename T>
using PressureDirectSolve = test::OnBothBackends<T>;
TYPED_TEST_SUITE(PressureDirectSolve, test::BothSolvers);

TYPED_TEST(PressureDirectSolve, JacobiMatchesDirectSolveInTheBox)
{
    checkJacobiAgainstDirect<TypeParam>(BoundaryMode::Box);
}
TYPED_TEST(PressureDirectSolve, JacobiMatchesDirectSolvePeriodic)
{
    checkJacobiAgainstDirect<TypeParam>(BoundaryMode::Periodic);
}

}  // namespace
}  // namespace fluid
