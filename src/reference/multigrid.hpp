// CPU mirrors of the multigrid passes (shaders/smooth.frag,
// restrict_residual.frag, prolong_correction.frag), the same float operations
// in the same order, and CpuMultigrid, the pyramid they run on, for either
// equation of src/core/multigrid.hpp (pressure: 1-component fields; viscous:
// 2-component velocity corrections). The V-cycle itself is fluid::runVCycle,
// shared with the GPU.
#pragma once

#include <vector>

#include "core/field.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/solid_mask.hpp"
#include "reference/passes.hpp"

namespace fluid::reference {

struct VelocityKernels;

// The constants of a level: the grid's, with the level's size and the lid of
// the level's equation (the boundary rule, box or periodic, is the same on
// every level).
PassConstants levelConstants(const PassConstants& k, const MultigridLevel& level, const LevelOperator& op);

// smooth.frag: one weighted Jacobi sweep of op's equation on the level
// described by k; zeroGuess reads x as 0.
void smooth(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
            const PassConstants& k, Exec exec = {});

// restrict_residual.frag: coarseOut (the next level's size) = the fine
// children's residuals, summed (pressure) or averaged (viscous); fineK
// describes the fine level.
void restrictResidual(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut,
                      const PassConstants& fineK, Exec exec = {});

// prolong_correction.frag: out (the fine level's size) = x + the bilinear
// interpolation of `coarse`; coarseK describes the coarse level.
void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& coarseK, Exec exec = {});

// solve_coarsest.frag: out = M rhs, M a level's coarsestInverse() (row i at
// [i * cells + j], cell index x + width * y), each cell's sum over j in order.
void solveCoarsest(const std::vector<float>& inverse, const Field& rhs, Field& out);

// The relative residual of the pressure Poisson equation Laplacian p = div u on
// the 5-point stencil: ||h^2 div - (pL + pR + pB + pT - 4p)||_2 / ||h^2 div||_2,
// in double (0 when div is 0). It is 1 for p = 0 and what a solve reduces.
double relativePressureResidual(const Field& p, const Field& div, const PassConstants& k);

// The relative residual of the viscous step x - a ((xL + xR + xB + xT) - 4x) = b
// with the velocity rule (the lid included): ||r(x)||_2 / ||r(0)||_2, both
// components, in double. It is 1 for x = 0 and what a solve reduces.
double relativeViscousResidual(const Field& x, const Field& b, const PassConstants& k);

// The pyramid below level 0 (whose iterate and right-hand side are the solver's
// pressure and divergence, or its velocity and the advected velocity) and a
// V-cycle over it.
class CpuMultigrid {
public:
    CpuMultigrid() = default;
    CpuMultigrid(int width, int height, MultigridEquation equation = MultigridEquation::Pressure);

    // One V-cycle on x (level 0), which it updates; scratch is a field of x's
    // shape the sweeps ping-pong through.
    void vCycle(Field& x, Field& scratch, const Field& rhs, const PassConstants& k, Exec exec);
    void cycle() { runVCycle(*this, levelCount(), coarsestSweeps(k_.tunnel)); }  // on what bind() bound

    // The passes of the cycle, one at a time (the recipe and the tests call them).
    void smooth(int level, bool zeroGuess);
    // The same sweep under `weight` instead of the level's own
    // (GpuMultigrid::smooth's mirror).
    void smooth(int level, bool zeroGuess, float weight);
    void restrictResidual(int level);
    void prolongCorrection(int level);
    // The pressure's coarsest level at once (core/coarse_solve.hpp).
    void solveCoarsest(int level);

    // The obstacles of level 0 (the grid's size): derives every level's mask
    // (src/core/solid_mask.hpp). They apply while the level-0 constants given
    // to bind() carry a mask (PassConstants::solid).
    void setObstacles(const Field& mask);
    const SolidMask& solidLevel(int level) const { return solid_[static_cast<std::size_t>(level)]; }

    int levelCount() const { return static_cast<int>(levels_.size()); }
    const std::vector<MultigridLevel>& levels() const { return levels_; }
    MultigridEquation equation() const { return equation_; }
    // Profiling: each level's work is a lap of `timer` (runVCycle); null: none.
    void setStepTimer(StepTimer* timer) { timer_ = timer; }
    StepTimer* stepTimer() const { return timer_; }
    // Level >= 1: its iterate and right-hand side (for tests).
    Field& iterate(int level) { return iterate_[static_cast<std::size_t>(level)]; }
    Field& rhs(int level) { return rhs_[static_cast<std::size_t>(level)]; }

    // Level 0 for the passes above; vCycle() binds it itself. `first`: what
    // the first sweep on level 0 reads as x (GpuMultigrid::bind).
    void bind(Field& x, Field& scratch, const Field& rhs, const PassConstants& k, Exec exec,
              FirstSweep first = FirstSweep::FromIterate);

private:
    Field& iterateOf(int level);
    const Field& rhsOf(int level) const;
    Field& scratchOf(int level);
    LevelOperator operatorOf(int level) const { return levelOperator(equation_, k_, level); }
    // The passes of a level: the layout's on the viscous solve's level 0,
    // which holds the velocity (on the faces when staggered); cell-centred
    // below it, and on every level of the pressure's.
    const VelocityKernels& kernelsAt(int level) const;
    PassConstants constantsOf(int level) const;

    std::vector<MultigridLevel> levels_;
    MultigridEquation equation_ = MultigridEquation::Pressure;
    std::vector<Field> iterate_;  // index 0 unused: level 0 is the solver's
    std::vector<Field> scratch_;
    std::vector<Field> rhs_;
    std::vector<SolidMask> solid_;  // per level, index 0 included; empty until setObstacles()
    // The pressure's coarsest level's M, for the boundary and mask it was made
    // for (remade when either changes).
    struct CoarsestInverse {
        std::vector<float> matrix;
        BoundaryMode boundary = BoundaryMode::Box;
        const SolidMask* mask = nullptr;
    };
    CoarsestInverse coarsestInverse_;
    const std::vector<float>& coarsestInverse(int level);

    Field* x_ = nullptr;
    Field* xScratch_ = nullptr;
    const Field* rhs0_ = nullptr;
    PassConstants k_{};
    Exec exec_{};
    FirstSweep firstSweep_ = FirstSweep::FromIterate;  // of level 0, until it is done
    StepTimer* timer_ = nullptr;                       // not owned
};

}  // namespace fluid::reference
