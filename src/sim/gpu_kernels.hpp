// GpuKernels: the program variants GpuSolver draws in one configuration (the
// layout, the boundary rule, obstacles, whether the dye shares the
// velocity's grid), chosen in one place, chooseKernels(). The rest of the
// solver asks no question about the layout: it draws the kernels named here.
#pragma once

#include <array>
#include <vector>

#include "core/sim_params.hpp"
#include "core/velocity_layout.hpp"
#include "sim/program_set.hpp"

namespace fluid::sim {

struct KernelConfig {
    VelocityLayout layout;
    BoundaryMode boundary = BoundaryMode::Box;
    bool obstacles = false;
    bool dyeOnVelocityGrid = true;
    bool dyeSlipsAtWalls = false;  // SimParams::dyeSlipsAtWalls (on its own grid only)
    // The packed Jacobi sweeps may run two texels a fragment (the height
    // even): GpuSolver::sweepsInPairs.
    bool pairsPressure = false;
    // The dye's grid is this many times the velocity's each way (2 or 4),
    // where the velocity at its cells may be drawn once a step for its
    // advection passes to read (GpuSolver::velocityAtDyeCells): on faces.
    // 0: it is not drawn.
    int velocityAtDyeCellsRatio = 0;
};

struct GpuKernels {
    // Passes that change the velocity and the dye draw both at once: on one
    // grid, and only where the velocity's texels are the dye's cells.
    bool fusesDye = false;
    // The step's divergence pass packs for the solve, its gradient pass
    // unpacks (VelocityLayout::packsInDivergence, unpacksInGradient).
    bool packsInDivergence = false;
    bool unpacksInGradient = false;
    // The pass table's rows (sim::FieldPassProgram).
    Defines fieldPasses{};

    // Indexed by [line]: a point or a segment.
    std::array<Kernel, 2> splatVelocity, splatWithDye, splatDye, splatTemperature;
    Kernel advect, advectCarried, advectWithDye, advectDye, advectTemperature;
    // The dye's clamped cubic read (dyeReadsCubic), on a grid of its own: built
    // beside advectDye, so that the window's pick switches without a compile.
    Kernel advectDyeCubic;
    // The velocity at the dye's cells, which the dye's advection kernels then
    // read (KernelConfig::velocityAtDyeCellsRatio, on faces); null otherwise.
    // And the velocity's forward pass writing it too, where their reads
    // agree (no obstacles, the dye's read not slipping) and the grid is
    // twice the velocity's; null otherwise.
    Kernel velocityAtDyeCells, advectWithVelocityAtDyeCells;
    // Each scheme's stages (core/advection_scheme.hpp), in its order; the
    // carried velocity's read what the incremental projection forced as phi^n.
    struct SchemeKernels {
        std::array<Kernel, AdvectionSchemeRow::kMaxStages> velocity, carriedVelocity, dye, temperature;
    };
    std::array<SchemeKernels, kAdvectionSchemes.size()> schemes;
    const SchemeKernels& of(AdvectionScheme scheme) const { return schemes[static_cast<std::size_t>(scheme)]; }
    // Vorticity confinement in one draw (collocated); null on faces, which
    // draw the pass table's curl and vorticity rows.
    Kernel vorticityWithCurl;
    Kernel diffuse, diffuseFromRhs;
    Kernel pressure, pressureDamped;
    Kernel pack, pressurePackedTwice, pressurePackedDamped, divergencePacked, unpackPressure, unpackDivergence,
        gradientFromPacked;
    // The packed sweeps two texels a fragment (KernelConfig::pairsPressure):
    // the first draw from the packed pressure, the rest from the pairs; the
    // pressure unpacked from the pairs, in the gradient pass or alone.
    Kernel pressurePairedFromPacked, pressurePaired, gradientFromPairs, unpackPairs;
    // Four sweeps a draw (FOUR_SWEEPS), from the packed pressure or the pairs.
    Kernel pressurePairedFourFromPacked, pressurePairedFour;
    Kernel addForce, addForceDye;

    // Every kernel above that is drawn in this configuration: GpuSolver builds
    // them all up front.
    const std::vector<Kernel>& all() const { return all_; }
    // Lists `kernel` in all(), for chooseKernels().
    Kernel add(const Kernel& kernel);

private:
    std::vector<Kernel> all_;
};

GpuKernels chooseKernels(const KernelConfig& config);

}  // namespace fluid::sim
