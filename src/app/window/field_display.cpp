#include "app/window/field_display.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "shaders/shader_sources.hpp"

namespace fluid::app {

namespace {

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
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::Sampler::create())
{
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(linearSampler_.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    displayProgram_.use();
    glUniform1i(displayProgram_.uniform("uField"), 0);
    glUseProgram(0);
}

void FieldDisplay::draw(GpuSolver& solver, const PixelRect& rect, const DisplaySettings& s)
{
    if (rect.empty()) return;
    const glm::ivec2 grid(solver.params().gridWidth, solver.params().gridHeight);
    if (s.view == FieldView::Divergence || s.view == FieldView::Vorticity) solver.computeDiagnostics();

    GLuint texture = solver.dyeTexture();
    int mode = 0;
    MaxMeasure measure = MaxMeasure::MaxRgb;
    switch (s.view) {
    case FieldView::Dye: break;
    case FieldView::Velocity:
        texture = solver.velocityTexture();
        mode = 1;
        measure = MaxMeasure::LengthRedGreen;
        break;
    case FieldView::Pressure: texture = solver.pressureTexture(); break;
    case FieldView::Divergence: texture = solver.divergenceTexture(); break;
    case FieldView::Vorticity: texture = solver.curlTexture(); break;
    }
    if (mode == 0 && s.view != FieldView::Dye) {
        mode = s.scalarMap == ColourMap::Sequential ? 2 : 3;
        measure = MaxMeasure::AbsRed;
    }

    collectRange();
    if (s.view != trackedView_) {
        // A new field: forget the old field's scale and its measurement in
        // flight, and ask for a new one at once. Until it arrives the last
        // range stays, rather than a tiny one that would saturate every colour.
        trackedView_ = s.view;
        autoRange_ = 0.0f;
        rangeReduction_.cancel();
        framesSinceRequest_ = kFramesPerRangeRequest;
    }
    ++framesSinceRequest_;
    if (!rangeReduction_.inFlight() && s.autoRange && s.view != FieldView::Dye
        && framesSinceRequest_ >= kFramesPerRangeRequest) {
        rangeReduction_.request(texture, measure, grid);
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

void FieldDisplay::collectRange()
{
    const std::optional<glm::vec2> maxima = rangeReduction_.collect();
    if (!maxima) return;
    const float largest = maxima->x;
    if (pendingView_ != trackedView_) return;  // measured a field no longer shown
    // Rise at once, fall slowly: the colours should not flicker as the peak moves.
    if (largest <= 0.0f) return;  // an all-zero field: keep the last range
    autoRange_ = largest > autoRange_ ? largest : 0.9f * autoRange_ + 0.1f * largest;
}

}  // namespace fluid::app
