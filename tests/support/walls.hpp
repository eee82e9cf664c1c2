// The three wall rules the grid-pair parity tests (dye grid, smoke) run
// every pass under, and the dye grids they pair with the velocity's.
#pragma once

#include "core/sim_params.hpp"

namespace fluid::test {

enum class Walls { Box, Lid, Periodic };

inline const char* name(Walls w)
{
    return w == Walls::Box ? "Box" : (w == Walls::Lid ? "Lid" : "Periodic");
}

// The boundary rule of `walls`: the box, the box with its lid at 1 m/s, or periodic.
inline void applyWalls(SimParams& p, Walls walls)
{
    p.boundary = walls == Walls::Periodic ? BoundaryMode::Periodic : BoundaryMode::Box;
    p.lidSpeed = walls == Walls::Lid ? 1.0f : 0.0f;
}

struct DyeGrid {
    const char* name;
    int width;  // 0: the simulation grid
};

}  // namespace fluid::test
