// CPU mirrors of the multigrid passes (shaders/smooth_pressure.frag,
// restrict_residual.frag, prolong_correction.frag), the same float operations
// in the same order, and CpuMultigrid, the pyramid they run on. The V-cycle
// itself is fluid::runVCycle (src/core/multigrid.hpp), shared with the GPU.
#pragma once

#include <vector>

#include "core/field.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "reference/passes.hpp"

namespace fluid::reference {

// The constants of a level: the grid's, with the level's size. The boundary
// rule (box or periodic) is the same on every level.
PassConstants levelConstants(const PassConstants& k, const MultigridLevel& level);

// smooth_pressure.frag: one weighted Jacobi sweep of (xL + xR + xB + xT) - 4x =
// rhsScale * rhs on the level described by k; zeroGuess reads x as 0.
void smoothPressure(const Field& x, const Field& rhs, float rhsScale, float weight, bool zeroGuess, Field& out,
                    const PassConstants& k, Exec exec = {});

// restrict_residual.frag: coarseOut (the next level's size) = the sums of the
// fine children's scaled residuals; fineK describes the fine level.
void restrictResidual(const Field& x, const Field& rhs, float rhsScale, Field& coarseOut, const PassConstants& fineK,
                      Exec exec = {});

// prolong_correction.frag: out (the fine level's size) = x + the bilinear
// interpolation of `coarse`; coarseK describes the coarse level.
void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& coarseK, Exec exec = {});

// The relative residual of the pressure Poisson equation Laplacian p = div u on
// the 5-point stencil: ||h^2 div - (pL + pR + pB + pT - 4p)||_2 / ||h^2 div||_2,
// in double (0 when div is 0). It is 1 for p = 0 and what a solve reduces.
double relativePressureResidual(const Field& p, const Field& div, const PassConstants& k);

// The pyramid below level 0 (whose iterate and right-hand side are the solver's
// pressure and divergence) and a V-cycle over it.
class CpuMultigrid {
public:
    CpuMultigrid() = default;
    CpuMultigrid(int width, int height);

    // One V-cycle on pressure (level 0), which it updates; scratch is a field of
    // pressure's shape the sweeps ping-pong through.
    void vCycle(Field& pressure, Field& scratch, const Field& divergence, const PassConstants& k, Exec exec);

    // The passes of the cycle, one at a time (the recipe and the tests call them).
    void smoothPressure(int level, bool zeroGuess);
    void restrictResidual(int level);
    void prolongCorrection(int level);

    int levelCount() const { return static_cast<int>(levels_.size()); }
    const std::vector<MultigridLevel>& levels() const { return levels_; }
    // Level >= 1: its iterate and right-hand side (for tests).
    Field& iterate(int level) { return iterate_[static_cast<std::size_t>(level)]; }
    Field& rhs(int level) { return rhs_[static_cast<std::size_t>(level)]; }

    // Level 0 for the passes above; vCycle() binds it itself.
    void bind(Field& pressure, Field& scratch, const Field& divergence, const PassConstants& k, Exec exec);

private:
    Field& iterateOf(int level);
    const Field& rhsOf(int level) const;
    float rhsScaleOf(int level) const;
    Field& scratchOf(int level);

    std::vector<MultigridLevel> levels_;
    std::vector<Field> iterate_;  // index 0 unused: level 0 is the solver's pressure
    std::vector<Field> scratch_;
    std::vector<Field> rhs_;

    Field* pressure_ = nullptr;
    Field* pressureScratch_ = nullptr;
    const Field* divergence_ = nullptr;
    PassConstants k_{};
    Exec exec_{};
};

}  // namespace fluid::reference
