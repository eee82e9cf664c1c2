#include "sim/spec_program.hpp"

#include "sim/pass_program.hpp"

namespace fluid::sim {

static_assert(units::kFirst == kUnit0 && units::kSecond == kUnit1 && units::kThird == kUnit2 &&
              units::kSolid == kSolidUnit && units::kFourth == kUnit4);

SpecProgram::SpecProgram(const ProgramSpec& spec, BoundaryMode boundary, const std::string& defines)
    : spec_(&spec), program_(buildPass(spec.shader, boundary, defines.c_str(), spec.header, spec.secondHeader))
{
    for (std::size_t n = 0; n < perDraw_.size(); ++n)
        perDraw_[n] = spec.perDraw[n] ? program_.uniform(spec.perDraw[n]) : -1;
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
