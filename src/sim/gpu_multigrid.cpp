#include "sim/gpu_multigrid.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/coarse_solve.hpp"
#include "core/solid_mask.hpp"
#include "gl/errors.hpp"
#include "shaders/shader_sources.hpp"
#include "sim/pass_program.hpp"

namespace fluid::sim {

namespace {

// Texture units, as the program table's rows give them.
constexpr GLuint kIterateUnit = units::kFirst;
constexpr GLuint kSecondUnit = units::kSecond;  // the right-hand side, or the coarse correction
constexpr GLuint kPairsUnit = units::kThird;    // level 0's pairs (bindPacked)

// Level 0 of the viscous solve on the staggered layout is the face grid:
// its passes are the STAGGERED variants (multigrid.glsl), the levels below
// stay cell-centred.
Defines levelZeroLayout(MultigridEquation equation, const PassConstants& k)
{
    return Defines{}.with(Define::Staggered, equation == MultigridEquation::Viscous && k.staggered);
}

gl::Wrap wrapOf(BoundaryMode boundary)
{
    return boundary == BoundaryMode::Periodic ? gl::Wrap::Repeat : gl::Wrap::ClampToEdge;
}

}  // namespace

GpuMultigrid::GpuMultigrid(int width, int height, BoundaryMode boundary, const PassConstants& k,
                           MultigridEquation equation)
    : levels_(levelsFor(equation, width, height)), k_(k), equation_(equation)
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
    const bool faces = levelZeroLayout(equation_, k) != Defines{};
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
    if (equation_ == MultigridEquation::Pressure) coarsestSolid_ = pyramid.back();
    if (!obstacles_) {
        obstacles_ = true;
        buildPrograms(boundary_);
    } else {
        uploadCoarsestInverse();
    }
}

void GpuMultigrid::clearObstacles()
{
    if (!obstacles_) return;
    obstacles_ = false;
    coarsestSolid_ = Field();
    buildPrograms(boundary_);
}

void GpuMultigrid::bindSolid(int level) const
{
    if (obstacles_) solid_[static_cast<std::size_t>(level)].bindTexture(kSolidUnit);
}

void GpuMultigrid::buildPrograms(BoundaryMode boundary)
{
    const bool viscous = equation_ == MultigridEquation::Viscous;
    using D = Define;
    const Defines equation = Defines{}.with(D::Obstacles, obstacles_).with(D::Viscous, viscous);
    cells_ = unpackedPrograms(boundary, equation);
    smoothTwice_ = SpecProgram(programs::smooth, boundary, equation.with(D::TwoSweeps));
    smoothTwiceFromZero_ = SpecProgram(programs::smooth, boundary, equation.with(D::TwoSweeps).with(D::ZeroGuess));
    boundary_ = boundary;

    // Level 0 on faces, drawn with level 0's uniforms.
    const Defines faces = equation | levelZeroLayout(equation_, k_);
    faces_ = faces != equation;
    faceLevel_ = faces_ ? unpackedPrograms(boundary, faces) : UnpackedPrograms();

    // The packed level 0: the pressure's, where the width allows it.
    const bool packs = !viscous && levels_[0].width % 4 == 0 && levels_.size() > 1;
    const Defines weighted{D::Weighted};
    const auto packedRow = [&](const ProgramSpec& row, Defines defines) {
        return packs ? SpecProgram(row, boundary, defines) : SpecProgram();
    };
    packedSmooth_ = packedRow(programs::smoothPacked, weighted);
    packedSmoothFromZero_ = packedRow(programs::smoothPacked, weighted.with(D::ZeroGuess));
    packedSmoothTwice_ = packedRow(programs::smoothPacked, weighted.with(D::TwoSweeps));
    packedSmoothTwiceFromZero_ = packedRow(programs::smoothPacked, weighted.with(D::TwoSweeps).with(D::ZeroGuess));
    packedRestrict_ = packedRow(programs::restrictResidualPacked, {});
    packedProlong_ = packedRow(programs::prolongCorrectionPacked, {});
    packedRestrictPacked_ = packedRow(programs::restrictResidualPacked, {D::PackedCoarse});
    packedProlongPacked_ = packedRow(programs::prolongCorrectionPacked, {D::PackedCoarse});
    // Level 0 two packed texels a fragment (bindPacked's pairs): its double
    // sweeps to the pairs' two layers, and the passes that read them.
    const Defines paired = weighted.with(D::TwoSweeps).with(D::Paired).with(D::TwoOutputs);
    pairedSmoothFromPacked_ = packedRow(programs::smoothPacked, paired);
    pairedSmooth_ = packedRow(programs::smoothPacked, paired.with(D::ReadsPairs));
    const Defines pairedFour = weighted.with(D::FourSweeps).with(D::Paired).with(D::TwoOutputs);
    pairedSmoothFourFromPacked_ = packedRow(programs::smoothPacked, pairedFour);
    pairedSmoothFour_ = packedRow(programs::smoothPacked, pairedFour.with(D::ReadsPairs));
    pairedRestrict_ = packedRow(programs::restrictResidualPacked, {D::ReadsPairs});
    pairedRestrictPacked_ = packedRow(programs::restrictResidualPacked, {D::ReadsPairs, D::PackedCoarse});
    pairedProlong_ = packedRow(programs::prolongCorrectionPacked, {D::ReadsPairs});
    pairedProlongPacked_ = packedRow(programs::prolongCorrectionPacked, {D::ReadsPairs, D::PackedCoarse});

    // The viscous faces two cells a texel, where the layout has faces.
    const bool packsFaces = viscous && faces_ && levels_[0].width % 2 == 0 &&
                            (boundary == BoundaryMode::Box || boundary == BoundaryMode::Periodic);
    const auto facesRow = [&](Defines defines) {
        return packsFaces ? SpecProgram(programs::smoothFacesPacked, boundary, defines) : SpecProgram();
    };
    facesFirst_ = facesRow({D::FromCells, D::TwoOutputs});
    facesMiddle_ = facesRow({});
    facesLast_ = facesRow({D::ToCells});
    setPackedFacesWrap();  // where a solve made them: the new rule's wrap

    // The pressure's coarsest level: one draw, no boundary define (M holds the rule).
    if (!viscous) {
        solveCoarsest_ = SpecProgram(programs::solveCoarsest, BoundaryMode::Box);
        uploadCoarsestInverse();
    }

    // The passes read the levels through the sampler, whose wrap mode is the
    // boundary rule (level 0's textures are the solver's, which sets theirs).
    const gl::Wrap wrap = wrapOf(boundary);
    for (std::size_t l = 1; l < levels_.size(); ++l) {
        iterate_[l].read().setWrap(wrap);
        iterate_[l].write().setWrap(wrap);
        rhs_[l].setWrap(wrap);
    }
    for (gl::RenderTarget& mask : solid_) mask.setWrap(wrap);
    // The samplers never change, so they are set here; every other uniform
    // depends on the level and is set at each draw (setLevelUniforms).
    for (const SpecProgram* p : specPrograms())
        if (*p) p->setSamplers();
    buildSmallLevels();
    choosePackedLevels();
    glUseProgram(0);
}

void GpuMultigrid::allowSmallLevels(bool allowed)
{
    smallLevelsAllowed_ = allowed;
    buildSmallLevels();
    choosePackedLevels();
    glUseProgram(0);
}

void GpuMultigrid::allowPackedCoarseLevels(bool allowed)
{
    packedCoarseAllowed_ = allowed;
    choosePackedLevels();
}

bool GpuMultigrid::halvesPacked(int level) const
{
    const MultigridLevel& fine = levels_[static_cast<std::size_t>(level)];
    const MultigridLevel& coarse = levels_[static_cast<std::size_t>(level + 1)];
    return fine.width == 2 * coarse.width && 2 * coarse.height >= fine.height;
}

void GpuMultigrid::choosePackedLevels()
{
    packedDepth_ = 1;
    if (!packedSmooth_) return;
    const int coarsest = levelCount() - 1;
    while (packedCoarseAllowed_ && packedDepth_ < std::min(smallStart_, coarsest) &&
           levels_[static_cast<std::size_t>(packedDepth_)].width % 4 == 0 && halvesPacked(packedDepth_ - 1) &&
           halvesPacked(packedDepth_))
        ++packedDepth_;
    packedIterate_.resize(static_cast<std::size_t>(packedDepth_));
    packedRhs_.resize(static_cast<std::size_t>(packedDepth_));
    const gl::Wrap wrap = wrapOf(boundary_);
    for (std::size_t l = 1; l < packedIterate_.size(); ++l) {
        const int texels = levels_[l].width / 4;
        if (packedRhs_[l].width() != texels) {
            packedIterate_[l] =
                gl::PingPong(texels, levels_[l].height, gl::TextureFormat::RGBA32F, "multigrid iterate, packed");
            packedRhs_[l] =
                gl::RenderTarget(texels, levels_[l].height, gl::TextureFormat::RGBA32F, "multigrid rhs, packed");
        }
        packedIterate_[l].read().setWrap(wrap);
        packedIterate_[l].write().setWrap(wrap);
        packedRhs_[l].setWrap(wrap);
    }
}

void GpuMultigrid::buildSmallLevels()
{
    smallLevels_ = gl::Program();
    smallStart_ = levelCount();
    const bool periodic = boundary_ == BoundaryMode::Periodic;
    if (equation_ != MultigridEquation::Pressure || obstacles_ || !(periodic || boundary_ == BoundaryMode::Box) ||
        !smallLevelsAllowed_ || !gl::computeShadersAvailable())
        return;
    static_assert(MultigridSchedule::kPreSmooth == 2 && MultigridSchedule::kPostSmooth == 2,
                  "small_levels.comp smooths twice each way");
    const int coarsest = levelCount() - 1;
    int start = 1;
    while (start < coarsest &&
           levels_[static_cast<std::size_t>(start)].width * levels_[static_cast<std::size_t>(start)].height >
               kSmallLevelsMaxStartCells)
        ++start;
    if (start >= coarsest || coarsest - start + 1 > kSmallLevelsMaxLevels) return;  // nothing to take at once
    int cells = 0;
    for (int l = start; l <= coarsest; ++l)
        cells += levels_[static_cast<std::size_t>(l)].width * levels_[static_cast<std::size_t>(l)].height;
    if (cells > kSmallLevelsSharedCells) return;

    std::string variant = periodic ? "#define PERIODIC 1\n" : "";
    variant += "#define MAX_LEVELS " + std::to_string(kSmallLevelsMaxLevels) + "\n";
    variant += "#define SHARED_CELLS " + std::to_string(kSmallLevelsSharedCells) + "\n";
    try {
        smallLevels_ = gl::Program::buildCompute(
            {gl::SourceFile{"variant", variant},
             gl::SourceFile{"small_levels.comp", std::string(shaders::source("small_levels.comp"))}});
    } catch (const gl::GlError& error) {
        // A driver that has GL 4.3 but not this shader: the fragment passes do it all.
        gl::warn(std::string("the multigrid's small levels run pass by pass: ") + error.what());
        smallLevels_ = gl::Program();
        return;
    }
    smallStart_ = start;
    smallWeight_ = smallLevels_.requiredUniform("uWeight");
    smallRhsScale_ = smallLevels_.requiredUniform("uRhsScale");
    // What does not change over the pyramid's life: the levels' sizes, the
    // third children, the samplers' units.
    smallLevels_.use();
    glUniform1i(smallLevels_.requiredUniform("uLevelCount"), coarsest - start + 1);
    for (int l = start; l <= coarsest; ++l) {
        const MultigridLevel& level = levels_[static_cast<std::size_t>(l)];
        const auto element = [&](const char* array) {
            std::string name(array);
            name += '[';
            name += std::to_string(l - start);
            name += ']';
            return name;
        };
        glUniform2i(smallLevels_.requiredUniform(element("uSize").c_str()), level.width, level.height);
        if (l == coarsest) continue;
        const MultigridLevel& below = levels_[static_cast<std::size_t>(l + 1)];
        glUniform2i(smallLevels_.uniform(element("uExtraChild").c_str()), extraChild(level.width, below.width),
                    extraChild(level.height, below.height));
    }
    glUniform1f(smallLevels_.requiredUniform("uZero"), 0.0f);
    glUniform1i(smallLevels_.requiredUniform("uRhs"), static_cast<GLint>(kIterateUnit));
    glUniform1i(smallLevels_.requiredUniform("uInverse"), static_cast<GLint>(kSecondUnit));
}

void GpuMultigrid::cycleSmallLevels(int level)
{
    if (level != smallStart_ || !smallLevels_.id())
        throw std::logic_error("GpuMultigrid::cycleSmallLevels(): level " + std::to_string(level) +
                               " is not where the small levels start");
    const LevelOperator op = levelOperator(equation_, k_, level);
    smallLevels_.use();
    glUniform1f(smallWeight_, op.weight);
    glUniform1f(smallRhsScale_, op.rhsScale);
    rhs_[static_cast<std::size_t>(level)].bindTexture(kIterateUnit);
    coarsestInverse_.bindTexture(kSecondUnit);
    gl::PingPong& x = iterate_[static_cast<std::size_t>(level)];
    glBindImageTexture(0, x.write().texture(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    glDispatchCompute(1, 1, 1);
    // The passes after it read the iterate through samplers, and later ones render into it.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);  // no image left bound to a level
    countDispatch();
    x.swap();
}

GpuMultigrid::UnpackedPrograms GpuMultigrid::unpackedPrograms(BoundaryMode boundary, Defines defines)
{
    return {SpecProgram(programs::smooth, boundary, defines),
            SpecProgram(programs::smooth, boundary, defines.with(Define::ZeroGuess)),
            SpecProgram(programs::restrictResidual, boundary, defines),
            SpecProgram(programs::prolongCorrection, boundary, defines)};
}

std::vector<const SpecProgram*> GpuMultigrid::specPrograms() const
{
    std::vector<const SpecProgram*> all = {&smoothTwice_,
                                           &smoothTwiceFromZero_,
                                           &packedSmooth_,
                                           &packedSmoothFromZero_,
                                           &packedSmoothTwice_,
                                           &packedSmoothTwiceFromZero_,
                                           &packedRestrict_,
                                           &packedProlong_,
                                           &packedRestrictPacked_,
                                           &packedProlongPacked_,
                                           &pairedSmoothFromPacked_,
                                           &pairedSmooth_,
                                           &pairedSmoothFourFromPacked_,
                                           &pairedSmoothFour_,
                                           &pairedRestrict_,
                                           &pairedRestrictPacked_,
                                           &pairedProlong_,
                                           &pairedProlongPacked_,
                                           &facesFirst_,
                                           &facesMiddle_,
                                           &facesLast_,
                                           &solveCoarsest_};
    for (const UnpackedPrograms* set : {&cells_, &faceLevel_})
        for (const SpecProgram* p :
             {&set->smooth, &set->smoothFromZero, &set->restrictResidual, &set->prolongCorrection})
            all.push_back(p);
    return all;
}

void GpuMultigrid::bind(gl::PingPong& iterate, const gl::RenderTarget& rhs, const gl::VertexArray& emptyVertexArray,
                        FirstSweep first)
{
    iterate0_ = &iterate;
    rhs0_ = &rhs;
    pairs0_ = nullptr;
    level0InPairs_ = false;
    emptyVertexArray_ = &emptyVertexArray;
    firstSweep_ = first;
    packed_ = false;
}

FirstSweep GpuMultigrid::takeFirstSweep(int level)
{
    if (level != 0) return FirstSweep::FromIterate;
    const FirstSweep first = firstSweep_;
    firstSweep_ = FirstSweep::FromIterate;
    return first;
}

void GpuMultigrid::bindPacked(gl::PingPong& packedIterate, const gl::RenderTarget& packedRhs,
                              const gl::VertexArray& emptyVertexArray, gl::PingPong* pairs)
{
    if (!packedLevelZero())
        throw std::logic_error(
            "GpuMultigrid::bindPacked(): level 0 cannot be packed here (the viscous solve, a "
            "width that is not a multiple of 4, obstacles or the tunnel)");
    if (pairs && (pairs->read().width() * 4 != levels_[0].width || pairs->read().height() * 2 != levels_[0].height ||
                  pairs->read().layers() != 2))
        throw std::logic_error("GpuMultigrid::bindPacked(): the pairs are not (width / 4) x (height / 2), 2 layers");
    bind(packedIterate, packedRhs, emptyVertexArray);
    packed_ = true;
    pairs0_ = pairs;
}

void GpuMultigrid::vCycle(gl::PingPong& iterate, const gl::RenderTarget& rhs, const gl::VertexArray& emptyVertexArray)
{
    bind(iterate, rhs, emptyVertexArray);
    cycle();
}

gl::PingPong& GpuMultigrid::iterateOf(int level)
{
    if (level == 0) return *iterate0_;
    const auto l = static_cast<std::size_t>(level);
    return packedAt(level) ? packedIterate_[l] : iterate_[l];
}

const gl::RenderTarget& GpuMultigrid::rhsOf(int level) const
{
    if (level == 0) return *rhs0_;
    const auto l = static_cast<std::size_t>(level);
    return packedAt(level) ? packedRhs_[l] : rhs_[l];
}

// The level's size and the constants of its equation (src/core/multigrid.hpp),
// for the uniforms the program has (-1, ignored, for the others); a packed
// row's uInverseGridSize is that of its texels, and its uCellSizeSquared
// takes the right-hand side's scale (core/program_specs.hpp).
void GpuMultigrid::setLevelUniforms(const SpecProgram& program, int level) const
{
    namespace u = programs::level_uniform;
    const MultigridLevel& l = levels_[static_cast<std::size_t>(level)];
    const LevelOperator op = levelOperator(equation_, k_, level);
    glUniform2i(program.perDraw(u::kGridSize), l.width, l.height);
    glUniform2f(program.perDraw(u::kInverseGridSize),
                static_cast<float>(program.spec()->cellsPerTexel) / static_cast<float>(l.width),
                1.0f / static_cast<float>(l.height));
    glUniform1f(program.perDraw(u::kRhsScale), op.rhsScale);
    glUniform1f(program.perDraw(u::kAlpha), op.alpha);
    glUniform1f(program.perDraw(u::kInverseDenominator), op.inverseDenominator);
    glUniform1f(program.perDraw(u::kWeight), op.weight);
    glUniform1f(program.perDraw(u::kLidSpeed), op.lidSpeed);
    glUniform1f(program.perDraw(u::kZero), 0.0f);  // smooth.frag's, two sweeps from zero
    if (program.perDraw(u::kCoarseSize) >= 0) {
        const MultigridLevel& coarse = levels_[static_cast<std::size_t>(level + 1)];
        glUniform2i(program.perDraw(u::kCoarseSize), coarse.width, coarse.height);
    }
}

void GpuMultigrid::smooth(int level, bool zeroGuess)
{
    if (level == 0 && pairs0_)
        throw std::logic_error("GpuMultigrid::smooth(): level 0 is bound with pairs, which sweep twice a draw");
    if (packedAt(level)) {  // the pressure's level 0 is bound FromIterate
        drawPackedSmooth(zeroGuess ? packedSmoothFromZero_ : packedSmooth_, level);
        return;
    }
    smoothUnpacked(level, zeroGuess, std::nullopt);
}

void GpuMultigrid::smooth(int level, bool zeroGuess, float weight)
{
    if (packedAt(level))
        throw std::logic_error("GpuMultigrid::smooth(): a weight of its own on the packed level " +
                               std::to_string(level));
    smoothUnpacked(level, zeroGuess, weight);
}

void GpuMultigrid::smoothUnpacked(int level, bool zeroGuess, std::optional<float> weight)
{
    const FirstSweep first = takeFirstSweep(level);
    zeroGuess = zeroGuess || first == FirstSweep::FromZero;
    const UnpackedPrograms& set = unpackedAt(level);
    drawSmooth(zeroGuess ? set.smoothFromZero : set.smooth, level, weight, first == FirstSweep::FromRhs);
}

void GpuMultigrid::smoothTwice(int level, bool zeroGuess)
{
    const bool firstOfLevelZero = level == 0 && firstSweep_ != FirstSweep::FromIterate;
    if (!smoothsTwice(level) || firstOfLevelZero) {  // level 0's first sweep: the viscous solve's, unpacked
        smooth(level, zeroGuess);
        smooth(level, false);
    } else if (level == 0 && pairs0_) {
        smoothPairedLevelZero(false);
    } else if (packedAt(level)) {
        drawPackedSmooth(zeroGuess ? packedSmoothTwiceFromZero_ : packedSmoothTwice_, level);
    } else {
        drawSmooth(zeroGuess ? smoothTwiceFromZero_ : smoothTwice_, level);
    }
}

void GpuMultigrid::drawSmooth(const SpecProgram& program, int level, std::optional<float> weight, bool iterateIsRhs)
{
    gl::PingPong& x = iterateOf(level);
    program.use();
    bindSolid(level);
    setLevelUniforms(program, level);
    if (weight) glUniform1f(program.perDraw(programs::level_uniform::kWeight), *weight);
    (iterateIsRhs ? rhsOf(level) : x.read()).bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

void GpuMultigrid::drawPackedSmooth(const SpecProgram& program, int level)
{
    gl::PingPong& x = iterateOf(level);
    program.use();
    setLevelUniforms(program, level);
    x.read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

void GpuMultigrid::smoothFourTimes(int level)
{
    if (!smoothsFourTimes(level))
        throw std::logic_error("GpuMultigrid::smoothFourTimes(): level " + std::to_string(level) +
                               " is not level 0 bound with pairs");
    smoothPairedLevelZero(true);
}

// Level 0's double (or fourfold) sweep into the pairs: from the packed
// iterate where the last pass left it there (the bind, a prolongation),
// else from the pairs.
void GpuMultigrid::smoothPairedLevelZero(bool fourTimes)
{
    const SpecProgram& program = fourTimes ? (level0InPairs_ ? pairedSmoothFour_ : pairedSmoothFourFromPacked_)
                                           : (level0InPairs_ ? pairedSmooth_ : pairedSmoothFromPacked_);
    program.use();
    setLevelUniforms(program, 0);
    iterate0_->read().bindTexture(kIterateUnit);
    rhsOf(0).bindTexture(kSecondUnit);
    pairs0_->read().bindTexture(kPairsUnit);
    drawFullscreen(pairs0_->write(), *emptyVertexArray_);
    pairs0_->swap();
    level0InPairs_ = true;
}

void GpuMultigrid::restrictResidual(int level)
{
    if (packedAt(level)) {  // drawn at the coarse level's size, with the fine level's uniforms
        const bool fromPairs = level == 0 && level0InPairs_;
        const SpecProgram& program = packedAt(level + 1) ? (fromPairs ? pairedRestrictPacked_ : packedRestrictPacked_)
                                                         : (fromPairs ? pairedRestrict_ : packedRestrict_);
        program.use();
        setLevelUniforms(program, level);
        (fromPairs ? pairs0_->read() : iterateOf(level).read()).bindTexture(kIterateUnit);
        rhsOf(level).bindTexture(kSecondUnit);
        drawFullscreen(rhsOf(level + 1), *emptyVertexArray_);
        return;
    }
    const SpecProgram& program = unpackedAt(level).restrictResidual;
    program.use();
    bindSolid(level);
    setLevelUniforms(program, level);  // the fine level's: its boundary rule applies
    if (!onFaces(level)) {             // no third child below the faces (multigridLevels)
        const MultigridLevel& fine = levels_[static_cast<std::size_t>(level)];
        const MultigridLevel& coarse = levels_[static_cast<std::size_t>(level + 1)];
        glUniform2i(program.perDraw(programs::level_uniform::kExtraChild), extraChild(fine.width, coarse.width),
                    extraChild(fine.height, coarse.height));
    }
    iterateOf(level).read().bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(rhs_[static_cast<std::size_t>(level + 1)], *emptyVertexArray_);
}

void GpuMultigrid::prolongCorrection(int level)
{
    gl::PingPong& x = iterateOf(level);
    if (packedAt(level)) {  // level 0 in pairs: read from them, written packed
        const bool fromPairs = level == 0 && level0InPairs_;
        const SpecProgram& program = packedAt(level + 1) ? (fromPairs ? pairedProlongPacked_ : packedProlongPacked_)
                                                         : (fromPairs ? pairedProlong_ : packedProlong_);
        program.use();
        setLevelUniforms(program, level);
        (fromPairs ? pairs0_->read() : x.read()).bindTexture(kIterateUnit);
        iterateOf(level + 1).read().bindTexture(kSecondUnit);
        drawFullscreen(x.write(), *emptyVertexArray_);
        x.swap();
        if (level == 0) level0InPairs_ = false;
        return;
    }
    // The coarse level's uniforms and mask: its ghosts are read. On the faces,
    // level 0's (its faces are shut as written), the coarse size as uCoarseSize.
    const SpecProgram& program = unpackedAt(level).prolongCorrection;
    const int uniformsOf = onFaces(level) ? level : level + 1;
    program.use();
    bindSolid(uniformsOf);
    setLevelUniforms(program, uniformsOf);
    x.read().bindTexture(kIterateUnit);
    iterate_[static_cast<std::size_t>(level + 1)].read().bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

void GpuMultigrid::setPackedFacesWrap()
{
    if (packedFacesRhs_.width() == 0) return;
    const gl::Wrap wrap = wrapOf(boundary_);
    for (gl::RenderTarget* t : {&packedFaces_.read(), &packedFaces_.write(), &packedFacesRhs_}) t->setWrap(wrap);
}

bool GpuMultigrid::packsFaces() const
{
    return facesFirst_ && packedFacesAllowed_ && !obstacles_;
}

void GpuMultigrid::chebyshevSweepsOnPackedFaces(double a, int sweeps)
{
    if (!packsFaces() || sweeps < 2 || firstSweep_ != FirstSweep::FromRhs)
        throw std::logic_error("GpuMultigrid::chebyshevSweepsOnPackedFaces(): not on packed faces here (" +
                               std::to_string(sweeps) + " sweeps)");
    firstSweep_ = FirstSweep::FromIterate;
    const MultigridLevel& grid = levels_[0];
    if (packedFacesRhs_.width() != grid.width / 2) {
        packedFaces_ = gl::PingPong(grid.width / 2, grid.height, gl::TextureFormat::RGBA32F, "viscous faces, packed");
        packedFacesRhs_ =
            gl::RenderTarget(grid.width / 2, grid.height, gl::TextureFormat::RGBA32F, "viscous rhs, packed");
        facesPair_ = gl::TwoTargets::create();
        for (const gl::RenderTarget* x : {&packedFaces_.read(), &packedFaces_.write()})
            facesPair_.check(*x, packedFacesRhs_, "the viscous faces, packed");
        setPackedFacesWrap();
    }
    gl::PingPong& velocity = *iterate0_;
    for (int k = 0; k < sweeps; ++k) {
        const bool last = k + 1 == sweeps;
        const SpecProgram& program = k == 0 ? facesFirst_ : last ? facesLast_ : facesMiddle_;
        program.use();
        setLevelUniforms(program, 0);
        glUniform1f(program.perDraw(programs::level_uniform::kWeight), chebyshevWeight(a, sweeps, k));
        if (k == 0) {  // from b as stored: x and b packed
            rhsOf(0).bindTexture(kIterateUnit);
            drawFullscreen(facesPair_, packedFaces_.write(), packedFacesRhs_, *emptyVertexArray_);
            packedFaces_.swap();
            continue;
        }
        packedFaces_.read().bindTexture(kIterateUnit);
        packedFacesRhs_.bindTexture(kSecondUnit);
        drawFullscreen(last ? velocity.write() : packedFaces_.write(), *emptyVertexArray_);
        if (last)
            velocity.swap();
        else
            packedFaces_.swap();
    }
}

void GpuMultigrid::uploadCoarsestInverse()
{
    const MultigridLevel& coarsest = levels_.back();
    const int cells = coarsest.width * coarsest.height;
    const std::vector<float> m =
        coarsestInverse(coarsest, boundary_, coarsestSolid_.size() > 0 ? &coarsestSolid_ : nullptr);
    if (coarsestInverse_.width() != cells)
        coarsestInverse_ = gl::RenderTarget(cells, cells, gl::TextureFormat::R32F, "multigrid coarsest inverse");
    coarsestInverse_.upload(m.data());
}

void GpuMultigrid::solveCoarsest(int level)
{
    gl::PingPong& x = iterateOf(level);
    solveCoarsest_.use();
    setLevelUniforms(solveCoarsest_, level);
    coarsestInverse_.bindTexture(kIterateUnit);
    rhsOf(level).bindTexture(kSecondUnit);
    drawFullscreen(x.write(), *emptyVertexArray_);
    x.swap();
}

}  // namespace fluid::sim
