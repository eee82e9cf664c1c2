#include "sim/gpu_multigrid.hpp"

#include "sim/pass_program.hpp"

namespace fluid::sim {

namespace {

// Texture units, fixed per sampler name so they are set once per program.
constexpr GLint kIterateUnit = 0;
constexpr GLint kSecondUnit = 1;  // the right-hand side, or the coarse correction

}  // namespace

GpuMultigrid::GpuMultigrid(int width, int height, BoundaryMode boundary, float cellSizeSquared)
    : levels_(multigridLevels(width, height)), cellSizeSquared_(cellSizeSquared)
{
    iterate_.resize(levels_.size());
    rhs_.resize(levels_.size());
    for (std::size_t l = 1; l < levels_.size(); ++l) {
        iterate_[l] = gl::PingPong(levels_[l].width, levels_[l].height, gl::TextureFormat::R32F, "multigrid iterate");
        rhs_[l] = gl::RenderTarget(levels_[l].width, levels_[l].height, gl::TextureFormat::R32F, "multigrid rhs");
    }
    buildPrograms(boundary);
}

void GpuMultigrid::setBoundary(BoundaryMode boundary)
{
    if (boundary != boundary_) buildPrograms(boundary);
}

void GpuMultigrid::buildPrograms(BoundaryMode boundary)
{
    smooth_ = buildPass("smooth_pressure.frag", boundary);
    smoothFromZero_ = buildPass("smooth_pressure.frag", boundary, "#define ZERO_GUESS 1\n");
    restrict_ = buildPass("restrict_residual.frag", boundary);
    prolong_ = buildPass("prolong_correction.frag", boundary);
    boundary_ = boundary;

    // Every uniform is looked up once and must exist; samplers and the weight
    // never change, so they are set here.
    const auto samplers = [](const gl::Program& p, const char* second) {
        p.use();
        glUniform1i(p.requiredUniform(second), kSecondUnit);
    };
    smooth_.use();
    glUniform1i(smooth_.requiredUniform("uPressure"), kIterateUnit);
    samplers(smooth_, "uRhs");
    glUniform1f(smooth_.requiredUniform("uWeight"), MultigridSchedule::kWeight);
    smoothUniforms_ = {smooth_.requiredUniform("uGridSize"), smooth_.requiredUniform("uRhsScale")};

    // The zero-guess sweep reads no iterate: uPressure and uGridSize are unused there.
    samplers(smoothFromZero_, "uRhs");
    glUniform1f(smoothFromZero_.requiredUniform("uWeight"), MultigridSchedule::kWeight);
    smoothFromZeroUniforms_ = {-1, smoothFromZero_.requiredUniform("uRhsScale")};

    restrict_.use();
    glUniform1i(restrict_.requiredUniform("uPressure"), kIterateUnit);
    samplers(restrict_, "uRhs");
    restrictUniforms_ = {restrict_.requiredUniform("uGridSize"), restrict_.requiredUniform("uRhsScale"),
                         restrict_.requiredUniform("uExtraChild")};

    prolong_.use();
    glUniform1i(prolong_.requiredUniform("uPressure"), kIterateUnit);
    samplers(prolong_, "uCorrection");
    prolongUniforms_ = {prolong_.requiredUniform("uGridSize"), -1};
    glUseProgram(0);
}

void GpuMultigrid::bind(gl::PingPong& pressure, const gl::RenderTarget& divergence,
                        const gl::VertexArray& emptyVertexArray)
{
    pressure_ = &pressure;
    divergence_ = &divergence;
    emptyVertexArray_ = &emptyVertexArray;
}

void GpuMultigrid::vCycle(gl::PingPong& pressure, const gl::RenderTarget& divergence,
                          const gl::VertexArray& emptyVertexArray)
{
    bind(pressure, divergence, emptyVertexArray);
    runVCycle(*this, levelCount());
}

gl::PingPong& GpuMultigrid::iterateOf(int level)
{
    return level == 0 ? *pressure_ : iterate_[static_cast<std::size_t>(level)];
}

const gl::RenderTarget& GpuMultigrid::rhsOf(int level) const
{
    return level == 0 ? *divergence_ : rhs_[static_cast<std::size_t>(level)];
}

void GpuMultigrid::setGridSize(GLint location, int level) const
{
    const MultigridLevel& l = levels_[static_cast<std::size_t>(level)];
    glUniform2i(location, l.width, l.height);
}

void GpuMultigrid::smoothPressure(int level, bool zeroGuess)
{
    gl::PingPong& x = iterateOf(level);
    const gl::Program& program = zeroGuess ? smoothFromZero_ : smooth_;
    const Uniforms& u = zeroGuess ? smoothFromZeroUniforms_ : smoothUniforms_;
    program.use();
    if (u.gridSize >= 0) setGridSize(u.gridSize, level);
    glUniform1f(u.rhsScale, rhsScaleOf(level));
    x.read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

void GpuMultigrid::restrictResidual(int level)
{
    restrict_.use();
    setGridSize(restrictUniforms_.gridSize, level);  // the fine level's: its boundary rule applies
    glUniform1f(restrictUniforms_.rhsScale, rhsScaleOf(level));
    const MultigridLevel& fine = levels_[static_cast<std::size_t>(level)];
    const MultigridLevel& coarse = levels_[static_cast<std::size_t>(level + 1)];
    glUniform2i(restrictUniforms_.extraChild, extraChild(fine.width, coarse.width), extraChild(fine.height, coarse.height));
    iterateOf(level).read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(rhs_[static_cast<std::size_t>(level + 1)], *emptyVertexArray_);
}

void GpuMultigrid::prolongCorrection(int level)
{
    gl::PingPong& x = iterateOf(level);
    prolong_.use();
    setGridSize(prolongUniforms_.gridSize, level + 1);  // the coarse level's: its ghosts are read
    x.read().bindTexture(kIterateUnit);
    iterate_[static_cast<std::size_t>(level + 1)].read().bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

}  // namespace fluid::sim
