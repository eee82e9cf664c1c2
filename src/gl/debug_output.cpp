#include "gl/debug_output.hpp"

#include <epoxy/gl.h>

#include <cstdio>

namespace fluid::gl {

namespace {

void GLAPIENTRY printMessage(GLenum, GLenum type, GLuint id, GLenum severity, GLsizei, const GLchar* message,
                             const void*)
{
    if (severity != GL_DEBUG_SEVERITY_HIGH && severity != GL_DEBUG_SEVERITY_MEDIUM) return;
    std::fprintf(stderr, "GL debug (%s, id %u): %s\n", type == GL_DEBUG_TYPE_ERROR ? "error" : "warning", id, message);
}

}  // namespace

bool enableDebugOutput()
{
    if (epoxy_gl_version() < 43 && !epoxy_has_gl_extension("GL_KHR_debug")) return false;
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // the message arrives inside the call that caused it
    glDebugMessageCallback(printMessage, nullptr);
    return true;
}

}  // namespace fluid::gl
