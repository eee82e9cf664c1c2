#include "app/window/async_max.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/window/window_pass.hpp"
#include "sim/pass_program.hpp"

namespace fluid::app {

namespace {

constexpr int kReducedSize = 16;
constexpr GLsizeiptr kReadBytes = kReducedSize * kReducedSize * 2 * static_cast<GLsizeiptr>(sizeof(float));

}  // namespace

AsyncMax::AsyncMax()
    : program_(gl::Program::build({shaderFile("fullscreen.vert")}, {shaderFile("reduce_max.frag")})),
      vertexArray_(gl::VertexArray::create()),
      reduced_(kReducedSize, kReducedSize, gl::TextureFormat::RG32F, "max reduction"),
      readBuffer_(gl::Buffer::create())
{
    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    glBufferData(GL_PIXEL_PACK_BUFFER, kReadBytes, nullptr, GL_STREAM_READ);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    program_.use();
    glUniform1i(program_.requiredUniform("uField"), 0);
    glUseProgram(0);
}

void AsyncMax::request(GLuint texture, MaxMeasure measure, glm::ivec2 grid)
{
    program_.use();
    glUniform1i(program_.requiredUniform("uMeasure"), static_cast<int>(measure));
    glUniform2i(program_.requiredUniform("uBlock"), (grid.x + kReducedSize - 1) / kReducedSize,
                (grid.y + kReducedSize - 1) / kReducedSize);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    sim::drawFullscreen(reduced_, vertexArray_);

    // Into the pixel buffer, not client memory: glReadPixels returns at once.
    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    glReadPixels(0, 0, kReducedSize, kReducedSize, GL_RG, GL_FLOAT, nullptr);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    fence_ = gl::Fence::insert();
    sums_ = measure == MaxMeasure::SumOfSquaresRedGreen;
}

std::optional<glm::vec2> AsyncMax::collect()
{
    if (!fence_.signalled()) return std::nullopt;
    fence_.reset();
    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    const auto* maxima =
        static_cast<const float*>(glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, kReadBytes, GL_MAP_READ_BIT));
    glm::vec2 largest(0.0f);
    if (maxima) {
        for (int n = 0; n < kReducedSize * kReducedSize; ++n)
            for (int c = 0; c < 2; ++c)
                if (const float v = maxima[2 * n + c]; std::isfinite(v))
                    largest[c] = sums_ ? largest[c] + v : std::max(largest[c], v);
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    return largest;
}

}  // namespace fluid::app
