// The parameter changes and the splat the parity tests share: each case
// switches a scheme on as the panel would, on both solvers alike.
#pragma once

#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::test {

// The grid most parity tests run on: 48 x 40 cells (not square: a swapped
// i/j shows), the dye on a grid `dyeGridWidth` wide (0: the velocity's), and
// semi-Lagrangian advection, whose passes a case runs alone (withMacCormack
// switches the scheme's other passes on).
inline SimParams parityGrid(int dyeGridWidth = 0)
{
    SimParams p;
    p.gridWidth = 48;
    p.gridHeight = 40;
    p.dyeGridWidth = dyeGridWidth;
    p.advection = AdvectionScheme::SemiLagrangian;
    return p;
}

inline SimParams withMacCormack(SimParams p)
{
    p.advection = AdvectionScheme::MacCormack;
    return p;
}

// The dye by the clamped cubic read (DyeAdvection::Cubic; on a dye grid of its own).
inline SimParams withCubicDye(SimParams p)
{
    p.dyeAdvection = DyeAdvection::Cubic;
    return p;
}

inline SimParams withIncrementalProjection(SimParams p)
{
    p.projection = Projection::Incremental;
    return p;
}

inline SimParams incrementalMacCormack(SimParams p)
{
    return withIncrementalProjection(withMacCormack(p));
}

// Confinement at its maximum strength: the speed limiter binds at most cells.
inline SimParams strongVorticity(SimParams p)
{
    p.vorticity = 1e4f;
    return p;
}

// A stroke across the lower left of the domain, or (point) a dot at its
// start: the POINT_SPLAT variant of splat.frag.
inline Splat testSplat(bool point = false)
{
    Splat s;
    s.from = {0.2f, 0.3f};
    s.to = point ? s.from : glm::vec2(0.7f, 0.5f);
    s.radius = 0.08f;
    s.velocity = {0.7f, -0.4f};
    s.dye = {0.9f, 0.5f, 0.1f};
    return s;
}

}  // namespace fluid::test
