#include "sim/gpu_solver.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/solid_mask.hpp"
#include "core/step_recipe.hpp"
#include "gl/errors.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

using sim::buildPass;

namespace {

gl::TextureFormat formatFor(int components)
{
    return components == 1 ? gl::TextureFormat::R32F
                           : (components == 2 ? gl::TextureFormat::RG32F : gl::TextureFormat::RGBA32F);
}

Field downloadField(const gl::RenderTarget& target)
{
    Field f(target.width(), target.height(), gl::componentCount(target.format()));
    target.download(f.data());
    return f;
}

}  // namespace

GpuSolver::GpuSolver(const SimParams& params)
    : params_(validatedFor("GpuSolver", params)),
      constants_(makePassConstants(params_)),
      dyeConstants_(makePassConstants(params_, FieldGrid::Dye)),
      grids_(fieldGrids(params_)),
      emptyVertexArray_(gl::VertexArray::create()),
      diffusionRhs_(params_.gridWidth, params_.gridHeight, gl::TextureFormat::RG32F, "diffusion rhs"),
      divergence_(params_.gridWidth, params_.gridHeight, gl::TextureFormat::R32F, "divergence"),
      curl_(params_.gridWidth, params_.gridHeight, gl::TextureFormat::R32F, "curl"),
      pressureResidual_(params_.gridWidth, params_.gridHeight, gl::TextureFormat::RG32F, "pressure residual"),
      carriedVelocity_(params_.gridWidth, params_.gridHeight, gl::TextureFormat::RG32F, "carried velocity"),
      multigrid_(params_.gridWidth, params_.gridHeight, params_.boundary, constants_),
      viscousMultigrid_(params_.gridWidth, params_.gridHeight, params_.boundary, constants_,
                        MultigridEquation::Viscous),
      twoTargets_(gl::TwoTargets::create()),
      solid_(params_.gridWidth, params_.gridHeight, gl::TextureFormat::R32F, "obstacles"),
      obstacleMask_(params_.gridWidth, params_.gridHeight, 1)
{
    for (const FieldSpec& spec : kFieldSpecs) {
        const GridSize g = grids_.of(spec.grid);
        field(spec) = gl::PingPong(g.width, g.height, formatFor(spec.components), spec.name);
    }
    if (dyeOnVelocityGrid()) twoTargets_.check(velocity().write(), dye().write(), "velocity and dye");
    if (gridPacks()) {
        const int packedWidth = params_.gridWidth / 4;
        packedPressure_ = gl::PingPong(packedWidth, params_.gridHeight, gl::TextureFormat::RGBA32F, "packed pressure");
        packedDivergence_ =
            gl::RenderTarget(packedWidth, params_.gridHeight, gl::TextureFormat::RGBA32F, "packed divergence");
        twoTargets_.check(packedPressure_.read(), packedDivergence_, "packed pressure and divergence");
        twoTargets_.check(velocity().read(), pressure().read(), "velocity and pressure (the packed gradient)");
    }
    if (gridPairs())
        pressurePairs_ = gl::PingPong(params_.gridWidth / 4, params_.gridHeight / 2, gl::TextureFormat::RGBA32F,
                                      "packed pressure, paired", 2);
    if (const int r = dyeGridRatio(); r > 0) {
        velocityAtDyeCells_ = gl::RenderTarget(params_.gridWidth, params_.gridHeight, gl::TextureFormat::RGBA32F,
                                               "velocity at the dye's cells", r * r / 2);
        if (r == 2)
            twoTargets_.check(velocity().write(), velocityAtDyeCells_, "velocity and the velocity at the dye's cells");
    }
    makeSchemeTargets();
    buildPrograms();
    applyConstantUniforms();
    gl::throwOnError("GpuSolver::GpuSolver()");  // once, at creation: never in the step loop
}

void GpuSolver::buildPrograms()
{
    const BoundaryMode b = params_.boundary;
    kernels_ = sim::chooseKernels(sim::KernelConfig{velocityLayoutOf(params_.layout), b, obstacles_,
                                                    dyeOnVelocityGrid(), params_.dyeSlipsAtWalls, gridPairs(),
                                                    velocityAtDyeCellsAllowed_ ? dyeGridRatio() : 0});
    programs_.reset(b);
    programs_.setConstants(constants_, dyeConstants_);
    // Every kernel of the configuration now, not at its first draw: a compile
    // in the step loop would stall a frame, and a step makes no GL object.
    for (const sim::Kernel& k : kernels_.all()) programs_.get(k);
    fieldPasses_.clear();
    for (const FieldPass* pass : kFieldPasses) fieldPasses_.emplace_back(*pass, b, kernels_.fieldPasses);
    // Fields that passes read through the sampler (scalarBeside, velocityNear
    // and the like in common.glsl) carry the rule as their wrap mode.
    const gl::Wrap wrap = b == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
    for (gl::PingPong& f : fields_)
        for (gl::RenderTarget* t : {&f.read(), &f.write()}) t->setWrap(wrap);
    for (gl::RenderTarget* t : {&diffusionRhs_, &curl_, &divergence_, &solid_, &carriedVelocity_}) t->setWrap(wrap);
    for (SchemeTargets* t : {&schemeVelocity_, &schemeDye_, &schemeTemperature_})
        for (gl::RenderTarget* m : {&t->forward, &t->intermediate})
            if (m->width() > 0) m->setWrap(wrap);
    if (gridPacks())
        for (gl::RenderTarget* t : {&packedPressure_.read(), &packedPressure_.write(), &packedDivergence_})
            t->setWrap(wrap);
    if (gridPairs())
        for (gl::RenderTarget* t : {&pressurePairs_.read(), &pressurePairs_.write()}) t->setWrap(wrap);
    programsBoundary_ = b;
    programsLayout_ = params_.layout;
    programsDyeSlip_ = params_.dyeSlipsAtWalls;
}

void GpuSolver::setParams(const SimParams& params)
{
    const SimParams next = validatedFor("GpuSolver", params);
    if (fieldGrids(next) != grids_)
        throw std::invalid_argument(
            "GpuSolver::setParams(): the grid sizes are fixed for a solver's life; create a "
            "new GpuSolver for " +
            std::to_string(next.gridWidth) + "x" + std::to_string(next.gridHeight) + " (dye grid " +
            std::to_string(next.dyeGridWidthOrDefault()) + "x" + std::to_string(next.dyeGridHeight()) + ")");
    // The incremental projection's estimate is of a step of the old dt, and
    // the plain projection does not keep it up: it is cleared then, so the
    // next incremental step starts afresh (as a plain one), not stale.
    if (fullPressureGoesStale(params_, next))
        for (gl::RenderTarget* t : {&fullPressure().read(), &fullPressure().write()}) t->clear(0.0f);
    params_ = next;
    constants_ = makePassConstants(params_);
    dyeConstants_ = makePassConstants(params_, FieldGrid::Dye);
    makeSchemeTargets();
    if (params_.boundary != programsBoundary_ || params_.layout != programsLayout_ ||
        params_.dyeSlipsAtWalls != programsDyeSlip_)
        buildPrograms();  // a compile: only when a rule or the layout changes
    for (sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) {
        mg->setBoundary(params_.boundary);
        mg->setConstants(constants_);
    }
    applyConstantUniforms();
}

// Uniforms keep their values inside a program object, so everything that only
// changes with the parameters is set here and not in every pass: each
// program's row (core/program_specs.hpp) says what, and from which grid's
// constants.
void GpuSolver::applyConstantUniforms()
{
    for (const sim::FieldPassProgram& pass : fieldPasses_) pass.setConstants(constants_, dyeConstants_);
    programs_.setConstants(constants_, dyeConstants_);  // each later program as it is built
    glUseProgram(0);
}

std::vector<const sim::SpecProgram*> GpuSolver::specPrograms() const
{
    std::vector<const sim::SpecProgram*> all = programs_.built();
    for (const sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_})
        for (const sim::SpecProgram* p : mg->specPrograms()) all.push_back(p);
    std::erase_if(all, [](const sim::SpecProgram* p) { return !*p; });
    return all;
}

void GpuSolver::draw(const gl::RenderTarget& target) const
{
    sim::drawFullscreen(target, emptyVertexArray_);
}

const sim::SpecProgram& GpuSolver::bind(const sim::Kernel& kernel, Source output) const
{
    const sim::SpecProgram& program = programs_.get(kernel);
    const auto& samplers = kernel.row->samplers;
    // Before the program and units are bound: the unpacking is a draw.
    for (std::size_t n = 0; n < samplers.size(); ++n)
        if (program.reads(n) && samplers[n].source == Source::Divergence) unpackDivergence();
    program.use();
    bindSolid();
    for (std::size_t n = 0; n < samplers.size(); ++n)
        if (program.reads(n)) source(samplers[n].source, output).bindTexture(samplers[n].unit);
    return program;
}

void GpuSolver::draw(const sim::Kernel& kernel, Source output, const gl::RenderTarget& target) const
{
    bind(kernel, output);
    sim::drawFullscreen(target, emptyVertexArray_);
}

void GpuSolver::draw(const sim::Kernel& kernel, Source output, const gl::RenderTarget& target,
                     const gl::RenderTarget& second) const
{
    bind(kernel, output);
    sim::drawFullscreen(twoTargets_, target, second, emptyVertexArray_);
}

const gl::RenderTarget& GpuSolver::source(Source s, Source output) const
{
    switch (s) {
        case Source::Output:
            if (output != Source::Output) return source(output, output);
            break;
        case Source::Velocity:
            return velocity().read();
        case Source::Dye:
            return dye().read();
        case Source::Temperature:
            return field(fieldSpec(FieldId::Temperature)).read();
        case Source::Pressure:
            return pressure().read();
        case Source::CarriedVelocity:
            return carriedVelocity_;
        case Source::Divergence:
            return divergence_;
        case Source::DiffusionRhs:
            return diffusionRhs_;
        case Source::PackedPressure:
            return packedPressure_.read();
        case Source::PackedDivergence:
            return packedDivergence_;
        case Source::PressurePairs:
            return pressurePairs_.read();
        case Source::Forward:
        case Source::Intermediate:
            if (const SchemeTargets* t = schemeTargets(output))
                return s == Source::Forward ? t->forward : t->intermediate;
            break;
        case Source::Force:
            if (force_) return *force_;
            break;
        case Source::VelocityAtDyeCells:
            if (velocityAtDyeCells_.width() > 0) return velocityAtDyeCells_;
            break;
        case Source::Level:
            break;
    }
    throw std::logic_error("GpuSolver::source(): no texture for a sampler of this draw");
}

void GpuSolver::step(std::span<const Splat> splats)
{
    // Cleared on the way out however the recipe ends.
    struct InStep {
        bool& flag;
        explicit InStep(bool& f) : flag(f) { flag = true; }
        ~InStep() { flag = false; }
        InStep(const InStep&) = delete;
        InStep& operator=(const InStep&) = delete;
    };
    {
        const InStep inStep(inStep_);
        runStep(*this, splats);
    }
    // What a recipe without the solve, or without the gradient pass, left.
    packedAhead_ = false;
    if (unpackPending_) unpackPressure();
}

void GpuSolver::setStepTimer(StepTimer* timer)
{
    timer_ = timer;
    for (sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) mg->setStepTimer(timer);
}

void GpuSolver::bindSolid() const
{
    if (obstacles_) solid_.bindTexture(sim::kSolidUnit);
}

void GpuSolver::setObstacles(const Field& mask)
{
    requireMaskShape(mask, params_.gridWidth, params_.gridHeight, "GpuSolver::setObstacles()");
    obstacleMask_ = mask;
    solid_.upload(mask.data());
    for (sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) mg->setObstacles(mask);
    if (!obstacles_) {
        obstacles_ = true;
        buildPrograms();  // a compile: only the first time
        applyConstantUniforms();
    }
}

void GpuSolver::clearObstacles()
{
    obstacleMask_.fill(0.0f);
    solid_.clear(0.0f);
    for (sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) mg->clearObstacles();
    if (obstacles_) {
        obstacles_ = false;
        buildPrograms();
        applyConstantUniforms();
    }
}

void GpuSolver::diffuse()
{
    const ViscousSolvePlan plan = planViscousSolve(params_, constants_);
    if (plan.empty()) return;
    // The advected velocity becomes the fixed right-hand side b; the first sweep
    // starts from x = b, so no copy is needed.
    std::swap(diffusionRhs_, velocity().read());
    if (plan.chebyshevSweeps > 0) {
        viscousMultigrid_.bind(velocity(), diffusionRhs_, emptyVertexArray_, FirstSweep::FromRhs);
        if (viscousMultigrid_.packsFaces() && plan.chebyshevSweeps >= 2)  // the same values, two cells a texel
            viscousMultigrid_.chebyshevSweepsOnPackedFaces(constants_.diffusionAlpha, plan.chebyshevSweeps);
        else
            runChebyshevSweeps(viscousMultigrid_, constants_.diffusionAlpha, plan.chebyshevSweeps);
        return;
    }
    if (plan.vCycles > 0) {
        viscousMultigrid_.bind(velocity(), diffusionRhs_, emptyVertexArray_, FirstSweep::FromZero);
        for (int n = 0; n < plan.vCycles; ++n) viscousMultigrid_.cycle();
        return;
    }
    for (int n = 0; n < plan.jacobiSweeps; ++n) {
        draw(n == 0 ? kernels_.diffuseFromRhs : kernels_.diffuse, Source::Velocity, velocity().write());
        velocity().swap();
    }
}

void GpuSolver::confineVorticity()
{
    if (!passes::vorticity.runsInStep(params_, constants_)) return;
    if (kernels_.vorticityWithCurl) {
        draw(kernels_.vorticityWithCurl, Source::Velocity, velocity().write());
        velocity().swap();
        return;
    }
    run(passes::curl);
    run(passes::vorticity);
}

void GpuSolver::computeDiagnostics()
{
    run(passes::curl);
    run(passes::divergence);
}

const gl::RenderTarget& GpuSolver::current(Slot slot) const
{
    if (isPingPong(slot)) return field(fieldSpec(fieldIdOf(slot))).read();
    if (slot == Slot::Divergence) unpackDivergence();
    return sharedBuffer<const gl::RenderTarget>(slot, {&curl_, &divergence_, &pressureResidual_, &carriedVelocity_});
}

const gl::RenderTarget& GpuSolver::written(Slot slot)
{
    return isPingPong(slot) ? field(fieldSpec(fieldIdOf(slot))).write() : current(slot);
}

void GpuSolver::run(const FieldPass& pass)
{
    const sim::FieldPassProgram* program = nullptr;
    for (const sim::FieldPassProgram& p : fieldPasses_)
        if (&p.pass() == &pass) program = &p;
    if (!program)
        throw std::invalid_argument(std::string("GpuSolver::run(): \"") + pass.name +
                                    "\" is not a row of kFieldPasses (core/field_pass.hpp)");
    if (pass.output == Slot::Divergence) divergencePending_ = false;  // this pass writes it
    // Any other pass sees the pressure unpacked.
    if (unpackPending_) unpackPressure();
    // Before the pass's own program and units are bound: the unpacking is a draw.
    for (std::size_t n = 0; n < pass.inputCount; ++n)
        if (pass.inputs[n].slot == Slot::Divergence) unpackDivergence();
    program->use();
    bindSolid();
    for (std::size_t n = 0; n < pass.inputCount; ++n) current(pass.inputs[n].slot).bindTexture(static_cast<GLuint>(n));
    draw(written(pass.output));
    if (isPingPong(pass.output)) field(fieldSpec(fieldIdOf(pass.output))).swap();
}

void GpuSolver::reset()
{
    for (gl::PingPong& f : fields_)
        for (gl::RenderTarget* t : {&f.read(), &f.write()}) t->clear(0.0f);
    for (gl::RenderTarget* t : {&diffusionRhs_, &divergence_, &curl_}) t->clear(0.0f);
    divergencePending_ = false;
    pressureIsCold_ = true;
}

void GpuSolver::clearDye()
{
    dye().read().clear(0.0f);
    dye().write().clear(0.0f);
}

void GpuSolver::upload(const FluidState& state)
{
    throwIfProblem(checkShapes(state, grids_), "GpuSolver::upload()");
    for (const FieldSpec& spec : kFieldSpecs) field(spec).read().upload(fieldOf(state, spec).data());
}

FluidState GpuSolver::download() const
{
    FluidState state;
    for (const FieldSpec& spec : kFieldSpecs) fieldOf(state, spec) = downloadField(field(spec).read());
    return state;
}

void GpuSolver::uploadCurl(const Field& curl)
{
    throwIfProblem(checkShape(curl, grids_.simulation, 1, "curl"), "GpuSolver::uploadCurl()");
    curl_.upload(curl.data());
}

void GpuSolver::uploadDivergence(const Field& divergence)
{
    throwIfProblem(checkShape(divergence, grids_.simulation, 1, "divergence"), "GpuSolver::uploadDivergence()");
    divergence_.upload(divergence.data());
    divergencePending_ = false;
}

void GpuSolver::bindMultigrid()
{
    multigrid_.bind(pressure(), divergence_, emptyVertexArray_);
}

Field GpuSolver::downloadCurl() const
{
    return downloadField(curl_);
}
Field GpuSolver::downloadDivergence() const
{
    unpackDivergence();
    return downloadField(divergence_);
}
Field GpuSolver::downloadPressureResidual() const
{
    return downloadField(pressureResidual_);
}
Field GpuSolver::download(Slot slot) const
{
    return downloadField(current(slot));
}

}  // namespace fluid
