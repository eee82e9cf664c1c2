// The staggered (MAC) layout on the CPU: the passes whose stencil differs
// from the collocated one, mirrors of the STAGGERED variants of the shaders,
// reached through the layout's kernel table (velocity_kernels.hpp;
// collocated.hpp has the other layout's). Each takes the velocity as the
// Field both layouts share and reads and writes it as faces through
// FaceVelocity (face_velocity.hpp: where the faces lie, the boundary rules,
// the shut rule), which it makes once at its entry.
#pragma once

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/motion.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/splat.hpp"
#include "reference/face_velocity.hpp"
#include "reference/passes.hpp"

namespace fluid::reference::staggered {

// Each component bilinearly interpolated at the point p (cells of the
// velocity's grid; at most half a cell outside it) from its own faces.
glm::vec2 velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& k);

// splat.frag's STAGGERED variant: u += value.x K at u's face, v += value.y K at
// v's, the faces shut as every velocity pass writes them, over the cells the
// splat reaches (splatReach); out = in elsewhere.
void splat(const Field& in, const SplatInCells& s, glm::vec2 value, Field& out, const PassConstants& k, Exec exec);

// advect.frag's STAGGERED variant: each face traced back from its own point by
// dt times the velocity there (its own component, the other the mean of the
// four nearest faces), `carried` read there from its faces, times decay.
void advect(const Field& velocity, const Field& carried, float decay, Field& out, const PassConstants& k, Exec exec);

// advect.frag and its SCHEME_STAGE variant on a scalar on the velocity's grid,
// the velocity read at each cell's centre from the faces around it.
void advectScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay,
                      Field& out, const PassConstants& k, Exec exec);
void stageScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                     const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                     const PassConstants& k, Exec exec);

// advection.glsl's stageOf on each face: `value` bounded by the four faces of
// the forward trace's read (told where that read meets a ghost).
void stage(const Field& velocity, const Field& original, const Field& forward, const Field& traced, float decay,
           StageValue value, Field& out, const PassConstants& k, Exec exec);

// diffuse.frag's STAGGERED variant: one Jacobi sweep on each face.
void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec);

// divergence.frag's: (u_right - u_left + v_top - v_bottom) / h, compact.
void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec);

// gradient.frag's: each face less the pressure difference across it over h.
void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec);

// curl.frag's STAGGERED variant: the vorticity at each cell's centre, the
// mean of the compact circulations around its four corners.
void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec);

// vorticity.frag's: the confinement force at the centres (as collocated),
// limited at each cell's centre as the collocated force is (no new maximum
// of the centred speed), then each face given the mean of its two cells'.
void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec);

// buoyancy.frag's: each v face lifted by the mean of its two cells' lift.
void buoyancy(const Field& velocity, const Field& temperature, const Field& dye, Field& out, const PassConstants& k,
              const PassConstants& dyeGrid, Exec exec);

// add_force.frag's STAGGERED variant, the velocity's part of
// reference::addForceField: each face moved toward the mean motion m of its
// two cells by the weight of m (f: the motion's constants).
void addForceField(const Field& velocity, const Field& force, Field& out, const ForceFieldConstants& f,
                   const PassConstants& k);

// The velocity at cell c's centre, the mean of its two faces per axis: what
// the views and measurements read.
glm::vec2 centredVelocity(const Field& velocity, glm::ivec2 c, const PassConstants& k);

// --- level 0 of the viscous multigrid (staggered_multigrid.cpp) ---------------
// The STAGGERED variants of smooth.frag, restrict_residual.frag and
// prolong_correction.frag, which CpuMultigrid runs on the viscous solve's
// level 0 from this layout's kernel table; the coarser levels are
// reference::smooth and the like.

// smooth.frag's: one weighted Jacobi sweep of x - a (Sum - 4x) = b on each
// face (diffuse's sweep, under-relaxed by op.weight), written through the shut rule.
void smooth(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
            const PassConstants& k, Exec exec = {});

// restrict_residual.frag's: coarseOut (level 1's size) = each fine cell's
// face residuals averaged to its centre, then its children averaged.
void restrictResidual(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut,
                      const PassConstants& fineK, Exec exec = {});

// prolong_correction.frag's: out = x + the coarse correction interpolated at
// each component's faces (coarseK: level 1's constants, whose homogeneous
// velocity rule gives the ghosts), written through fineK's shut rule.
void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& fineK,
                       const PassConstants& coarseK, Exec exec = {});

// The relative residual ||r(x)||_2 / ||r(0)||_2 of the viscous step on the
// faces (every stored face that is an unknown; the lid and the inflow enter
// through the face rules), in double: what the staggered solve reduces.
double relativeViscousResidual(const Field& x, const Field& b, const PassConstants& k);

}  // namespace fluid::reference::staggered
