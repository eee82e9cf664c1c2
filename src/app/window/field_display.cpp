#include "app/window/field_display.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "shaders/shader_sources.hpp"

namespace fluid::app {

namespace {

constexpr int kReducedSize = 16;
// The reduction reads every texel, so it runs only every few frames: a colour
// range that lags by a fraction of a second is not visible.
constexpr int kFramesPerRangeRequest = 8;

void setPassState()
{
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
}

gl::SourceFile file(const char* name) { return {name, std::string(shaders::source(name))}; }

}  // namespace

FieldDisplay::FieldDisplay()
    : displayProgram_(gl::Program::build({file("fullscreen.vert")}, {file("display.frag")})),
      reduceProgram_(gl::Program::build({file("fullscreen.vert")}, {file("reduce_max.frag")})),
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::Sampler::create()),
      reduced_(kReducedSize, kReducedSize, gl::TextureFormat::R32F, "display range"),
      readBuffer_(gl::Buffer::create())
{
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    glBufferData(GL_PIXEL_PACK_BUFFER, kReducedSize * kReducedSize * static_cast<GLsizeiptr>(sizeof(float)), nullptr,
                 GL_STREAM_READ);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);

    displayProgram_.use();
    glUniform1i(displayProgram_.uniform("uField"), 0);
    reduceProgram_.use();
    glUniform1i(reduceProgram_.uniform("uField"), 0);
    glUseProgram(0);
}

void FieldDisplay::draw(GpuSolver& solver, const PixelRect& rect, const DisplaySettings& s)
{
    if (rect.empty()) return;
    const glm::ivec2 grid(solver.params().gridWidth, solver.params().gridHeight);
    if (s.view == FieldView::Divergence || s.view == FieldView::Vorticity) solver.computeDiagnostics();

    GLuint texture = solver.dyeTexture();
    int mode = 0;
    int measure = 2;
    switch (s.view) {
    case FieldView::Dye: break;
    case FieldView::Velocity:
        texture = solver.velocityTexture();
        mode = 1;
        measure = 1;
        break;
    case FieldView::Pressure: texture = solver.pressureTexture(); break;
    case FieldView::Divergence: texture = solver.divergenceTexture(); break;
    case FieldView::Vorticity: texture = solver.curlTexture(); break;
    }
    if (mode == 0 && s.view != FieldView::Dye) {
        mode = s.scalarMap == ColourMap::Sequential ? 2 : 3;
        measure = 0;
    }

    collectRange();
    if (s.view != trackedView_) {
        // A new field: forget the old field's scale and its measurement in
        // flight, and ask for a new one at once. Until it arrives the last
        // range stays, rather than a tiny one that would saturate every colour.
        trackedView_ = s.view;
        autoRange_ = 0.0f;
        readFence_.reset();
        framesSinceRequest_ = kFramesPerRangeRequest;
    }
    ++framesSinceRequest_;
    if (!readFence_ && s.autoRange && s.view != FieldView::Dye && framesSinceRequest_ >= kFramesPerRangeRequest) {
        requestRange(texture, measure, grid);
        pendingView_ = s.view;
        framesSinceRequest_ = 0;
    }

    if (s.view == FieldView::Dye) lastRange_ = s.dyeExposure;
    else if (!s.autoRange) lastRange_ = s.fixedRange;
    else if (autoRange_ > 0.0f) lastRange_ = autoRange_;

    // The UI may have left any state behind: set everything this draw needs.
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(rect.x, rect.y, rect.width, rect.height);
    setPassState();
    displayProgram_.use();
    glUniform1i(displayProgram_.uniform("uMode"), mode);
    glUniform1f(displayProgram_.uniform("uRange"), lastRange_);
    glUniform4f(displayProgram_.uniform("uViewport"), static_cast<float>(rect.x), static_cast<float>(rect.y),
                static_cast<float>(rect.width), static_cast<float>(rect.height));
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindSampler(0, linearSampler_.id());
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindSampler(0, 0);
}

void FieldDisplay::requestRange(GLuint texture, int measure, glm::ivec2 grid)
{
    reduceProgram_.use();
    glUniform1i(reduceProgram_.uniform("uMeasure"), measure);
    glUniform2i(reduceProgram_.uniform("uBlock"), (grid.x + kReducedSize - 1) / kReducedSize,
                (grid.y + kReducedSize - 1) / kReducedSize);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    reduced_.bindAsTarget();
    setPassState();
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);

    // Into the pixel buffer, not client memory: glReadPixels returns at once.
    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    glReadPixels(0, 0, kReducedSize, kReducedSize, GL_RED, GL_FLOAT, nullptr);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    readFence_ = gl::Fence::insert();
}

void FieldDisplay::collectRange()
{
    if (!readFence_.signalled()) return;
    readFence_.reset();
    glBindBuffer(GL_PIXEL_PACK_BUFFER, readBuffer_.id());
    const auto* maxima = static_cast<const float*>(glMapBufferRange(
        GL_PIXEL_PACK_BUFFER, 0, kReducedSize * kReducedSize * static_cast<GLsizeiptr>(sizeof(float)), GL_MAP_READ_BIT));
    float largest = 0.0f;
    if (maxima) {
        for (int n = 0; n < kReducedSize * kReducedSize; ++n)
            if (std::isfinite(maxima[n])) largest = std::max(largest, maxima[n]);
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    if (pendingView_ != trackedView_) return;  // measured a field no longer shown
    // Rise at once, fall slowly: the colours should not flicker as the peak moves.
    if (largest <= 0.0f) return;  // an all-zero field: keep the last range
    autoRange_ = largest > autoRange_ ? largest : 0.9f * autoRange_ + 0.1f * largest;
}

}  // namespace fluid::app
