// GpuSolver's advection: every field carried by the velocity (semi-Lagrangian,
// and MacCormack's backward step and correction), in the order the step
// recipe and docs/algorithm.md §3.2 give. The rest of the solver is in
// gpu_solver.cpp.
#include <utility>

#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

using sim::kUnit0;
using sim::kUnit1;
using sim::kUnit2;

void GpuSolver::advectDye()
{
    advectDyeProgram_.use();
    bindSolid();
    velocity().read().bindTexture(kUnit0);
    dye().read().bindTexture(kUnit1);
    draw(dye().write());
    if (dyeAdvectionOf(params_) == AdvectionScheme::MacCormack)
        correctByMacCormack(dye(), macCormackDye_, dye().read());
    dye().swap();
}

void GpuSolver::advectTemperature()
{
    if (!smokeIsOn(params_)) return;
    advectTemperatureProgram_.use();
    bindSolid();
    velocity().read().bindTexture(kUnit0);
    temperature().read().bindTexture(kUnit1);
    draw(temperature().write());
    if (params_.advection == AdvectionScheme::MacCormack)
        correctByMacCormack(temperature(), macCormackTemperature_, temperature().read());
    temperature().swap();
}

void GpuSolver::advect()
{
    const bool macCormack = params_.advection == AdvectionScheme::MacCormack;
    // The velocity traces; what it carries is itself, or with the incremental
    // projection itself less half a step of the last pressure gradient.
    const bool forced = passes::pressureForcing.runsInStep(params_, constants_);
    if (fusesDye() && !macCormack && dyeAdvectionOf(params_) == AdvectionScheme::SemiLagrangian && !forced) {
        // One trace for both: velocity to output 0, dye to output 1.
        advectWithDyeProgram_.use();
        bindSolid();
        velocity().read().bindTexture(kUnit0);
        dye().read().bindTexture(kUnit1);
        sim::drawFullscreen(twoTargets_, velocity().write(), dye().write(), emptyVertexArray_);
        velocity().swap();
        dye().swap();
        return;
    }
    // The dye's own pass (and, with MacCormack, each field its own correction).
    advectDye();
    if (forced) run(passes::pressureForcing);
    const gl::RenderTarget& carried = forced ? carriedVelocity_ : velocity().read();
    (forced ? advectCarriedProgram_ : advectProgram_).use();
    bindSolid();
    velocity().read().bindTexture(kUnit0);
    if (forced) carried.bindTexture(kUnit1);
    draw(velocity().write());
    if (macCormack) correctByMacCormack(velocity(), macCormackVelocity_, carried);
    velocity().swap();
}

void GpuSolver::correctByMacCormack(gl::PingPong& field, MacCormackPass& pass, const gl::RenderTarget& original)
{
    // The correction carries the forward step's result back along the same
    // velocity itself (the backward step), then corrects.
    pass.correction.use();
    bindSolid();
    velocity().read().bindTexture(kUnit0);
    original.bindTexture(kUnit1);
    field.write().bindTexture(kUnit2);
    draw(pass.corrected);
    // The corrected field takes the forward step's place on the write side.
    std::swap(field.write(), pass.corrected);
}

void GpuSolver::makeMacCormackTargets()
{
    const bool any =
        params_.advection == AdvectionScheme::MacCormack || dyeAdvectionOf(params_) == AdvectionScheme::MacCormack;
    if (!any || macCormackVelocity_.corrected.width() > 0) return;
    // The corrected ones become the fields, which the passes read with the wrap of the rule.
    const gl::Wrap wrap = params_.boundary == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
    const auto make = [&](MacCormackPass& m, const gl::PingPong& field, const char* correctedName) {
        const gl::RenderTarget& like = field.read();
        m.corrected = gl::RenderTarget(like.width(), like.height(), like.format(), correctedName);
        m.corrected.setWrap(wrap);
    };
    make(macCormackVelocity_, velocity(), "MacCormack corrected velocity");
    make(macCormackDye_, dye(), "MacCormack corrected dye");
    make(macCormackTemperature_, temperature(), "MacCormack corrected temperature");
}

}  // namespace fluid
