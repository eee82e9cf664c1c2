#include "core/pass_constants.hpp"

namespace fluid {

PassConstants makePassConstants(const SimParams& p)
{
    // Derived in double and rounded once to float, so both solvers see exactly
    // the same constants whatever their own arithmetic would have given.
    const double h = static_cast<double>(p.domainWidth) / p.gridWidth;
    const double dt = p.dt;
    const double a = static_cast<double>(p.viscosity) * dt / (h * h);

    PassConstants c;
    c.width = p.gridWidth;
    c.height = p.gridHeight;
    c.periodic = p.boundary == BoundaryMode::Periodic;
    c.tunnel = p.boundary == BoundaryMode::Tunnel;
    c.cellSize = static_cast<float>(h);
    c.halfInverseCellSize = static_cast<float>(0.5 / h);
    c.cellSizeSquared = static_cast<float>(h * h);
    c.dtOverCellSize = static_cast<float>(dt / h);
    c.diffusionAlpha = static_cast<float>(a);
    c.diffusionInverseDenominator = static_cast<float>(1.0 / (1.0 + 4.0 * a));
    c.velocityDecay = static_cast<float>(1.0 / (1.0 + p.velocityDissipation * dt));
    c.dyeDecay = static_cast<float>(1.0 / (1.0 + p.dyeDissipation * dt));
    c.vorticityScale = static_cast<float>(dt * p.vorticity * h);
    c.lidSpeed = c.tunnel ? p.inflowSpeed : (c.periodic ? 0.0f : p.lidSpeed);
    return c;
}

}  // namespace fluid
