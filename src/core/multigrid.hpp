// The multigrid solves' shape, shared by GpuSolver and CpuSolver so that both
// walk the same pyramid in the same order: the levels, the V-cycle schedule,
// the cycle itself as a recipe over three passes that each backend provides
// (shaders/smooth.frag, restrict_residual.frag, prolong_correction.frag
// and their mirrors in src/reference/multigrid.hpp), and the constants of each
// level. The pyramid solves two equations: the pressure Poisson equation
// (below) and the implicit viscous step (MultigridEquation::Viscous, further
// down).
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

#include <string>
#include <vector>

#include "core/pass_constants.hpp"
#include "core/step_timer.hpp"

namespace fluid {

// Which equation a pyramid solves (see "the two equations" below).
enum class MultigridEquation { Pressure, Viscous };

// What the first sweep on level 0 after a bind() reads as its iterate: the
// iterate itself; zero (the zero-guess pass, so the iterate's old contents
// are never read and need no clear); or the right-hand side (x = b, the
// viscous sweeps' start: no copy of b into the iterate).
enum class FirstSweep { FromIterate, FromZero, FromRhs };

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
inline int extraChild(int fineCells, int coarseCells)
{
    return fineCells == 2 * coarseCells + 1 ? fineCells - 1 : -1;
}

// One V(preSmooth, postSmooth) cycle. Weighted Jacobi smoothing with weight 4/5
// damps the upper half of the spectrum fastest on the 5-point stencil. The
// pressure's coarsest level (at most kDirectSolveMaxCells cells) is solved at
// once (core/coarse_solve.hpp); the viscous solve, which uses the same
// schedule with its own weight (viscousLevel()), sweeps its coarsest level
// (at most 2 x 2 cells) a few times, which solves it.
// Before the pressure's bottom was solved at once, it was swept too, and the
// tunnel's pressure has a Dirichlet face (the outflow), so its smoothest
// error mode is no longer the free constant of the pure-Neumann problem but a
// ramp along the tunnel, which the coarsest level must solve: there the sweep
// moves x by w/4 of the residual while that mode's eigenvalue is ~0.6 (2 x 1
// cells: 2 - sqrt 2), a factor ~0.88 per sweep. With 4 sweeps one step from
// rest made a stream of 76% of the inflow speed, with 32 98.5%
// (tests/sim/obstacle_test.cpp, OneStepFromRestMakesTheStream). The viscous
// solve keeps the 32 in the tunnel.
struct MultigridSchedule {
    static constexpr int kPreSmooth = 2;
    static constexpr int kPostSmooth = 2;
    static constexpr int kCoarsestSweeps = 4;
    static constexpr int kCoarsestSweepsWithDirichlet = 32;
    static constexpr float kWeight = 0.8f;
};

inline int coarsestSweeps(bool tunnel)
{
    return tunnel ? MultigridSchedule::kCoarsestSweepsWithDirichlet : MultigridSchedule::kCoarsestSweeps;
}

// `sweeps` smoothing sweeps on `level`, the first from a zero guess where
// asked. Passes that can do two sweeps in one pass on a level (the GPU's:
// smoothsTwice(level), smoothTwice(level, zeroGuess)) do them so, with the
// values of two smooth() calls.
template <typename Passes>
void smoothSweeps(Passes& passes, int level, int sweeps, bool firstFromZero)
{
    for (int n = 0; n < sweeps;) {
        const bool zeroGuess = firstFromZero && n == 0;
        // Four in one pass where the passes can (the GPU's level 0 in pairs:
        // smoothsFourTimes(level), smoothFourTimes(level)): between two cycles.
        if constexpr (requires { passes.smoothFourTimes(level); }) {
            if (!zeroGuess && sweeps - n >= 4 && passes.smoothsFourTimes(level)) {
                passes.smoothFourTimes(level);
                n += 4;
                continue;
            }
        }
        if constexpr (requires { passes.smoothTwice(level, zeroGuess); }) {
            if (sweeps - n >= 2 && passes.smoothsTwice(level)) {
                passes.smoothTwice(level, zeroGuess);
                n += 2;
                continue;
            }
        }
        passes.smooth(level, zeroGuess);
        ++n;
    }
}

// The V-cycle, written once for both solvers and both equations. Passes provides
//   smooth(level, zeroGuess)          one weighted Jacobi sweep on `level`;
//                                     zeroGuess: the iterate is taken as 0
//                                     (a coarse level's first sweep), so no
//                                     clear is needed
//   restrictResidual(level)           the residual of `level`, restricted into
//                                     the right-hand side of level + 1
//   prolongCorrection(level)          level += bilinear interpolation of level + 1
//   solveCoarsest(level)              the pressure's coarsest level solved at
//                                     once, x = M s (core/coarse_solve.hpp):
//                                     its pyramid (pressureLevels) ends there
// and, for profiling, stepTimer() (null: not timed) and equation(): the work
// on each level is a lap of its own (multigridLevelGroup), on the way down
// and again on the way up.
// levelZeroPreSweeps, levelZeroPostSweeps: level 0's, kPreSmooth and
// kPostSmooth but where runVCycles joins one cycle's last sweeps and the
// next one's first.
template <typename Passes>
void runVCycle(Passes& passes, int levelCount, int coarsestSweeps = MultigridSchedule::kCoarsestSweeps,
               int levelZeroPreSweeps = MultigridSchedule::kPreSmooth,
               int levelZeroPostSweeps = MultigridSchedule::kPostSmooth)
{
    using S = MultigridSchedule;
    static_assert(S::kPreSmooth >= 1, "a coarse level's first sweep replaces the clear of its iterate");
    StepTimer* const timer = passes.stepTimer();
    const bool viscous = passes.equation() == MultigridEquation::Viscous;
    const auto timeLevel = [timer, viscous](int level) {
        if (timer) timer->lap(multigridLevelGroup(viscous, level));
    };
    const int coarsest = levelCount - 1;
    // Where the backend cycles the small levels at once (the GPU's compute
    // pass, GpuMultigrid::cycleSmallLevels), from that level down and back up
    // with the values of the passes below: the levels above it run as here.
    int bottom = coarsest;
    bool atOnce = false;
    if constexpr (requires { passes.cycleSmallLevels(0); }) {
        atOnce = passes.smallLevelsStart() < coarsest;
        if (atOnce) bottom = passes.smallLevelsStart();
    }
    for (int level = 0; level < bottom; ++level) {
        timeLevel(level);
        smoothSweeps(passes, level, level == 0 ? levelZeroPreSweeps : S::kPreSmooth, level > 0);
        passes.restrictResidual(level);
    }
    if (!atOnce)
        timeLevel(bottom);
    else if (timer)
        timer->lap(smallLevelsGroup(bottom));
    if constexpr (requires { passes.cycleSmallLevels(0); }) {
        if (atOnce) passes.cycleSmallLevels(bottom);
    }
    if (!atOnce) {
        if (passes.equation() == MultigridEquation::Pressure && coarsest > 0)
            passes.solveCoarsest(coarsest);  // the whole level at once (core/coarse_solve.hpp)
        else
            smoothSweeps(passes, coarsest, coarsestSweeps, coarsest > 0);
    }
    for (int level = bottom - 1; level >= 0; --level) {
        timeLevel(level);
        passes.prolongCorrection(level);
        smoothSweeps(passes, level, level == 0 ? levelZeroPostSweeps : S::kPostSmooth, false);
    }
}

// `cycles` V-cycles, one after the other: the same passes in the same order,
// but each cycle's last sweeps on level 0 and the next cycle's first run as
// one call of smoothSweeps, so that passes that sweep four times a pass do
// them together (the GPU's level 0 in pairs). A cycle's first sweep on level
// 0 reads its iterate, so nothing else changes.
template <typename Passes>
void runVCycles(Passes& passes, int levelCount, int cycles, int coarsestSweeps = MultigridSchedule::kCoarsestSweeps)
{
    using S = MultigridSchedule;
    for (int c = 0; c < cycles; ++c) {
        const bool last = c + 1 == cycles;
        runVCycle(passes, levelCount, coarsestSweeps, c == 0 ? S::kPreSmooth : 0,
                  last ? S::kPostSmooth : S::kPostSmooth + S::kPreSmooth);
    }
}

// --- the two equations ------------------------------------------------------
//
// Pressure: as above, one float per cell, scalar (pure Neumann) walls.
//
// Viscous: the implicit viscous step (1 - nu dt Laplacian) u = b of each
// velocity component (two floats per cell, the velocity boundary rule). On
// level l, whose cells are 2^l h wide:
//   x - a_l ((xL + xR + xB + xT) - 4 x) = b_l,   a_l = nu dt / (2^l h)^2 = a / 4^l.
// The equation is not multiplied by h^2: the identity term keeps its
// coefficient 1 on every level, so the right-hand side of a coarse level is
// the residual itself, not a scaled one. Its restriction is therefore the
// AVERAGE of the children's residuals, not the pressure's sum:
//   r_c = (1 / h_c^2) * (integral of r over the coarse cell)
//       = (1 / (4 h_f^2)) * h_f^2 * (sum of the children's r) = (sum) / 4.
// (In the pressure's scaled form the same integral is multiplied by h_c^2
// again, which is where its plain sum comes from.) At an odd edge the 1/4
// stays, exactly as the pressure's sum is kept there: a missing child counts
// as a zero residual, a third child adds its share.
// The error of an iterate satisfies the homogeneous wall rule (the lid's 2U is
// part of the data, not of the error), so the lid speed is the grid's on
// level 0 and zero below; both backends take it from LevelOperator.

// What one pass on one level needs to know about its equation, computed once
// on the host for both backends so they multiply by the same floats.
struct LevelOperator {
    MultigridEquation equation = MultigridEquation::Pressure;
    float rhsScale = 1.0f;                      // pressure: h^2 on level 0 (s = h^2 div u), 1 below
    float alpha = 0.0f;                         // viscous: a_l
    float inverseDenominator = 1.0f;            // viscous: 1 / (1 + 4 a_l), the Jacobi diagonal's inverse
    float weight = MultigridSchedule::kWeight;  // the smoother's Jacobi weight
    float lidSpeed = 0.0f;                      // m/s, the lid of the velocity rule: level 0 only
};

LevelOperator pressureLevel(const PassConstants& k, int level);

// The viscous smoother's weight: weighted Jacobi on x - a (Sum - 4x) damps a
// Fourier mode with Laplacian symbol lambda in [0, 8] by
//   1 - w (1 + a lambda) / (1 + 4a).
// The modes the coarse level cannot see have lambda in [2, 8]; equal and
// opposite damping at both ends gives w = (1 + 4a) / (1 + 5a), whose factor
// 3a / (1 + 5a) is below 3/5 for every a. As a grows w tends to the
// Laplacian's 4/5; as a shrinks it tends to 1, plain Jacobi, which solves the
// a = 0 equation x = b in one sweep. Computed in double, rounded once.
LevelOperator viscousLevel(const PassConstants& k, int level);

LevelOperator levelOperator(MultigridEquation equation, const PassConstants& k, int level);

// --- the viscous solve: how much of it a step does ---------------------------
//
// ViscositySolver::Multigrid solves to a relative residual ||r(x)|| / ||r(0)||
// of kViscousTolerance (reference::relativeViscousResidual) with no read-back:
// the work is chosen from a = nu dt / h^2 alone.
//  - Jacobi sweeps from x = b (diffuse.frag) leave, in each Fourier mode of
//    Laplacian symbol lambda in [0, 8], the residual a lambda (a |4 - lambda| /
//    (1 + 4a))^n |b|, at most 8a (4a / (1 + 4a))^n |b|: n = jacobiSweepsFor(a)
//    sweeps reach the tolerance whatever b is. That n is small for small a and
//    grows without bound as a does.
//  - V-cycles reduce the residual by a factor that does not depend on a:
//    vCyclesFor(a) cycles, from the worst factors measured in
//    tests/reference/viscous_multigrid_test.cpp (which checks every a the
//    panel accepts).
//  - Chebyshev-weighted sweeps, from x = b as the Jacobi sweeps: the
//    multigrid's level-0 smoother x' = x + w_k (J - x), J the Jacobi sweep,
//    each sweep k with its own weight w_k = 1 / mu_k, the mu_k the n Chebyshev
//    points of the interval [1 / (1 + 4a), (1 + 8a) / (1 + 4a)] that holds
//    every mode's mu = (1 + a lambda) / (1 + 4a) (the symbol of D^-1 A). The
//    residual left in a mode is prod_k (1 - w_k mu) times that of x = b, at
//    most 8a |b| / T_n((1 + 4a) / 4a), T_n the Chebyshev polynomial:
//    n = chebyshevSweepsFor(a), about sqrt(1 + 8a) times fewer sweeps than
//    Jacobi's at large a (a = 0.98, the water wall's 1024x768: 14 sweeps,
//    where Jacobi takes 40 and the 3 V-cycles cost 30). Started from b, a
//    field the step leaves alone (a uniform stream) stays exactly as it is;
//    from x = 0 it would only come back to the tolerance. The weights reach 1 + 4a, so the order of the sweeps
//    decides how far rounding errors grow: small and large weights
//    alternate (chebyshevWeight), which keeps that growth within a few units
//    up to n = kMaxChebyshevSweeps; beyond it the cycles take over.
// The plan takes whichever costs the fewest sweeps: the Jacobi sweeps, then
// the Chebyshev-weighted ones, then the cycles.
// kSweepsPerVCycle, one V-cycle's cost in sweeps: measured 10.7 on llvmpipe at
// 256^2 (pressure_bench BM_ViscousSolve: 5.9 ms a cycle, 0.55 ms a sweep); the
// pressure's V-cycle costs 9.7-13.5 sweeps from 512^2 down to 128^2.
struct ViscousSolvePlan {
    int jacobiSweeps = 0;
    int vCycles = 0;
    int chebyshevSweeps = 0;  // of the viscous multigrid's level 0, weighted by chebyshevWeight()
    bool empty() const { return jacobiSweeps == 0 && vCycles == 0 && chebyshevSweeps == 0; }
};

struct ViscousSolveLimits {
    static constexpr double kTolerance = 1e-3;
    static constexpr double kPromisedUpToAlpha = 1e4;  // a = nu dt / h^2: the panel's 0.1 m^2/s at 1024^2 is 1.7e3
    static constexpr int kSweepsPerVCycle = 10;
    // Chebyshev-weighted sweeps in one solve at most (a up to about 1.2): the
    // iterate's error grows on the way by up to 15-fold at 16 sweeps in the
    // alternating order, 2000-fold at 25, and the cycles cost less there anyway.
    static constexpr int kMaxChebyshevSweeps = 16;
};

int jacobiSweepsFor(double a);
// The Chebyshev-weighted sweeps that reach the tolerance from x = b, or 0
// where that takes more than kMaxChebyshevSweeps.
int chebyshevSweepsFor(double a);
// The weight of sweep k (0 .. sweeps - 1, in the order the sweeps run) of
// `sweeps` Chebyshev-weighted sweeps at this a. Computed in double, rounded
// once, so both backends multiply by the same floats.
float chebyshevWeight(double a, int sweeps, int k);
int vCyclesFor(double a, Layout layout = Layout::Collocated);
// Nothing at nu = 0 (or with zero sweeps under ViscositySolver::Jacobi).
ViscousSolvePlan planViscousSolve(const SimParams& params, const PassConstants& k);
// "6 Jacobi sweeps", "5 Chebyshev-weighted sweeps", "3 V-cycles" or "none".
std::string describe(const ViscousSolvePlan& plan);

// The plan's Chebyshev-weighted sweeps on what passes.bind() bound with
// FirstSweep::FromRhs (level 0 the solver's velocity, started from x = b): the
// multigrid's level-0 smoother, sweep k under chebyshevWeight(a, sweeps, k).
// Written once for both backends, as runVCycle.
template <typename Passes>
void runChebyshevSweeps(Passes& passes, double a, int sweeps)
{
    for (int k = 0; k < sweeps; ++k) passes.smooth(0, false, chebyshevWeight(a, sweeps, k));
}

}  // namespace fluid
