// GpuSolver's forces from outside the fluid: the splats of strokes, emitters
// and the first sight, and motion input's force field. The rest of the solver
// is in gpu_solver.cpp.
#include <stdexcept>
#include <string>

#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

// A splat's draw changes only the cells it reaches (splatReach), and adds to
// them in place: splat.frag writes what the splat adds, which blending adds
// to the field's read side (sim::addToBlock). No other texel is read or
// written, no ping-pong swap, and nothing is copied back (the copy of the
// block was a draw of its own: on llvmpipe another hand-over to its threads).
void GpuSolver::splat(const Splat& s)
{
    const SplatInCells cells = toCells(s, constants_);
    const CellBlock reach = splatReach(cells, params_.gridWidth, params_.gridHeight);
    const bool line = cells.length > 0.0f;
    // Velocity and dye in one draw where they share a grid; velocity alone
    // when the splat adds no dye.
    // An emitter's splat pushes nothing: its velocity draw would change nothing.
    const bool pushes = s.velocity != glm::vec2(0.0f);
    const bool together = pushes && s.addsDye && fusesDye();
    if (pushes && !reach.empty()) {
        const sim::SpecProgram& program =
            bind((together ? kernels_.splatWithDye : kernels_.splatVelocity)[line ? 1u : 0u], Source::Velocity);
        setSplatUniforms(program, cells, glm::vec4(s.velocity, 0.0f, 0.0f));
        if (together) {
            glUniform4f(program.perDraw(programs::splat_uniform::kValue1), s.dye.r, s.dye.g, s.dye.b, 0.0f);
            sim::addToBlock(twoTargets_, velocity().read(), dye().read(), reach, emptyVertexArray_);
        } else {
            sim::addToBlock(velocity().read(), reach, emptyVertexArray_);
        }
    }
    if (s.addsDye && !together) {
        // The dye on its own grid: the same splat in that grid's cells.
        const SplatInCells dyeCells = toCells(s, dyeConstants_);
        const CellBlock dyeReach = splatReach(dyeCells, dye().read().width(), dye().read().height());
        if (!dyeReach.empty()) {
            setSplatUniforms(bind(kernels_.splatDye[dyeCells.length > 0.0f ? 1u : 0u], Source::Dye), dyeCells,
                             glm::vec4(s.dye, 0.0f));
            sim::addToBlock(dye().read(), dyeReach, emptyVertexArray_);
        }
    }
    if (s.heat != 0.0f && !reach.empty()) {
        // Heat on the temperature (the velocity's grid): the one-output splat.
        setSplatUniforms(bind(kernels_.splatTemperature[line ? 1u : 0u], Source::Temperature), cells,
                         glm::vec4(s.heat, 0.0f, 0.0f, 0.0f));
        sim::addToBlock(temperature().read(), reach, emptyVertexArray_);
    }
}

void GpuSolver::setSplatUniforms(const sim::SpecProgram& program, const SplatInCells& cells, glm::vec4 value)
{
    namespace u = programs::splat_uniform;
    glUniform2f(program.perDraw(u::kFrom), cells.from.x, cells.from.y);
    glUniform2f(program.perDraw(u::kAxis), cells.axis.x, cells.axis.y);
    glUniform1f(program.perDraw(u::kLength), cells.length);
    glUniform1f(program.perDraw(u::kInverseRadius), cells.inverseRadius);
    glUniform1f(program.perDraw(u::kLineScale), cells.lineScale);
    glUniform4f(program.perDraw(u::kValue), value.x, value.y, value.z, value.w);
}

void GpuSolver::addForceField(const gl::RenderTarget& force, const ForceFieldConstants& k)
{
    if (force.width() != params_.gridWidth || force.height() != params_.gridHeight)
        throw std::invalid_argument("GpuSolver::addForceField(): the force field is " + std::to_string(force.width()) +
                                    "x" + std::to_string(force.height()) + ", the grid " +
                                    std::to_string(params_.gridWidth) + "x" + std::to_string(params_.gridHeight));
    const auto bindForce = [&](const sim::Kernel& kernel, Source output) {
        const sim::SpecProgram& program = bind(kernel, output);
        namespace u = programs::add_force_uniform;
        glUniform1f(program.perDraw(u::kBlend), k.blend);
        glUniform1f(program.perDraw(u::kFullSpeed), k.fullSpeed);
        glUniform3f(program.perDraw(u::kDyeAdded), k.dye.r, k.dye.g, k.dye.b);
    };
    force_ = &force;
    bindForce(kernels_.addForce, Source::Velocity);
    if (fusesDye()) {
        sim::drawFullscreen(twoTargets_, velocity().write(), dye().write(), emptyVertexArray_);
        velocity().swap();
        dye().swap();
    } else {
        draw(velocity().write());
        velocity().swap();
        bindForce(kernels_.addForceDye, Source::Dye);
        draw(dye().write());
        dye().swap();
    }
    force_ = nullptr;
}

}  // namespace fluid
