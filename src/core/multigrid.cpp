#include "core/multigrid.hpp"

#include <algorithm>
#include <cmath>

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

int vCyclesFor(double a)
{
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

ViscousSolvePlan planViscousSolve(const SimParams& params, const PassConstants& k)
{
    if (k.diffusionAlpha <= 0.0f) return {};
    if (params.viscositySolver == ViscositySolver::Jacobi) return {params.viscosityIterations, 0};
    const double a = k.diffusionAlpha;
    const int cycles = vCyclesFor(a);
    // Compared in double: jacobiSweepsFor() may be huge for large a.
    const double sweeps = jacobiSweepsFor(std::min(a, 1e6));
    if (sweeps <= static_cast<double>(ViscousSolveLimits::kSweepsPerVCycle * cycles))
        return {static_cast<int>(sweeps), 0};
    // The staggered layout has no viscous V-cycles yet (issue 19): the sweeps,
    // which reach the same tolerance, where they are affordable.
    if (k.staggered && sweeps <= ViscousSolveLimits::kMostStaggeredSweeps) return {static_cast<int>(sweeps), 0};
    return {0, cycles};
}

}  // namespace fluid
