#include "sim/field_pass_program.hpp"

#include <string>

#include "sim/pass_program.hpp"

namespace fluid::sim {

// A row's samplers go to units 0.. in order, below the mask's.
static_assert(FieldPass::kMaxInputs <= kSolidUnit);

namespace {

Defines definesFor(const PassVariant& v)
{
    return Defines{}
        .with(Define::Obstacles, v.obstacles)
        .with(Define::DyeOnVelocityGrid, v.dyeOnVelocityGrid)
        .with(Define::Staggered, v.staggered);
}

}  // namespace

FieldPassProgram::FieldPassProgram(const FieldPass& pass, BoundaryMode boundary, Defines defines)
    : pass_(&pass), program_(buildPass(pass.shader, boundary, defines.text().c_str(), pass.header))
{
}

FieldPassProgram::FieldPassProgram(const FieldPass& pass, const PassVariant& variant)
    : FieldPassProgram(pass, variant.boundary, definesFor(variant))
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
