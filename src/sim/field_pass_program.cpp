#include "sim/field_pass_program.hpp"

#include <string>

#include "sim/pass_program.hpp"

namespace fluid::sim {

// A row's samplers go to units 0.. in order, below the mask's.
static_assert(FieldPass::kMaxInputs <= kSolidUnit);

namespace {

std::string definesFor(const PassVariant& v)
{
    std::string defines;
    if (v.obstacles) defines += "#define OBSTACLES 1\n";
    if (v.dyeOnVelocityGrid) defines += "#define DYE_ON_VELOCITY_GRID 1\n";
    if (v.staggered) defines += "#define STAGGERED 1\n";
    return defines;
}

}  // namespace

FieldPassProgram::FieldPassProgram(const FieldPass& pass, const PassVariant& variant)
    : pass_(&pass), program_(buildPass(pass.shader, variant.boundary, definesFor(variant).c_str(), pass.header))
{
}

void FieldPassProgram::setConstants(const PassConstants& grid, const PassConstants& dyeGrid) const
{
    program_.use();
    setGridUniforms(program_, grid);
    glUniform2i(program_.uniform("uDyeGridSize"), dyeGrid.width, dyeGrid.height);
    glUniform1f(program_.uniform("uDyeCellsPerCell"), dyeGrid.fromVelocityCells);
    for (std::size_t n = 0; n < pass_->inputCount; ++n)
        glUniform1i(program_.requiredUniform(pass_->inputs[n].sampler), static_cast<GLint>(n));
    for (std::size_t n = 0; n < pass_->constantCount; ++n) {
        const PassConstant& c = pass_->constants[n];
        glUniform1f(program_.requiredUniform(c.uniform), grid.*c.member);
    }
}

}  // namespace fluid::sim
