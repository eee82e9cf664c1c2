// GpuSolver's advection: every field carried by the velocity (semi-Lagrangian,
// and MacCormack's backward step and correction), in the order the step
// recipe and docs/algorithm.md §3.2 give. The rest of the solver is in
// gpu_solver.cpp.
#include <utility>

#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

void GpuSolver::advectDye()
{
    draw(kernels_.advectDye, Source::Dye, dye().write());
    if (dyeAdvectionOf(params_) == AdvectionScheme::MacCormack)
        correctByMacCormack(dye(), macCormackDye_, kernels_.correctDye, Source::Dye);
    dye().swap();
}

void GpuSolver::advectTemperature()
{
    if (!smokeIsOn(params_)) return;
    draw(kernels_.advectTemperature, Source::Temperature, temperature().write());
    if (params_.advection == AdvectionScheme::MacCormack)
        correctByMacCormack(temperature(), macCormackTemperature_, kernels_.correctTemperature, Source::Temperature);
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
        draw(kernels_.advectWithDye, Source::Velocity, velocity().write(), dye().write());
        velocity().swap();
        dye().swap();
        return;
    }
    // The dye's own pass (and, with MacCormack, each field its own correction).
    advectDye();
    if (forced) run(passes::pressureForcing);
    draw(forced ? kernels_.advectCarried : kernels_.advect, Source::Velocity, velocity().write());
    if (macCormack)
        correctByMacCormack(velocity(), macCormackVelocity_,
                            forced ? kernels_.correctCarriedVelocity : kernels_.correctVelocity, Source::Velocity);
    velocity().swap();
}

void GpuSolver::correctByMacCormack(gl::PingPong& field, gl::RenderTarget& forward, const sim::Kernel& correction,
                                    Source output)
{
    // The forward result steps aside (Source::Forward), and the correction
    // carries it back along the same velocity itself (the backward step),
    // then corrects into the field's write side; phi^n is still its read side.
    std::swap(field.write(), forward);
    draw(correction, output, field.write());
}

void GpuSolver::makeMacCormackTargets()
{
    const bool any =
        params_.advection == AdvectionScheme::MacCormack || dyeAdvectionOf(params_) == AdvectionScheme::MacCormack;
    if (!any || macCormackVelocity_.width() > 0) return;
    // They take turns with the fields' own targets, which the passes read with the wrap of the rule.
    const gl::Wrap wrap = params_.boundary == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
    const auto make = [&](gl::RenderTarget& m, const gl::PingPong& field, const char* label) {
        const gl::RenderTarget& like = field.read();
        m = gl::RenderTarget(like.width(), like.height(), like.format(), label);
        m.setWrap(wrap);
    };
    make(macCormackVelocity_, velocity(), "MacCormack velocity");
    make(macCormackDye_, dye(), "MacCormack dye");
    make(macCormackTemperature_, temperature(), "MacCormack temperature");
}

}  // namespace fluid
