// CpuMultigrid: the pyramid of the multigrid solves and the V-cycle that runs
// the passes of multigrid.cpp (GpuMultigrid's mirror, pass for pass), each
// level's from its kernel table: the layout's for the viscous solve's finest
// level, cell-centred elsewhere.
#include <cmath>
#include <utility>

#include "core/coarse_solve.hpp"
#include "reference/multigrid.hpp"
#include "reference/velocity_kernels.hpp"

namespace fluid::reference {

CpuMultigrid::CpuMultigrid(int width, int height, MultigridEquation equation)
    : levels_(levelsFor(equation, width, height)), equation_(equation)
{
    const int components = equation == MultigridEquation::Viscous ? 2 : 1;
    for (const MultigridLevel& l : levels_) {
        iterate_.emplace_back(l.width, l.height, components);
        scratch_.emplace_back(l.width, l.height, components);
        rhs_.emplace_back(l.width, l.height, components);
    }
    // Level 0 lives in the solver: drop its copies.
    iterate_[0] = scratch_[0] = rhs_[0] = Field();
}

void CpuMultigrid::bind(Field& x, Field& scratch, const Field& rhs, const PassConstants& k, Exec exec, FirstSweep first)
{
    x_ = &x;
    xScratch_ = &scratch;
    rhs0_ = &rhs;
    k_ = k;
    exec_ = exec;
    firstSweep_ = first;
}

void CpuMultigrid::vCycle(Field& x, Field& scratch, const Field& rhs, const PassConstants& k, Exec exec)
{
    bind(x, scratch, rhs, k, exec);
    cycle();
}

Field& CpuMultigrid::iterateOf(int level)
{
    return level == 0 ? *x_ : iterate_[static_cast<std::size_t>(level)];
}
Field& CpuMultigrid::scratchOf(int level)
{
    return level == 0 ? *xScratch_ : scratch_[static_cast<std::size_t>(level)];
}
const Field& CpuMultigrid::rhsOf(int level) const
{
    return level == 0 ? *rhs0_ : rhs_[static_cast<std::size_t>(level)];
}

PassConstants CpuMultigrid::constantsOf(int level) const
{
    PassConstants c = levelConstants(k_, levels_[static_cast<std::size_t>(level)], operatorOf(level));
    if (level > 0) c.staggered = false;  // the coarse levels are cell-centred on either layout
    // Level 0's mask is the solver's (k_); a coarser level's is derived from it
    // by setObstacles(), and a level without a solid cell needs none.
    if (level > 0 && k_.solid != nullptr && static_cast<std::size_t>(level) < solid_.size()) {
        const SolidMask& mask = solid_[static_cast<std::size_t>(level)];
        c.solid = mask.any() ? &mask : nullptr;
    }
    return c;
}

void CpuMultigrid::setObstacles(const Field& mask)
{
    solid_.clear();
    coarsestInverse_.matrix.clear();  // the masks are new, wherever they lie
    for (Field& level : solidPyramid(mask, levels_, coarseSolidRule(equation_))) solid_.emplace_back(std::move(level));
}

const VelocityKernels& CpuMultigrid::kernelsAt(int level) const
{
    return level == 0 && equation_ == MultigridEquation::Viscous ? kernelsOf(k_) : cellCentredKernels();
}

void CpuMultigrid::smooth(int level, bool zeroGuess)
{
    smooth(level, zeroGuess, operatorOf(level).weight);
}

void CpuMultigrid::smooth(int level, bool zeroGuess, float weight)
{
    Field& x = iterateOf(level);
    Field& out = scratchOf(level);
    const FirstSweep first = level == 0 ? firstSweep_ : FirstSweep::FromIterate;
    if (level == 0) firstSweep_ = FirstSweep::FromIterate;
    zeroGuess = zeroGuess || first == FirstSweep::FromZero;
    const Field& in = first == FirstSweep::FromRhs ? rhsOf(level) : x;
    LevelOperator op = operatorOf(level);
    op.weight = weight;
    kernelsAt(level).viscousSmooth(in, rhsOf(level), op, zeroGuess, out, constantsOf(level), exec_);
    x.swap(out);
}

void CpuMultigrid::restrictResidual(int level)
{
    kernelsAt(level).viscousRestrictResidual(iterateOf(level), rhsOf(level), operatorOf(level),
                                             rhs_[static_cast<std::size_t>(level + 1)], constantsOf(level), exec_);
}

void CpuMultigrid::prolongCorrection(int level)
{
    Field& x = iterateOf(level);
    Field& out = scratchOf(level);
    const Field& coarse = iterate_[static_cast<std::size_t>(level + 1)];
    kernelsAt(level).viscousProlongCorrection(x, coarse, out, constantsOf(level), constantsOf(level + 1), exec_);
    x.swap(out);
}

const std::vector<float>& CpuMultigrid::coarsestInverse(int level)
{
    const BoundaryMode boundary = k_.periodic ? BoundaryMode::Periodic
                                  : k_.tunnel ? BoundaryMode::Tunnel
                                              : BoundaryMode::Box;
    const SolidMask* mask = constantsOf(level).solid;
    CoarsestInverse& cached = coarsestInverse_;
    if (cached.matrix.empty() || cached.boundary != boundary || cached.mask != mask) {
        cached.matrix = fluid::coarsestInverse(levels_[static_cast<std::size_t>(level)], boundary,
                                               mask != nullptr ? &mask->cells() : nullptr);
        cached.boundary = boundary;
        cached.mask = mask;
    }
    return cached.matrix;
}

void CpuMultigrid::solveCoarsest(int level)
{
    Field& x = iterateOf(level);
    Field& out = scratchOf(level);
    reference::solveCoarsest(coarsestInverse(level), rhsOf(level), out);
    x.swap(out);
}

}  // namespace fluid::reference
