// Compiled, never run: the public header after the system's <GL/gl.h>, as an
// application with its own GL set-up includes it, must compile (a GL loader's
// header in ours would clash with it or demand to come first).
#include <GL/gl.h>

#include <fluidsim/fluidsim.hpp>

namespace {
[[maybe_unused]] GLuint textureOf(const fluidsim::Solver& solver)
{
    return solver.velocityTexture();  // a plain unsigned int: any loader's GLuint
}
}  // namespace
