#include "sim/pass_program.hpp"

#include <string>
#include <vector>

#include "shaders/shader_sources.hpp"

namespace fluid::sim {

gl::Program buildPass(const char* fragmentFile, BoundaryMode boundary, const char* extraDefines, const char* headerFile,
                      const char* secondHeaderFile)
{
    const auto file = [](const char* name) { return gl::SourceFile{name, std::string(shaders::source(name))}; };
    std::string variant = boundary == BoundaryMode::Periodic      ? "#define PERIODIC 1\n"
                          : boundary == BoundaryMode::Tunnel      ? "#define TUNNEL 1\n"
                          : boundary == BoundaryMode::TunnelWalls ? "#define TUNNEL 1\n#define TUNNEL_WALLS 1\n"
                                                                  : "";
    variant += extraDefines;
    std::vector<gl::SourceFile> fragment{gl::SourceFile{"variant", variant}, file("common.glsl")};
    for (const char* header : {headerFile, secondHeaderFile})
        if (header) fragment.push_back(file(header));
    fragment.push_back(file(fragmentFile));
    return gl::Program::build({file("fullscreen.vert")}, fragment);
}

void setGridUniforms(const gl::Program& p, const PassConstants& grid)
{
    glUniform2i(p.uniform("uGridSize"), grid.width, grid.height);
    glUniform2f(p.uniform("uInverseGridSize"), 1.0f / static_cast<float>(grid.width),
                1.0f / static_cast<float>(grid.height));
    glUniform1f(p.uniform("uLidSpeed"), grid.lidSpeed);
    glUniform1f(p.uniform("uHalfInverseCellSize"), grid.halfInverseCellSize);
    glUniform1f(p.uniform("uInverseCellSize"), grid.inverseCellSize);  // the STAGGERED variants'
    glUniform1f(p.uniform("uZero"), 0.0f);                             // common.glsl's opaque()

    glUniform1i(p.uniform("uSolid"), static_cast<GLint>(kSolidUnit));  // -1 (ignored) without OBSTACLES
}

namespace {

unsigned long long draws = 0;

// Over the whole target; or, with `addTo`, over its cells only (a scissor),
// the output added to each texel (blending ONE, ONE: dst + src, one float add,
// exact in a float target, as the shader's own sum would be).
void drawTriangle(const gl::VertexArray& emptyVertexArray, const CellBlock* addTo = nullptr)
{
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    if (addTo) {
        glEnable(GL_BLEND);
        glBlendEquation(GL_FUNC_ADD);
        glBlendFunc(GL_ONE, GL_ONE);
        glEnable(GL_SCISSOR_TEST);
        glScissor(addTo->begin.x, addTo->begin.y, addTo->end.x - addTo->begin.x, addTo->end.y - addTo->begin.y);
    } else {
        glDisable(GL_BLEND);
        glDisable(GL_SCISSOR_TEST);
    }
    glBindVertexArray(emptyVertexArray.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ++draws;
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_BLEND);
}

}  // namespace

void countDispatch()
{
    ++draws;
}

unsigned long long drawCount()
{
    return draws;
}

void drawFullscreen(const gl::RenderTarget& target, const gl::VertexArray& emptyVertexArray)
{
    target.bindAsTarget();
    drawTriangle(emptyVertexArray);
}

void drawFullscreen(const gl::TwoTargets& pair, const gl::RenderTarget& target0, const gl::RenderTarget& target1,
                    const gl::VertexArray& emptyVertexArray)
{
    pair.bind(target0, target1);
    drawTriangle(emptyVertexArray);
}

void addToBlock(const gl::RenderTarget& target, const CellBlock& block, const gl::VertexArray& emptyVertexArray)
{
    target.bindAsTarget();
    drawTriangle(emptyVertexArray, &block);
}

void addToBlock(const gl::TwoTargets& pair, const gl::RenderTarget& target0, const gl::RenderTarget& target1,
                const CellBlock& block, const gl::VertexArray& emptyVertexArray)
{
    pair.bind(target0, target1);
    drawTriangle(emptyVertexArray, &block);
}

}  // namespace fluid::sim
