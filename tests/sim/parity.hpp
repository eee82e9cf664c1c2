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
