// PassConstants: the float constants every pass uses, derived once from
// SimParams on the host. Both solvers read them from here so that the GPU and
// the CPU multiply by bit-identical numbers (no solver recomputes 0.5/h itself).
#pragma once

#include "core/sim_params.hpp"

namespace fluid {

class SolidMask;

struct PassConstants {
    int width = 0;   // cells
    int height = 0;  // cells
    bool periodic = false;
    bool tunnel = false;       // inflow left, outflow right, slip top and bottom
    bool tunnelWalls = false;  // ... with no-slip top and bottom instead (BoundaryMode::TunnelWalls)
    // A box's walls read as they are one cell in (the tangential ghost
    // repeats its mirror, the lid's too; the normal component at a wall is
    // the first face's in): only in the constants of the dye's velocity read
    // (SimParams::dyeSlipsAtWalls); the shaders' SLIP_WALLS.
    bool slipWalls = false;
    // The dye's back-trace reads it by the clamped cubic (dyeReadsCubic): only
    // in the constants of the dye's own grid; the shaders' CUBIC_READ.
    bool cubicRead = false;
    bool staggered = false;                    // Layout::Staggered: u on left faces, v on bottom faces
    float cellSize = 0.0f;                     // h, m
    float halfInverseCellSize = 0.0f;          // 0.5 / h: central differences span 2h
    float inverseCellSize = 0.0f;              // 1 / h: the staggered layout's differences span h
    float cellSizeSquared = 0.0f;              // h^2, scales the divergence in the pressure Jacobi
    float dtOverCellSize = 0.0f;               // dt / h: back-trace distance in cells per (m/s)
    float backwardDtOverCellSize = 0.0f;       // -dt / h: a scheme stage's backward trace (backwardInTime's)
    float diffusionAlpha = 0.0f;               // a = nu dt / h^2 of (1 - nu dt Laplacian) u = b
    float diffusionInverseDenominator = 1.0f;  // 1 / (1 + 4a)
    float velocityDecay = 1.0f;                // 1 / (1 + velocityDissipation dt)
    float dyeDecay = 1.0f;                     // 1 / (1 + dyeDissipation dt)
    float temperatureDecay = 1.0f;             // 1 / (1 + cooling dt)
    float buoyancyPerKelvin = 0.0f;            // dt g / T0: m/s of upward velocity per step and kelvin
    float buoyancyPerSmoke = 0.0f;             // dt g beta: m/s of downward velocity per step and unit of smoke
    float vorticityScale = 0.0f;               // dt * epsilon * h
    float pressureForcingScale = 0.0f;         // (1 / 2) (0.5 / h): half of a central-difference gradient
                                               // (staggered: (1 / 2) (1 / h), half of a compact one)
    // m/s, the speed of the driven boundary: the box's lid (tangential, +x),
    // or the tunnel's inflow (normal, +x). One uniform carries either: the
    // rules (and the multigrid's homogeneous error equation, where it is 0
    // below level 0) treat both alike.
    float lidSpeed = 0.0f;
    // The obstacles of this grid, part of the boundary context the rules read
    // (src/reference/boundary.hpp); null: none (all fluid). Set by the solver,
    // not derived from SimParams; the GPU reads its own texture of the mask.
    const SolidMask* solid = nullptr;
    // The way from this grid to the simulation grid (where the velocity
    // lives): simulation cells per cell of this grid, and whether the two are
    // one grid (then a field's cell reads the velocity at its own cell).
    float toVelocityCells = 1.0f;
    float fromVelocityCells = 1.0f;  // its inverse: cells of this grid per simulation cell
    bool onVelocityGrid = true;
};

// The constants of the passes on `grid`: its size and cell size, the same
// dt and rates. FieldGrid::Simulation is the velocity's grid.
PassConstants makePassConstants(const SimParams& params, FieldGrid grid = FieldGrid::Simulation);

// The constants of MacCormack's backward step: k with dt negated, so that the
// back-trace runs forward along the same velocity (a sign flip: exact, the
// same on both solvers). The step itself runs with decay 1.
PassConstants backwardInTime(const PassConstants& k);

}  // namespace fluid
