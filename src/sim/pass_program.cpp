#include "sim/pass_program.hpp"

#include <string>
#include <vector>

#include "shaders/shader_sources.hpp"

namespace fluid::sim {

gl::Program buildPass(const char* fragmentFile, BoundaryMode boundary, const char* extraDefines,
                      const char* headerFile)
{
    const auto file = [](const char* name) { return gl::SourceFile{name, std::string(shaders::source(name))}; };
    std::string variant = boundary == BoundaryMode::Periodic ? "#define PERIODIC 1\n" : "";
    variant += extraDefines;
    std::vector<gl::SourceFile> fragment{gl::SourceFile{"variant", variant}, file("common.glsl")};
    if (headerFile) fragment.push_back(file(headerFile));
    fragment.push_back(file(fragmentFile));
    return gl::Program::build({file("fullscreen.vert")}, fragment);
}

void drawFullscreen(const gl::RenderTarget& target, const gl::VertexArray& emptyVertexArray)
{
    target.bindAsTarget();
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glBindVertexArray(emptyVertexArray.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace fluid::sim
