// GpuSolver: the stable-fluids step of GPU Gems ch. 38 as a chain of fragment
// passes over float textures. Needs a current OpenGL 3.3 core context (from a
// window or platform::HeadlessContext) and never touches the window system.
// Every pass is public so that tests can run one alone against the CPU mirror.
#pragma once

#include <array>
#include <span>
#include <vector>

#include <glm/vec4.hpp>

#include "core/field.hpp"
#include "core/motion.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "core/step_timer.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "sim/field_pass_program.hpp"
#include "sim/gpu_kernels.hpp"
#include "sim/gpu_multigrid.hpp"
#include "sim/program_set.hpp"
#include "sim/spec_program.hpp"

namespace fluid {

class GpuSolver {
public:
    // Throws std::invalid_argument for invalid parameters, gl::GlError when a
    // shader or framebuffer cannot be made.
    explicit GpuSolver(const SimParams& params);

    // Takes effect on the next pass. The grid size is fixed for a solver's life;
    // a different size throws std::invalid_argument (make a new solver instead).
    void setParams(const SimParams& params);
    const SimParams& params() const { return params_; }
    const PassConstants& constants() const { return constants_; }
    const PassConstants& dyeConstants() const { return dyeConstants_; }

    // One time step: splats, advection, diffusion, vorticity confinement,
    // projection. Issues GL commands only: no read-back, no glFinish.
    void step(std::span<const Splat> splats = {});
    // Profiling (core/step_timer.hpp): every group of step() is a lap of
    // `timer` (a sim::GpuProfiler's), the same groups as CpuSolver's; null
    // (the default): nothing is timed and no query is issued. Not owned.
    void setStepTimer(StepTimer* timer);
    StepTimer* stepTimer() const { return timer_; }

    // The passes of step() (core/step_recipe.hpp has the order).
    void splat(const Splat& s);
    void advectDye();  // the dye alone, on its own grid (advect() runs it)
    // The velocity at the dye's cells, where advectDye()'s passes read it
    // (readsVelocityAtDyeCells(); advectDye() runs it first).
    void velocityAtDyeCells();
    void advectTemperature();  // likewise, cooling as it goes (skipped without gravity)
    void advect();             // the dye (advectDye(), or in one draw on a shared grid), then the velocity
    void diffuse();
    // Vorticity confinement (skipped at epsilon = 0): on faces the curl pass,
    // then the vorticity pass; on cells one draw that computes the curl it
    // reads (vorticity.frag's CURL_INLINE), which leaves the curl's buffer
    // as it was: computeDiagnostics() fills it.
    void confineVorticity();
    // The projection: the divergence pass (in the step, where the solve that
    // follows packs, it packs the pressure and the divergence as it goes),
    // the solve, and the gradient pass (in the step, on a pressure the solve
    // left packed, it unpacks it as it goes); the rows' values either way.
    void computeDivergence();
    void solvePressure();
    void subtractGradient();
    // A row of the pass table (core/field_pass.hpp), whatever the parameters
    // say (step() skips the rows that are off), e.g. run(passes::divergence).
    // A FieldPass that is not a row of kFieldPasses throws std::invalid_argument.
    void run(const FieldPass& pass);

    // Not part of step(): motion input calls it before a step. The velocity
    // moves towards the motion field `force` (RG32F, the grid's size, m/s:
    // sim::GpuMotion::force()) where there is motion, and dye is added there
    // (add_force.frag).
    void addForceField(const gl::RenderTarget& force, const ForceFieldConstants& k);

    // Curl and divergence of the current velocity, whatever the parameters say
    // (step() skips the curl without vorticity confinement); for display. The
    // divergence then shows what the projection left behind.
    void computeDiagnostics();

    // Obstacles (src/core/solid_mask.hpp): mask is gridWidth x gridHeight x 1,
    // 1 = solid, 0 = fluid; another shape throws std::invalid_argument. An
    // upload (and, the first time, a rebuild of the passes with OBSTACLES);
    // allowed between any two steps, e.g. every frame while painting.
    void setObstacles(const Field& mask);
    void clearObstacles();  // all fluid; the passes are rebuilt without OBSTACLES
    const Field& obstacles() const { return obstacleMask_; }
    GLuint obstaclesTexture() const { return solid_.texture(); }

    void reset();  // everything to zero
    void clearDye();
    void upload(const FluidState& state);
    FluidState download() const;  // synchronous read-back, for tests and tools
    void uploadCurl(const Field& curl);
    void uploadDivergence(const Field& divergence);
    Field downloadCurl() const;
    Field downloadDivergence() const;
    Field downloadPressureResidual() const;
    Field download(Slot slot) const;  // any slot of the pass table, e.g. what a row wrote
    // The multigrid pyramid, for tests that run its passes one at a time.
    sim::GpuMultigrid& multigrid() { return multigrid_; }
    sim::GpuMultigrid& viscousMultigrid() { return viscousMultigrid_; }
    // Binds level 0 (pressure, divergence) so the pyramid's passes can run alone.
    void bindMultigrid();
    // Whether the pressure solve may hold the pressure four cells a texel
    // (the Jacobi sweeps, the multigrid's level 0) where the grid allows it;
    // true unless a test or benchmark turns it off to compare: the values
    // are the same.
    void allowPackedPressure(bool allowed) { packingAllowed_ = allowed; }
    // Whether it does: the Jacobi sweeps, or the multigrid's level 0, on four
    // cells per texel.
    bool packsPressure() const;
    // Whether the packed Jacobi sweeps, and the multigrid's packed level-0
    // double sweeps, may run two texels a fragment
    // (pressure_packed.frag's PAIRED) where the grid allows it; true unless a
    // test or benchmark turns it off to compare: the values are the same.
    void allowPairedSweeps(bool allowed) { pairingAllowed_ = allowed; }
    // The pressure multigrid's small levels in one compute dispatch a cycle
    // (sim::GpuMultigrid::cycleSmallLevels), where it can: allowed unless a
    // test compares them with the passes one by one.
    void allowSmallLevels(bool allowed) { multigrid_.allowSmallLevels(allowed); }
    // The level they start at, or the pressure pyramid's level count: none.
    int smallLevelsStart() const { return multigrid_.smallLevelsStart(); }
    // Whether they do: the Jacobi sweeps packed, the height even.
    bool sweepsInPairs() const;
    // The multigrid's level-0 double sweeps so (GpuMultigrid::bindPacked's pairs).
    bool multigridInPairs() const;
    // Whether the dye's advection may read the velocity at its cells from one
    // pass a step (velocityAtDyeCells()) where its grid is 2 or 4 times the
    // velocity's each way on faces; true unless a test or benchmark turns it
    // off to compare: the values are the same. A compile when it changes.
    void allowVelocityAtDyeCells(bool allowed);
    // Whether it does: allowed, on faces, and the dye's grid 2 or 4 times the velocity's.
    bool readsVelocityAtDyeCells() const { return static_cast<bool>(kernels_.velocityAtDyeCells); }
    // The velocity at the centre of every dye cell, as the dye's advection
    // reads it (velocity_at_dye_cells.frag, drawn by advectDye()), downloaded
    // as a field on the dye's grid, two components; only where
    // readsVelocityAtDyeCells(), after a step or advectDye().
    Field downloadVelocityAtDyeCells() const;

    // Every program built from the program table (core/program_specs.hpp),
    // the two multigrids' included: for the table's test.
    std::vector<const sim::SpecProgram*> specPrograms() const;

    // Current textures, for display.
    GLuint velocityTexture() const { return velocity().read().texture(); }
    GLuint dyeTexture() const { return dye().read().texture(); }
    GLuint pressureTexture() const { return pressure().read().texture(); }
    GLuint texture(FieldId id) const { return field(fieldSpec(id)).read().texture(); }
    // The grid each field lives on.
    const FieldGrids& grids() const { return grids_; }
    // The divergence may first be unpacked (a draw, as the step packs it):
    // ask for it before binding GL state of your own.
    GLuint divergenceTexture() const
    {
        unpackDivergence();
        return divergence_.texture();
    }
    GLuint curlTexture() const { return curl_.texture(); }
    GLuint pressureResidualTexture() const { return pressureResidual_.texture(); }

private:
    // Chooses and builds the kernels for the boundary rule, the layout and the
    // obstacles (compiled into the shaders, not uniforms).
    void buildPrograms();
    void applyConstantUniforms();
    // A field's scheme targets: the forward result set aside, and the result
    // of a stage that is not the last. Empty until a scheme needs them.
    struct SchemeTargets {
        gl::RenderTarget forward, intermediate;
    };
    const SchemeTargets* schemeTargets(Source output) const;  // null: not an advected field's
    // The stages of `scheme` (core/advection_scheme.hpp) for one field, after
    // the forward pass has written field.write(): the forward result is set
    // aside in `targets` (a swap), and the last stage writes field.write().
    using StageKernels = std::array<sim::Kernel, AdvectionSchemeRow::kMaxStages>;
    void runSchemeStages(AdvectionScheme scheme, gl::PingPong& field, SchemeTargets& targets,
                         const StageKernels& stages, Source output);
    // Makes the scratch targets the first time a scheme needs them.
    void makeSchemeTargets();
    // Whether the dye shares the velocity's grid: then velocity and dye are
    // written in one draw where a pass changes both (splat, motion).
    bool dyeOnVelocityGrid() const { return dyeConstants_.onVelocityGrid; }
    bool fusesDye() const { return kernels_.fusesDye; }
    void draw(const gl::RenderTarget& target) const;
    // A kernel's program, bound with the textures its row's samplers read
    // (`output`: what Source::Output stands for) and the mask; draw() then
    // draws it over `target` (and `second`, fragment output 1). The splats
    // bind and then draw a block of cells themselves.
    const sim::SpecProgram& bind(const sim::Kernel& kernel, Source output) const;
    void draw(const sim::Kernel& kernel, Source output, const gl::RenderTarget& target) const;
    void draw(const sim::Kernel& kernel, Source output, const gl::RenderTarget& target,
              const gl::RenderTarget& second) const;
    // The texture a sampler reads.
    const gl::RenderTarget& source(Source s, Source output) const;
    // A slot of the pass table: its current texture, and where a pass writes it.
    const gl::RenderTarget& current(Slot slot) const;
    const gl::RenderTarget& written(Slot slot);
    // Whether the grid allows the Jacobi sweeps on four cells per texel
    // (pressure_packed.frag); packsPressure() says whether they run so.
    bool gridPacks() const { return params_.gridWidth % 4 == 0; }
    // And two packed texels a fragment, one above the other (sweepsInPairs()).
    bool gridPairs() const { return gridPacks() && params_.gridHeight % 2 == 0; }
    void solvePressurePacked();
    void solvePressurePaired();
    void drawJacobiSweeps(gl::PingPong& iterate, Source output, const sim::Kernel& damped, const sim::Kernel& plain,
                          int sweepsPerDraw);
    void solvePressureMultigridPacked(int cycles);
    bool packsDivergenceInStep() const;
    void divergenceAndPack();
    void unpackDivergence() const;
    void packPressureAndDivergence();
    void leavePressurePacked();  // unpacked now, or by the step's gradient pass
    void unpackPressure();
    void subtractPackedGradient();
    void bindSolid() const;  // the mask to its unit, for the passes built with OBSTACLES

    // One ping-pong pair per row of kFieldSpecs, on the field's own grid.
    gl::PingPong& field(const FieldSpec& spec) { return fields_[static_cast<std::size_t>(&spec - kFieldSpecs)]; }
    const gl::PingPong& field(const FieldSpec& spec) const
    {
        return fields_[static_cast<std::size_t>(&spec - kFieldSpecs)];
    }
    gl::PingPong& velocity() { return field(fieldSpec(FieldId::Velocity)); }
    gl::PingPong& pressure() { return field(fieldSpec(FieldId::Pressure)); }
    gl::PingPong& dye() { return field(fieldSpec(FieldId::Dye)); }
    gl::PingPong& temperature() { return field(fieldSpec(FieldId::Temperature)); }
    gl::PingPong& fullPressure() { return field(fieldSpec(FieldId::FullPressure)); }
    const gl::PingPong& velocity() const { return field(fieldSpec(FieldId::Velocity)); }
    const gl::PingPong& pressure() const { return field(fieldSpec(FieldId::Pressure)); }
    const gl::PingPong& dye() const { return field(fieldSpec(FieldId::Dye)); }

    SimParams params_;
    PassConstants constants_;
    PassConstants dyeConstants_;  // the passes on the dye's grid
    FieldGrids grids_;

    gl::VertexArray emptyVertexArray_;  // core profile needs one bound to draw
    BoundaryMode programsBoundary_{};   // the rule the programs were built for
    Layout programsLayout_{};           // and the layout
    bool programsDyeSlip_ = false;      // and the dye's read at the walls
    bool obstacles_ = false;            // the programs are built with OBSTACLES
    sim::GpuKernels kernels_;           // what the passes draw, for this configuration
    mutable sim::ProgramSet programs_;  // their programs
    SchemeTargets schemeVelocity_, schemeDye_, schemeTemperature_;
    std::vector<sim::FieldPassProgram> fieldPasses_;  // one per row of kFieldPasses, in its order
    // Set by step() around the recipe: a packed solve leaves its pressure
    // packed for the gradient pass, which unpacks it (unpackPending_).
    bool inStep_ = false;
    bool unpackPending_ = false;
    bool packingAllowed_ = true;
    bool pairingAllowed_ = true;
    bool velocityAtDyeCellsAllowed_ = true;
    // advectDye()'s passes, the velocity at the dye's cells (where they read
    // it) already drawn: by velocityAtDyeCells(), or by the velocity's forward pass.
    void advectDyeByItsVelocity();
    // How many times the velocity's grid the dye's is each way where that is
    // 2 or 4 (velocityAtDyeCells_ is made), else 0.
    int dyeGridRatio() const;
    // The last solve left the packed pressure in pressurePairs_, not in
    // packedPressure_: the unpacking reads it there.
    bool pressureInPairs_ = false;
    // The step's divergence pass packed the pressure and the divergence for
    // the solve (packedAhead_), and divergence_ is yet to be unpacked from
    // packedDivergence_ (divergencePending_, a cache flag: mutable).
    bool packedAhead_ = false;
    mutable bool divergencePending_ = false;
    // No solve has run since the solver was made or reset (or the last one
    // was empty): the next takes the cold start's extra cycle (multigridCyclesOf).
    bool pressureIsCold_ = true;
    void setSplatUniforms(const sim::SpecProgram& program, const SplatInCells& cells, glm::vec4 value);
    const gl::RenderTarget* force_ = nullptr;  // Source::Force, during addForceField()
    std::array<gl::PingPong, kFieldCount> fields_;
    gl::RenderTarget diffusionRhs_;  // the advected velocity b while diffuse() iterates
    gl::RenderTarget divergence_;
    gl::RenderTarget curl_;
    gl::RenderTarget pressureResidual_;  // r and h^2 div: made on demand for the panel
    gl::RenderTarget carriedVelocity_;   // what advect() carries with the incremental projection
    gl::PingPong packedPressure_;        // empty unless the width is a multiple of 4
    gl::RenderTarget packedDivergence_;
    // The paired sweeps' packed pressure, its even rows and its odd ones in
    // two layers (empty unless gridPairs()).
    gl::PingPong pressurePairs_;
    // The velocity at the dye's cells on the velocity's grid, two dye cells a texel: layer
    // b R/2 + a/2 holds dye cells (R i + a, R j + b), the even a in x, y (advection.glsl's
    // velocityAtDyeCells); empty unless the dye's grid is R = 2 or 4 times the velocity's.
    gl::RenderTarget velocityAtDyeCells_;
    sim::GpuMultigrid multigrid_;         // below the pressure and divergence_
    sim::GpuMultigrid viscousMultigrid_;  // below the velocity and diffusionRhs_
    gl::TwoTargets twoTargets_;           // for the passes that write two fields
    gl::RenderTarget solid_;              // R32F obstacle mask, 1 = solid
    Field obstacleMask_;                  // its host copy (all fluid unless set)
    StepTimer* timer_ = nullptr;
};

}  // namespace fluid
