// FieldDisplay: draws a simulation field into the window with a colour map,
// and tracks an automatic colour range without ever stalling the frame (the
// field's largest magnitude comes from an AsyncMax, frames later).
#pragma once

#include <map>

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

private:
    void collectRange();

    // One build of display.frag per combination of what a draw shows (its
    // defines, display.frag's header): the shader never branches on a uniform,
    // which llvmpipe would pay for at every pixel. Built when first drawn.
    struct Variant {
        int mode = 0;  // display.frag's MODE
        bool faceVelocity = false, background = false, obstacles = false, overlay = false, glow = false;
        auto operator<=>(const Variant&) const = default;
    };
    struct VariantProgram {
        gl::Program program;
        GLint range = -1, viewport = -1, grid = -1, cellSize = -1, heightPerPressure = -1, lightDirection = -1,
              shininess = -1, depth = -1, overlayOpacity = -1, glowIntensity = -1;
    };
    const VariantProgram& program(const Variant& variant);

    // The steps of draw(): the colour range, the program variant, the draw.
    void trackRange(const DisplaySettings& settings, GLuint texture, glm::ivec2 grid);
    Variant chooseVariant(const ViewUniforms& u, const DisplaySettings& settings, bool obstacles, GLuint overlay,
                          bool hasBloom) const;
    // The textures a draw reads (0: none): the colours shown, the dye, the
    // glow, the camera's picture and the obstacle mask.
    struct DrawInputs {
        GLuint shown = 0, dye = 0, glow = 0, overlay = 0, obstacles = 0;
    };
    void drawVariant(const VariantProgram& p, const ViewUniforms& u, const DisplaySettings& settings,
                     const PixelRect& rect, GLuint framebuffer, glm::ivec2 grid, const DrawInputs& in);

    std::map<Variant, VariantProgram> programs_;
    // The shaded dye view: dye_shade.frag's colours, one per dye texel, which
    // display.frag magnifies (MODE 5).
    GLuint shadeDye(GLuint dye, float range, float shading);
    gl::Program shadeProgram_;
    GLint shadeRange_ = -1, shadeStrength_ = -1;
    gl::RenderTarget shadedDye_;
    StepTimer* timer_ = nullptr;
    gl::VertexArray vertexArray_;
    gl::Sampler linearSampler_;  // smooth magnification for display
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
