// pressure_residual.frag's mirror: what the last pressure solve left undone.
#pragma once

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "reference/passes.hpp"

namespace fluid::reference {

// out (2 components): per cell r = s - ((pL + pR + pB + pT) - 4p) and s = h^2 div.
void pressureResidual(const Field& p, const Field& div, Field& out, const PassConstants& k, Exec exec = {});

}  // namespace fluid::reference
