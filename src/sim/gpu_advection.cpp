// GpuSolver's advection: every field carried by the velocity (semi-Lagrangian,
// then the stages of its scheme, core/advection_scheme.hpp), in the order the
// step recipe and docs/algorithm.md §3.2 give. The rest of the solver is in
// gpu_solver.cpp.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace fluid {

int GpuSolver::dyeGridRatio() const
{
    const GridSize dye = grids_.of(FieldGrid::Dye);
    for (const int r : {2, 4})
        if (dye.width == r * params_.gridWidth && dye.height == r * params_.gridHeight) return r;
    return 0;
}

void GpuSolver::allowVelocityAtDyeCells(bool allowed)
{
    velocityAtDyeCellsAllowed_ = allowed;
    buildPrograms();
    applyConstantUniforms();
}

void GpuSolver::velocityAtDyeCells()
{
    if (!readsVelocityAtDyeCells())
        throw std::logic_error("GpuSolver::velocityAtDyeCells(): the dye's advection does not read it here (" +
                               std::string(dyeGridRatio() > 0 ? "not allowed, or the collocated layout"
                                                              : "the dye's grid is not 2 or 4 times the velocity's") +
                               ")");
    draw(kernels_.velocityAtDyeCells, Source::Velocity, velocityAtDyeCells_);
}

Field GpuSolver::downloadVelocityAtDyeCells() const
{
    if (!readsVelocityAtDyeCells())
        throw std::logic_error("GpuSolver::downloadVelocityAtDyeCells(): not drawn in this configuration");
    const int r = dyeGridRatio();
    const auto width = static_cast<std::size_t>(params_.gridWidth);
    Field out(r * params_.gridWidth, r * params_.gridHeight, 2);
    std::vector<float> layer(width * static_cast<std::size_t>(params_.gridHeight) * 4);
    // Layer b r/2 + a/2 holds dye cells (r i + a, r j + b) of the even a in
    // x, y and of the odd in z, w (advection.glsl's velocityAtDyeCells).
    for (int b = 0; b < r; ++b)
        for (int pair = 0; pair < r / 2; ++pair) {
            velocityAtDyeCells_.downloadLayer(b * (r / 2) + pair, layer.data());
            for (int j = 0; j < params_.gridHeight; ++j)
                for (int i = 0; i < params_.gridWidth; ++i)
                    for (int k = 0; k < 4; ++k)
                        out.at(r * i + 2 * pair + k / 2, r * j + b, k % 2) =
                            layer[(static_cast<std::size_t>(j) * width + static_cast<std::size_t>(i)) * 4 +
                                  static_cast<std::size_t>(k)];
        }
    return out;
}

void GpuSolver::advectDye()
{
    if (readsVelocityAtDyeCells()) velocityAtDyeCells();
    advectDyeByItsVelocity();
}

void GpuSolver::advectDyeByItsVelocity()
{
    const AdvectionScheme scheme = dyeAdvectionOf(params_);
    draw(dyeReadsCubic(params_) ? kernels_.advectDyeCubic : kernels_.advectDye, Source::Dye, dye().write());
    runSchemeStages(scheme, dye(), schemeDye_, kernels_.of(scheme).dye, Source::Dye);
    dye().swap();
}

void GpuSolver::advectTemperature()
{
    if (!smokeIsOn(params_)) return;
    draw(kernels_.advectTemperature, Source::Temperature, temperature().write());
    runSchemeStages(params_.advection, temperature(), schemeTemperature_, kernels_.of(params_.advection).temperature,
                    Source::Temperature);
    temperature().swap();
}

void GpuSolver::advect()
{
    const bool staged = !stagesOf(params_.advection).empty();
    // The velocity traces; what it carries is itself, or with the incremental
    // projection itself less half a step of the last pressure gradient.
    const bool forced = passes::pressureForcing.runsInStep(params_, constants_);
    if (fusesDye() && !staged && stagesOf(dyeAdvectionOf(params_)).empty() && !forced) {
        // One trace for both: velocity to output 0, dye to output 1.
        draw(kernels_.advectWithDye, Source::Velocity, velocity().write(), dye().write());
        velocity().swap();
        dye().swap();
        return;
    }
    const sim::GpuKernels::SchemeKernels& scheme = kernels_.of(params_.advection);
    if (kernels_.advectWithVelocityAtDyeCells && !forced) {
        // The velocity's forward pass first, writing the velocity at the
        // dye's cells too, then the dye's passes that read it: all by u^n,
        // which the velocity's stages read as before.
        draw(kernels_.advectWithVelocityAtDyeCells, Source::Velocity, velocity().write(), velocityAtDyeCells_);
        advectDyeByItsVelocity();
    } else {
        // The dye's own pass (and, with a scheme's stages, each field its own).
        advectDye();
        if (forced) run(passes::pressureForcing);
        draw(forced ? kernels_.advectCarried : kernels_.advect, Source::Velocity, velocity().write());
    }
    runSchemeStages(params_.advection, velocity(), schemeVelocity_, forced ? scheme.carriedVelocity : scheme.velocity,
                    Source::Velocity);
    velocity().swap();
}

void GpuSolver::runSchemeStages(AdvectionScheme scheme, gl::PingPong& field, SchemeTargets& targets,
                                const StageKernels& stages, Source output)
{
    const std::size_t count = stagesOf(scheme).size();
    if (count == 0) return;
    // The forward result steps aside (Source::Forward); phi^n is still the
    // field's read side. Each stage but the last writes the intermediate
    // target (Source::Intermediate), the last the field's write side.
    std::swap(field.write(), targets.forward);
    for (std::size_t n = 0; n < count; ++n)
        draw(stages[n], output, n + 1 == count ? field.write() : targets.intermediate);
}

const GpuSolver::SchemeTargets* GpuSolver::schemeTargets(Source output) const
{
    if (output == Source::Velocity) return &schemeVelocity_;
    if (output == Source::Dye) return &schemeDye_;
    if (output == Source::Temperature) return &schemeTemperature_;
    return nullptr;
}

void GpuSolver::makeSchemeTargets()
{
    std::size_t stages = 0;
    for (const AdvectionScheme s : {params_.advection, dyeAdvectionOf(params_)})
        stages = std::max(stages, stagesOf(s).size());
    // They take turns with the fields' own targets, which the passes read with the wrap of the rule.
    const gl::Wrap wrap = params_.boundary == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
    const auto make = [&](gl::RenderTarget& m, const gl::PingPong& field, const std::string& label) {
        if (m.width() > 0) return;
        const gl::RenderTarget& like = field.read();
        m = gl::RenderTarget(like.width(), like.height(), like.format(), label.c_str());
        m.setWrap(wrap);
    };
    const auto makeFor = [&](SchemeTargets& targets, const gl::PingPong& field, const std::string& name) {
        if (stages >= 1) make(targets.forward, field, "forward " + name);
        if (stages >= 2) make(targets.intermediate, field, "intermediate " + name);
    };
    makeFor(schemeVelocity_, velocity(), "velocity");
    makeFor(schemeDye_, dye(), "dye");
    makeFor(schemeTemperature_, temperature(), "temperature");
}

}  // namespace fluid
