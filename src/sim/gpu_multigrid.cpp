#include "sim/gpu_multigrid.hpp"

#include <string>

#include "core/solid_mask.hpp"
#include "sim/pass_program.hpp"

namespace fluid::sim {

namespace {

// Texture units, fixed per sampler name so they are set once per program.
constexpr GLint kIterateUnit = 0;
constexpr GLint kSecondUnit = 1;  // the right-hand side, or the coarse correction

gl::Wrap wrapOf(BoundaryMode boundary)
{
    return boundary == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
}

}  // namespace

GpuMultigrid::GpuMultigrid(int width, int height, BoundaryMode boundary, const PassConstants& k,
                           MultigridEquation equation)
    : levels_(multigridLevels(width, height)), k_(k), equation_(equation)
{
    const bool viscous = equation == MultigridEquation::Viscous;
    const gl::TextureFormat format = viscous ? gl::TextureFormat::RG32F : gl::TextureFormat::R32F;
    iterate_.resize(levels_.size());
    rhs_.resize(levels_.size());
    for (std::size_t l = 1; l < levels_.size(); ++l) {
        iterate_[l] = gl::PingPong(levels_[l].width, levels_[l].height, format,
                                   viscous ? "viscous multigrid iterate" : "multigrid iterate");
        rhs_[l] = gl::RenderTarget(levels_[l].width, levels_[l].height, format,
                                   viscous ? "viscous multigrid rhs" : "multigrid rhs");
    }
    buildPrograms(boundary);
}

void GpuMultigrid::setBoundary(BoundaryMode boundary)
{
    if (boundary != boundary_) buildPrograms(boundary);
}

void GpuMultigrid::setObstacles(const Field& mask)
{
    const std::vector<Field> pyramid = solidPyramid(mask, levels_);
    if (solid_.empty())
        for (const MultigridLevel& l : levels_)
            solid_.emplace_back(l.width, l.height, gl::TextureFormat::R32F, "multigrid obstacles");
    for (std::size_t l = 0; l < levels_.size(); ++l) {
        solid_[l].upload(pyramid[l].data());
        solid_[l].setWrap(wrapOf(boundary_));
    }
    if (!obstacles_) {
        obstacles_ = true;
        buildPrograms(boundary_);
    }
}

void GpuMultigrid::clearObstacles()
{
    if (!obstacles_) return;
    obstacles_ = false;
    buildPrograms(boundary_);
}

void GpuMultigrid::bindSolid(int level) const
{
    if (obstacles_) solid_[static_cast<std::size_t>(level)].bindTexture(kSolidUnit);
}

void GpuMultigrid::buildPrograms(BoundaryMode boundary)
{
    const bool viscous = equation_ == MultigridEquation::Viscous;
    const std::string obstacles = obstacles_ ? "#define OBSTACLES 1\n" : "";
    const std::string equation = obstacles + (viscous ? "#define VISCOUS 1\n" : "");
    const std::string zeroGuess = equation + "#define ZERO_GUESS 1\n";
    const char* header = "multigrid.glsl";
    smooth_ = buildPass("smooth.frag", boundary, equation.c_str(), header);
    smoothFromZero_ = buildPass("smooth.frag", boundary, zeroGuess.c_str(), header);
    restrict_ = buildPass("restrict_residual.frag", boundary, equation.c_str(), header);
    prolong_ = buildPass("prolong_correction.frag", boundary, equation.c_str(), header);
    boundary_ = boundary;

    // The passes read the levels through the sampler, whose wrap mode is the
    // boundary rule (level 0's textures are the solver's, which sets theirs).
    const gl::Wrap wrap = wrapOf(boundary);
    for (std::size_t l = 1; l < levels_.size(); ++l) {
        iterate_[l].read().setWrap(wrap);
        iterate_[l].write().setWrap(wrap);
        rhs_[l].setWrap(wrap);
    }
    for (gl::RenderTarget& mask : solid_) mask.setWrap(wrap);
    for (const gl::Program* p : {&smooth_, &smoothFromZero_, &restrict_, &prolong_}) {
        p->use();
        glUniform1i(p->uniform("uSolid"), static_cast<GLint>(kSolidUnit));  // -1 (ignored) without OBSTACLES
    }

    // Every uniform the pass uses is looked up once and must exist; samplers
    // never change, so they are set here. A uniform the variant does not have
    // stays -1 and is not set.
    const auto lookUp = [viscous](const gl::Program& p, bool readsIterate, bool hasWeight, bool hasOperator) {
        Uniforms u;
        p.use();
        u.inverseGridSize = p.requiredUniform("uInverseGridSize");
        if (readsIterate) {
            glUniform1i(p.requiredUniform("uIterate"), kIterateUnit);
            // Read by the velocity rule and the restriction's child test; the
            // scalar reads through the sampler need only uInverseGridSize.
            u.gridSize = p.uniform("uGridSize");
            // The velocity rule reads the lid in the box only (-1 when periodic).
            if (viscous) u.lidSpeed = p.uniform("uLidSpeed");
        }
        if (hasWeight) u.weight = p.requiredUniform("uWeight");
        if (hasOperator && viscous) u.alpha = p.requiredUniform("uAlpha");
        if (hasOperator && !viscous) u.rhsScale = p.requiredUniform("uRhsScale");
        return u;
    };
    smoothUniforms_ = lookUp(smooth_, true, true, true);
    glUniform1i(smooth_.requiredUniform("uRhs"), kSecondUnit);
    if (viscous) smoothUniforms_.inverseDenominator = smooth_.requiredUniform("uInverseDenominator");

    // The zero-guess sweep reads no iterate: uIterate and uGridSize are unused
    // there, and uAlpha multiplies a zero neighbour sum (a compiler may drop it).
    smoothFromZeroUniforms_ = lookUp(smoothFromZero_, false, true, !viscous);
    glUniform1i(smoothFromZero_.requiredUniform("uRhs"), kSecondUnit);
    if (viscous) {
        smoothFromZeroUniforms_.alpha = smoothFromZero_.uniform("uAlpha");
        smoothFromZeroUniforms_.inverseDenominator = smoothFromZero_.requiredUniform("uInverseDenominator");
    }

    restrictUniforms_ = lookUp(restrict_, true, false, true);
    glUniform1i(restrict_.requiredUniform("uRhs"), kSecondUnit);
    restrictUniforms_.extraChild = restrict_.requiredUniform("uExtraChild");

    prolongUniforms_ = lookUp(prolong_, true, false, false);
    glUniform1i(prolong_.requiredUniform("uCorrection"), kSecondUnit);
    glUseProgram(0);
}

void GpuMultigrid::bind(gl::PingPong& iterate, const gl::RenderTarget& rhs, const gl::VertexArray& emptyVertexArray,
                        bool startFromZero)
{
    iterate0_ = &iterate;
    rhs0_ = &rhs;
    emptyVertexArray_ = &emptyVertexArray;
    startFromZero_ = startFromZero;
}

void GpuMultigrid::vCycle(gl::PingPong& iterate, const gl::RenderTarget& rhs, const gl::VertexArray& emptyVertexArray)
{
    bind(iterate, rhs, emptyVertexArray);
    cycle();
}

gl::PingPong& GpuMultigrid::iterateOf(int level)
{
    return level == 0 ? *iterate0_ : iterate_[static_cast<std::size_t>(level)];
}

const gl::RenderTarget& GpuMultigrid::rhsOf(int level) const
{
    return level == 0 ? *rhs0_ : rhs_[static_cast<std::size_t>(level)];
}

// The level's size and the constants of its equation (src/core/multigrid.hpp),
// for the uniforms `u` has.
void GpuMultigrid::setLevelUniforms(const Uniforms& u, int level) const
{
    const MultigridLevel& l = levels_[static_cast<std::size_t>(level)];
    const LevelOperator op = levelOperator(equation_, k_, level);
    if (u.gridSize >= 0) glUniform2i(u.gridSize, l.width, l.height);
    if (u.inverseGridSize >= 0)
        glUniform2f(u.inverseGridSize, 1.0f / static_cast<float>(l.width), 1.0f / static_cast<float>(l.height));
    if (u.rhsScale >= 0) glUniform1f(u.rhsScale, op.rhsScale);
    if (u.alpha >= 0) glUniform1f(u.alpha, op.alpha);
    if (u.inverseDenominator >= 0) glUniform1f(u.inverseDenominator, op.inverseDenominator);
    if (u.weight >= 0) glUniform1f(u.weight, op.weight);
    if (u.lidSpeed >= 0) glUniform1f(u.lidSpeed, op.lidSpeed);
}

void GpuMultigrid::smooth(int level, bool zeroGuess)
{
    gl::PingPong& x = iterateOf(level);
    if (level == 0 && startFromZero_) {
        zeroGuess = true;
        startFromZero_ = false;
    }
    const gl::Program& program = zeroGuess ? smoothFromZero_ : smooth_;
    program.use();
    bindSolid(level);
    setLevelUniforms(zeroGuess ? smoothFromZeroUniforms_ : smoothUniforms_, level);
    x.read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

void GpuMultigrid::restrictResidual(int level)
{
    restrict_.use();
    bindSolid(level);
    setLevelUniforms(restrictUniforms_, level);  // the fine level's: its boundary rule applies
    const MultigridLevel& fine = levels_[static_cast<std::size_t>(level)];
    const MultigridLevel& coarse = levels_[static_cast<std::size_t>(level + 1)];
    glUniform2i(restrictUniforms_.extraChild, extraChild(fine.width, coarse.width),
                extraChild(fine.height, coarse.height));
    iterateOf(level).read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(rhs_[static_cast<std::size_t>(level + 1)], *emptyVertexArray_);
}

void GpuMultigrid::prolongCorrection(int level)
{
    gl::PingPong& x = iterateOf(level);
    prolong_.use();
    bindSolid(level + 1);
    setLevelUniforms(prolongUniforms_, level + 1);  // the coarse level's: its ghosts are read
    x.read().bindTexture(kIterateUnit);
    iterate_[static_cast<std::size_t>(level + 1)].read().bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

}  // namespace fluid::sim
