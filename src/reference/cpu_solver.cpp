#include "reference/cpu_solver.hpp"

#include <array>
#include <cassert>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "core/step_recipe.hpp"
#include "reference/motion.hpp"
#include "reference/velocity_kernels.hpp"

namespace fluid {

CpuSolver::CpuSolver(const SimParams& params, int threads)
    : params_(validatedFor("CpuSolver", params)),
      constants_(makePassConstants(params_)),
      dyeConstants_(makePassConstants(params_, FieldGrid::Dye)),
      kernels_(&reference::kernelsOf(constants_)),
      exec_{threads},
      grids_(fieldGrids(params_))
{
    const int w = params_.gridWidth;
    const int h = params_.gridHeight;
    state_ = FluidState::zeros(grids_);
    scratch_ = FluidState::zeros(grids_);
    diffusionRhs_ = Field(w, h, 2);
    divergence_ = Field(w, h, 1);
    curl_ = Field(w, h, 1);
    multigrid_ = reference::CpuMultigrid(w, h);
    viscousMultigrid_ = reference::CpuMultigrid(w, h, MultigridEquation::Viscous);
    pressureResidual_ = Field(w, h, 2);
    carriedVelocity_ = Field(w, h, 2);
    solid_ = std::make_shared<const SolidMask>(Field(w, h, 1));
    for (std::size_t n = 0; n < kFieldPasses.size(); ++n) mirrors_[n] = reference::cpuMirror(*kFieldPasses[n]);
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
// The dye sees them only on the velocity's grid, where the mask lives; on its
// own grid it is carried by the velocity, which is zero in a solid.
void CpuSolver::applyObstacles()
{
    constants_.solid = solid_->any() ? solid_.get() : nullptr;
    dyeConstants_.solid = dyeConstants_.onVelocityGrid ? constants_.solid : nullptr;
}

void CpuSolver::setParams(const SimParams& params)
{
    const SimParams next = validatedFor("CpuSolver", params);
    if (fieldGrids(next) != grids_)
        throw std::invalid_argument("CpuSolver::setParams(): the grid sizes are fixed for a solver's life");
    // The incremental projection's estimate is of a step of the old dt, and
    // the plain projection does not keep it up: it is cleared then, so the
    // next incremental step starts afresh (as a plain one), not stale.
    if (fullPressureGoesStale(params_, next)) {
        state_.fullPressure.fill(0.0f);
        scratch_.fullPressure.fill(0.0f);
    }
    params_ = next;
    constants_ = makePassConstants(params_);
    dyeConstants_ = makePassConstants(params_, FieldGrid::Dye);
    kernels_ = &reference::kernelsOf(constants_);
    applyObstacles();
}

void CpuSolver::step(std::span<const Splat> splats)
{
    runStep(*this, splats);
}

void CpuSolver::setStepTimer(StepTimer* timer)
{
    timer_ = timer;
    for (reference::CpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) mg->setStepTimer(timer);
}

void CpuSolver::splat(const Splat& s)
{
    const SplatInCells cells = toCells(s, constants_);
    // An emitter's splat pushes nothing: its velocity draw would change nothing.
    if (s.velocity != glm::vec2(0.0f)) {
        kernels_->splatVelocity(state_.velocity, cells, s.velocity, scratch_.velocity, constants_, exec_);
        state_.velocity.swap(scratch_.velocity);
    }
    if (s.heat != 0.0f) {
        reference::splat(state_.temperature, cells, {s.heat, 0.0f, 0.0f, 0.0f}, scratch_.temperature, constants_,
                         exec_);
        state_.temperature.swap(scratch_.temperature);
    }
    if (s.addsDye) {
        // The same splat in the dye grid's cells (its own cell size).
        reference::splat(state_.dye, toCells(s, dyeConstants_), {s.dye.r, s.dye.g, s.dye.b, 0.0f}, scratch_.dye,
                         dyeConstants_, exec_);
        state_.dye.swap(scratch_.dye);
    }
}

// The velocity's constants as the dye reads it: on a grid of its own,
// slipping at the walls where SimParams::dyeSlipsAtWalls (the GPU's SLIP_WALLS).
PassConstants CpuSolver::dyeVelocityRead() const
{
    PassConstants read = constants_;
    read.slipWalls = params_.dyeSlipsAtWalls && !dyeConstants_.onVelocityGrid;
    return read;
}

void CpuSolver::advectDye()
{
    const PassConstants read = dyeVelocityRead();
    reference::advectScalar(state_.velocity, read, state_.dye, dyeConstants_.dyeDecay, scratch_.dye, dyeConstants_,
                            exec_);
    runSchemeStages(dyeAdvectionOf(params_), state_.dye, scratch_.dye, false, dyeConstants_.dyeDecay, dyeConstants_,
                    schemeDye_, read);
    state_.dye.swap(scratch_.dye);
}

Field CpuSolver::velocityAtDyeCells() const
{
    return reference::velocityAtDyeCells(state_.velocity, dyeVelocityRead(), dyeConstants_, exec_);
}

void CpuSolver::advectTemperature()
{
    if (!smokeIsOn(params_)) return;
    // The tunnel's inflow streaks are dye's: air enters at the ambient temperature.
    PassConstants k = constants_;
    k.tunnel = false;
    reference::advectScalar(state_.velocity, constants_, state_.temperature, constants_.temperatureDecay,
                            scratch_.temperature, k, exec_);
    runSchemeStages(params_.advection, state_.temperature, scratch_.temperature, false, constants_.temperatureDecay, k,
                    schemeTemperature_, constants_);
    state_.temperature.swap(scratch_.temperature);
}

void CpuSolver::advect()
{
    advectDye();  // by the velocity before its own advection, as the GPU's one draw
    // The velocity traces; what it carries is itself, or with the incremental
    // projection itself less half a step of the last pressure gradient.
    const bool forced = passes::pressureForcing.runsInStep(params_, constants_);
    if (forced) run(passes::pressureForcing);
    const Field& carried = forced ? carriedVelocity_ : state_.velocity;
    kernels_->advectVelocity(state_.velocity, carried, constants_.velocityDecay, scratch_.velocity, constants_, exec_);
    runSchemeStages(params_.advection, carried, scratch_.velocity, true, constants_.velocityDecay, constants_,
                    schemeVelocity_, constants_);
    state_.velocity.swap(scratch_.velocity);
}

void CpuSolver::runSchemeStages(AdvectionScheme scheme, const Field& original, Field& forward, bool isVelocity,
                                float decay, const PassConstants& k, SchemeScratch& scratch,
                                const PassConstants& velocityRead)
{
    const std::span<const SchemeStage> stages = stagesOf(scheme);
    const std::span<const reference::StageValue> mirrors = reference::schemeStageMirrors(scheme);
    assert(mirrors.size() == stages.size());
    if (stages.empty()) return;
    if (!scratch.traced.sameShape(forward))
        scratch.traced = scratch.intermediate = scratch.result =
            Field(forward.width(), forward.height(), forward.components());
    for (std::size_t n = 0; n < stages.size(); ++n) {
        // What the stage reads along its trace, carried there with decay 1 by
        // the same velocity, as the stage's draw does in its own pass.
        const Field& source = stages[n].readsIntermediate ? scratch.intermediate : forward;
        const PassConstants traceK = stages[n].forwardInTime ? k : backwardInTime(k);
        Field& out = n + 1 == stages.size() ? scratch.result : scratch.intermediate;
        if (isVelocity) {
            kernels_->advectVelocity(state_.velocity, source, 1.0f, scratch.traced, traceK, exec_);
            kernels_->stageVelocity(state_.velocity, original, forward, scratch.traced, decay, mirrors[n], out, k,
                                    exec_);
        } else {
            reference::advectScalar(state_.velocity, velocityRead, source, 1.0f, scratch.traced, traceK, exec_);
            reference::schemeStageScalar(state_.velocity, velocityRead, original, forward, scratch.traced, decay,
                                         mirrors[n], out, k, exec_);
        }
    }
    forward.swap(scratch.result);
}

void CpuSolver::confineVorticity()
{
    runInStep(*this, passes::curl);
    runInStep(*this, passes::vorticity);
}

void CpuSolver::diffuse()
{
    const ViscousSolvePlan plan = planViscousSolve(params_, constants_);
    if (plan.empty()) return;
    diffusionRhs_.swap(state_.velocity);  // b; the first sweep starts from x = b
    if (plan.chebyshevSweeps > 0) {
        viscousMultigrid_.bind(state_.velocity, scratch_.velocity, diffusionRhs_, constants_, exec_,
                               FirstSweep::FromRhs);
        runChebyshevSweeps(viscousMultigrid_, constants_.diffusionAlpha, plan.chebyshevSweeps);
        return;
    }
    if (plan.vCycles > 0) {
        viscousMultigrid_.bind(state_.velocity, scratch_.velocity, diffusionRhs_, constants_, exec_,
                               FirstSweep::FromZero);
        for (int n = 0; n < plan.vCycles; ++n) viscousMultigrid_.cycle();
        return;
    }
    for (int n = 0; n < plan.jacobiSweeps; ++n) {
        kernels_->diffuse(n == 0 ? diffusionRhs_ : state_.velocity, diffusionRhs_, scratch_.velocity, constants_,
                          exec_);
        state_.velocity.swap(scratch_.velocity);
    }
}

void CpuSolver::solvePressure()
{
    // Zero iterations means no projection: without the clear, the gradient pass
    // would keep subtracting the last solve's (stale) pressure every step.
    if (!params_.warmStartPressure || pressureSolveIsEmpty(params_)) {
        state_.pressure.fill(0.0f);
        pressureIsCold_ = true;
    }
    if (params_.pressureSolver == PressureSolver::Multigrid) {
        const int cycles = multigridCyclesOf(params_, pressureIsCold_);
        pressureIsCold_ = cycles == 0;
        for (int n = 0; n < cycles; ++n)
            multigrid_.vCycle(state_.pressure, scratch_.pressure, divergence_, constants_, exec_);
        return;
    }
    for (int n = 0; n < params_.pressureIterations; ++n) {
        if (n == 0 && dampsFirstPressureSweep(params_))
            reference::pressure(state_.pressure, divergence_, scratch_.pressure, constants_, kOddJacobiFirstSweepWeight,
                                exec_);
        else
            reference::pressure(state_.pressure, divergence_, scratch_.pressure, constants_, exec_);
        state_.pressure.swap(scratch_.pressure);
    }
}

void CpuSolver::bindMultigrid()
{
    multigrid_.bind(state_.pressure, scratch_.pressure, divergence_, constants_, exec_);
}

namespace {

// The field of `state` a ping-pong slot names.
Field& fieldIn(FluidState& state, Slot slot)
{
    return fieldOf(state, fieldSpec(fieldIdOf(slot)));
}

}  // namespace

Field& CpuSolver::current(Slot slot)
{
    if (isPingPong(slot)) return fieldIn(state_, slot);
    return sharedBuffer<Field>(slot, {&curl_, &divergence_, &pressureResidual_, &carriedVelocity_});
}

Field& CpuSolver::written(Slot slot)
{
    return isPingPong(slot) ? fieldIn(scratch_, slot) : current(slot);
}

void CpuSolver::run(const FieldPass& pass)
{
    std::array<const Field*, FieldPass::kMaxInputs> inputs{};
    for (std::size_t n = 0; n < pass.inputCount; ++n) inputs[n] = &current(pass.inputs[n].slot);
    reference::CpuMirror mirror = nullptr;
    for (std::size_t n = 0; n < kFieldPasses.size(); ++n)
        if (kFieldPasses[n] == &pass) mirror = mirrors_[n];
    if (!mirror) mirror = reference::cpuMirror(pass);  // a row from elsewhere (tests): by its name
    mirror(std::span(inputs.data(), pass.inputCount), written(pass.output), {constants_, dyeConstants_}, exec_);
    if (isPingPong(pass.output)) current(pass.output).swap(written(pass.output));
}

void CpuSolver::addForceField(const Field& force, const ForceFieldConstants& k)
{
    if (force.width() != params_.gridWidth || force.height() != params_.gridHeight || force.components() != 2)
        throw std::invalid_argument("CpuSolver::addForceField(): the force field is " + std::to_string(force.width()) +
                                    "x" + std::to_string(force.height()) + "x" + std::to_string(force.components()) +
                                    ", expected " + std::to_string(params_.gridWidth) + "x" +
                                    std::to_string(params_.gridHeight) + "x2");
    reference::addForceField(state_.velocity, state_.dye, force, scratch_.velocity, scratch_.dye, k,
                             dyeConstants_.toVelocityCells);
    // The layout's velocity where it is not at the centres (the dye is, as above).
    kernels_->addForceFieldOnFaces(state_.velocity, force, scratch_.velocity, k, constants_);
    std::swap(state_.velocity, scratch_.velocity);
    std::swap(state_.dye, scratch_.dye);
}

void CpuSolver::reset()
{
    for (const FieldSpec& spec : kFieldSpecs)
        for (FluidState* s : {&state_, &scratch_}) fieldOf(*s, spec).fill(0.0f);
    for (Field* f : {&diffusionRhs_, &divergence_, &curl_}) f->fill(0.0f);
    pressureIsCold_ = true;
}

void CpuSolver::clearDye()
{
    state_.dye.fill(0.0f);
    scratch_.dye.fill(0.0f);
}

void CpuSolver::upload(const FluidState& state)
{
    throwIfProblem(checkShapes(state, grids_), "CpuSolver::upload()");
    state_ = state;
}

void CpuSolver::uploadCurl(const Field& curl)
{
    throwIfProblem(checkShape(curl, grids_.simulation, 1, "curl"), "CpuSolver::uploadCurl()");
    curl_ = curl;
}

void CpuSolver::uploadDivergence(const Field& divergence)
{
    throwIfProblem(checkShape(divergence, grids_.simulation, 1, "divergence"), "CpuSolver::uploadDivergence()");
    divergence_ = divergence;
}

}  // namespace fluid
