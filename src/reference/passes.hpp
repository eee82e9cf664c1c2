// The CPU reference passes: one function per shader in shaders/, with the same
// name, the same stencil, the same order of float operations and the same
// boundary rule. Each writes every cell of `out` (which must have the shape of
// the field it replaces) and reads only its inputs, so it can run on threads.
#pragma once

#include <span>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "core/advection_scheme.hpp"
#include "core/field.hpp"
#include "core/field_pass.hpp"
#include "core/pass_constants.hpp"
#include "core/splat.hpp"

namespace fluid::reference {

// How many threads a pass may use; 0 means all the hardware offers. Results do
// not depend on it: every cell is computed alone, there are no reductions.
struct Exec {
    int threads = 0;
    // Tests only, the multigrid's and the staggered layout's passes: every
    // cell through the boundary rules (the shader line for line), none
    // through the interior fast path, so the two can be held to bitwise
    // equality.
    bool perCell = false;
};

// advection.glsl's scalarAtPoint: `field` (of the grid of `grid`) bilinearly
// interpolated at its point p (cells of that grid), through the scalar rule.
glm::vec4 scalarAtPoint(const Field& field, glm::vec2 p, const PassConstants& grid);

// advection.glsl's nearestCell: the cell whose centre is nearest to p (ties up).
glm::ivec2 nearestCell(glm::vec2 p);
// advection.glsl's stopAtSolids: the trace from start to pos (cells) in equal
// steps of at most half a cell per axis (at most 16), up to the last point
// whose nearest cell is fluid (k.solid's mask).
glm::vec2 stopAtSolids(glm::vec2 start, glm::vec2 pos, const PassConstants& k);

// splat.frag's weight K at a point (cells): the Gaussian of the segment.
float splatWeightAt(const SplatInCells& s, glm::vec2 point);

// splat.frag's splatExp: e^x for x <= 0 (0 below -87), the same float
// operations as the shader's, so both backends weigh a splat alike to the bit.
float splatExp(float x);

// splat.frag: out = in + value * K, K the mean of exp(-|x - p|^2 / r^2) over the
// points p of the segment (src/core/splat.hpp), over the cells the splat
// reaches (splatReach); out = in elsewhere.
void splat(const Field& in, const SplatInCells& s, glm::vec4 value, Field& out, const PassConstants& k, Exec exec = {});

// advect.frag: semi-Lagrangian back-trace from each cell centre by dt u, then a
// bilinear read of `source` (with the velocity or the scalar boundary rule),
// scaled by `decay`.
void advect(const Field& velocity, const Field& source, bool sourceIsVelocity, float decay, Field& out,
            const PassConstants& k, Exec exec = {});

// advect_scalar.frag: the same for a scalar field on the grid of k (dye on
// its own grid, temperature), the velocity read at each cell's centre: its own
// cell's on the simulation grid (k.onVelocityGrid), or bilinearly
// interpolated there from `velocity` (whose grid's constants are velocityGrid).
void advectScalar(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay,
                  Field& out, const PassConstants& k, Exec exec = {});

// velocity_at_dye_cells.frag: the velocity at the centre of every cell of the
// grid of k (the dye's, 2 or 4 times the velocity's each way on the GPU), as
// advectScalar reads it there; two components.
Field velocityAtDyeCells(const Field& velocity, const PassConstants& velocityGrid, const PassConstants& k,
                         Exec exec = {});

// buoyancy.frag: v += dt g ((T - T0) / T0 - beta s), s the smoke (the dye's
// mean of r, g, b) at the cell's centre, read across grids when the dye has
// its own (dyeGrid: its constants).
void buoyancy(const Field& velocity, const Field& temperature, const Field& dye, Field& out, const PassConstants& k,
              const PassConstants& dyeGrid, Exec exec = {});

// A scheme's stage at one value (core/advection_scheme.hpp): the CPU mirror of
// the stageValue() in its GLSL header. forward phi^ = advect(phi^n), original
// phi^n, traced T here; lo and hi: decay times the range of phi^n at the four
// cells the forward back-trace read, meaningful only where !ghost (that
// footprint reads a ghost cell: a wall's, an obstacle's, the inflow's).
using StageValue = float (*)(float forward, float original, float traced, float lo, float hi, float decay, bool ghost);

// Each scheme's stage mirrors, in its stages' order (empty: semi-Lagrangian).
std::span<const StageValue> schemeStageMirrors(AdvectionScheme scheme);

// advect.frag's SCHEME_STAGE variant: `value` at each cell of the grid of k,
// traced: what the stage reads along its trace, already carried there
// (advect() of it with decay 1, by -dt: backwardInTime(k), or by +dt: k).
// `velocity` is the one that traced; the rest are the field advected (the
// velocity itself when sourceIsVelocity).
void schemeStage(const Field& velocity, const Field& original, const Field& forward, const Field& traced,
                 bool sourceIsVelocity, float decay, StageValue value, Field& out, const PassConstants& k,
                 Exec exec = {});

// advect_scalar.frag's SCHEME_STAGE variant: the same for a scalar field on the
// grid of k, along advectScalar's trace (traced: advectScalar of the stage's field).
void schemeStageScalar(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                       const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                       const PassConstants& k, Exec exec = {});

// maccormack.glsl's stageValue: MacCormack's correction (Selle et al. 2008) of
// the forward step by the round trip's error, traced the backward step
// phi^^n: forward + (decay original - traced) / 2, clamped to [lo, hi]; the
// forward value at a ghost.
float maccormackStage(float forward, float original, float traced, float lo, float hi, float decay, bool ghost);

// schemeStage with maccormackStage: backward is advect() of forward with
// backwardInTime(k) and decay 1 (the same velocity, dt negated).
void maccormack(const Field& velocity, const Field& original, const Field& forward, const Field& backward,
                bool sourceIsVelocity, float decay, Field& out, const PassConstants& k, Exec exec = {});

// schemeStageScalar with maccormackStage.
void maccormackScalar(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                      const Field& forward, const Field& backward, float decay, Field& out, const PassConstants& k,
                      Exec exec = {});

// diffuse.frag: one Jacobi sweep of (1 - nu dt Laplacian) x = b.
void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec = {});

// curl.frag: w = dv/dx - du/dy by central differences.
void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec = {});

// vorticity.frag: u += dt epsilon h (N x w), N = grad|w| / |grad|w||, then the
// speed capped at the largest among the cell and its four neighbours before
// (and, in the top row of a box, the lid's): confinement cannot make a new
// maximum of |u|.
void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec = {});

// divergence.frag: du/dx + dv/dy by central differences.
void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec = {});

// pressure.frag: one Jacobi sweep of Laplacian p = div.
void pressure(const Field& p, const Field& div, Field& out, const PassConstants& k, Exec exec = {});
// pressure.frag's WEIGHTED variant: the sweep damped, p + weight (J - p), J
// the sweep above (the Jacobi solve's first sweep of an odd count:
// dampsFirstPressureSweep).
void pressure(const Field& p, const Field& div, Field& out, const PassConstants& k, float weight, Exec exec = {});

// gradient.frag: u -= grad p by central differences.
void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec = {});

// pressure_forcing.frag: w = u - grad(q) / 2, gradient()'s stencil and rule
// (the incremental projection's forcing, carried by advect()).
void pressureForcing(const Field& velocity, const Field& fullPressure, Field& out, const PassConstants& k,
                     Exec exec = {});

// full_pressure.frag: q = q / 2 + p, 0 in solids.
void fullPressure(const Field& kinematic, const Field& p, Field& out, const PassConstants& k, Exec exec = {});

// The rows of the pass table (core/field_pass.hpp) on the CPU: the mirror of
// a row takes the row's inputs in its order, writes `out`, and reads the
// constants of the simulation grid (and of the dye's, for a pass that reads
// the dye across grids).
struct PassGrids {
    const PassConstants& simulation;
    const PassConstants& dye;
};
using CpuMirror = void (*)(std::span<const Field* const> inputs, Field& out, const PassGrids& grids, Exec exec);

// The mirror of the row's name; throws std::logic_error naming the pass when
// there is none (the parity tests call it for every row).
CpuMirror cpuMirror(const FieldPass& pass);

}  // namespace fluid::reference
