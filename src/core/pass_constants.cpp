#include "core/pass_constants.hpp"

namespace fluid {

PassConstants makePassConstants(const SimParams& p, FieldGrid grid)
{
    // Derived in double and rounded once to float, so both solvers see exactly
    // the same constants whatever their own arithmetic would have given.
    const GridSize size = fieldGrids(p).of(grid);
    const double h = static_cast<double>(p.domainWidth) / size.width;
    const double dt = p.dt;
    const double a = static_cast<double>(p.viscosity) * dt / (h * h);

    PassConstants c;
    c.width = size.width;
    c.height = size.height;
    c.periodic = p.boundary == BoundaryMode::Periodic;
    c.tunnel = isTunnel(p.boundary);
    c.tunnelWalls = p.boundary == BoundaryMode::TunnelWalls;
    c.cellSize = static_cast<float>(h);
    c.staggered = p.layout == Layout::Staggered;
    c.halfInverseCellSize = static_cast<float>(0.5 / h);
    c.inverseCellSize = static_cast<float>(1.0 / h);
    c.cellSizeSquared = static_cast<float>(h * h);
    c.dtOverCellSize = static_cast<float>(dt / h);
    c.backwardDtOverCellSize = -c.dtOverCellSize;
    c.diffusionAlpha = static_cast<float>(a);
    c.diffusionInverseDenominator = static_cast<float>(1.0 / (1.0 + 4.0 * a));
    c.velocityDecay = static_cast<float>(1.0 / (1.0 + p.velocityDissipation * dt));
    c.dyeDecay = static_cast<float>(1.0 / (1.0 + p.dyeDissipation * dt));
    c.temperatureDecay = static_cast<float>(1.0 / (1.0 + p.cooling * dt));
    c.buoyancyPerKelvin = static_cast<float>(dt * p.gravity / p.ambientTemperature);
    c.buoyancyPerSmoke = static_cast<float>(dt * p.gravity * p.smokeWeight);
    c.vorticityScale = static_cast<float>(dt * p.vorticity * h);
    // Half of the gradient's 1 / (2h), or on the staggered layout of its 1 / h.
    c.pressureForcingScale = static_cast<float>(0.5 * (c.staggered ? 1.0 : 0.5) / h);
    c.lidSpeed = c.tunnel ? p.inflowSpeed : (c.periodic ? 0.0f : p.lidSpeed);
    c.toVelocityCells = static_cast<float>(static_cast<double>(p.gridWidth) / size.width);
    c.fromVelocityCells = static_cast<float>(static_cast<double>(size.width) / p.gridWidth);
    c.onVelocityGrid = size.width == p.gridWidth && size.height == p.gridHeight;
    c.cubicRead = grid == FieldGrid::Dye && dyeReadsCubic(p);
    return c;
}

PassConstants backwardInTime(const PassConstants& k)
{
    PassConstants backward = k;
    backward.dtOverCellSize = k.backwardDtOverCellSize;
    backward.backwardDtOverCellSize = k.dtOverCellSize;
    return backward;
}

}  // namespace fluid
