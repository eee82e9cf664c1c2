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

void GpuMultigrid::setConstants(const PassConstants& k)
{
    k_ = k;
    const bool faces = equation_ == MultigridEquation::Viscous && k.staggered;
    if (faces != faces_) buildPrograms(boundary_);  // a compile: only when the layout changes
}

void GpuMultigrid::setBoundary(BoundaryMode boundary)
{
    if (boundary != boundary_) buildPrograms(boundary);
}

void GpuMultigrid::setObstacles(const Field& mask)
{
    const std::vector<Field> pyramid = solidPyramid(mask, levels_, coarseSolidRule(equation_));
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

    buildFacePrograms(equation);
    glUseProgram(0);
}

// Level 0 of the viscous solve on the staggered layout: the STAGGERED variants
// (multigrid.glsl), drawn with level 0's uniforms; which of the grid's
// uniforms a variant reads depends on the rule (the lid in the box, the
// inflow in the tunnel, the mask with obstacles), so those are looked up, not
// required. Every pass and its operator constants are required.
void GpuMultigrid::buildFacePrograms(const std::string& equation)
{
    faces_ = equation_ == MultigridEquation::Viscous && k_.staggered;
    for (gl::Program* p : {&faceSmooth_, &faceSmoothFromZero_, &faceRestrict_, &faceProlong_}) *p = gl::Program();
    if (!faces_) return;
    const std::string faces = equation + "#define STAGGERED 1\n";
    const std::string zeroGuess = faces + "#define ZERO_GUESS 1\n";
    const char* header = "multigrid.glsl";
    faceSmooth_ = buildPass("smooth.frag", boundary_, faces.c_str(), header);
    faceSmoothFromZero_ = buildPass("smooth.frag", boundary_, zeroGuess.c_str(), header);
    faceRestrict_ = buildPass("restrict_residual.frag", boundary_, faces.c_str(), header);
    faceProlong_ = buildPass("prolong_correction.frag", boundary_, faces.c_str(), header);
    const auto lookUp = [](const gl::Program& p, const char* second) {
        Uniforms u;
        p.use();
        glUniform1i(p.uniform("uSolid"), static_cast<GLint>(kSolidUnit));
        glUniform1i(p.uniform("uIterate"), kIterateUnit);  // -1 in the zero-guess sweep
        glUniform1i(p.requiredUniform(second), kSecondUnit);
        u.gridSize = p.uniform("uGridSize");
        u.inverseGridSize = p.uniform("uInverseGridSize");
        u.lidSpeed = p.uniform("uLidSpeed");
        u.alpha = p.uniform("uAlpha");
        u.inverseDenominator = p.uniform("uInverseDenominator");
        u.weight = p.uniform("uWeight");
        u.coarseSize = p.uniform("uCoarseSize");
        return u;
    };
    faceSmoothUniforms_ = lookUp(faceSmooth_, "uRhs");
    faceSmoothUniforms_.gridSize = faceSmooth_.requiredUniform("uGridSize");
    faceSmoothUniforms_.alpha = faceSmooth_.requiredUniform("uAlpha");
    faceSmoothUniforms_.weight = faceSmooth_.requiredUniform("uWeight");
    faceSmoothFromZeroUniforms_ = lookUp(faceSmoothFromZero_, "uRhs");
    faceSmoothFromZeroUniforms_.inverseDenominator = faceSmoothFromZero_.requiredUniform("uInverseDenominator");
    faceRestrictUniforms_ = lookUp(faceRestrict_, "uRhs");
    faceRestrictUniforms_.alpha = faceRestrict_.requiredUniform("uAlpha");
    faceProlongUniforms_ = lookUp(faceProlong_, "uCorrection");
    faceProlongUniforms_.coarseSize = faceProlong_.requiredUniform("uCoarseSize");
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
    if (u.coarseSize >= 0) {
        const MultigridLevel& coarse = levels_[static_cast<std::size_t>(level + 1)];
        glUniform2i(u.coarseSize, coarse.width, coarse.height);
    }
}

void GpuMultigrid::smooth(int level, bool zeroGuess)
{
    gl::PingPong& x = iterateOf(level);
    if (level == 0 && startFromZero_) {
        zeroGuess = true;
        startFromZero_ = false;
    }
    const bool faces = onFaces(level);
    const gl::Program& program =
        zeroGuess ? (faces ? faceSmoothFromZero_ : smoothFromZero_) : (faces ? faceSmooth_ : smooth_);
    program.use();
    bindSolid(level);
    setLevelUniforms(zeroGuess ? (faces ? faceSmoothFromZeroUniforms_ : smoothFromZeroUniforms_)
                               : (faces ? faceSmoothUniforms_ : smoothUniforms_),
                     level);
    x.read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

void GpuMultigrid::restrictResidual(int level)
{
    if (onFaces(level)) {
        faceRestrict_.use();
        bindSolid(0);
        setLevelUniforms(faceRestrictUniforms_, 0);  // no third child below level 0 (multigridLevels)
        iterateOf(0).read().bindTexture(kIterateUnit);
        rhsOf(0).bindTexture(kSecondUnit);
        drawFullscreen(rhs_[1], *emptyVertexArray_);
        return;
    }
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
    if (onFaces(level)) {
        // Level 0's uniforms and mask (its faces are shut as written), the
        // coarse level's size as uCoarseSize.
        faceProlong_.use();
        bindSolid(0);
        setLevelUniforms(faceProlongUniforms_, 0);
    } else {
        prolong_.use();
        bindSolid(level + 1);
        setLevelUniforms(prolongUniforms_, level + 1);  // the coarse level's: its ghosts are read
    }
    x.read().bindTexture(kIterateUnit);
    iterate_[static_cast<std::size_t>(level + 1)].read().bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

}  // namespace fluid::sim
