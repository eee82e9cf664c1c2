#include "app/window/field_display.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/report.hpp"
#include "app/view_colour.hpp"
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

gl::SourceFile file(const char* name)
{
    return {name, std::string(shaders::source(name))};
}

}  // namespace

FieldDisplay::FieldDisplay()
    : displayProgram_(gl::Program::build({file("fullscreen.vert")}, {file("display.frag")})),
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::makeLinearClampSampler())
{
    uniforms_.mode = displayProgram_.requiredUniform("uMode");
    uniforms_.range = displayProgram_.requiredUniform("uRange");
    uniforms_.shading = displayProgram_.requiredUniform("uShading");
    uniforms_.faceVelocity = displayProgram_.requiredUniform("uFaceVelocity");
    uniforms_.viewport = displayProgram_.requiredUniform("uViewport");
    uniforms_.grid = displayProgram_.requiredUniform("uGrid");
    uniforms_.cellSize = displayProgram_.requiredUniform("uCellSize");
    uniforms_.heightPerPressure = displayProgram_.requiredUniform("uHeightPerPressure");
    uniforms_.lightDirection = displayProgram_.requiredUniform("uLightDirection");
    uniforms_.shininess = displayProgram_.requiredUniform("uShininess");
    uniforms_.depth = displayProgram_.requiredUniform("uDepth");
    uniforms_.hasBackground = displayProgram_.requiredUniform("uHasBackground");
    uniforms_.overlayOpacity = displayProgram_.requiredUniform("uOverlayOpacity");
    uniforms_.hasObstacles = displayProgram_.requiredUniform("uHasObstacles");
    displayProgram_.use();
    glUniform1i(displayProgram_.requiredUniform("uField"), 0);
    glUniform1i(displayProgram_.requiredUniform("uDye"), 1);
    glUniform1i(displayProgram_.requiredUniform("uBackground"), 2);
    glUniform1i(displayProgram_.requiredUniform("uOverlay"), 3);
    glUniform1i(displayProgram_.requiredUniform("uObstacles"), 4);
    glUseProgram(0);
}

namespace {

GLuint sourceTexture(const GpuSolver& solver, ViewSource source)
{
    switch (source) {
        case ViewSource::Dye:
            return solver.dyeTexture();
        case ViewSource::Velocity:
            return solver.velocityTexture();
        case ViewSource::Pressure:
            return solver.pressureTexture();
        case ViewSource::Divergence:
            return solver.divergenceTexture();
        case ViewSource::Curl:
            return solver.curlTexture();
        case ViewSource::Temperature:
            return solver.texture(FieldId::Temperature);
    }
    return solver.dyeTexture();
}

MaxMeasure rangeMeasure(ViewColouring colouring)
{
    switch (colouring) {
        case ViewColouring::DirectionAndSpeed:
            return MaxMeasure::LengthRedGreen;
        case ViewColouring::Scalar:
            return MaxMeasure::AbsRed;
        case ViewColouring::ToneMappedDye:
        case ViewColouring::WaterSurface:
            break;
    }
    return MaxMeasure::MaxRgb;
}

// The views whose colours follow a measured range; dye and water use the exposure.
bool usesRange(ViewColouring colouring)
{
    return colouring == ViewColouring::DirectionAndSpeed || colouring == ViewColouring::Scalar;
}

}  // namespace

void FieldDisplay::draw(GpuSolver& solver, const PixelRect& rect, const DisplaySettings& s, GLuint framebuffer,
                        GLuint overlay)
{
    if (rect.empty()) return;
    const glm::ivec2 grid(solver.params().gridWidth, solver.params().gridHeight);
    const FieldViewInfo& view = viewInfo(s.view);
    if (view.needsDiagnostics) solver.computeDiagnostics();
    const GLuint texture = sourceTexture(solver, view.source);

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
    if (!rangeReduction_.inFlight() && s.autoRange && usesRange(view.colouring) &&
        framesSinceRequest_ >= kFramesPerRangeRequest) {
        rangeReduction_.request(texture, rangeMeasure(view.colouring), grid);
        pendingView_ = s.view;
        framesSinceRequest_ = 0;
    }

    if (!usesRange(view.colouring))
        lastRange_ = s.dyeExposure;
    else if (!s.autoRange)
        lastRange_ = s.fixedRange;
    else if (autoRange_ > 0.0f)
        lastRange_ = autoRange_;
    ViewUniforms u = viewUniforms(s, lastRange_, solver.params());
    addWindowLook(u, s);
    u.background = &background_;
    int mode = static_cast<int>(u.colouring);
    if (u.colouring == ViewColouring::Scalar && u.scalarMap == ColourMap::Diverging) mode = 3;

    // The UI may have left any state behind: set everything this draw needs.
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(rect.x, rect.y, rect.width, rect.height);
    setPassState();
    displayProgram_.use();
    glUniform1i(uniforms_.mode, mode);
    glUniform1f(uniforms_.range, u.range);
    glUniform1f(uniforms_.shading, u.shading);
    glUniform1i(uniforms_.faceVelocity, u.faceVelocity ? 1 : 0);
    glUniform4f(uniforms_.viewport, static_cast<float>(rect.x), static_cast<float>(rect.y),
                static_cast<float>(rect.width), static_cast<float>(rect.height));
    glUniform2f(uniforms_.grid, static_cast<float>(grid.x), static_cast<float>(grid.y));
    glUniform1f(uniforms_.cellSize, u.cellSize);
    glUniform1f(uniforms_.heightPerPressure, u.heightPerPressure);
    glUniform3f(uniforms_.lightDirection, u.lightDirection.x, u.lightDirection.y, u.lightDirection.z);
    glUniform1f(uniforms_.shininess, u.shininess);
    glUniform1f(uniforms_.depth, u.depth);
    glUniform1i(uniforms_.hasBackground, background_.empty() ? 0 : 1);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, backgroundTexture_.id());
    glUniform1f(uniforms_.overlayOpacity, overlay != 0 ? s.cameraOverlay : 0.0f);
    // A mask of another grid (a frame between a new grid and its new mask) is not drawn.
    const bool obstacles = obstacleTexture_.id() != 0 && obstacleSize_ == grid;
    glUniform1i(uniforms_.hasObstacles, obstacles ? 1 : 0);
    glActiveTexture(GL_TEXTURE4);
    glBindTexture(GL_TEXTURE_2D, obstacles ? obstacleTexture_.id() : 0);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, overlay);
    glBindSampler(3, linearSampler_.id());
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, solver.dyeTexture());
    glBindSampler(1, linearSampler_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindSampler(0, linearSampler_.id());
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindSampler(0, 0);
    glBindSampler(1, 0);
    glBindSampler(3, 0);
}

void FieldDisplay::setBackground(const std::string& path)
{
    background_ = {};
    backgroundTexture_.reset();
    if (path.empty()) return;
    try {
        background_ = loadBackground(path);
    } catch (const std::exception& e) {
        report(std::string(e.what()) + "; showing the tiled floor");
        return;
    }
    backgroundTexture_ = gl::Texture::create();
    glBindTexture(GL_TEXTURE_2D, backgroundTexture_.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, background_.width, background_.height, 0, GL_RGBA, GL_FLOAT,
                 background_.rgba.data());
    glBindTexture(GL_TEXTURE_2D, 0);
}

void FieldDisplay::setObstacles(const Field& mask)
{
    if (mask.size() == 0 || mask.components() != 1) {
        obstacleTexture_.reset();
        obstacleSize_ = glm::ivec2(0);
        return;
    }
    if (obstacleSize_ != glm::ivec2(mask.width(), mask.height()) || obstacleTexture_.id() == 0) {
        obstacleTexture_ = gl::Texture::create();
        glBindTexture(GL_TEXTURE_2D, obstacleTexture_.id());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, mask.width(), mask.height(), 0, GL_RED, GL_FLOAT, nullptr);
        obstacleSize_ = glm::ivec2(mask.width(), mask.height());
    }
    glBindTexture(GL_TEXTURE_2D, obstacleTexture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, mask.width(), mask.height(), GL_RED, GL_FLOAT, mask.data());
    glBindTexture(GL_TEXTURE_2D, 0);
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
