// The pressure multigrid's coarsest level, solved at once: x = M s, M the
// pseudo-inverse of that level's operator, computed here on the host in double
// and rounded once to float, so both backends multiply by the same matrix
// (shaders/solve_coarsest.frag, reference::solveCoarsest).
//
// Why: below about 10 x 10 cells a level's work is nothing and its draws are
// all of its cost. The pyramid used to go down to 2 x 2 cells, swept 4 times
// (32 in the tunnel) at the bottom: at 256^2 that was 8 levels, 30 draws a
// V-cycle, and the three levels of at most 8 x 8 cells took 2.0 of a default
// step's 23 ms on llvmpipe (profile_bench) for 10 of those draws. Stopping at
// the first level of at most kDirectSolveMaxCells cells and solving it with
// one draw removes them, and the coarse correction is then exact instead of
// 4 sweeps' worth (which matters in the tunnel, whose Dirichlet outflow made
// the old bottom need 32).
//
// The operator is the smoother's (shaders/multigrid.glsl, neighbourSum):
// (A x)_i = (sum of the 4 neighbours through the rule) - 4 x_i on fluid cells,
// with the ghosts of a level below 0 (no lid): beyond a wall the cell itself
// (Neumann), beyond the tunnel's outflow minus it (p = 0 on the face),
// periodic the wrapped cell, a solid neighbour the cell itself. A solid cell
// holds 0 (its row and column of M are 0). A is symmetric and negative
// semi-definite; its null space is the constant on each connected group of
// fluid cells that does not reach the outflow. With P the projection onto
// that null space, M = (A - P)^-1 + P: A's inverse on its range, 0 on the
// null space, so x has zero mean on each such group whatever s's mean is
// (float rounding leaves the restricted s a little incompatible).
#pragma once

#include <vector>

#include "core/field.hpp"
#include "core/multigrid.hpp"
#include "core/sim_params.hpp"

namespace fluid {

// The pressure pyramid ends at the first level at or below this many cells
// (level 1 at the earliest): at most 128 x 128 floats of matrix, 256 reads a
// cell for its one draw. 256^2 and 512^2 end at 8 x 8, the window's 172 x 128
// at 11 x 8, the water wall's 1024 x 768 at 8 x 6.
inline constexpr int kDirectSolveMaxCells = 128;

// multigridLevels(width, height), cut after the level the pressure solves at
// once (the viscous pyramid keeps every level: its coarsest is swept).
std::vector<MultigridLevel> pressureLevels(int width, int height);

// The levels of the pyramid for `equation`.
std::vector<MultigridLevel> levelsFor(MultigridEquation equation, int width, int height);

// M for a level of `level`'s size under `boundary`, with `solid` (null: no
// obstacles; else 1 component of the level's size, solid above 0.5): row i,
// column j at [i * cells + j], cell index x + width * y. Without `solid`,
// made once per size and ghost rule in the process, then copied; safe to
// call from several threads.
std::vector<float> coarsestInverse(const MultigridLevel& level, BoundaryMode boundary, const Field* solid);

}  // namespace fluid
