// FieldDisplay: draws a simulation field into the window with a colour map,
// and tracks an automatic colour range without ever stalling the frame (the
// field's largest magnitude comes from an AsyncMax, frames later).
#pragma once

#include <array>
#include <vector>

#include "app/background.hpp"
#include "app/display_settings.hpp"
#include "app/input.hpp"
#include "app/view_colour.hpp"
#include "app/window/async_max.hpp"
#include "app/window/bloom.hpp"
#include "core/step_timer.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/program_set.hpp"
#include "sim/spec_program.hpp"

namespace fluid::app {

class FieldDisplay {
public:
    FieldDisplay();  // needs a current GL 3.3 context; throws gl::GlError

    // Draws into `framebuffer` (0: the window's), inside `rect`. May run the
    // solver's diagnostics passes first (divergence and vorticity views).
    // `overlay`: the camera's picture (sim::GpuMotion::currentFrame()), shown
    // at settings.cameraOverlay; 0 = none. `bloom`: the dye view glows
    // through it when settings.bloom has it on (the window's; null: never).
    // `windowShortSide`: the bloom's radius is a share of it (pixels).
    void draw(GpuSolver& solver, const PixelRect& rect, const DisplaySettings& settings, GLuint framebuffer = 0,
              GLuint overlay = 0, Bloom* bloom = nullptr, int windowShortSide = 0);
    // Profiling: the bloom's passes are laps called "post-processing", the
    // rest "display"; null: not timed.
    void setTimer(StepTimer* timer) { timer_ = timer; }
    // The range the last draw used (auto or fixed).
    float range() const { return lastRange_; }
    // The water view's picture under the water ("" = the tiles). A picture
    // that cannot be read is said once on stderr and the tiles stay.
    void setBackground(const std::string& path);
    const BackgroundImage& background() const { return background_; }
    // The obstacle mask, or its outline (src/core/obstacles.hpp), to draw
    // over every view (an upload; call it when it changed). An empty Field
    // removes it.
    void setObstacles(const Field& mask);

    // Its programs built so far, for the display rows' test.
    std::vector<const sim::SpecProgram*> specPrograms() const;

private:
    void collectRange();

    // One build of display.frag per combination of what a draw shows (a
    // variant of the row programs::display), built when first drawn.
    const sim::SpecProgram& program(Defines variant);

    // The steps of draw(): the colour range, the program variant, the draw.
    void trackRange(const DisplaySettings& settings, GLuint texture, glm::ivec2 grid);
    Defines chooseVariant(const ViewUniforms& u, const DisplaySettings& settings, bool obstacles, GLuint overlay) const;
    // The textures a draw reads (0: none), by the row's sampler
    // (programs::display_sampler): the colours shown, the dye, the picture
    // under the water, the camera's picture and the obstacle mask.
    using DrawInputs = std::array<GLuint, ProgramSpec::kMaxSamplers>;
    void drawVariant(const sim::SpecProgram& p, const ViewUniforms& u, const DisplaySettings& settings,
                     const PixelRect& rect, GLuint framebuffer, glm::ivec2 grid, const DrawInputs& in);

    sim::ProgramSet programs_;
    // The shaded dye view: dye_shade.frag's colours, one per dye texel, which
    // display.frag magnifies (SHADED_COLOURS); `glow` (0: none) added at
    // `glowIntensity` (the bloom's, Glow).
    GLuint shadeDye(GLuint dye, float range, float shading, GLuint glow, float glowIntensity);
    gl::RenderTarget shadedDye_;
    StepTimer* timer_ = nullptr;
    gl::VertexArray vertexArray_;
    gl::Sampler linearSampler_;   // smooth magnification for display
    gl::Sampler nearestSampler_;  // the dye's texels for its shading
    AsyncMax rangeReduction_;
    gl::Texture backgroundTexture_;
    BackgroundImage background_;
    gl::Texture obstacleTexture_;  // R32F; empty: no obstacles
    glm::ivec2 obstacleSize_{0};
    FieldView pendingView_ = FieldView::Dye;
    FieldView trackedView_ = FieldView::Dye;
    float autoRange_ = 0.0f;  // 0: not measured yet for the tracked view
    float lastRange_ = 1.0f;
    int framesSinceRequest_ = 0;
};

}  // namespace fluid::app
