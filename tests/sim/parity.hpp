// Everything a GPU-vs-CPU parity test uses: the shared context, both solvers
// and their cases, the walls, the parameter changes, the check and its bounds.
#pragma once

#include "sim/parity_tolerances.hpp"
#include "support/both_solvers.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"
#include "support/parity_check.hpp"
#include "support/parity_params.hpp"
#include "support/walls.hpp"

namespace fluid::test {

// Runs `pass` on both solvers and checks its output within the single-pass
// bound, against its value before (the carried velocity against the velocity
// it is made from, `input`'s).
inline void expectPassParity(SolverPair& both, const PassCase& pass, const FluidState& input, const Walls& walls)
{
    const Field before = pass.output == Slot::CarriedVelocity ? input.velocity : both.cpu.field(pass.output);
    const auto [g, c] = both.run(pass);
    expectParity(std::string(pass.name) + "_" + walls.name, g, c, before, {kSinglePassMaxRel, kSinglePassL2});
}

}  // namespace fluid::test
