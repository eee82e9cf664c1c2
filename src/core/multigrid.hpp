// The multigrid pressure solve's shape, shared by GpuSolver and CpuSolver so
// that both walk the same pyramid in the same order: the levels, the V-cycle
// schedule and the cycle itself as a recipe over three passes that each
// backend provides (shaders/smooth_pressure.frag, restrict_residual.frag,
// prolong_correction.frag and their mirrors in src/reference/multigrid.hpp).
//
// Every level solves its equation in "scaled" form, A x = s with
// A x = (xL + xR + xB + xT) - 4 x and s = h_l^2 * (right-hand side): on level 0
// s = h^2 div u (the pressure Poisson equation of ch. 38), on a coarser level
// s is the restricted residual of the level above. Restriction sums the four
// children's scaled residuals (h_c^2 = 4 h_f^2 cancels the 1/4 of averaging),
// so no level needs its own cell size and the compatibility condition of the
// pure-Neumann and periodic problems (the right-hand side sums to zero) holds
// on every level.
#pragma once

#include <vector>

namespace fluid {

struct MultigridLevel {
    int width = 0;   // cells
    int height = 0;  // cells
};

// Level 0 is the grid itself; level l has round(n / 2^l) cells per side, down
// to a level of at most 2 x 2 cells. So grids need not be powers of two or
// square: coarse cell I covers fine cells 2I and 2I + 1, except where the fine
// level has 2m - 1 cells (the last coarse cell then has one child) or 2m + 1
// (the last coarse cell also takes fine cell 2m: three children).
std::vector<MultigridLevel> multigridLevels(int width, int height);

// Per axis, the fine index of a third child taken by the last coarse cell (the
// fine level has 2m + 1 cells), or -1.
inline int extraChild(int fineCells, int coarseCells) { return fineCells == 2 * coarseCells + 1 ? fineCells - 1 : -1; }

// One V(preSmooth, postSmooth) cycle. Weighted Jacobi smoothing with weight 4/5
// damps the upper half of the spectrum fastest on the 5-point stencil; the
// coarsest level (at most 2 x 2 cells) is swept a few times, which solves it.
struct MultigridSchedule {
    static constexpr int kPreSmooth = 2;
    static constexpr int kPostSmooth = 2;
    static constexpr int kCoarsestSweeps = 4;
    static constexpr float kWeight = 0.8f;
};

// The V-cycle, written once for both solvers. Passes provides
//   smoothPressure(level, zeroGuess)  one weighted Jacobi sweep on `level`;
//                                     zeroGuess: the iterate is taken as 0
//                                     (a coarse level's first sweep), so no
//                                     clear is needed
//   restrictResidual(level)           the residual of `level`, summed into the
//                                     right-hand side of level + 1
//   prolongCorrection(level)          level += bilinear interpolation of level + 1
template <typename Passes>
void runVCycle(Passes& passes, int levelCount)
{
    using S = MultigridSchedule;
    static_assert(S::kPreSmooth >= 1, "a coarse level's first sweep replaces the clear of its iterate");
    const int coarsest = levelCount - 1;
    for (int level = 0; level < coarsest; ++level) {
        for (int n = 0; n < S::kPreSmooth; ++n) passes.smoothPressure(level, level > 0 && n == 0);
        passes.restrictResidual(level);
    }
    for (int n = 0; n < S::kCoarsestSweeps; ++n) passes.smoothPressure(coarsest, coarsest > 0 && n == 0);
    for (int level = coarsest - 1; level >= 0; --level) {
        passes.prolongCorrection(level);
        for (int n = 0; n < S::kPostSmooth; ++n) passes.smoothPressure(level, false);
    }
}

}  // namespace fluid
