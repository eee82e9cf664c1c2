#include "core/multigrid.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fluid {

std::vector<MultigridLevel> multigridLevels(int width, int height)
{
    // round(n / 2^l) from the grid's n, not ceil from the level above: a level
    // always spans the domain to within half of its own cell, where halving up
    // would let every odd level add a cell (257 cells ended as 2 cells of 256).
    const auto cells = [](int n, int level) { return std::max(1, (n + (1 << (level - 1))) >> level); };
    std::vector<MultigridLevel> levels{{width, height}};
    for (int level = 1; levels.back().width > 2 || levels.back().height > 2; ++level)
        levels.push_back({cells(width, level), cells(height, level)});
    return levels;
}

LevelOperator pressureLevel(const PassConstants& k, int level)
{
    LevelOperator op;
    op.rhsScale = level == 0 ? k.cellSizeSquared : 1.0f;
    return op;
}

LevelOperator viscousLevel(const PassConstants& k, int level)
{
    LevelOperator op;
    op.equation = MultigridEquation::Viscous;
    op.lidSpeed = level == 0 ? k.lidSpeed : 0.0f;
    if (level == 0) {
        // The grid's own constants, so that level 0 is diffuse.frag's equation to the bit.
        op.alpha = k.diffusionAlpha;
        op.inverseDenominator = k.diffusionInverseDenominator;
    } else {
        op.alpha = std::ldexp(k.diffusionAlpha, -2 * level);  // a / 4^l: exact
        op.inverseDenominator = static_cast<float>(1.0 / (1.0 + 4.0 * static_cast<double>(op.alpha)));
    }
    const double a = op.alpha;
    op.weight = static_cast<float>((1.0 + 4.0 * a) / (1.0 + 5.0 * a));
    return op;
}

LevelOperator levelOperator(MultigridEquation equation, const PassConstants& k, int level)
{
    return equation == MultigridEquation::Viscous ? viscousLevel(k, level) : pressureLevel(k, level);
}

int jacobiSweepsFor(double a)
{
    const double start = 8.0 * a;  // the residual of x = b, relative to |b|
    if (start <= ViscousSolveLimits::kTolerance) return 1;
    const double factor = 4.0 * a / (1.0 + 4.0 * a);
    return static_cast<int>(std::ceil(std::log(ViscousSolveLimits::kTolerance / start) / std::log(factor)));
}

int vCyclesFor(double a, Layout layout)
{
    if (layout == Layout::Staggered) {
        // The staggered layout's cycle (level 0 the face grid, the levels below
        // cell-centred), from x = 0, the worst relative residuals on the faces
        // after n cycles over box-with-lid (256^2, 341x256, 100x37, 45x37),
        // periodic (256^2, 341x256, 171x129, 96x80) and tunnel grids (256x128,
        // 100x37, 72x33, 45x37, 33x17) (tests/reference/staggered_viscous_test.cpp):
        //   a = 0.3: 6.2e-4 (2)   a = 1: 2.3e-4 (4)    a = 3: 4.7e-4 (5)
        //   a = 10: 3.4e-4 (6)    a = 1e3: 3.0e-4 (6)  a = 1e4: 3.5e-4 (6)
        // The lid and the periodic grids converge as the collocated cycle does
        // (within a few per cent at every a); the small tunnels set the table:
        // one cycle fewer leaves 1.4e-3 (a = 1), 1.7e-3 (a = 3) and 1.0e-3
        // (a = 10) on 33x17, 9.4e-4 (a = 1) on 45x37. Their inflow is
        // Dirichlet and their outflow face extrapolated from the last column's
        // divergence, which the cell-centred coarse levels see only as a plain
        // Neumann wall. Past a = 1e4, and on small periodic grids (45x37) past
        // a = 1e3, the coarsest level limits the cycle on both layouts.
        if (a <= 0.5) return 2;
        if (a <= 1.0) return 4;
        if (a <= 3.0) return 5;
        return 6;
    }
    // From x = 0, the worst relative residuals measured over box-with-lid and
    // periodic grids (256^2, 341x256, 100x37, 96x80) after n cycles
    // (tests/reference/viscous_multigrid_test.cpp prints them):
    //   a = 0.1: 5.6e-4 (1)   a = 1: 9.1e-4 (2)    a = 10: 6.9e-4 (3)
    //   a = 30: 4.3e-4 (4)    a = 300: 6.0e-4 (5)  a = 1e4: 6.9e-4 (5)
    // Each row is a <= the a named; past a = 1e4 the coarsest level (a / 4^L,
    // swept, not solved) limits the periodic cycle and 1e-3 is not promised.
    if (a <= 0.1) return 1;
    if (a <= 0.5) return 2;
    if (a <= 10.0) return 3;
    if (a <= 30.0) return 4;
    if (a <= 300.0) return 5;
    return 6;
}

int chebyshevSweepsFor(double a)
{
    // The smallest n with T_n(s) >= 8a / tolerance (8a: the residual of x = b,
    // relative to |b|, as jacobiSweepsFor's start), T_n(s) = cosh(n acosh s)
    // for s = (1 + 4a) / 4a > 1.
    const double start = 8.0 * a;
    if (start <= ViscousSolveLimits::kTolerance) return 1;
    const double s = (1.0 + 4.0 * a) / (4.0 * a);
    const double needed = std::acosh(start / ViscousSolveLimits::kTolerance) / std::acosh(s);
    if (!(needed <= ViscousSolveLimits::kMaxChebyshevSweeps)) return 0;
    return std::max(1, static_cast<int>(std::ceil(needed)));
}

float chebyshevWeight(double a, int sweeps, int k)
{
    // Point j of n: mu_j = 1 + (4a / (1 + 4a)) cos(pi (2j + 1) / 2n), from the
    // largest mu (the smallest weight) down. Sweep k takes j = 0, n-1, 1,
    // n-2, ...: a large weight, which multiplies the high modes by up to 8a,
    // right after a small one, which all but removes them. The small weights
    // first and the large last left residuals of 1e-2 where 1e-3 was planned
    // (a ~ 2 from x = 0, tests/reference/viscous_multigrid_test.cpp): the sweeps after
    // each rounding error amplified it by up to 1e5. The large first kept
    // the tolerance but let the iterate's error grow 1e5-fold on the way.
    const int j = k % 2 == 0 ? k / 2 : sweeps - 1 - k / 2;
    const double theta = std::numbers::pi * (2.0 * j + 1.0) / (2.0 * sweeps);
    const double mu = 1.0 + 4.0 * a / (1.0 + 4.0 * a) * std::cos(theta);
    return static_cast<float>(1.0 / mu);
}

std::string describe(const ViscousSolvePlan& plan)
{
    // "1 Jacobi sweep", "2 Jacobi sweeps".
    const auto count = [](int n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); };
    if (plan.vCycles > 0) return count(plan.vCycles, "V-cycle");
    if (plan.chebyshevSweeps > 0) return count(plan.chebyshevSweeps, "Chebyshev-weighted sweep");
    if (plan.jacobiSweeps > 0) return count(plan.jacobiSweeps, "Jacobi sweep");
    return "none";
}

ViscousSolvePlan planViscousSolve(const SimParams& params, const PassConstants& k)
{
    if (k.diffusionAlpha <= 0.0f) return {};
    if (params.viscositySolver == ViscositySolver::Jacobi) return {params.viscosityIterations, 0, 0};
    const double a = k.diffusionAlpha;
    const int cycles = vCyclesFor(a, params.layout);
    const double cycleCost = static_cast<double>(ViscousSolveLimits::kSweepsPerVCycle * cycles);
    // Compared in double: jacobiSweepsFor() may be huge for large a.
    const double sweeps = jacobiSweepsFor(std::min(a, 1e6));
    const int chebyshev = chebyshevSweepsFor(a);
    const bool chebyshevPays = chebyshev > 0 && chebyshev < sweeps && chebyshev <= cycleCost;
    if (sweeps <= cycleCost && !chebyshevPays) return {static_cast<int>(sweeps), 0, 0};
    if (chebyshevPays) return {0, 0, chebyshev};
    return {0, cycles, 0};
}

}  // namespace fluid
