// The staggered (MAC) layout on the CPU: its boundary rules and the passes
// whose stencil differs from the collocated one. The velocity field keeps its
// shape (width x height, two floats a cell), but cell (i, j) holds u on the
// face to its left, at the point (i - 1/2, j), and v on the face below it, at
// (i, j - 1/2) (cell centres at integer points, as everywhere). The faces on
// the right and top walls are not stored: the rules give them. Mirror of the
// STAGGERED variants of the shaders, reached through the layout's kernel
// table (velocity_kernels.hpp); collocated.hpp has the other layout's.
#pragma once

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/motion.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/splat.hpp"
#include "reference/passes.hpp"

namespace fluid::reference::staggered {

// u on the face left of cell c, any c (the tunnel's rules: staggered.cpp's
// tunnelFaceU): a solid face reads 0; a box's walls have zero normal
// velocity (their faces i <= 0 and i >= width read 0, whatever is stored at
// i = 0); beyond the bottom wall the ghost is -u, beyond the lid 2 U - u (the
// wall halfway moves at U), as the collocated rule; periodic grids wrap.
float faceURule(const Field& velocity, glm::ivec2 c, const PassConstants& k);
// v on the face below cell c: the same rules with the axes swapped (no lid).
float faceVRule(const Field& velocity, glm::ivec2 c, const PassConstants& k);

// The same, inline: an inner face away from solids is its stored value under
// every rule, and most reads are of such faces (a call per read was 40% of a
// CPU step).
inline float faceU(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    if (k.solid == nullptr && c.x > 0 && c.x < k.width && c.y >= 0 && c.y < k.height) return velocity.at(c.x, c.y, 0);
    return faceURule(velocity, c, k);
}
inline float faceV(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    if (k.solid == nullptr && c.y > 0 && c.y < k.height && c.x >= 0 && c.x < k.width) return velocity.at(c.x, c.y, 1);
    return faceVRule(velocity, c, k);
}

// Whether a face is solid: the face between two cells of which one is an
// obstacle (k.solid; cells beyond the grid as the mask's sampler reads them).
// No fluid crosses it: it reads 0.
bool solidFaceU(glm::ivec2 c, const PassConstants& k);
bool solidFaceV(glm::ivec2 c, const PassConstants& k);

// What a pass writes to a stored face for the value it computed: a solid
// face and a box's walls (u at i = 0, v at j = 0) are shut, 0; the tunnel's
// inflow face (u at i = 0) moves at the inflow speed; any other face takes
// the value.
inline float shutU(glm::ivec2 c, const PassConstants& k, float value)
{
    if (solidFaceU(c, k)) return 0.0f;
    if (!k.periodic && c.x == 0) return k.tunnel ? k.lidSpeed : 0.0f;
    return value;
}
inline float shutV(glm::ivec2 c, const PassConstants& k, float value)
{
    return solidFaceV(c, k) || (!k.periodic && c.y == 0) ? 0.0f : value;
}

// Each component bilinearly interpolated at the point p (cells of the
// velocity's grid; at most half a cell outside it) from its own faces.
glm::vec2 velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& k);

// velocityAtPoint at the centre of cell i of a row, on the velocity's own
// grid, for a cell away from walls and solids, whose faces read as stored:
// `row` and `above` are rows j and j + 1 of the velocity. The same float
// operations as velocityAtPoint, whose weights there are (1/2, 0) for u and
// (0, 1/2) for v.
inline glm::vec2 velocityAtCentre(const float* row, const float* above, int i)
{
    const auto blend = [](float a, float b, float c, float d, float fx, float fy) {
        const float bottom = a * (1.0f - fx) + b * fx;
        const float top = c * (1.0f - fx) + d * fx;
        return (bottom * (1.0f - fy) + top * fy) * 1.0f;
    };
    return {blend(row[2 * i], row[2 * i + 2], above[2 * i], above[2 * i + 2], 0.5f, 0.0f),
            blend(row[2 * i + 1], row[2 * i + 3], above[2 * i + 1], above[2 * i + 3], 0.0f, 0.5f)};
}

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
// face (diffuse's sweep, under-relaxed by op.weight), written through shutU/V.
void smooth(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
            const PassConstants& k, Exec exec = {});

// restrict_residual.frag's: coarseOut (level 1's size) = each fine cell's
// face residuals averaged to its centre, then its children averaged.
void restrictResidual(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut,
                      const PassConstants& fineK, Exec exec = {});

// prolong_correction.frag's: out = x + the coarse correction interpolated at
// each component's faces (coarseK: level 1's constants, whose homogeneous
// velocity rule gives the ghosts), written through shutU/V of fineK.
void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& fineK,
                       const PassConstants& coarseK, Exec exec = {});

// The relative residual ||r(x)||_2 / ||r(0)||_2 of the viscous step on the
// faces (every stored face that is an unknown; the lid and the inflow enter
// through the face rules), in double: what the staggered solve reduces.
double relativeViscousResidual(const Field& x, const Field& b, const PassConstants& k);

}  // namespace fluid::reference::staggered
