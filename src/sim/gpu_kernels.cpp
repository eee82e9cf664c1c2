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
    k.fusesPackingInStep = c.layout.fusesPackingInStep;
    k.fieldPasses = o.with(D::DyeOnVelocityGrid, c.dyeOnVelocityGrid);
    k.viscousLevelZero = layout;

    const Defines twoOutputs{D::TwoOutputs};
    for (const std::size_t line : {0u, 1u}) {
        const Defines shape = Defines{}.with(D::PointSplat, line == 0);
        // The velocity's, with its layout: on faces it shuts the solid ones.
        k.splatVelocity[line] = kernel(row::splat, shape | (faces ? o : Defines{}));
        k.splatTemperature[line] = kernel(row::splat, shape);
        if (k.fusesDye) k.splatWithDye[line] = kernel(row::splat, shape | twoOutputs);
        k.splatDye[line] = kernel(row::splat, shape, FieldGrid::Dye);
    }

    const Defines carried{D::CarriedVelocity};
    k.advect = kernel(row::advect, o);
    k.advectCarried = kernel(row::advect, o | carried);
    // A scalar advection reads the velocity at its own cell only where it
    // lives there (cells, one grid); otherwise interpolated at its centres,
    // from the faces on the staggered layout.
    const Defines scalar{D::ScalarSource};
    const Defines onVelocityGrid = faces ? o : o.with(D::OnVelocityGrid);
    const Defines inflowDye = Defines{}.with(D::InflowDye, isTunnel(c.boundary));
    const Defines dye = scalar | (c.dyeOnVelocityGrid ? onVelocityGrid : layout) | inflowDye;
    const Defines temperature = scalar | onVelocityGrid;
    k.advectDye = kernel(row::advectDye, dye, FieldGrid::Dye);
    if (k.fusesDye) k.advectWithDye = kernel(row::advect, o | scalar | inflowDye | twoOutputs.with(D::WithDye));
    k.advectTemperature = kernel(row::advectTemperature, temperature);
    // MacCormack: each correction is its field's own advection shader, so that
    // it traces and reads exactly as the forward step (walls, obstacles, the inflow).
    const Defines mac{D::MacCormack};
    k.correctVelocity = kernel(row::advectCorrection, o | mac);
    k.correctCarriedVelocity = kernel(row::advectCorrection, o | carried | mac);
    k.correctDye = kernel(row::advectDyeCorrection, dye | mac, FieldGrid::Dye);
    k.correctTemperature = kernel(row::advectTemperatureCorrection, temperature | mac);

    k.diffuse = kernel(row::diffuse, o);
    k.diffuseFromRhs = kernel(row::diffuseFromRhs, o);
    k.pressure = kernel(row::solvePressure, o);
    k.pressureDamped = kernel(row::solvePressure, o.with(D::Weighted));
    k.pack = kernel(row::packPressure, twoOutputs);
    k.pressurePackedTwice = kernel(row::solvePressurePacked, {D::TwoSweeps});
    k.pressurePackedDamped = kernel(row::solvePressurePacked, {D::Weighted});
    k.divergencePacked = kernel(row::divergencePacked, twoOutputs);
    k.unpackPressure = kernel(row::unpackPressure);
    k.unpackDivergence = kernel(row::unpackDivergence);
    k.gradientFromPacked = kernel(row::gradientFromPacked, twoOutputs.with(D::PackedPressure));
    k.addForce = kernel(row::addForceField, k.fusesDye ? twoOutputs : o);
    if (!k.fusesDye) k.addForceDye = kernel(row::addForceField, {D::DyeOnOwnGrid}, FieldGrid::Dye);
    return k;
}

std::vector<Kernel> GpuKernels::all() const
{
    std::vector<Kernel> out;
    for (const auto* line : {&splatVelocity, &splatWithDye, &splatDye, &splatTemperature})
        for (const Kernel& s : *line) out.push_back(s);
    for (const Kernel& s : {advect,
                            advectCarried,
                            advectWithDye,
                            advectDye,
                            advectTemperature,
                            correctVelocity,
                            correctCarriedVelocity,
                            correctDye,
                            correctTemperature,
                            diffuse,
                            diffuseFromRhs,
                            pressure,
                            pressureDamped,
                            pack,
                            pressurePackedTwice,
                            pressurePackedDamped,
                            divergencePacked,
                            unpackPressure,
                            unpackDivergence,
                            gradientFromPacked,
                            addForce,
                            addForceDye})
        out.push_back(s);
    std::erase_if(out, [](const Kernel& s) { return !s; });
    return out;
}

}  // namespace fluid::sim
