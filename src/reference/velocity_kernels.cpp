// The two layouts' kernel tables, and the public passes (passes.hpp) whose
// body depends on the layout, each forwarding to its constants' table.
#include "reference/velocity_kernels.hpp"

#include "reference/collocated.hpp"
#include "reference/multigrid.hpp"
#include "reference/staggered.hpp"

namespace fluid::reference {

namespace {

// reference::addForceField writes the collocated velocity itself.
void addNoForceOnFaces(const Field&, const Field&, Field&, const ForceFieldConstants&, const PassConstants&) {}

void prolongCellCentred(const Field& x, const Field& coarse, Field& out, const PassConstants&,
                        const PassConstants& coarseK, Exec exec)
{
    prolongCorrection(x, coarse, out, coarseK, exec);
}

constexpr VelocityKernels kCollocated{
    collocated::splatVelocity,
    collocated::advectVelocity,
    collocated::stageVelocity,
    collocated::advectScalarHere,
    collocated::stageScalarHere,
    collocated::velocityAtPoint,
    collocated::buoyancy,
    collocated::diffuse,
    collocated::curl,
    collocated::vorticity,
    collocated::divergence,
    collocated::gradient,
    addNoForceOnFaces,
    smooth,
    restrictResidual,
    prolongCellCentred,
};

constexpr VelocityKernels kStaggered{
    staggered::splat,
    staggered::advect,
    staggered::stage,
    staggered::advectScalarHere,
    staggered::stageScalarHere,
    staggered::velocityAtPoint,
    staggered::buoyancy,
    staggered::diffuse,
    staggered::curl,
    staggered::vorticity,
    staggered::divergence,
    staggered::gradient,
    staggered::addForceField,
    staggered::smooth,
    staggered::restrictResidual,
    staggered::prolongCorrection,
};

}  // namespace

const VelocityKernels& kernelsOf(const PassConstants& k)
{
    return k.staggered ? kStaggered : kCollocated;
}

const VelocityKernels& cellCentredKernels()
{
    return kCollocated;
}

void buoyancy(const Field& velocity, const Field& temperature, const Field& dye, Field& out, const PassConstants& k,
              const PassConstants& dyeGrid, Exec exec)
{
    kernelsOf(k).buoyancy(velocity, temperature, dye, out, k, dyeGrid, exec);
}

void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec)
{
    kernelsOf(k).diffuse(x, b, out, k, exec);
}

void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    kernelsOf(k).curl(velocity, out, k, exec);
}

void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec)
{
    kernelsOf(k).vorticity(velocity, curlField, out, k, exec);
}

void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    kernelsOf(k).divergence(velocity, out, k, exec);
}

void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec)
{
    kernelsOf(k).gradient(velocity, p, out, k, exec);
}

}  // namespace fluid::reference
