#include "app/window/async_max.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/display_programs.hpp"
#include "sim/pass_program.hpp"

namespace fluid::app {

namespace {

constexpr int kReducedSize = 16;
constexpr GLsizeiptr kReadBytes = kReducedSize * kReducedSize * 2 * static_cast<GLsizeiptr>(sizeof(float));

}  // namespace

AsyncMax::AsyncMax()
    : program_(programs::reduceMax, BoundaryMode::Box),  // texels, not cells: no boundary rule
      vertexArray_(gl::VertexArray::create()),
      reduced_(kReducedSize, kReducedSize, gl::TextureFormat::RG32F, "max reduction"),
      readBuffer_(gl::Buffer::create())
{
    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    glBufferData(GL_PIXEL_PACK_BUFFER, kReadBytes, nullptr, GL_STREAM_READ);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    program_.setSamplers();
    glUseProgram(0);
}

void AsyncMax::request(GLuint texture, MaxMeasure measure, glm::ivec2 grid)
{
    namespace u = programs::reduce_max_uniform;
    program_.use();
    glUniform1i(program_.perDraw(u::kMeasure), static_cast<int>(measure));
    glUniform2i(program_.perDraw(u::kBlock), (grid.x + kReducedSize - 1) / kReducedSize,
                (grid.y + kReducedSize - 1) / kReducedSize);
    glActiveTexture(GL_TEXTURE0 + programs::reduceMax.samplers[0].unit);
    glBindTexture(GL_TEXTURE_2D, texture);
    glActiveTexture(GL_TEXTURE0);
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
