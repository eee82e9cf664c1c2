// GpuMultigrid: the multigrid pressure solve on the GPU, a texture pyramid
// below the solver's pressure and divergence and the three passes of
// src/core/multigrid.hpp (smooth_pressure, restrict_residual,
// prolong_correction). The V-cycle is fluid::runVCycle, shared with the CPU
// reference (reference::CpuMultigrid), so both walk the pyramid alike.
#pragma once

#include <vector>

#include "core/multigrid.hpp"
#include "core/sim_params.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"

namespace fluid::sim {

class GpuMultigrid {
public:
    GpuMultigrid() = default;  // empty
    // Allocates the levels below a width x height grid and builds the passes
    // for `boundary`. Throws gl::GlError when a shader or framebuffer fails.
    GpuMultigrid(int width, int height, BoundaryMode boundary, float cellSizeSquared);

    // Rebuilds the passes for another boundary rule (a compile, so only on a change).
    void setBoundary(BoundaryMode boundary);
    void setCellSizeSquared(float cellSizeSquared) { cellSizeSquared_ = cellSizeSquared; }

    // Level 0 of the next passes: the solver's pressure (updated in place) and
    // divergence. vCycle() binds them itself.
    void bind(gl::PingPong& pressure, const gl::RenderTarget& divergence, const gl::VertexArray& emptyVertexArray);
    void vCycle(gl::PingPong& pressure, const gl::RenderTarget& divergence, const gl::VertexArray& emptyVertexArray);

    // The passes of the cycle, one at a time (the recipe and the tests call them).
    void smoothPressure(int level, bool zeroGuess);
    void restrictResidual(int level);
    void prolongCorrection(int level);

    int levelCount() const { return static_cast<int>(levels_.size()); }
    const std::vector<MultigridLevel>& levels() const { return levels_; }
    // Level >= 1 (for tests).
    gl::PingPong& iterate(int level) { return iterate_[static_cast<std::size_t>(level)]; }
    gl::RenderTarget& rhs(int level) { return rhs_[static_cast<std::size_t>(level)]; }

private:
    struct Uniforms {
        GLint gridSize = -1;
        GLint rhsScale = -1;
        GLint extraChild = -1;
    };
    void buildPrograms(BoundaryMode boundary);
    gl::PingPong& iterateOf(int level);
    const gl::RenderTarget& rhsOf(int level) const;
    float rhsScaleOf(int level) const { return level == 0 ? cellSizeSquared_ : 1.0f; }
    void setGridSize(GLint location, int level) const;

    std::vector<MultigridLevel> levels_;
    std::vector<gl::PingPong> iterate_;  // index 0 unused: level 0 is the solver's pressure
    std::vector<gl::RenderTarget> rhs_;  // index 0 unused: level 0 is the solver's divergence
    float cellSizeSquared_ = 0.0f;
    BoundaryMode boundary_{};

    gl::Program smooth_;
    gl::Program smoothFromZero_;
    gl::Program restrict_;
    gl::Program prolong_;
    Uniforms smoothUniforms_, smoothFromZeroUniforms_, restrictUniforms_, prolongUniforms_;

    gl::PingPong* pressure_ = nullptr;
    const gl::RenderTarget* divergence_ = nullptr;
    const gl::VertexArray* emptyVertexArray_ = nullptr;
};

}  // namespace fluid::sim
