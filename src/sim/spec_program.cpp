#include "sim/spec_program.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

#include "shaders/shader_sources.hpp"
#include "sim/pass_program.hpp"

namespace fluid::sim {

static_assert(units::kFirst == kUnit0 && units::kSecond == kUnit1 && units::kThird == kUnit2 &&
              units::kSolid == kSolidUnit && units::kFourth == kUnit4 && units::kFifth == kUnit5);

namespace {

const ProgramSpec& checked(const ProgramSpec& spec, Defines defines)
{
    if (!defines.within(spec.variants))
        throw std::logic_error(std::string("SpecProgram: the row ") + spec.name + " (" + spec.shader +
                               ") has no variant with\n" + defines.text());
    // The solvers' passes are built on fullscreen.vert (buildPass); only a
    // display row (withCommon false) draws from a vertex shader of its own.
    if (spec.withCommon && std::string_view(spec.vertexShader) != "fullscreen.vert")
        throw std::logic_error(std::string("SpecProgram: the row ") + spec.name + " (" + spec.shader +
                               ") is a solver's pass, drawn from fullscreen.vert, and cannot name " +
                               spec.vertexShader);
    return spec;
}

gl::Program build(const ProgramSpec& spec, BoundaryMode boundary, Defines defines)
{
    if (spec.withCommon)
        return buildPass(spec.shader, boundary, defines.text().c_str(), spec.header,
                         defines.stage() ? defines.stage()->header : spec.secondHeader);
    // A window's display pass: the variant's defines, then the shader alone.
    const auto file = [](const char* name) { return gl::SourceFile{name, std::string(shaders::source(name))}; };
    return gl::Program::build({file(spec.vertexShader)}, {{"variant", defines.text()}, file(spec.shader)});
}

}  // namespace

SpecProgram::SpecProgram(const ProgramSpec& spec, BoundaryMode boundary, Defines defines)
    : spec_(&checked(spec, defines)), program_(build(spec, boundary, defines))
{
    for (std::size_t n = 0; n < perDraw_.size(); ++n)
        perDraw_[n] = spec.perDraw[n] ? program_.uniform(spec.perDraw[n]) : -1;
    for (std::size_t n = 0; n < reads_.size(); ++n)
        reads_[n] = spec.samplers[n].uniform && program_.uniform(spec.samplers[n].uniform) >= 0;
}

void SpecProgram::setSamplers() const
{
    program_.use();
    for (const SamplerBinding& s : spec_->samplers) {
        if (!s.uniform) continue;
        const GLint location = s.optional ? program_.uniform(s.uniform) : program_.requiredUniform(s.uniform);
        glUniform1i(location, static_cast<GLint>(s.unit));
    }
    glUniform1i(program_.uniform("uSolid"), static_cast<GLint>(kSolidUnit));  // -1 (ignored) without OBSTACLES
}

void SpecProgram::setConstants(const PassConstants& grid, const PassConstants& velocityGrid) const
{
    setSamplers();
    setGridUniforms(program_, grid);
    if (spec_->cellsPerTexel != 1)
        glUniform2f(program_.uniform("uInverseGridSize"),
                    static_cast<float>(spec_->cellsPerTexel) / static_cast<float>(grid.width),
                    1.0f / static_cast<float>(grid.height));
    for (const ConstantBinding& c : spec_->constants) {
        if (!c.uniform) continue;
        const GLint location = c.optional ? program_.uniform(c.uniform) : program_.requiredUniform(c.uniform);
        glUniform1f(location, c.member ? grid.*c.member : c.fixed);
    }
    glUniform2i(program_.uniform("uVelocityGridSize"), velocityGrid.width, velocityGrid.height);
    glUniform1f(program_.uniform("uToVelocityCells"), grid.toVelocityCells);
}

}  // namespace fluid::sim
