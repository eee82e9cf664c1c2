#include "reference/cpu_solver.hpp"

#include <stdexcept>
#include <string>

#include "core/step_recipe.hpp"
#include "reference/motion.hpp"
#include "reference/pressure_residual.hpp"

namespace fluid {

namespace {

SimParams validated(const SimParams& params)
{
    if (auto problem = validate(params)) throw std::invalid_argument("CpuSolver: " + *problem);
    return params;
}

void requireShape(const Field& f, const Field& like, const char* what)
{
    if (!f.sameShape(like))
        throw std::invalid_argument(std::string("CpuSolver::upload(): ") + what + " is " + std::to_string(f.width())
                                    + "x" + std::to_string(f.height()) + "x" + std::to_string(f.components())
                                    + ", expected " + std::to_string(like.width()) + "x" + std::to_string(like.height())
                                    + "x" + std::to_string(like.components()));
}

}  // namespace

CpuSolver::CpuSolver(const SimParams& params, int threads)
    : params_(validated(params)), constants_(makePassConstants(params_)), exec_{threads}
{
    const int w = params_.gridWidth;
    const int h = params_.gridHeight;
    state_ = FluidState::zeros(w, h);
    velocityScratch_ = Field(w, h, 2);
    pressureScratch_ = Field(w, h, 1);
    dyeScratch_ = Field(w, h, 4);
    diffusionRhs_ = Field(w, h, 2);
    divergence_ = Field(w, h, 1);
    curl_ = Field(w, h, 1);
    multigrid_ = reference::CpuMultigrid(w, h);
    viscousMultigrid_ = reference::CpuMultigrid(w, h, MultigridEquation::Viscous);
    pressureResidual_ = Field(w, h, 2);
    solid_ = std::make_shared<const SolidMask>(Field(w, h, 1));
}

void CpuSolver::setObstacles(const Field& mask)
{
    requireMaskShape(mask, params_.gridWidth, params_.gridHeight, "CpuSolver::setObstacles()");
    solid_ = std::make_shared<const SolidMask>(mask);
    for (reference::CpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) mg->setObstacles(mask);
    applyObstacles();
}

void CpuSolver::clearObstacles()
{
    solid_ = std::make_shared<const SolidMask>(Field(params_.gridWidth, params_.gridHeight, 1));
    applyObstacles();
}

// A mask without a solid cell is no mask: the passes keep their fast paths.
void CpuSolver::applyObstacles() { constants_.solid = solid_->any() ? solid_.get() : nullptr; }

void CpuSolver::setParams(const SimParams& params)
{
    const SimParams next = validated(params);
    if (next.gridWidth != params_.gridWidth || next.gridHeight != params_.gridHeight)
        throw std::invalid_argument("CpuSolver::setParams(): the grid size is fixed for a solver's life");
    params_ = next;
    constants_ = makePassConstants(params_);
    applyObstacles();
}

void CpuSolver::step(std::span<const Splat> splats) { runStep(*this, splats); }

void CpuSolver::splat(const Splat& s)
{
    const SplatInCells cells = toCells(s, constants_);
    reference::splat(state_.velocity, cells, {s.velocity.x, s.velocity.y, 0.0f, 0.0f}, velocityScratch_, constants_,
                     exec_);
    state_.velocity.swap(velocityScratch_);
    if (s.addsDye) {
        reference::splat(state_.dye, cells, {s.dye.r, s.dye.g, s.dye.b, 0.0f}, dyeScratch_, constants_, exec_);
        state_.dye.swap(dyeScratch_);
    }
}

// advect.frag writes both fields in one pass, each from the velocity before
// it: here the dye goes first, so that it is carried by the same velocity.
void CpuSolver::advect()
{
    reference::advect(state_.velocity, state_.dye, false, constants_.dyeDecay, dyeScratch_, constants_, exec_);
    state_.dye.swap(dyeScratch_);
    reference::advect(state_.velocity, state_.velocity, true, constants_.velocityDecay, velocityScratch_, constants_,
                      exec_);
    state_.velocity.swap(velocityScratch_);
}

void CpuSolver::diffuse()
{
    const ViscousSolvePlan plan = planViscousSolve(params_, constants_);
    if (plan.empty()) return;
    diffusionRhs_.swap(state_.velocity);  // b; the first sweep starts from x = b
    if (plan.vCycles > 0) {
        viscousMultigrid_.bind(state_.velocity, velocityScratch_, diffusionRhs_, constants_, exec_, /*startFromZero=*/true);
        for (int n = 0; n < plan.vCycles; ++n) viscousMultigrid_.cycle();
        return;
    }
    for (int n = 0; n < plan.jacobiSweeps; ++n) {
        reference::diffuse(n == 0 ? diffusionRhs_ : state_.velocity, diffusionRhs_, velocityScratch_, constants_,
                           exec_);
        state_.velocity.swap(velocityScratch_);
    }
}

void CpuSolver::computeCurl()
{
    if (constants_.vorticityScale == 0.0f) return;
    reference::curl(state_.velocity, curl_, constants_, exec_);
}

void CpuSolver::applyVorticity()
{
    if (constants_.vorticityScale == 0.0f) return;
    reference::vorticity(state_.velocity, curl_, velocityScratch_, constants_, exec_);
    state_.velocity.swap(velocityScratch_);
}

void CpuSolver::computeDivergence() { reference::divergence(state_.velocity, divergence_, constants_, exec_); }

void CpuSolver::solvePressure()
{
    // Zero iterations means no projection: without the clear, the gradient pass
    // would keep subtracting the last solve's (stale) pressure every step.
    if (!params_.warmStartPressure || pressureSolveIsEmpty(params_)) state_.pressure.fill(0.0f);
    if (params_.pressureSolver == PressureSolver::Multigrid) {
        for (int n = 0; n < params_.multigridCycles; ++n)
            multigrid_.vCycle(state_.pressure, pressureScratch_, divergence_, constants_, exec_);
        return;
    }
    for (int n = 0; n < params_.pressureIterations; ++n) {
        reference::pressure(state_.pressure, divergence_, pressureScratch_, constants_, exec_);
        state_.pressure.swap(pressureScratch_);
    }
}

void CpuSolver::computePressureResidual()
{
    reference::pressureResidual(state_.pressure, divergence_, pressureResidual_, constants_, exec_);
}

void CpuSolver::bindMultigrid() { multigrid_.bind(state_.pressure, pressureScratch_, divergence_, constants_, exec_); }

void CpuSolver::subtractGradient()
{
    reference::gradient(state_.velocity, state_.pressure, velocityScratch_, constants_, exec_);
    state_.velocity.swap(velocityScratch_);
}

void CpuSolver::addForceField(const Field& force, const ForceFieldConstants& k)
{
    if (force.width() != params_.gridWidth || force.height() != params_.gridHeight || force.components() != 2)
        throw std::invalid_argument("CpuSolver::addForceField(): the force field is " + std::to_string(force.width())
                                    + "x" + std::to_string(force.height()) + "x" + std::to_string(force.components())
                                    + ", expected " + std::to_string(params_.gridWidth) + "x"
                                    + std::to_string(params_.gridHeight) + "x2");
    reference::addForceField(state_.velocity, state_.dye, force, velocityScratch_, dyeScratch_, k);
    std::swap(state_.velocity, velocityScratch_);
    std::swap(state_.dye, dyeScratch_);
}

void CpuSolver::reset()
{
    for (Field* f : {&state_.velocity, &state_.pressure, &state_.dye, &velocityScratch_, &pressureScratch_,
                     &dyeScratch_, &diffusionRhs_, &divergence_, &curl_})
        f->fill(0.0f);
}

void CpuSolver::clearDye()
{
    state_.dye.fill(0.0f);
    dyeScratch_.fill(0.0f);
}

void CpuSolver::upload(const FluidState& state)
{
    requireShape(state.velocity, state_.velocity, "velocity");
    requireShape(state.pressure, state_.pressure, "pressure");
    requireShape(state.dye, state_.dye, "dye");
    state_ = state;
}

void CpuSolver::uploadCurl(const Field& curl)
{
    requireShape(curl, curl_, "curl");
    curl_ = curl;
}

void CpuSolver::uploadDivergence(const Field& divergence)
{
    requireShape(divergence, divergence_, "divergence");
    divergence_ = divergence;
}

}  // namespace fluid
