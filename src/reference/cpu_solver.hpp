// CpuSolver: the reference solver. The same step as GpuSolver, pass for pass
// and buffer swap for buffer swap, on flat float arrays, its rows shared among
// threads (reference/row_pool.hpp). Results do not depend on the thread count.
#pragma once

#include <array>
#include <memory>
#include <span>

#include "core/field.hpp"
#include "core/motion.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "core/solid_mask.hpp"
#include "core/splat.hpp"
#include "core/step_timer.hpp"
#include "reference/multigrid.hpp"
#include "reference/passes.hpp"
#include "reference/velocity_kernels.hpp"

namespace fluid {

class CpuSolver {
public:
    // Throws std::invalid_argument for invalid parameters. threads = 0: all cores.
    explicit CpuSolver(const SimParams& params, int threads = 0);

    void setParams(const SimParams& params);  // same grid size only, like GpuSolver
    const SimParams& params() const { return params_; }
    const PassConstants& constants() const { return constants_; }
    const PassConstants& dyeConstants() const { return dyeConstants_; }
    void setThreads(int threads) { exec_.threads = threads; }

    void step(std::span<const Splat> splats = {});
    // Profiling: GpuSolver's, with a wall-time timer (core/wall_step_timer.hpp).
    void setStepTimer(StepTimer* timer);
    StepTimer* stepTimer() const { return timer_; }

    // The passes of step() (core/step_recipe.hpp has the order): GpuSolver's,
    // whose header says what each does.
    void splat(const Splat& s);
    void advectDye();
    // GpuSolver::velocityAtDyeCells's field: the velocity at the dye's cells
    // as advectDye() reads it.
    Field velocityAtDyeCells() const;
    void advectTemperature();
    void advect();
    void diffuse();
    // The curl, then the vorticity pass (GpuSolver's one draw on cells).
    void confineVorticity();
    void computeDivergence() { run(passes::divergence); }
    void solvePressure();
    void subtractGradient() { run(passes::gradient); }
    // A row of the pass table (core/field_pass.hpp) through its CPU mirror,
    // whatever the parameters say (step() skips the rows that are off), e.g.
    // run(passes::divergence), run(passes::pressureResidual).
    void run(const FieldPass& pass);

    // GpuSolver's: the velocity moves towards the motion field `force`
    // (reference::CpuMotion::force()) where there is motion; dye is added there.
    void addForceField(const Field& force, const ForceFieldConstants& k);

    // Obstacles (src/core/solid_mask.hpp): mask is gridWidth x gridHeight x 1,
    // 1 = solid, 0 = fluid; another shape throws std::invalid_argument. Takes
    // effect from the next pass; may change between any two steps.
    void setObstacles(const Field& mask);
    void clearObstacles();  // all fluid
    const Field& obstacles() const { return solid_->cells(); }

    void reset();
    void clearDye();
    void upload(const FluidState& state);
    FluidState download() const { return state_; }
    const FluidState& state() const { return state_; }
    // The grid each field lives on.
    const FieldGrids& grids() const { return grids_; }
    void uploadCurl(const Field& curl);
    void uploadDivergence(const Field& divergence);
    const Field& curlField() const { return curl_; }
    const Field& divergenceField() const { return divergence_; }
    const Field& pressureResidualField() const { return pressureResidual_; }
    // Any slot of the pass table, e.g. what a row wrote.
    const Field& field(Slot slot) const { return const_cast<CpuSolver*>(this)->current(slot); }
    // The multigrid pyramid, for tests that run its passes one at a time.
    reference::CpuMultigrid& multigrid() { return multigrid_; }
    // Binds level 0 (pressure, divergence) so the pyramid's passes can run alone.
    void bindMultigrid();

private:
    void applyObstacles();
    // A slot of the pass table: its current value, and where a pass writes it.
    Field& current(Slot slot);
    Field& written(Slot slot);
    // The CPU mirror of each row of kFieldPasses, looked up once (not by
    // name at every pass of every step).
    std::array<reference::CpuMirror, kFieldPasses.size()>
        mirrors_{};  // points the constants (and the multigrids) at the mask, or at none

    SimParams params_;
    PassConstants constants_;
    PassConstants dyeConstants_;  // the passes on the dye's grid
    // The passes that depend on the layout, picked with the constants (the
    // one place the solver asks which layout it runs).
    const reference::VelocityKernels* kernels_;
    reference::Exec exec_;

    FieldGrids grids_;
    FluidState state_;    // the "read" side of every ping-pong pair
    FluidState scratch_;  // the "write" sides
    Field diffusionRhs_;
    Field divergence_;
    Field curl_;
    bool pressureIsCold_ = true;                // GpuSolver's: the next solve takes the cold start's cycle
    reference::CpuMultigrid multigrid_;         // below pressure and divergence_
    reference::CpuMultigrid viscousMultigrid_;  // below velocity and diffusionRhs_
    Field pressureResidual_;
    Field carriedVelocity_;  // what advect() carries with the incremental projection (passes::pressureForcing)
    // All fluid unless setObstacles(). On the heap, so that constants_.solid
    // stays valid when the solver is moved (or copied: a copy shares it until
    // either sets new obstacles).
    std::shared_ptr<const SolidMask> solid_;
    // GpuSolver's scheme targets, one set per advected field: what a stage
    // traced, the intermediate result, and the last stage's; made at first use.
    struct SchemeScratch {
        Field traced, intermediate, result;
    };
    SchemeScratch schemeVelocity_, schemeDye_, schemeTemperature_;
    StepTimer* timer_ = nullptr;  // not owned

    // GpuSolver::runSchemeStages: `forward` holds the forward step of
    // `original` (on the grid of k); leaves the scheme's result there. A
    // scalar's trace reads the velocity through `velocityRead`'s rules.
    void runSchemeStages(AdvectionScheme scheme, const Field& original, Field& forward, bool isVelocity, float decay,
                         const PassConstants& k, SchemeScratch& scratch, const PassConstants& velocityRead);
    PassConstants dyeVelocityRead() const;
};

}  // namespace fluid
