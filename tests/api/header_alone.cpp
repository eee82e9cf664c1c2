// Compiled, never run: the public header alone brings no GL loader, no GL
// header and no GLFW into the translation unit.
#include <fluidsim/fluidsim.hpp>

#if defined(__gl_h_) || defined(__GL_H__) || defined(EPOXY_GL_H) || defined(__glad_h_) || defined(__glew_h__) || \
    defined(_glfw3_h_) || defined(GLFW_VERSION_MAJOR) || defined(GL_VERSION_1_1)
#error "<fluidsim/fluidsim.hpp> brings a GL header, a GL loader or GLFW with it"
#endif
