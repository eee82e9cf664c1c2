// A fluid carried to other grids: when the window's grid changes (the panel,
// the auto grid's second pick), velocity, pressure, dye and temperature are
// resampled onto the new grids instead of starting from rest. GL-free: the
// window downloads the state once per change, resamples it here and uploads it.
#pragma once

#include "core/field.hpp"
#include "core/sim_params.hpp"  // Layout

namespace fluid::app {

// `f` at the cell centres of a width x height grid over the same domain,
// bilinear between its cell centres, the edge cells repeating beyond them:
// what a linear, clamp-to-edge sampler returns there (the display reads the
// dye on its own grid this way, and shadeCell mirrors it). Every component
// alike; values are kept as they are (m/s stays m/s).
Field resampleBilinear(const Field& f, int width, int height);

// A staggered velocity (docs/algorithm.md §2b: texel (i, j) holds u on the
// cell's left face, at (i, j + 1/2) cells, and v on its bottom face, at
// (i + 1/2, j)) on a width x height grid over the same domain: each component
// bilinear between its own faces, the edge faces repeating beyond them. A
// face on the domain's left or bottom edge reads exactly that edge's face
// (a box's shut wall face stays 0).
Field resampleFaces(const Field& velocity, int width, int height);

// Every field of `state` on its grid of `grids` (kFieldSpecs says which); the
// velocity by its faces on the staggered layout.
FluidState resampleState(const FluidState& state, const FieldGrids& grids, Layout layout = Layout::Collocated);

}  // namespace fluid::app
