// What every pass of the window's display chain needs besides its program
// (a row of core/display_programs.hpp): the fixed-function state it sets
// itself, since the UI may have left anything behind.
#pragma once

#include <epoxy/gl.h>

namespace fluid::app {

// No blending, depth test, scissor or culling: a pass writes every pixel of its target.
inline void setPassState()
{
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
}

}  // namespace fluid::app
