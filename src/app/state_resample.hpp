// A fluid carried to other grids: when the window's grid changes (the panel,
// the auto grid's second pick), velocity, pressure, dye and temperature are
// resampled onto the new grids instead of starting from rest. GL-free: the
// window downloads the state once per change, resamples it here and uploads it.
#pragma once

#include "core/field.hpp"

namespace fluid::app {

// `f` at the cell centres of a width x height grid over the same domain,
// bilinear between its cell centres, the edge cells repeating beyond them:
// what a linear, clamp-to-edge sampler returns there (the display reads the
// dye on its own grid this way, and shadeCell mirrors it). Every component
// alike; values are kept as they are (m/s stays m/s).
Field resampleBilinear(const Field& f, int width, int height);

// Every field of `state` on its grid of `grids` (kFieldSpecs says which).
FluidState resampleState(const FluidState& state, const FieldGrids& grids);

}  // namespace fluid::app
