// The collocated (the book's) layout's velocity passes: both components at
// each cell's centre. The bodies of passes.hpp's functions of the same names
// on this layout, reached through its kernel table (velocity_kernels.hpp);
// staggered.hpp has the other layout's.
#pragma once

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "core/splat.hpp"
#include "reference/passes.hpp"

namespace fluid::reference::collocated {

void splatVelocity(const Field& in, const SplatInCells& s, glm::vec2 value, Field& out, const PassConstants& k,
                   Exec exec);
void advectVelocity(const Field& velocity, const Field& carried, float decay, Field& out, const PassConstants& k,
                    Exec exec);
void stageVelocity(const Field& velocity, const Field& original, const Field& forward, const Field& traced, float decay,
                   StageValue value, Field& out, const PassConstants& k, Exec exec);
// A scalar on the velocity's grid, each cell's own velocity tracing it.
void advectScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay,
                      Field& out, const PassConstants& k, Exec exec);
void stageScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                     const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                     const PassConstants& k, Exec exec);
glm::vec2 velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& k);
void buoyancy(const Field& velocity, const Field& temperature, const Field& dye, Field& out, const PassConstants& k,
              const PassConstants& dyeGrid, Exec exec);
void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec);
void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec);
void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec);
void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec);
void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec);

}  // namespace fluid::reference::collocated
