// VelocityKernels: the CPU passes whose stencil depends on where the velocity
// lives (core/velocity_layout.hpp), one table per layout. The reference asks
// "staggered?" once, in kernelsOf(); CpuSolver and CpuMultigrid keep the
// table they got, and the passes' public functions (passes.hpp, the ones
// other code and the tests call) forward to the table of their constants.
// Both tables take the velocity as the Field the two layouts share; the
// staggered kernels wrap it once per call in FaceVelocity (face_velocity.hpp),
// through which they read and write every face.
#pragma once

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/motion.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/splat.hpp"
#include "reference/passes.hpp"

namespace fluid::reference {

struct VelocityKernels {
    // splat.frag on the velocity: `value` added at each component's sample points.
    void (*splatVelocity)(const Field& in, const SplatInCells& s, glm::vec2 value, Field& out, const PassConstants& k,
                          Exec exec);
    // advect.frag and its SCHEME_STAGE variant on the velocity itself.
    void (*advectVelocity)(const Field& velocity, const Field& carried, float decay, Field& out, const PassConstants& k,
                           Exec exec);
    void (*stageVelocity)(const Field& velocity, const Field& original, const Field& forward, const Field& traced,
                          float decay, StageValue value, Field& out, const PassConstants& k, Exec exec);
    // The same for a scalar on the velocity's grid (k.onVelocityGrid; velocityGrid: the velocity's constants).
    void (*advectScalarHere)(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay,
                             Field& out, const PassConstants& k, Exec exec);
    void (*stageScalarHere)(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                            const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                            const PassConstants& k, Exec exec);
    // advection.glsl's velocityAtPoint: the velocity at the point p (cells).
    glm::vec2 (*velocityAtPoint)(const Field& velocity, glm::vec2 p, const PassConstants& k);
    void (*buoyancy)(const Field& velocity, const Field& temperature, const Field& dye, Field& out,
                     const PassConstants& k, const PassConstants& dyeGrid, Exec exec);
    void (*diffuse)(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec);
    void (*curl)(const Field& velocity, Field& out, const PassConstants& k, Exec exec);
    void (*vorticity)(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec);
    void (*divergence)(const Field& velocity, Field& out, const PassConstants& k, Exec exec);
    void (*gradient)(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec);
    // add_force.frag's velocity where reference::addForceField's (at the
    // centres) is not the layout's: it rewrites `out` from `velocity`.
    void (*addForceFieldOnFaces)(const Field& velocity, const Field& force, Field& out, const ForceFieldConstants& f,
                                 const PassConstants& k);
    // The viscous multigrid's finest level (CpuMultigrid): smooth.frag,
    // restrict_residual.frag and prolong_correction.frag on the velocity.
    void (*viscousSmooth)(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
                          const PassConstants& k, Exec exec);
    void (*viscousRestrictResidual)(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut,
                                    const PassConstants& fineK, Exec exec);
    void (*viscousProlongCorrection)(const Field& x, const Field& coarse, Field& out, const PassConstants& fineK,
                                     const PassConstants& coarseK, Exec exec);
};

// The table of k's layout (k.staggered).
const VelocityKernels& kernelsOf(const PassConstants& k);

// The cell-centred table: the collocated layout's, and every level of a
// multigrid but the viscous one's finest on the staggered layout.
const VelocityKernels& cellCentredKernels();

}  // namespace fluid::reference
