// What every pass of the window's display chain needs: its shaders from the
// embedded table (shaders/), named by file so that a compile error says
// where, and the fixed-function state it sets itself, since the UI may have
// left anything behind.
#pragma once

#include <epoxy/gl.h>

#include <string>

#include "gl/program.hpp"
#include "shaders/shader_sources.hpp"

namespace fluid::app {

inline gl::SourceFile shaderFile(const char* name)
{
    return {name, std::string(shaders::source(name))};
}

// No blending, depth test, scissor or culling: a pass writes every pixel of its target.
inline void setPassState()
{
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
}

}  // namespace fluid::app
