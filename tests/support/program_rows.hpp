// What the program-table tests share (tests/sim/program_spec_test.cpp for the
// solvers' rows, tests/app/display_programs_test.cpp for the window's): the
// uniforms a built program really has, and those its row names.
#pragma once

#include <set>
#include <string>

#include "core/program_specs.hpp"
#include "gl/program.hpp"

namespace fluid::test {

inline std::set<std::string> activeUniforms(const gl::Program& program)
{
    GLint count = 0;
    glGetProgramiv(program.id(), GL_ACTIVE_UNIFORMS, &count);
    std::set<std::string> names;
    for (GLint n = 0; n < count; ++n) {
        char name[128] = {};
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(program.id(), static_cast<GLuint>(n), sizeof name, nullptr, &size, &type, name);
        names.insert(name);
    }
    return names;
}

inline std::set<std::string> namedBy(const ProgramSpec& row)
{
    std::set<std::string> names;
    for (const SamplerBinding& s : row.samplers)
        if (s.uniform) names.insert(s.uniform);
    for (const ConstantBinding& c : row.constants)
        if (c.uniform) names.insert(c.uniform);
    for (const char* u : row.perDraw)
        if (u) names.insert(u);
    return names;
}

}  // namespace fluid::test
