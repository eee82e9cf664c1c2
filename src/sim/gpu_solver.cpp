#include "sim/gpu_solver.hpp"

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

using sim::kSolidUnit;
using sim::kUnit0;
using sim::kUnit1;
using sim::kUnit2;
using sim::kUnit4;

// A pass's own uniforms must exist: a misspelt name throws (naming the program
// and the uniform) instead of silently setting nothing. The grid uniforms of
// common.glsl, set on every pass, may be unused by some.
void setSampler(const gl::Program& p, const char* name, GLuint unit)
{
    glUniform1i(p.requiredUniform(name), static_cast<GLint>(unit));
}

void setFloat(const gl::Program& p, const char* name, float value)
{
    glUniform1f(p.requiredUniform(name), value);
}

SimParams validated(const SimParams& params)
{
    if (auto problem = validate(params)) throw std::invalid_argument("GpuSolver: " + *problem);
    return params;
}

void throwIf(const std::optional<std::string>& problem, const char* function)
{
    if (problem) throw std::invalid_argument(std::string(function) + ": " + *problem);
}

gl::TextureFormat formatFor(int components)
{
    return components == 1 ? gl::TextureFormat::R32F
                           : (components == 2 ? gl::TextureFormat::RG32F : gl::TextureFormat::RGBA32F);
}

// Whether the grid allows the Jacobi sweeps on four cells per texel
// (pressure_packed.frag); GpuSolver::packsPressure() says whether they run so.
bool packs(const SimParams& p)
{
    return p.gridWidth % 4 == 0;
}

Field downloadField(const gl::RenderTarget& target)
{
    Field f(target.width(), target.height(), gl::componentCount(target.format()));
    target.download(f.data());
    return f;
}

}  // namespace

GpuSolver::GpuSolver(const SimParams& params)
    : params_(validated(params)),
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
    if (packs(params_)) {
        const int packedWidth = params_.gridWidth / 4;
        packedPressure_ = gl::PingPong(packedWidth, params_.gridHeight, gl::TextureFormat::RGBA32F, "packed pressure");
        packedDivergence_ =
            gl::RenderTarget(packedWidth, params_.gridHeight, gl::TextureFormat::RGBA32F, "packed divergence");
        twoTargets_.check(packedPressure_.read(), packedDivergence_, "packed pressure and divergence");
    }
    makeMacCormackTargets();
    buildPrograms();
    applyConstantUniforms();
    gl::throwOnError("GpuSolver::GpuSolver()");  // once, at creation: never in the step loop
}

void GpuSolver::buildPrograms()
{
    const BoundaryMode b = params_.boundary;
    // The passes that read a neighbour or trace through the rule see the mask
    // (on the velocity's grid: the dye on its own grid does not).
    // The layout too, for the passes that read or write the velocity.
    const std::string layout = constants_.staggered ? "#define STAGGERED 1\n" : "";
    const std::string o = (obstacles_ ? "#define OBSTACLES 1\n" : "") + layout;
    const bool shared = fusesDye();
    // The scalar advections read the velocity at their own cell only where it
    // lives there (collocated); otherwise interpolated at their centres.
    const bool ownVelocity = !constants_.staggered;
    for (const bool line : {false, true}) {
        const char* shape = line ? "" : "#define POINT_SPLAT 1\n";
        // The velocity's (with its layout; on the staggered one it shuts the solid faces).
        splatPass(line, false).program =
            buildPass("splat.frag", b, (shape + (constants_.staggered ? o : std::string())).c_str());
        temperatureSplatPasses_[line ? 1u : 0u].program = buildPass("splat.frag", b, shape);
        // Velocity and dye in one draw only where they share a grid.
        splatPass(line, true).program =
            shared ? buildPass("splat.frag", b, (std::string(shape) + "#define TWO_OUTPUTS 1\n").c_str())
                   : gl::Program();
        dyeSplatPasses_[line ? 1u : 0u].program = buildPass("splat.frag", b, shape);
    }
    advectProgram_ = buildPass("advect.frag", b, o.c_str(), "advection.glsl");
    const std::string scalar = "#define SCALAR_SOURCE 1\n";
    const std::string onVelocityGrid = ownVelocity ? "#define ON_VELOCITY_GRID 1\n" + o : o;
    const std::string inflowDye = isTunnel(b) ? "#define INFLOW_DYE 1\n" : "";
    advectDyeProgram_ =
        buildPass("advect_scalar.frag", b,
                  (scalar + (dyeOnVelocityGrid() ? onVelocityGrid : layout) + inflowDye).c_str(), "advection.glsl");
    // The dye on the velocity's grid rides along in the velocity's draw.
    advectWithDyeProgram_ =
        shared ? buildPass("advect.frag", b,
                           (o + scalar + inflowDye + "#define TWO_OUTPUTS 1\n#define WITH_DYE 1\n").c_str(),
                           "advection.glsl")
               : gl::Program();
    advectTemperatureProgram_ = buildPass("advect_scalar.frag", b, (scalar + onVelocityGrid).c_str(), "advection.glsl");
    // (Without ON_VELOCITY_GRID a scalar pass interpolates the velocity at its
    // centres: on the staggered layout from the faces, so it needs STAGGERED.)
    // MacCormack (docs/algorithm.md §3.2b): the backward step and the
    // correction are each field's own advection shader too, so that they trace
    // and read exactly as the forward step does (walls, obstacles, the inflow).
    const std::string mac = "#define MACCORMACK 1\n";
    const std::string carried = "#define CARRIED_VELOCITY 1\n";
    macCormackVelocity_.backward = buildPass("advect.frag", b, (o + carried).c_str(), "advection.glsl");
    // The velocity's correction reads phi^n as the carried velocity: the
    // velocity itself, or the forced one (incremental projection).
    macCormackVelocity_.correction =
        buildPass("advect.frag", b, (o + carried + mac).c_str(), "advection.glsl", "maccormack.glsl");
    advectCarriedProgram_ = buildPass("advect.frag", b, (o + carried).c_str(), "advection.glsl");
    const std::string dyeDefines = scalar + (dyeOnVelocityGrid() ? onVelocityGrid : layout) + inflowDye;
    macCormackDye_.backward = buildPass("advect_scalar.frag", b, dyeDefines.c_str(), "advection.glsl");
    macCormackDye_.correction =
        buildPass("advect_scalar.frag", b, (dyeDefines + mac).c_str(), "advection.glsl", "maccormack.glsl");
    const std::string temperatureDefines = scalar + onVelocityGrid;
    macCormackTemperature_.backward = buildPass("advect_scalar.frag", b, temperatureDefines.c_str(), "advection.glsl");
    macCormackTemperature_.correction =
        buildPass("advect_scalar.frag", b, (temperatureDefines + mac).c_str(), "advection.glsl", "maccormack.glsl");
    diffuseProgram_ = buildPass("diffuse.frag", b, o.c_str());
    fieldPasses_.clear();
    for (const FieldPass* row : kFieldPasses)
        fieldPasses_.emplace_back(*row, sim::PassVariant{b, obstacles_, dyeOnVelocityGrid(), constants_.staggered});
    pressureProgram_ = buildPass("pressure.frag", b, o.c_str());
    packProgram_ = buildPass("pack.frag", b, "#define TWO_OUTPUTS 1\n");
    pressurePackedProgram_ = buildPass("pressure_packed.frag", b);
    pressurePackedTwiceProgram_ = buildPass("pressure_packed.frag", b, "#define TWO_SWEEPS 1\n");
    unpackProgram_ = buildPass("unpack.frag", b);
    addForce_.program = buildPass("add_force.frag", b, shared ? "#define TWO_OUTPUTS 1\n" : o.c_str());
    addForceDye_.program = shared ? gl::Program() : buildPass("add_force.frag", b, "#define DYE_ON_OWN_GRID 1\n");
    // Fields that passes read through the sampler (scalarBeside, velocityNear
    // and the like in common.glsl) carry the rule as their wrap mode.
    const gl::Wrap wrap = b == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
    for (gl::PingPong& f : fields_)
        for (gl::RenderTarget* t : {&f.read(), &f.write()}) t->setWrap(wrap);
    for (gl::RenderTarget* t : {&diffusionRhs_, &curl_, &divergence_, &solid_, &carriedVelocity_}) t->setWrap(wrap);
    for (MacCormackPass* m : {&macCormackVelocity_, &macCormackDye_, &macCormackTemperature_})
        for (gl::RenderTarget* t : {&m->backwardField, &m->corrected})
            if (t->width() > 0) t->setWrap(wrap);
    if (packs(params_))
        for (gl::RenderTarget* t : {&packedPressure_.read(), &packedPressure_.write(), &packedDivergence_})
            t->setWrap(wrap);
    programsBoundary_ = b;
    programsLayout_ = params_.layout;
}

void GpuSolver::setParams(const SimParams& params)
{
    const SimParams next = validated(params);
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
    makeMacCormackTargets();
    if (params_.boundary != programsBoundary_ || params_.layout != programsLayout_)
        buildPrograms();  // a compile: only when the rule or the layout changes
    for (sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) {
        mg->setBoundary(params_.boundary);
        mg->setConstants(constants_);
    }
    applyConstantUniforms();
}

// Uniforms keep their values inside a program object, so everything that only
// changes with the parameters is set here and not in every pass.
void GpuSolver::applyConstantUniforms()
{
    const PassConstants& k = constants_;
    // The grid of common.glsl: the one a pass draws on.
    const auto setGrid = [](const gl::Program& p, const PassConstants& grid) {
        if (!p.id()) return;  // a variant this grid layout does not use
        p.use();
        sim::setGridUniforms(p, grid);
    };
    for (const sim::FieldPassProgram& pass : fieldPasses_) pass.setConstants(k, dyeConstants_);
    for (const gl::Program* p :
         {&splatPasses_[0].program, &splatPasses_[1].program, &splatPasses_[2].program, &splatPasses_[3].program,
          &advectProgram_, &diffuseProgram_, &pressureProgram_, &packProgram_, &pressurePackedProgram_,
          &pressurePackedTwiceProgram_, &unpackProgram_, &addForce_.program, &advectTemperatureProgram_,
          &advectCarriedProgram_, &advectWithDyeProgram_, &macCormackVelocity_.backward,
          &macCormackVelocity_.correction, &macCormackTemperature_.backward, &macCormackTemperature_.correction})
        setGrid(*p, k);
    for (const SplatPass& t : temperatureSplatPasses_) setGrid(t.program, k);
    for (const gl::Program* p : {&dyeSplatPasses_[0].program, &dyeSplatPasses_[1].program, &advectDyeProgram_,
                                 &addForceDye_.program, &macCormackDye_.backward, &macCormackDye_.correction})
        setGrid(*p, dyeConstants_);
    const auto splatUniforms = [](const gl::Program& p) {
        return SplatUniforms{p.uniform("uFrom"),          p.uniform("uAxis"),      p.uniform("uLength"),
                             p.uniform("uInverseRadius"), p.uniform("uLineScale"), p.uniform("uValue"),
                             p.uniform("uValue1")};
    };
    for (SplatPass* s : {&splatPasses_[0], &splatPasses_[1], &splatPasses_[2], &splatPasses_[3], &dyeSplatPasses_[0],
                         &dyeSplatPasses_[1], &temperatureSplatPasses_[0], &temperatureSplatPasses_[1]}) {
        if (!s->program.id()) continue;
        s->program.use();
        setSampler(s->program, "uSource", kUnit0);
        glUniform1i(s->program.uniform("uSource1"), static_cast<GLint>(kUnit1));  // two-output variants only
        s->uniforms = splatUniforms(s->program);
    }

    // The velocity's advection, carrying itself or (incremental projection)
    // another field at unit 1.
    for (const gl::Program* p : {&advectProgram_, &advectCarriedProgram_}) {
        p->use();
        setSampler(*p, "uVelocity", kUnit0);
        if (p == &advectCarriedProgram_) setSampler(*p, "uCarriedVelocity", kUnit1);
        setFloat(*p, "uDtOverCellSize", k.dtOverCellSize);
        setFloat(*p, "uVelocityDecay", k.velocityDecay);
    }

    if (advectWithDyeProgram_.id()) {
        advectWithDyeProgram_.use();
        setSampler(advectWithDyeProgram_, "uVelocity", kUnit0);
        setSampler(advectWithDyeProgram_, "uSource", kUnit1);
        setFloat(advectWithDyeProgram_, "uDtOverCellSize", k.dtOverCellSize);
        setFloat(advectWithDyeProgram_, "uVelocityDecay", k.velocityDecay);
        setFloat(advectWithDyeProgram_, "uDyeDecay", dyeConstants_.dyeDecay);
    }

    advectDyeProgram_.use();
    setSampler(advectDyeProgram_, "uVelocity", kUnit0);
    setSampler(advectDyeProgram_, "uSource", kUnit1);
    setFloat(advectDyeProgram_, "uDtOverCellSize", dyeConstants_.dtOverCellSize);
    setFloat(advectDyeProgram_, "uDecay", dyeConstants_.dyeDecay);
    // The scalar passes that interpolate the velocity at their centres.
    const auto setVelocityGrid = [&](const gl::Program& p, const PassConstants& grid) {
        p.use();
        glUniform2i(p.requiredUniform("uVelocityGridSize"), k.width, k.height);
        setFloat(p, "uToVelocityCells", grid.toVelocityCells);
    };
    if (!fusesDye()) setVelocityGrid(advectDyeProgram_, dyeConstants_);

    advectTemperatureProgram_.use();
    setSampler(advectTemperatureProgram_, "uVelocity", kUnit0);
    setSampler(advectTemperatureProgram_, "uSource", kUnit1);
    setFloat(advectTemperatureProgram_, "uDtOverCellSize", k.dtOverCellSize);
    setFloat(advectTemperatureProgram_, "uDecay", k.temperatureDecay);
    if (k.staggered) setVelocityGrid(advectTemperatureProgram_, k);

    // MacCormack: every backward pass reads the field advected at unit 1 (the
    // velocity's as uCarriedVelocity), every correction phi^n at its forward
    // pass's unit, phi^^{n+1} at unit 2 and phi^^n at unit 4.
    const auto setMacCormack = [&](const MacCormackPass& m, const PassConstants& grid, float decay, bool scalar) {
        m.backward.use();
        setSampler(m.backward, "uVelocity", kUnit0);
        setSampler(m.backward, scalar ? "uSource" : "uCarriedVelocity", kUnit1);
        setFloat(m.backward, "uDtOverCellSize", backwardInTime(grid).dtOverCellSize);
        setFloat(m.backward, scalar ? "uDecay" : "uVelocityDecay", 1.0f);  // the correction applies it
        m.correction.use();
        setSampler(m.correction, "uVelocity", kUnit0);
        setSampler(m.correction, scalar ? "uSource" : "uCarriedVelocity", kUnit1);
        setSampler(m.correction, "uForward", kUnit2);
        setSampler(m.correction, "uBackward", kUnit4);
        setFloat(m.correction, "uDtOverCellSize", grid.dtOverCellSize);
        setFloat(m.correction, scalar ? "uDecay" : "uVelocityDecay", decay);
        if (scalar && (!grid.onVelocityGrid || k.staggered))
            for (const gl::Program* p : {&m.backward, &m.correction}) setVelocityGrid(*p, grid);
    };
    setMacCormack(macCormackVelocity_, k, k.velocityDecay, false);
    setMacCormack(macCormackDye_, dyeConstants_, dyeConstants_.dyeDecay, true);
    setMacCormack(macCormackTemperature_, k, k.temperatureDecay, true);

    diffuseProgram_.use();
    setSampler(diffuseProgram_, "uX", kUnit0);
    setSampler(diffuseProgram_, "uB", kUnit1);
    setFloat(diffuseProgram_, "uAlpha", k.diffusionAlpha);
    setFloat(diffuseProgram_, "uInverseDenominator", k.diffusionInverseDenominator);

    pressureProgram_.use();
    setSampler(pressureProgram_, "uPressure", kUnit0);
    setSampler(pressureProgram_, "uDivergence", kUnit1);
    setFloat(pressureProgram_, "uCellSizeSquared", k.cellSizeSquared);

    packProgram_.use();
    setSampler(packProgram_, "uSource", kUnit0);
    setSampler(packProgram_, "uSource1", kUnit1);
    unpackProgram_.use();
    setSampler(unpackProgram_, "uPacked", kUnit0);
    for (const gl::Program* p : {&pressurePackedProgram_, &pressurePackedTwiceProgram_}) {
        p->use();
        setSampler(*p, "uPressure", kUnit0);
        setSampler(*p, "uDivergence", kUnit1);
        setFloat(*p, "uCellSizeSquared", k.cellSizeSquared);
        // It draws on the packed target: a texel step is four cells across.
        glUniform2f(p->uniform("uInverseGridSize"), 4.0f / static_cast<float>(k.width),
                    1.0f / static_cast<float>(k.height));
    }

    for (AddForcePass* pass : {&addForce_, &addForceDye_}) {
        const gl::Program& p = pass->program;
        if (!p.id()) continue;
        p.use();
        glUniform1i(p.uniform("uVelocity"), static_cast<GLint>(kUnit0));  // not in the dye-only variant
        glUniform1i(p.uniform("uDye"), static_cast<GLint>(kUnit1));       // not in the velocity-only one
        glUniform1i(p.requiredUniform("uForce"), static_cast<GLint>(kUnit2));
        pass->blend = p.requiredUniform("uBlend");
        pass->fullSpeed = p.requiredUniform("uFullSpeed");
        pass->dyeAdded = p.uniform("uDyeAdded");
    }
    if (addForceDye_.program.id()) setFloat(addForceDye_.program, "uToVelocityCells", dyeConstants_.toVelocityCells);
    glUseProgram(0);
}

void GpuSolver::draw(const gl::RenderTarget& target) const
{
    sim::drawFullscreen(target, emptyVertexArray_);
}

void GpuSolver::step(std::span<const Splat> splats)
{
    runStep(*this, splats);
}

void GpuSolver::setStepTimer(StepTimer* timer)
{
    timer_ = timer;
    for (sim::GpuMultigrid* mg : {&multigrid_, &viscousMultigrid_}) mg->setStepTimer(timer);
}

void GpuSolver::bindSolid() const
{
    if (obstacles_) solid_.bindTexture(kSolidUnit);
}

bool GpuSolver::packsPressure() const
{
    // The packed sweep knows the box's and the periodic rule's ghosts only:
    // with obstacles or the tunnel's Dirichlet outflow the sweeps run on one
    // cell per fragment (pressure.frag).
    return packs(params_) && !obstacles_ && !isTunnel(params_.boundary);
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
    if (plan.vCycles > 0) {
        viscousMultigrid_.bind(velocity(), diffusionRhs_, emptyVertexArray_, /*startFromZero=*/true);
        for (int n = 0; n < plan.vCycles; ++n) viscousMultigrid_.cycle();
        return;
    }
    diffuseProgram_.use();
    bindSolid();
    diffusionRhs_.bindTexture(kUnit1);
    for (int n = 0; n < plan.jacobiSweeps; ++n) {
        (n == 0 ? diffusionRhs_ : velocity().read()).bindTexture(kUnit0);
        draw(velocity().write());
        velocity().swap();
    }
}

void GpuSolver::computeDiagnostics()
{
    run(passes::curl);
    run(passes::divergence);
}

const gl::RenderTarget& GpuSolver::current(Slot slot) const
{
    switch (slot) {
        case Slot::Curl:
            return curl_;
        case Slot::Divergence:
            return divergence_;
        case Slot::PressureResidual:
            return pressureResidual_;
        case Slot::CarriedVelocity:
            return carriedVelocity_;
        default:
            return field(fieldSpec(fieldIdOf(slot))).read();
    }
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
    program->use();
    bindSolid();
    for (std::size_t n = 0; n < pass.inputCount; ++n) current(pass.inputs[n].slot).bindTexture(static_cast<GLuint>(n));
    draw(written(pass.output));
    if (isPingPong(pass.output)) field(fieldSpec(fieldIdOf(pass.output))).swap();
}

void GpuSolver::solvePressure()
{
    // Zero iterations means no projection: without the clear, the gradient pass
    // would keep subtracting the last solve's (stale) pressure every step.
    if (!params_.warmStartPressure || pressureSolveIsEmpty(params_)) pressure().read().clear(0.0f);
    if (params_.pressureSolver == PressureSolver::Multigrid) {
        for (int n = 0; n < params_.multigridCycles; ++n) multigrid_.vCycle(pressure(), divergence_, emptyVertexArray_);
        return;
    }
    if (packsPressure()) {
        solvePressurePacked();
        return;
    }
    pressureProgram_.use();
    bindSolid();
    divergence_.bindTexture(kUnit1);
    for (int n = 0; n < params_.pressureIterations; ++n) {
        pressure().read().bindTexture(kUnit0);
        draw(pressure().write());
        pressure().swap();
    }
}

// The Jacobi sweeps of solvePressure() on four cells per texel: a packing copy
// (pressure and divergence in one draw) and an unpacking one around the
// sweeps, each far cheaper than a sweep on one cell per fragment.
void GpuSolver::solvePressurePacked()
{
    if (params_.pressureIterations == 0) return;
    packProgram_.use();
    pressure().read().bindTexture(kUnit0);
    divergence_.bindTexture(kUnit1);
    sim::drawFullscreen(twoTargets_, packedPressure_.read(), packedDivergence_, emptyVertexArray_);

    // Two sweeps per pass, and the odd one alone.
    packedDivergence_.bindTexture(kUnit1);
    const int iterations = params_.pressureIterations;
    for (int n = 0; n < iterations; n += 2) {
        (iterations - n >= 2 ? pressurePackedTwiceProgram_ : pressurePackedProgram_).use();
        packedPressure_.read().bindTexture(kUnit0);
        draw(packedPressure_.write());
        packedPressure_.swap();
    }

    unpackProgram_.use();
    packedPressure_.read().bindTexture(kUnit0);
    draw(pressure().write());
    pressure().swap();
}

void GpuSolver::reset()
{
    for (gl::PingPong& f : fields_)
        for (gl::RenderTarget* t : {&f.read(), &f.write()}) t->clear(0.0f);
    for (gl::RenderTarget* t : {&diffusionRhs_, &divergence_, &curl_}) t->clear(0.0f);
}

void GpuSolver::clearDye()
{
    dye().read().clear(0.0f);
    dye().write().clear(0.0f);
}

void GpuSolver::upload(const FluidState& state)
{
    throwIf(checkShapes(state, grids_), "GpuSolver::upload()");
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
    throwIf(checkShape(curl, grids_.simulation, 1, "curl"), "GpuSolver::uploadCurl()");
    curl_.upload(curl.data());
}

void GpuSolver::uploadDivergence(const Field& divergence)
{
    throwIf(checkShape(divergence, grids_.simulation, 1, "divergence"), "GpuSolver::uploadDivergence()");
    divergence_.upload(divergence.data());
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
