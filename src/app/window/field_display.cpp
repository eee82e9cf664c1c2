#include "app/window/field_display.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/report.hpp"
#include "app/view_colour.hpp"
#include "app/window/frame_profile.hpp"
#include "app/window/window_pass.hpp"
#include "core/display_programs.hpp"

namespace fluid::app {

namespace {

// The reduction reads every texel, so it runs only every few frames: a colour
// range that lags by a fraction of a second is not visible.
constexpr int kFramesPerRangeRequest = 8;

namespace sampler = programs::display_sampler;

}  // namespace

FieldDisplay::FieldDisplay()
    : vertexArray_(gl::VertexArray::create()),
      linearSampler_(gl::makeLinearClampSampler()),
      nearestSampler_(gl::makeNearestClampSampler())
{
    // The views a window opens on, built now: a shader error shows at start, not at the first frame.
    program({});
    program({Define::ShadedColours});
    programs_.get(sim::Kernel{&programs::dyeShade, {}});
    programs_.get(sim::Kernel{&programs::dyeShade, {Define::Glow}});
    glUseProgram(0);
}

std::vector<const sim::SpecProgram*> FieldDisplay::specPrograms() const
{
    return programs_.built();
}

GLuint FieldDisplay::shadeDye(GLuint dye, float range, float shading, GLuint glow, float glowIntensity)
{
    glm::ivec2 size;
    glBindTexture(GL_TEXTURE_2D, dye);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &size.x);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &size.y);
    if (shadedDye_.width() != size.x || shadedDye_.height() != size.y)
        shadedDye_ = gl::RenderTarget(size.x, size.y, gl::TextureFormat::RGBA32F, "shaded dye");
    shadedDye_.bindAsTarget();
    setPassState();
    namespace u = programs::dye_shade_uniform;
    namespace unit = programs::dye_shade_sampler;
    const sim::SpecProgram& shade =
        programs_.get(sim::Kernel{&programs::dyeShade, Defines{}.with(Define::Glow, glow != 0)});
    shade.use();
    glUniform1f(shade.perDraw(u::kRange), range);
    glUniform1f(shade.perDraw(u::kShading), shading);
    glUniform2f(shade.perDraw(u::kTexel), 1.0f / static_cast<float>(size.x), 1.0f / static_cast<float>(size.y));
    // The dye texel by texel, clamped at the edges; the glow magnified smoothly.
    glActiveTexture(GL_TEXTURE0 + unit::kDye);
    glBindTexture(GL_TEXTURE_2D, dye);
    glBindSampler(unit::kDye, nearestSampler_.id());
    if (glow != 0) {
        glUniform1f(shade.perDraw(u::kGlowIntensity), glowIntensity);
        glActiveTexture(GL_TEXTURE0 + unit::kGlow);
        glBindTexture(GL_TEXTURE_2D, glow);
        glBindSampler(unit::kGlow, linearSampler_.id());
    }
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindSampler(unit::kDye, 0);
    if (glow != 0) glBindSampler(unit::kGlow, 0);
    glActiveTexture(GL_TEXTURE0);
    return shadedDye_.texture();
}

const sim::SpecProgram& FieldDisplay::program(Defines variant)
{
    return programs_.get(sim::Kernel{&programs::display, variant});
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
    const bool glows = u.colouring == ViewColouring::ToneMappedDye && bloom != nullptr && s.bloom.enabled;
    Defines variant = chooseVariant(u, s, obstacles, overlay);
    DrawInputs in{};
    in[sampler::kField] = texture;
    in[sampler::kDye] = solver.dyeTexture();
    in[sampler::kBackground] = backgroundTexture_.id();
    in[sampler::kOverlay] = overlay;
    in[sampler::kObstacles] = obstacles ? obstacleTexture_.id() : 0;
    // The glow from the dye, then the shaded dye with the glow in it, at the
    // dye's own resolution (dye_shade.frag; at shading 0 its light changes
    // nothing), which display.frag magnifies.
    GLuint glow = 0;
    if (glows) {
        if (timer_) timer_->lap(FrameProfile::kPostProcessing);
        glow = bloom->glow(texture, u.range, {rect.width, rect.height}, windowShortSide, s.bloom);
        if (timer_) timer_->lap(FrameProfile::kDisplay);
    }
    if (u.colouring == ViewColouring::ToneMappedDye && (u.shading > 0.0f || glows)) {
        in[sampler::kField] = shadeDye(texture, u.range, u.shading, glow, s.bloom.intensity);
        variant = variant.with(Define::ShadedColours);
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
Defines FieldDisplay::chooseVariant(const ViewUniforms& u, const DisplaySettings& s, bool obstacles,
                                    GLuint overlay) const
{
    const bool velocity = u.colouring == ViewColouring::DirectionAndSpeed;
    const bool scalar = u.colouring == ViewColouring::Scalar;
    const bool water = u.colouring == ViewColouring::WaterSurface;
    return Defines{}
        .with(Define::VelocityView, velocity)
        .with(Define::SequentialView, scalar && u.scalarMap == ColourMap::Sequential)
        .with(Define::DivergingView, scalar && u.scalarMap == ColourMap::Diverging)
        .with(Define::WaterView, water)
        .with(Define::FaceVelocity, velocity && u.faceVelocity)
        .with(Define::Background, water && !background_.empty())
        .with(Define::Obstacles, obstacles)
        .with(Define::Overlay, overlay != 0 && s.cameraOverlay > 0.0f);
}

void FieldDisplay::drawVariant(const sim::SpecProgram& p, const ViewUniforms& u, const DisplaySettings& s,
                               const PixelRect& rect, GLuint framebuffer, glm::ivec2 grid, const DrawInputs& in)
{
    // The UI may have left any state behind: set everything this draw needs.
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(rect.x, rect.y, rect.width, rect.height);
    setPassState();
    namespace n = programs::display_uniform;
    p.use();
    glUniform1f(p.perDraw(n::kRange), u.range);
    glUniform2f(p.perDraw(n::kViewportSize), static_cast<float>(rect.width), static_cast<float>(rect.height));
    glUniform2f(p.perDraw(n::kGrid), static_cast<float>(grid.x), static_cast<float>(grid.y));
    glUniform1f(p.perDraw(n::kCellSize), u.cellSize);
    glUniform1f(p.perDraw(n::kHeightPerPressure), u.heightPerPressure);
    glUniform3f(p.perDraw(n::kLightDirection), u.lightDirection.x, u.lightDirection.y, u.lightDirection.z);
    glUniform1f(p.perDraw(n::kShininess), u.shininess);
    glUniform1f(p.perDraw(n::kDepth), u.depth);
    glUniform1f(p.perDraw(n::kOverlayOpacity), s.cameraOverlay);
    // Each texture on its sampler's unit, magnified smoothly; the picture and
    // the mask are read by texelFetch, which no sampler's filter changes.
    const auto& samplers = programs::display.samplers;
    for (std::size_t k = 0; k < samplers.size(); ++k) {
        if (!samplers[k].uniform) continue;  // the row's unused places
        glActiveTexture(GL_TEXTURE0 + samplers[k].unit);
        glBindTexture(GL_TEXTURE_2D, in[k]);
        glBindSampler(samplers[k].unit, linearSampler_.id());
    }
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    for (const SamplerBinding& b : samplers)
        if (b.uniform) glBindSampler(b.unit, 0);
    glActiveTexture(GL_TEXTURE0);
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
