#include "sim/gpu_kernels.hpp"

namespace fluid::sim {

namespace {

Kernel kernel(const ProgramSpec& row, Defines defines = {}, FieldGrid grid = FieldGrid::Simulation)
{
    return Kernel{&row, defines, grid};
}

}  // namespace

GpuKernels chooseKernels(const KernelConfig& c)
{
    namespace row = programs;
    using D = Define;
    GpuKernels k;
    const bool faces = c.layout.onFaces;
    const Defines layout = Defines{}.with(D::Staggered, faces);
    // The passes that read a neighbour or trace through the rule see the mask
    // (on the velocity's grid: the dye on its own grid does not), and the
    // layout where they read or write the velocity.
    const Defines o = layout.with(D::Obstacles, c.obstacles);
    k.fusesDye = c.dyeOnVelocityGrid && !faces;
    k.packsInDivergence = c.layout.packsInDivergence;
    k.unpacksInGradient = c.layout.unpacksInGradient;
    k.fieldPasses = o.with(D::DyeOnVelocityGrid, c.dyeOnVelocityGrid);

    const Defines twoOutputs{D::TwoOutputs};
    for (const std::size_t line : {0u, 1u}) {
        const Defines shape = Defines{}.with(D::PointSplat, line == 0);
        // The velocity's, with its layout: on faces it shuts the solid ones.
        k.splatVelocity[line] = k.add(kernel(row::splat, shape | (faces ? o : Defines{})));
        // Heat: the velocity's grid, but its centres (never the faces' variant).
        k.splatTemperature[line] = k.add(kernel(row::splat, shape));
        if (k.fusesDye) k.splatWithDye[line] = k.add(kernel(row::splat, shape | twoOutputs));
        k.splatDye[line] = k.add(kernel(row::splat, shape, FieldGrid::Dye));
    }

    const Defines carried{D::CarriedVelocity};
    k.advect = k.add(kernel(row::advect, o));
    k.advectCarried = k.add(kernel(row::advect, o | carried));
    // A scalar advection reads the velocity at its own cell only where it
    // lives there (cells, one grid); otherwise interpolated at its centres,
    // from the faces on the staggered layout.
    const Defines scalar{D::ScalarSource};
    const Defines onVelocityGrid = faces ? o : o.with(D::OnVelocityGrid);
    const Defines inflowDye = Defines{}.with(D::InflowDye, isTunnel(c.boundary));
    const Defines slipRead = Defines{}.with(D::SlipWalls, c.dyeSlipsAtWalls && !c.dyeOnVelocityGrid);
    // On faces each dye cell's velocity is 8 texels, which a pass before the
    // dye's shares among four dye cells; at the centres (4 texels) that pass
    // cost more than it saved (bench/README.md).
    const bool velocityAtDyeCells = c.velocityAtDyeCellsRatio > 0 && faces;
    const Defines ratio = Defines{}.with(D::DyeGridFourTimes, c.velocityAtDyeCellsRatio == 4);
    const Defines dyeRead = c.dyeOnVelocityGrid ? onVelocityGrid : layout | slipRead;
    const Defines dye =
        scalar | (velocityAtDyeCells ? dyeRead.with(D::VelocityAtDyeCells) | ratio : dyeRead) | inflowDye;
    if (velocityAtDyeCells) {
        k.velocityAtDyeCells = k.add(kernel(row::velocityAtDyeCells, layout | slipRead | ratio));
        // In the velocity's forward pass, where it reads the faces as the
        // dye does (no obstacles, whose faces it would shut; no slipping
        // read) and has outputs to spare (twice: 2 of 8).
        if (!c.obstacles && !c.dyeSlipsAtWalls && c.velocityAtDyeCellsRatio == 2)
            k.advectWithVelocityAtDyeCells = k.add(kernel(row::advect, layout.with(D::WithVelocityAtDyeCells)));
    }
    const Defines temperature = scalar | onVelocityGrid;
    k.advectDye = k.add(kernel(row::advectDye, dye, FieldGrid::Dye));
    // The cubic read is the dye's forward pass alone: it has no stages.
    if (!c.dyeOnVelocityGrid) k.advectDyeCubic = k.add(kernel(row::advectDye, dye.with(D::CubicRead), FieldGrid::Dye));
    if (k.fusesDye) k.advectWithDye = k.add(kernel(row::advect, o | scalar | inflowDye | twoOutputs.with(D::WithDye)));
    k.advectTemperature = k.add(kernel(row::advectTemperature, temperature));
    // A scheme's stages: each its field's own advection shader, so that it
    // traces and reads exactly as the forward step (walls, obstacles, the inflow).
    for (const AdvectionSchemeRow& scheme : kAdvectionSchemes)
        for (std::size_t n = 0; n < scheme.stageCount; ++n) {
            const SchemeStage& stage = scheme.stages[n];
            GpuKernels::SchemeKernels& s = k.schemes[static_cast<std::size_t>(scheme.scheme)];
            s.velocity[n] = k.add(kernel(row::advectStage, o.withStage(stage)));
            s.carriedVelocity[n] = k.add(kernel(row::advectStage, (o | carried).withStage(stage)));
            s.dye[n] = k.add(kernel(row::advectDyeStage, dye.withStage(stage), FieldGrid::Dye));
            s.temperature[n] = k.add(kernel(row::advectTemperatureStage, temperature.withStage(stage)));
        }

    if (!faces) k.vorticityWithCurl = k.add(kernel(row::vorticityWithCurl, o.with(D::CurlInline)));
    k.diffuse = k.add(kernel(row::diffuse, o));
    k.diffuseFromRhs = k.add(kernel(row::diffuseFromRhs, o));
    k.pressure = k.add(kernel(row::solvePressure, o));
    k.pressureDamped = k.add(kernel(row::solvePressure, o.with(D::Weighted)));
    k.pack = k.add(kernel(row::packPressure, twoOutputs));
    k.pressurePackedTwice = k.add(kernel(row::solvePressurePacked, {D::TwoSweeps}));
    k.pressurePackedDamped = k.add(kernel(row::solvePressurePacked, {D::Weighted}));
    if (k.packsInDivergence) k.divergencePacked = k.add(kernel(row::divergencePacked, twoOutputs | layout));
    k.unpackPressure = k.add(kernel(row::unpackPressure));
    k.unpackDivergence = k.add(kernel(row::unpackDivergence));
    if (k.unpacksInGradient)
        k.gradientFromPacked = k.add(kernel(row::gradientFromPacked, twoOutputs.with(D::PackedPressure)));
    if (c.pairsPressure) {
        const Defines paired = twoOutputs.with(D::Paired);
        k.pressurePairedFromPacked = k.add(kernel(row::solvePressurePaired, paired.with(D::TwoSweeps)));
        k.pressurePaired = k.add(kernel(row::solvePressurePaired, paired.with(D::TwoSweeps).with(D::ReadsPairs)));
        k.pressurePairedFourFromPacked = k.add(kernel(row::solvePressurePaired, paired.with(D::FourSweeps)));
        k.pressurePairedFour = k.add(kernel(row::solvePressurePaired, paired.with(D::FourSweeps).with(D::ReadsPairs)));
        k.unpackPairs = k.add(kernel(row::unpackPressure, {D::Paired}));
        if (k.unpacksInGradient)
            k.gradientFromPairs = k.add(kernel(row::gradientFromPacked, paired.with(D::PackedPressure)));
    }
    k.addForce = k.add(kernel(row::addForceField, k.fusesDye ? twoOutputs : o));
    if (!k.fusesDye) k.addForceDye = k.add(kernel(row::addForceField, {D::DyeOnOwnGrid}, FieldGrid::Dye));
    return k;
}

Kernel GpuKernels::add(const Kernel& kernel)
{
    all_.push_back(kernel);
    return kernel;
}

}  // namespace fluid::sim
