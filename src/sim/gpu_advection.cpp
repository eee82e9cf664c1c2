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

bool GpuSolver::dyeGridIsTwiceVelocityGrid() const
{
    const GridSize dye = grids_.of(FieldGrid::Dye);
    return dye.width == 2 * params_.gridWidth && dye.height == 2 * params_.gridHeight;
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
        throw std::logic_error(
            "GpuSolver::velocityAtDyeCells(): the dye's advection does not read it here (" +
            std::string(dyeGridIsTwiceVelocityGrid() ? "not allowed" : "the dye's grid is not twice the velocity's") +
            ")");
    draw(kernels_.velocityAtDyeCells, Source::Velocity, velocityAtDyeCells_);
}

Field GpuSolver::downloadVelocityAtDyeCells() const
{
    if (!readsVelocityAtDyeCells())
        throw std::logic_error("GpuSolver::downloadVelocityAtDyeCells(): not drawn in this configuration");
    const int width = params_.gridWidth;
    const int height = params_.gridHeight;
    Field out(2 * width, 2 * height, 2);
    std::vector<float> layer(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 2);
    for (int n = 0; n < 4; ++n) {
        velocityAtDyeCells_.downloadLayer(n, layer.data());
        const int a = n % 2;
        const int b = n / 2;
        for (int j = 0; j < height; ++j)
            for (int i = 0; i < width; ++i)
                for (int k = 0; k < 2; ++k)
                    out.at(2 * i + a, 2 * j + b, k) =
                        layer[(static_cast<std::size_t>(j) * static_cast<std::size_t>(width) +
                               static_cast<std::size_t>(i)) *
                                  2 +
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
