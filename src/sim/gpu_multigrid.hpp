// GpuMultigrid: a multigrid solve on the GPU, a texture pyramid below the
// solver's iterate and right-hand side and the three passes of
// src/core/multigrid.hpp (smooth, restrict_residual,
// prolong_correction), for one of its two equations: the pressure (R32F levels)
// or the implicit viscous step (RG32F levels, the passes built with VISCOUS).
// The V-cycle is fluid::runVCycle, shared with the CPU reference
// (reference::CpuMultigrid), so both walk the pyramid alike. On the staggered
// layout the viscous solve's level 0 is the face grid: its three passes are
// the STAGGERED variants (the levels below stay cell-centred).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/field.hpp"
#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "gl/handle.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "sim/spec_program.hpp"

namespace fluid::sim {

class GpuMultigrid {
public:
    GpuMultigrid() = default;  // empty
    // Allocates the levels below a width x height grid and builds the passes
    // for `boundary`. Throws gl::GlError when a shader or framebuffer fails.
    GpuMultigrid(int width, int height, BoundaryMode boundary, const PassConstants& k,
                 MultigridEquation equation = MultigridEquation::Pressure);

    // Rebuilds the passes for another boundary rule (a compile, so only on a change).
    void setBoundary(BoundaryMode boundary);
    // Obstacles: mask is level 0's (the grid's size, 1 = solid); every level's
    // is derived from it (src/core/solid_mask.hpp) and uploaded. The first
    // call rebuilds the passes with OBSTACLES, clearObstacles() without.
    void setObstacles(const Field& mask);
    void clearObstacles();

    // The grid's constants (h^2, a, the lid, the layout), from which each
    // level's are made. A change of layout rebuilds the viscous passes.
    void setConstants(const PassConstants& k);

    // Level 0 of the next passes: the solver's iterate (updated in place) and
    // right-hand side; `first`: what the first sweep on level 0 reads as its
    // iterate (FirstSweep). vCycle() binds them itself. The
    // passes read through the sampler: level 0's textures must carry the
    // boundary rule as their wrap mode (RenderTarget::setWrap), as GpuSolver's do.
    void bind(gl::PingPong& iterate, const gl::RenderTarget& rhs, const gl::VertexArray& emptyVertexArray,
              FirstSweep first = FirstSweep::FromIterate);
    // The pressure's level 0 held packed instead (pack.frag's layout: four
    // cells of a row a texel, RGBA32F, (width / 4) x height): the solver's
    // packed pressure and divergence, their wrap mode the rule. Level 0's
    // passes are then the packed rows (core/program_specs.hpp), two sweeps a
    // draw, the same values. Only where packedLevelZero(): the pressure's
    // pyramid on a grid whose width is a multiple of 4, without obstacles
    // and outside the tunnel (the packed passes know the box's and the
    // periodic rule's ghosts only).
    // The levels below it are then held packed too, down to packedLevels()
    // - 1 (their own textures): on llvmpipe a quarter of the fragments cost
    // less than the draw's cells did (docs/algorithm.md §3.7a).
    // With `pairs` (the solver's: (width / 4) x (height / 2), 2 layers,
    // the boundary's wrap mode; the height even), level 0's double sweeps
    // run two texels a fragment (pressure_packed.frag's PAIRED, WEIGHTED):
    // the first reads the packed iterate and writes the pairs, the
    // restriction reads the pairs, the prolongation reads them and writes
    // the packed iterate, which the next sweeps read. A cycle ends with a
    // double sweep, so it leaves level 0 in `pairs` (level0InPairs()). The
    // same values.
    void bindPacked(gl::PingPong& packedIterate, const gl::RenderTarget& packedRhs,
                    const gl::VertexArray& emptyVertexArray, gl::PingPong* pairs = nullptr);
    // Whether level 0's iterate is now in the pairs bound (not the packed one).
    bool level0InPairs() const { return level0InPairs_; }
    bool packedLevelZero() const { return packedSmooth_ && !obstacles_ && !isTunnel(boundary_); }
    // The levels held packed while level 0 is bound packed: 0 .. packedLevels()
    // - 1. A level below level 0 is, where its width is a multiple of 4, the
    // level above it is packed, it is exactly half as wide as that one and
    // has no third child row below it (multigridLevels), and neither the
    // compute dispatch (smallLevelsStart()) nor the coarsest solve takes it.
    int packedLevels() const { return packedLevelZero() ? packedDepth_ : 0; }
    // Tests: level 0 alone packed (false), as before the levels below were.
    void allowPackedCoarseLevels(bool allowed);

    // The viscous solve's Chebyshev-weighted sweeps (runChebyshevSweeps'
    // values) on level 0's faces held two cells a texel
    // (smooth_faces_packed.frag): the first from the faces as stored, the
    // last back to them, the rest packed; the same bits. On what bind()
    // bound, FirstSweep::FromRhs, and at least 2 sweeps. Only where
    // packsFaces(): the viscous solve on the staggered layout, a width that
    // is even, the box or periodic, no obstacles.
    bool packsFaces() const;
    void chebyshevSweepsOnPackedFaces(double a, int sweeps);
    // Tests: the one-cell sweeps instead (false).
    void allowPackedFaces(bool allowed) { packedFacesAllowed_ = allowed; }
    void vCycle(gl::PingPong& iterate, const gl::RenderTarget& rhs, const gl::VertexArray& emptyVertexArray);
    void cycle() { runVCycle(*this, levelCount(), coarsestSweeps(isTunnel(boundary_))); }  // on what bind() bound
    // `n` cycles so (runVCycles: level 0's sweeps between two cycles in one
    // call, four a draw where smoothsFourTimes(0)).
    void cycles(int n) { runVCycles(*this, levelCount(), n, coarsestSweeps(isTunnel(boundary_))); }

    // The passes of the cycle, one at a time (the recipe and the tests call them).
    void smooth(int level, bool zeroGuess);
    // The same sweep under `weight` instead of the level's own (the viscous
    // solve's Chebyshev-weighted sweeps, runChebyshevSweeps). Unpacked only.
    void smooth(int level, bool zeroGuess, float weight);
    void restrictResidual(int level);
    void prolongCorrection(int level);
    // The pressure's coarsest level at once (core/coarse_solve.hpp).
    void solveCoarsest(int level);
    // The small levels cycled at once (runVCycle): from smallLevelsStart()
    // down and back up in one compute dispatch (shaders/small_levels.comp),
    // the values of the passes it replaces. It is the first level of at most
    // kSmallLevelsMaxStartCells cells above the coarsest, for the pressure
    // without obstacles in the box or periodic, where the context has
    // compute shaders (GL 4.3) and allowSmallLevels() allows; otherwise
    // levelCount(): none.
    static constexpr int kSmallLevelsMaxStartCells = 1024;
    static constexpr int kSmallLevelsSharedCells = 1536;  // 18 KiB of shared memory in all (GL 4.3 has 32)
    static constexpr int kSmallLevelsMaxLevels = 8;
    int smallLevelsStart() const { return smallStart_; }
    void cycleSmallLevels(int level);
    // Tests: the passes one by one instead (a rebuild).
    void allowSmallLevels(bool allowed);
    // Two sweeps in one draw (the first from zero where asked): on the levels
    // below level 0, and on level 0 while it is bound packed.
    bool smoothsTwice(int level) const { return level > 0 || packed_; }
    void smoothTwice(int level, bool zeroGuess);
    // Four sweeps in one draw: level 0 bound packed with pairs
    // (pressure_packed.frag's PAIRED with FOUR_SWEEPS).
    bool smoothsFourTimes(int level) const { return level == 0 && pairs0_ != nullptr; }
    void smoothFourTimes(int level);

    int levelCount() const { return static_cast<int>(levels_.size()); }
    const std::vector<MultigridLevel>& levels() const { return levels_; }
    MultigridEquation equation() const { return equation_; }
    // Profiling: each level's work is a lap of `timer` (runVCycle); null: none.
    void setStepTimer(StepTimer* timer) { timer_ = timer; }
    StepTimer* stepTimer() const { return timer_; }
    // Level >= 1 (for tests).
    gl::PingPong& iterate(int level) { return iterate_[static_cast<std::size_t>(level)]; }
    // The level's iterate as the passes hold it now: packed below level 0
    // while it is bound packed, down to packedLevels() - 1 (for tests).
    const gl::PingPong& heldIterate(int level) { return iterateOf(level); }
    gl::RenderTarget& rhs(int level) { return rhs_[static_cast<std::size_t>(level)]; }
    // Its programs (the program table's rows smooth, restrictResidual and
    // prolongCorrection), empty variants included: for the table's test.
    std::vector<const SpecProgram*> specPrograms() const;

private:
    // Level 0 of the viscous solve on the velocity's faces (the staggered layout).
    bool onFaces(int level) const { return level == 0 && faces_; }
    void buildPrograms(BoundaryMode boundary);
    void bindSolid(int level) const;
    gl::PingPong& iterateOf(int level);
    const gl::RenderTarget& rhsOf(int level) const;
    void setLevelUniforms(const SpecProgram& program, int level) const;
    void drawPackedSmooth(const SpecProgram& program, int level);
    // Whether `level` is held packed now (level 0 bound packed, and above packedDepth_).
    bool packedAt(int level) const { return packed_ && level < packedDepth_; }
    // Whether a packed `level` can restrict into level + 1 and prolong from
    // it with the packed passes: twice its width, no third child row.
    bool halvesPacked(int level) const;
    // packedDepth_ for the levels and the small levels' start; the packed
    // levels' textures made where they are missing.
    void choosePackedLevels();

    // One unpacked sweep; weight: the level's own where none is given.
    void smoothUnpacked(int level, bool zeroGuess, std::optional<float> weight);
    // iterateIsRhs: the sweep reads b as its iterate (FirstSweep::FromRhs).
    void drawSmooth(const SpecProgram& program, int level, std::optional<float> weight = {}, bool iterateIsRhs = false);
    // What a sweep on `level` starts from: on level 0 the bind's choice, once
    // (it is then spent); elsewhere the iterate.
    FirstSweep takeFirstSweep(int level);

    std::vector<MultigridLevel> levels_;
    std::vector<gl::PingPong> iterate_;  // index 0 unused: level 0 is the solver's
    std::vector<gl::RenderTarget> rhs_;  // index 0 unused: level 0 is the solver's
    PassConstants k_{};
    MultigridEquation equation_ = MultigridEquation::Pressure;
    BoundaryMode boundary_{};
    bool obstacles_ = false;               // the passes are built with OBSTACLES
    std::vector<gl::RenderTarget> solid_;  // every level's mask, level 0 included

    // A level's unpacked passes: the cells' on every level, or the STAGGERED
    // variants on level 0 while faces_ (built only then).
    struct UnpackedPrograms {
        SpecProgram smooth;
        SpecProgram smoothFromZero;
        SpecProgram restrictResidual;
        SpecProgram prolongCorrection;
    };
    // Built for one set of defines: the cells' or the faces'.
    static UnpackedPrograms unpackedPrograms(BoundaryMode boundary, Defines defines);
    const UnpackedPrograms& unpackedAt(int level) const { return onFaces(level) ? faceLevel_ : cells_; }

    UnpackedPrograms cells_;
    SpecProgram smoothTwice_;          // TWO_SWEEPS, below level 0
    SpecProgram smoothTwiceFromZero_;  // TWO_SWEEPS, the first from zero
    bool faces_ = false;
    UnpackedPrograms faceLevel_;
    // The packed level 0's (the pressure's, on a width that is a multiple of 4).
    SpecProgram packedSmooth_;
    SpecProgram packedSmoothTwice_;
    SpecProgram packedSmoothFromZero_;       // a coarse packed level's first sweep
    SpecProgram packedSmoothTwiceFromZero_;  // ... or its first two
    SpecProgram packedRestrict_;             // into an unpacked level
    SpecProgram packedProlong_;              // from an unpacked level
    SpecProgram packedRestrictPacked_;       // PACKED_COARSE: between two packed levels
    SpecProgram packedProlongPacked_;
    bool packed_ = false;  // level 0 is bound packed
    // Level 0 bound packed with pairs: its double sweeps' programs (from the
    // packed iterate, from the pairs), the restriction and prolongation
    // reading the pairs, and where level 0 is now.
    SpecProgram pairedSmoothFromPacked_, pairedSmooth_;
    SpecProgram pairedSmoothFourFromPacked_, pairedSmoothFour_;
    SpecProgram pairedRestrict_, pairedRestrictPacked_, pairedProlong_, pairedProlongPacked_;
    gl::PingPong* pairs0_ = nullptr;
    bool level0InPairs_ = false;
    void smoothPairedLevelZero(bool fourTimes);
    // The viscous faces two cells a texel: the first, middle and last sweeps,
    // x and b packed (made at the first solve), the first sweep's two targets.
    SpecProgram facesFirst_, facesMiddle_, facesLast_;
    gl::PingPong packedFaces_;
    gl::RenderTarget packedFacesRhs_;
    gl::TwoTargets facesPair_;
    bool packedFacesAllowed_ = true;
    void setPackedFacesWrap();  // the boundary rule's, once they exist
    int packedDepth_ = 1;       // levels 0 .. packedDepth_ - 1 are packed while packed_
    bool packedCoarseAllowed_ = true;
    std::vector<gl::PingPong> packedIterate_;  // of the packed levels below level 0 (index 0 unused)
    std::vector<gl::RenderTarget> packedRhs_;
    // The pressure's coarsest level: its program and its M (uploadCoarsestInverse()
    // at each change of the boundary or the obstacles), and that level's mask.
    SpecProgram solveCoarsest_;
    gl::Program smallLevels_;  // empty where smallStart_ is levelCount()
    int smallStart_ = 0;
    GLint smallWeight_ = -1, smallRhsScale_ = -1;  // its per-cycle uniforms
    bool smallLevelsAllowed_ = true;
    void buildSmallLevels();
    gl::RenderTarget coarsestInverse_;
    Field coarsestSolid_;  // empty: no obstacles
    void uploadCoarsestInverse();

    gl::PingPong* iterate0_ = nullptr;
    const gl::RenderTarget* rhs0_ = nullptr;
    const gl::VertexArray* emptyVertexArray_ = nullptr;
    FirstSweep firstSweep_ = FirstSweep::FromIterate;  // of level 0, until it is done
    StepTimer* timer_ = nullptr;                       // not owned
};

}  // namespace fluid::sim
