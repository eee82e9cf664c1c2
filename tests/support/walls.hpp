// The wall rules the parity tests run their passes under, each named as the
// test cases are, and the dye grids the grid-pair tests pair with the
// velocity's.
#pragma once

#include <ostream>

#include "core/sim_params.hpp"

namespace fluid::test {

struct Walls {
    const char* name;
    BoundaryMode boundary = BoundaryMode::Box;
    bool lid = false;      // the box's lid moves at 1 m/s
    bool solids = false;   // test::mixedObstacles (support/obstacles.hpp)
    int dyeGridWidth = 0;  // 0: the dye on the velocity's grid
};

inline constexpr Walls kBox{"Box"};
inline constexpr Walls kLid{"Lid", BoundaryMode::Box, true};
inline constexpr Walls kPeriodic{"Periodic", BoundaryMode::Periodic};
inline constexpr Walls kTunnel{"Tunnel", BoundaryMode::Tunnel};
inline constexpr Walls kTunnelWalls{"TunnelWalls", BoundaryMode::TunnelWalls};
inline constexpr Walls kBoxSolids{"BoxSolids", BoundaryMode::Box, false, true};
inline constexpr Walls kLidSolids{"LidSolids", BoundaryMode::Box, true, true};
inline constexpr Walls kPeriodicSolids{"PeriodicSolids", BoundaryMode::Periodic, false, true};
inline constexpr Walls kTunnelSolids{"TunnelSolids", BoundaryMode::Tunnel, false, true};
inline constexpr Walls kTunnelWallsSolids{"TunnelWallsSolids", BoundaryMode::TunnelWalls, false, true};
// The multigrid tests' name for the box with obstacles.
inline constexpr Walls kSolids{"Solids", BoundaryMode::Box, false, true};

inline const char* name(const Walls& w)
{
    return w.name;
}

// GoogleTest prints a parameter as its name, not as its bytes.
inline void PrintTo(const Walls& w, std::ostream* os)
{
    *os << w.name;
}

// The boundary rule of `walls` and its lid (the dye grid stays the caller's).
inline void applyWalls(SimParams& p, const Walls& walls)
{
    p.boundary = walls.boundary;
    p.lidSpeed = walls.lid ? 1.0f : 0.0f;
}

struct DyeGrid {
    const char* name;
    int width;  // 0: the simulation grid
};

inline void PrintTo(const DyeGrid& g, std::ostream* os)
{
    *os << g.name;
}

}  // namespace fluid::test
