// Fields read and written at physical positions: each velocity component at
// its own sample points (fluid::VelocityLayout), the dye at its grid's cell
// centres, so the storage layout stays the library's business.
#pragma once

#include <functional>

#include "core/field.hpp"
#include "core/sim_params.hpp"
#include "fluidsim/fluidsim.hpp"

namespace fluidsim::detail {

// velocity(i, j) = f(u's point of cell (i, j)).x, f(v's point).y, or that
// added to what is there (`add`).
void sampleVelocity(fluid::Field& velocity, const fluid::SimParams& params, const std::function<Vec2(Vec2)>& f,
                    bool add);
void sampleDye(fluid::Field& dye, const fluid::SimParams& params, const std::function<Rgb(Vec2)>& f);
// 1 where `solid` says so of a cell's centre, else 0.
fluid::Field sampleMask(const fluid::SimParams& params, const std::function<bool(Vec2)>& solid);

// Bilinear, each component between its own samples (Snapshot::velocityAt()).
Vec2 interpolateVelocity(const fluid::Field& velocity, const fluid::SimParams& params, Vec2 position);
Rgb interpolateDye(const fluid::Field& dye, const fluid::SimParams& params, Vec2 position);

}  // namespace fluidsim::detail
