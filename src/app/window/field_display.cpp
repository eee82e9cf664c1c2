#include "app/window/field_display.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/report.hpp"
#include "app/view_colour.hpp"
#include "app/window/frame_profile.hpp"
#include "app/window/window_pass.hpp"

namespace fluid::app {

namespace {

// The reduction reads every texel, so it runs only every few frames: a colour
// range that lags by a fraction of a second is not visible.
constexpr int kFramesPerRangeRequest = 8;

// display.frag's MODE for colours drawn as they are (the shaded dye).
constexpr int kShadedColours = 5;

}  // namespace

FieldDisplay::FieldDisplay()
    : shadeProgram_(gl::Program::build({shaderFile("fullscreen.vert")}, {shaderFile("dye_shade.frag")})),
      vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::makeLinearClampSampler())
{
    shadeRange_ = shadeProgram_.requiredUniform("uRange");
    shadeStrength_ = shadeProgram_.requiredUniform("uShading");
    shadeProgram_.use();
    glUniform1i(shadeProgram_.requiredUniform("uDye"), 0);
    glUseProgram(0);
    // The views a window opens on, built now: a shader error shows at start, not at the first frame.
    program(Variant{});
    program(Variant{.mode = kShadedColours});
}

GLuint FieldDisplay::shadeDye(GLuint dye, float range, float shading)
{
    glm::ivec2 size;
    glBindTexture(GL_TEXTURE_2D, dye);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &size.x);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &size.y);
    if (shadedDye_.width() != size.x || shadedDye_.height() != size.y)
        shadedDye_ = gl::RenderTarget(size.x, size.y, gl::TextureFormat::RGBA32F, "shaded dye");
    shadedDye_.bindAsTarget();
    setPassState();
    shadeProgram_.use();
    glUniform1f(shadeRange_, range);
    glUniform1f(shadeStrength_, shading);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, dye);
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return shadedDye_.texture();
}

const FieldDisplay::VariantProgram& FieldDisplay::program(const Variant& v)
{
    if (const auto found = programs_.find(v); found != programs_.end()) return found->second;
    std::string defines = "#define MODE " + std::to_string(v.mode) + "\n";
    if (v.faceVelocity) defines += "#define FACE_VELOCITY 1\n";
    if (v.background) defines += "#define BACKGROUND 1\n";
    if (v.obstacles) defines += "#define OBSTACLES 1\n";
    if (v.overlay) defines += "#define OVERLAY 1\n";
    if (v.glow) defines += "#define GLOW 1\n";
    VariantProgram p;
    p.program =
        gl::Program::build({shaderFile("fullscreen.vert")}, {{"display variant", defines}, shaderFile("display.frag")});
    // Every variant places itself by uViewport; the rest are active only in some (-1, a no-op, in the others).
    p.range = p.program.uniform("uRange");
    p.viewport = p.program.requiredUniform("uViewport");
    p.grid = p.program.uniform("uGrid");
    p.cellSize = p.program.uniform("uCellSize");
    p.heightPerPressure = p.program.uniform("uHeightPerPressure");
    p.lightDirection = p.program.uniform("uLightDirection");
    p.shininess = p.program.uniform("uShininess");
    p.depth = p.program.uniform("uDepth");
    p.overlayOpacity = p.program.uniform("uOverlayOpacity");
    p.glowIntensity = p.program.uniform("uGlowIntensity");
    p.program.use();
    glUniform1i(p.program.uniform("uField"), 0);
    glUniform1i(p.program.uniform("uDye"), 1);
    glUniform1i(p.program.uniform("uBackground"), 2);
    glUniform1i(p.program.uniform("uOverlay"), 3);
    glUniform1i(p.program.uniform("uObstacles"), 4);
    glUniform1i(p.program.uniform("uGlow"), 5);
    glUseProgram(0);
    return programs_.emplace(v, std::move(p)).first->second;
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
                        GLuint overlay, Bloom* bloom, int windowShortSide)
{
    if (rect.empty()) return;
    const glm::ivec2 grid(solver.params().gridWidth, solver.params().gridHeight);
    const FieldViewInfo& view = viewInfo(s.view);
    if (view.needsDiagnostics) solver.computeDiagnostics();
    const GLuint texture = sourceTexture(solver, view.source);
    trackRange(s, texture, grid);

    ViewUniforms u = viewUniforms(s, lastRange_, solver.params());
    addWindowLook(u, s);
    u.background = &background_;
    // A mask of another grid (a frame between a new grid and its new mask) is not drawn.
    const bool obstacles = obstacleTexture_.id() != 0 && obstacleSize_ == grid;
    Variant variant = chooseVariant(u, s, obstacles, overlay, bloom != nullptr);
    // The shaded dye, and the glow, start from the dye's colours at its own
    // resolution (dye_shade.frag; at shading 0 its light changes nothing).
    DrawInputs in{texture, solver.dyeTexture(), 0, overlay, obstacles ? obstacleTexture_.id() : 0};
    if (u.colouring == ViewColouring::ToneMappedDye && (u.shading > 0.0f || variant.glow)) {
        in.shown = shadeDye(texture, u.range, u.shading);
        variant.mode = kShadedColours;
    }
    if (variant.glow) {
        if (timer_) timer_->lap(FrameProfile::kPostProcessing);
        in.glow = bloom->glow(in.shown, {rect.width, rect.height}, windowShortSide, s.bloom);
        if (timer_) timer_->lap(FrameProfile::kDisplay);
    }
    drawVariant(program(variant), u, s, rect, framebuffer, grid, in);
}

// Collects a measured range, starts the next measurement every few frames,
// and picks the range this frame's colours use.
void FieldDisplay::trackRange(const DisplaySettings& s, GLuint texture, glm::ivec2 grid)
{
    const FieldViewInfo& view = viewInfo(s.view);
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
}

// The build of display.frag that draws what `u` and the settings ask for.
FieldDisplay::Variant FieldDisplay::chooseVariant(const ViewUniforms& u, const DisplaySettings& s, bool obstacles,
                                                  GLuint overlay, bool hasBloom) const
{
    Variant variant;
    variant.mode = static_cast<int>(u.colouring);
    if (u.colouring == ViewColouring::Scalar && u.scalarMap == ColourMap::Diverging) variant.mode = 3;
    variant.faceVelocity = u.colouring == ViewColouring::DirectionAndSpeed && u.faceVelocity;
    variant.background = u.colouring == ViewColouring::WaterSurface && !background_.empty();
    variant.obstacles = obstacles;
    variant.overlay = overlay != 0 && s.cameraOverlay > 0.0f;
    variant.glow = u.colouring == ViewColouring::ToneMappedDye && hasBloom && s.bloom.enabled;
    return variant;
}

void FieldDisplay::drawVariant(const VariantProgram& p, const ViewUniforms& u, const DisplaySettings& s,
                               const PixelRect& rect, GLuint framebuffer, glm::ivec2 grid, const DrawInputs& in)
{
    // The UI may have left any state behind: set everything this draw needs.
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(rect.x, rect.y, rect.width, rect.height);
    setPassState();
    p.program.use();
    glUniform1f(p.range, u.range);
    glUniform4f(p.viewport, static_cast<float>(rect.x), static_cast<float>(rect.y), static_cast<float>(rect.width),
                static_cast<float>(rect.height));
    glUniform2f(p.grid, static_cast<float>(grid.x), static_cast<float>(grid.y));
    glUniform1f(p.cellSize, u.cellSize);
    glUniform1f(p.heightPerPressure, u.heightPerPressure);
    glUniform3f(p.lightDirection, u.lightDirection.x, u.lightDirection.y, u.lightDirection.z);
    glUniform1f(p.shininess, u.shininess);
    glUniform1f(p.depth, u.depth);
    glUniform1f(p.overlayOpacity, s.cameraOverlay);
    glUniform1f(p.glowIntensity, s.bloom.intensity);
    glActiveTexture(GL_TEXTURE5);
    glBindTexture(GL_TEXTURE_2D, in.glow);
    glBindSampler(5, linearSampler_.id());
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, backgroundTexture_.id());
    glActiveTexture(GL_TEXTURE4);
    glBindTexture(GL_TEXTURE_2D, in.obstacles);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, in.overlay);
    glBindSampler(3, linearSampler_.id());
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, in.dye);
    glBindSampler(1, linearSampler_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, in.shown);
    glBindSampler(0, linearSampler_.id());
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindSampler(0, 0);
    glBindSampler(1, 0);
    glBindSampler(3, 0);
    glBindSampler(5, 0);
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
