// A fluid carried to other grids: when the window's grid changes (the panel,
// the auto grid's second pick), velocity, pressure, dye and temperature are
// resampled onto the new grids instead of starting from rest. GL-free: the
// window downloads the state once per change, resamples it here and uploads it.
#pragma once

#include "core/field.hpp"
#include "core/sim_params.hpp"  // Layout
#include "core/velocity_layout.hpp"

namespace fluid::app {

// `f` at the cell centres of a width x height grid over the same domain,
// bilinear between its cell centres, the edge cells repeating beyond them:
// what a linear, clamp-to-edge sampler returns there (the display reads the
// dye on its own grid this way, and shadeCell mirrors it). Every component
// alike; values are kept as they are (m/s stays m/s).
Field resampleBilinear(const Field& f, int width, int height);

// A velocity on a width x height grid over the same domain, each component
// read bilinearly between its own sample points (`layout`: the centres, or
// on the staggered layout, docs/algorithm.md §2b, u at (i, j + 1/2) cells on
// the cell's left face and v at (i + 1/2, j) on its bottom face), the edge
// samples repeating beyond them. On the staggered layout a face on the
// domain's left or bottom edge reads exactly that edge's face (a box's shut
// wall face stays 0); on the collocated one it equals resampleBilinear.
Field resampleVelocity(const Field& velocity, int width, int height, const VelocityLayout& layout);

// Every field of `state` on its grid of `grids` (kFieldSpecs says which); the
// velocity at its layout's sample points.
FluidState resampleState(const FluidState& state, const FieldGrids& grids, Layout layout = Layout::Collocated);

}  // namespace fluid::app
