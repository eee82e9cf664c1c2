// GpuSolver's forces from outside the fluid: the splats of strokes, emitters
// and the first sight, and motion input's force field. The rest of the solver
// is in gpu_solver.cpp.
#include <stdexcept>
#include <string>

#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

using sim::kUnit0;
using sim::kUnit1;
using sim::kUnit2;

void GpuSolver::splat(const Splat& s)
{
    const SplatInCells cells = toCells(s, constants_);
    const bool line = cells.length > 0.0f;
    // Velocity and dye in one draw where they share a grid; velocity alone
    // when the splat adds no dye.
    // An emitter's splat pushes nothing: its velocity draw would change nothing.
    const bool pushes = s.velocity != glm::vec2(0.0f);
    const bool together = pushes && s.addsDye && fusesDye();
    if (pushes) {
        const SplatPass& pass = splatPass(line, together);
        setSplatUniforms(pass, cells, glm::vec4(s.velocity, 0.0f, 0.0f));
        bindSolid();  // the staggered layout's splat shuts the solid faces
        velocity().read().bindTexture(kUnit0);
        if (together) {
            glUniform4f(pass.uniforms.value1, s.dye.r, s.dye.g, s.dye.b, 0.0f);
            dye().read().bindTexture(kUnit1);
            sim::drawFullscreen(twoTargets_, velocity().write(), dye().write(), emptyVertexArray_);
            dye().swap();
        } else {
            draw(velocity().write());
        }
        velocity().swap();
    }
    if (s.addsDye && !together) {
        // The dye on its own grid: the same splat in that grid's cells.
        const SplatInCells dyeCells = toCells(s, dyeConstants_);
        const SplatPass& dyePass = dyeSplatPasses_[dyeCells.length > 0.0f ? 1u : 0u];
        setSplatUniforms(dyePass, dyeCells, glm::vec4(s.dye, 0.0f));
        dye().read().bindTexture(kUnit0);
        draw(dye().write());
        dye().swap();
    }
    if (s.heat != 0.0f) {
        // Heat on the temperature (the velocity's grid): the one-output splat.
        setSplatUniforms(temperatureSplatPasses_[line ? 1u : 0u], cells, glm::vec4(s.heat, 0.0f, 0.0f, 0.0f));
        temperature().read().bindTexture(kUnit0);
        draw(temperature().write());
        temperature().swap();
    }
}

void GpuSolver::setSplatUniforms(const SplatPass& pass, const SplatInCells& cells, glm::vec4 value)
{
    const SplatUniforms& u = pass.uniforms;
    pass.program.use();
    glUniform2f(u.from, cells.from.x, cells.from.y);
    glUniform2f(u.axis, cells.axis.x, cells.axis.y);
    glUniform1f(u.length, cells.length);
    glUniform1f(u.inverseRadius, cells.inverseRadius);
    glUniform1f(u.lineScale, cells.lineScale);
    glUniform4f(u.value, value.x, value.y, value.z, value.w);
}

void GpuSolver::addForceField(const gl::RenderTarget& force, const ForceFieldConstants& k)
{
    requireCollocated(params_, "GpuSolver::addForceField(): motion input");
    if (force.width() != params_.gridWidth || force.height() != params_.gridHeight)
        throw std::invalid_argument("GpuSolver::addForceField(): the force field is " + std::to_string(force.width()) +
                                    "x" + std::to_string(force.height()) + ", the grid " +
                                    std::to_string(params_.gridWidth) + "x" + std::to_string(params_.gridHeight));
    const auto setConstants = [&](const AddForcePass& pass) {
        pass.program.use();
        glUniform1f(pass.blend, k.blend);
        glUniform1f(pass.fullSpeed, k.fullSpeed);
        glUniform3f(pass.dyeAdded, k.dye.r, k.dye.g, k.dye.b);
    };
    setConstants(addForce_);
    velocity().read().bindTexture(kUnit0);
    dye().read().bindTexture(kUnit1);
    force.bindTexture(kUnit2);
    if (dyeOnVelocityGrid()) {
        sim::drawFullscreen(twoTargets_, velocity().write(), dye().write(), emptyVertexArray_);
        velocity().swap();
        dye().swap();
        return;
    }
    draw(velocity().write());
    velocity().swap();
    setConstants(addForceDye_);
    draw(dye().write());
    if (params_.advection == AdvectionScheme::MacCormack) correctByMacCormack(dye(), macCormackDye_, dye().read());
    dye().swap();
}

}  // namespace fluid
