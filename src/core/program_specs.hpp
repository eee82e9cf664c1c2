// The program table: every pass of the GPU solver (GpuSolver, GpuMultigrid)
// that does not fit the pass table (core/field_pass.hpp) - the splats, the
// advections and their schemes' stages, the viscous and pressure Jacobi
// sweeps, the packed sweeps, the force field and the multigrid levels - is a
// row here naming its shader, the defines its variants combine, its samplers
// with their texture units and the texture each reads (Source), the
// constants it takes from PassConstants, and the uniforms its caller sets at
// every draw. GpuSolver draws a row's variant as a sim::Kernel
// (sim/gpu_kernels.hpp chooses them for a configuration, sim::ProgramSet
// builds each on first use) and binds its textures from the row, so no
// define string, texture unit or uniform name is written in the solvers.
// tests/sim/program_spec_test.cpp checks every row against the programs the
// solvers build (each uniform a row names is active in some variant; each
// active uniform is named by its row or is one of common.glsl's grid
// uniforms). The motion passes (sim::GpuMotion) are rows here too; the
// window's display passes are rows of core/display_programs.hpp, checked the
// same way by tests/app/display_programs_test.cpp.
//
// A row's name is the pass both solvers run: the GpuSolver and CpuSolver
// methods of that name (the multigrid's: GpuMultigrid's and the CPU
// multigrid's functions), which tests/sim/pass_parity_test.cpp and
// tests/sim/*multigrid_parity_test.cpp run side by side. A new pass of this
// kind is a shader, a row here, its kernel (sim/gpu_kernels.cpp), the same
// method on both solvers, a parity case and a line of the step recipe
// (core/step_recipe.hpp).
//
// GL-free: what a row says, not how GL does it.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>

#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/program_variants.hpp"
#include "core/sim_params.hpp"

namespace fluid {

// Texture units by role (sim::kUnit0.. are these numbers).
namespace units {
inline constexpr unsigned kFirst = 0;
inline constexpr unsigned kSecond = 1;
inline constexpr unsigned kThird = 2;
inline constexpr unsigned kSolid = 3;  // the obstacle mask (uSolid, common.glsl)
inline constexpr unsigned kFourth = 4;
inline constexpr unsigned kFifth = 5;
}  // namespace units

struct SamplerBinding {
    const char* uniform = nullptr;
    unsigned unit = units::kFirst;
    Source source = Source::Level;
    // Some of the row's variants do not read it (e.g. the second output's
    // source, in the one-output splat): set where active.
    bool optional = false;
};

// A float uniform whose value is one of the grid's PassConstants, or, with
// no member, `fixed`.
struct ConstantBinding {
    const char* uniform = nullptr;
    float PassConstants::*member = nullptr;
    float fixed = 0.0f;
    bool optional = false;  // a variant may not use it
};

struct ProgramSpec {
    static constexpr std::size_t kMaxSamplers = 5;  // display.frag's
    static constexpr std::size_t kMaxConstants = 3;
    static constexpr std::size_t kMaxPerDraw = 10;

    const char* name = nullptr;          // the pass both solvers run
    const char* shader = nullptr;        // in shaders/, built after common.glsl
    const char* header = nullptr;        // shaders/ files between common.glsl and the pass, or null
    const char* secondHeader = nullptr;  // (a scheme's stage: its own, SchemeStage::header)
    // The vertex shader of a display pass (withCommon false); the solvers'
    // passes all draw fullscreen.vert's triangle.
    const char* vertexShader = "fullscreen.vert";
    // The defines its variants combine (a variant outside them is refused:
    // sim::ProgramSet).
    Defines variants{};
    std::array<SamplerBinding, kMaxSamplers> samplers{};
    std::array<ConstantBinding, kMaxConstants> constants{};
    // Uniforms the caller sets before each draw (a splat's position, a
    // multigrid level's size), looked up once, by their index here. Those a
    // variant does not have are -1, which GL ignores.
    std::array<const char*, kMaxPerDraw> perDraw{};
    // Texels hold this many cells across (the packed Jacobi sweeps): the
    // grid's uInverseGridSize is scaled by it.
    int cellsPerTexel = 1;
    // Whether it draws on the grid its PassConstants describe, taking
    // common.glsl's uniforms of that grid (sim::setGridUniforms); false for
    // the multigrid's rows, drawn on every level with its own (per draw).
    bool onTheGrid = true;
    // Built after common.glsl (the grid, the boundary rules, the outputs
    // fragResult..), as every pass of the solvers is; false for the window's
    // display passes, which draw window pixels, not cells, and declare their
    // own output.
    bool withCommon = true;
    // Whether it writes what it adds to its target, which blending adds
    // (sim::addToBlock), reading no field of its own: the splat.
    bool addsToTarget = false;
};

namespace programs {

// The scalar advections' variants (advect_scalar.frag).
inline constexpr Defines kScalarAdvectionVariants{
    Define::ScalarSource, Define::OnVelocityGrid, Define::Obstacles,          Define::Staggered,
    Define::InflowDye,    Define::SlipWalls,      Define::VelocityAtDyeCells, Define::DyeGridFourTimes};
// The multigrid's passes: either equation, on level 0's faces or cells.
inline constexpr Defines kLevelVariants{Define::Obstacles, Define::Viscous, Define::Staggered};

// The splat (splat.frag): velocity, dye or heat added around a point or along
// a segment; velocity and dye in one draw (TWO_OUTPUTS) where they share a grid.
// It writes what it adds, which blending adds to the field (sim::addToBlock):
// it reads no field.
namespace splat_uniform {
enum : std::size_t { kFrom, kAxis, kLength, kInverseRadius, kLineScale, kValue, kValue1 };
}
inline constexpr ProgramSpec splat{
    .name = "splat",
    .shader = "splat.frag",
    .variants = {Define::PointSplat, Define::TwoOutputs, Define::Obstacles, Define::Staggered},
    .perDraw = {"uFrom", "uAxis", "uLength", "uInverseRadius", "uLineScale", "uValue", "uValue1"},
    .addsToTarget = true,
};

// The velocity's semi-Lagrangian advection (advect.frag): carrying itself, or
// (CARRIED_VELOCITY) the forced velocity at unit 1, or (WITH_DYE) the dye too,
// or (WITH_VELOCITY_AT_DYE_CELLS, on faces) the velocity at the dye's cells too.
inline constexpr ProgramSpec advect{
    .name = "advect",
    .shader = "advect.frag",
    .header = "advection.glsl",
    .variants = {Define::Obstacles, Define::Staggered, Define::CarriedVelocity, Define::ScalarSource, Define::InflowDye,
                 Define::TwoOutputs, Define::WithDye, Define::WithVelocityAtDyeCells},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity},
                  {"uCarriedVelocity", units::kSecond, Source::CarriedVelocity, true},
                  {"uSource", units::kSecond, Source::Dye, true}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize},
                   {"uVelocityDecay", &PassConstants::velocityDecay},
                   {"uDyeDecay", &PassConstants::dyeDecay, 0.0f, true}}},
};

// A pass of an advection scheme after the forward one (core/advection_scheme.hpp:
// a SchemeStage, whose header it is built with), for the velocity: phi^n at
// unit 1, the forward result phi^ at 2, the previous stage's result at 4; it
// traces by uBackwardDtOverCellSize or, forward in time, uDtOverCellSize, with
// the forward pass's velocity, on either layout. A stage that needs no
// bound (BFECC's error) does not read the forward trace's uDtOverCellSize.
inline constexpr ProgramSpec advectStage{
    .name = "advect (a scheme's stage)",
    .shader = "advect.frag",
    .header = "advection.glsl",
    .variants = {Define::Obstacles, Define::Staggered, Define::CarriedVelocity, Define::SchemeStage},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity},
                  {"uCarriedVelocity", units::kSecond, Source::CarriedVelocity, true},
                  {"uForward", units::kThird, Source::Forward},
                  {"uIntermediate", units::kFourth, Source::Intermediate, true}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize, 0.0f, true},
                   {"uVelocityDecay", &PassConstants::velocityDecay},
                   {"uBackwardDtOverCellSize", &PassConstants::backwardDtOverCellSize, 0.0f, true}}},
};

// A scalar carried by the velocity (advect_scalar.frag), on its own grid:
// the dye, fading, and the temperature, cooling; each with its scheme's
// stages as above.
inline constexpr ProgramSpec advectDye{
    .name = "advectDye",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .variants = kScalarAdvectionVariants.with(Define::CubicRead),
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity, true},
                  {"uSource", units::kSecond, Source::Dye},
                  {"uVelocityAtDyeCells", units::kFifth, Source::VelocityAtDyeCells, true}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize}, {"uDecay", &PassConstants::dyeDecay}}},
};
inline constexpr ProgramSpec advectDyeStage{
    .name = "advectDye (a scheme's stage)",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .variants = kScalarAdvectionVariants.with(Define::SchemeStage),
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity, true},
                  {"uSource", units::kSecond, Source::Dye},
                  {"uForward", units::kThird, Source::Forward},
                  {"uIntermediate", units::kFourth, Source::Intermediate, true},
                  {"uVelocityAtDyeCells", units::kFifth, Source::VelocityAtDyeCells, true}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize, 0.0f, true},
                   {"uDecay", &PassConstants::dyeDecay},
                   {"uBackwardDtOverCellSize", &PassConstants::backwardDtOverCellSize, 0.0f, true}}},
};
// The velocity at the centres of the dye's cells, where the dye's grid is
// twice (or, DYE_GRID_FOUR_TIMES, four times) the velocity's each way
// (velocity_at_dye_cells.frag): drawn on the velocity's grid into layers,
// two dye cells a texel, before the dye's advection, whose passes
// (VELOCITY_AT_DYE_CELLS above) read it instead of each interpolating the
// velocity again. On faces (the STAGGERED variant; no other builds), with
// the dye's read's rule (SLIP_WALLS).
inline constexpr ProgramSpec velocityAtDyeCells{
    .name = "velocityAtDyeCells",
    .shader = "velocity_at_dye_cells.frag",
    .header = "advection.glsl",
    .variants = {Define::Staggered, Define::SlipWalls, Define::DyeGridFourTimes},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity}}},
};
inline constexpr ProgramSpec advectTemperature{
    .name = "advectTemperature",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .variants = kScalarAdvectionVariants,
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity}, {"uSource", units::kSecond, Source::Temperature}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize}, {"uDecay", &PassConstants::temperatureDecay}}},
};
inline constexpr ProgramSpec advectTemperatureStage{
    .name = "advectTemperature (a scheme's stage)",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .variants = kScalarAdvectionVariants.with(Define::SchemeStage),
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity},
                  {"uSource", units::kSecond, Source::Temperature},
                  {"uForward", units::kThird, Source::Forward},
                  {"uIntermediate", units::kFourth, Source::Intermediate, true}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize, 0.0f, true},
                   {"uDecay", &PassConstants::temperatureDecay},
                   {"uBackwardDtOverCellSize", &PassConstants::backwardDtOverCellSize, 0.0f, true}}},
};

// Vorticity confinement in one draw on the collocated layout
// (vorticity.frag's CURL_INLINE): the curl computed where the force reads it,
// not drawn first into the curl's texture (the pass table's curl and
// vorticity rows, which the staggered layout draws). Its mirror is
// CpuSolver::confineVorticity: those two rows' mirrors.
inline constexpr ProgramSpec vorticityWithCurl{
    .name = "vorticity (with its curl)",
    .shader = "vorticity.frag",
    .variants = {Define::Obstacles, Define::CurlInline},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity}}},
    .constants = {{{"uVorticityScale", &PassConstants::vorticityScale}}},
};

// A Jacobi sweep of the viscous solve (diffuse.frag): x at unit 0, b at 1;
// the first sweep starts from x = b (no copy of b into x).
inline constexpr ProgramSpec diffuse{
    .name = "diffuse",
    .shader = "diffuse.frag",
    .variants = {Define::Obstacles, Define::Staggered},
    .samplers = {{{"uX", units::kFirst, Source::Output}, {"uB", units::kSecond, Source::DiffusionRhs}}},
    .constants = {{{"uAlpha", &PassConstants::diffusionAlpha},
                   {"uInverseDenominator", &PassConstants::diffusionInverseDenominator}}},
};
inline constexpr ProgramSpec diffuseFromRhs{
    .name = "diffuse (its first sweep, from x = b)",
    .shader = "diffuse.frag",
    .variants = diffuse.variants,
    .samplers = {{{"uX", units::kFirst, Source::DiffusionRhs}, {"uB", units::kSecond, Source::DiffusionRhs}}},
    .constants = diffuse.constants,
};

// A Jacobi sweep of the pressure solve (pressure.frag), one cell per fragment.
inline constexpr ProgramSpec solvePressure{
    .name = "solvePressure",
    .shader = "pressure.frag",
    .variants = {Define::Obstacles, Define::Staggered, Define::Weighted},
    .samplers = {{{"uPressure", units::kFirst, Source::Output}, {"uDivergence", units::kSecond, Source::Divergence}}},
    .constants = {{{"uCellSizeSquared", &PassConstants::cellSizeSquared},
                   {"uWeight", nullptr, kOddJacobiFirstSweepWeight, true}}},  // WEIGHTED: an odd count's first
};

// The same sweeps on four cells per texel: pressure and divergence packed in
// one draw, one or (TWO_SWEEPS) two sweeps per draw, the pressure unpacked.
inline constexpr ProgramSpec packPressure{
    .name = "solvePressure (packing)",
    .shader = "pack.frag",
    .variants = {Define::TwoOutputs},
    .samplers = {{{"uSource", units::kFirst, Source::Pressure}, {"uSource1", units::kSecond, Source::Divergence}}},
};
inline constexpr ProgramSpec solvePressurePacked{
    .name = "solvePressure (packed sweeps)",
    .shader = "pressure_packed.frag",
    .variants = {Define::TwoSweeps, Define::Weighted},
    .samplers = {{{"uPressure", units::kFirst, Source::Output},
                  {"uDivergence", units::kSecond, Source::PackedDivergence}}},
    .constants = solvePressure.constants,
    .cellsPerTexel = 4,
};
// The packed sweeps on two texels a fragment, one above the other, eight
// cells (PAIRED, with TWO_SWEEPS and TWO_OUTPUTS): the even rows to output
// 0, the odd to 1 (the layers of one texture), each at half its y; the
// first draw reads the pressure
// packed, the rest (READS_PAIRS) as the draw before left it. Where the
// height is even; its mirror is reference::pressure, as the packed sweeps'.
// Its uInverseGridSize is the packed grid's (the shader halves the rows).
inline constexpr ProgramSpec solvePressurePaired{
    .name = "solvePressure (paired sweeps)",
    .shader = "pressure_packed.frag",
    .variants = {Define::Paired, Define::TwoSweeps, Define::TwoOutputs, Define::ReadsPairs, Define::FourSweeps},
    .samplers = {{{"uPressure", units::kFirst, Source::PackedPressure, true},
                  {"uDivergence", units::kSecond, Source::PackedDivergence},
                  {"uPressurePairs", units::kThird, Source::PressurePairs, true}}},
    .constants = {{{"uCellSizeSquared", &PassConstants::cellSizeSquared}}},
    .cellsPerTexel = 4,
};
// In the step, where the solve packs, the divergence pass and the packing in
// one draw on the packed grid (divergence_packed.frag, two outputs: the
// pressure packed, the divergence computed four cells a texel); its mirror
// is reference::divergence (STAGGERED: reference::staggered::divergence).
// Its uniforms are the grid's.
inline constexpr ProgramSpec divergencePacked{
    .name = "divergence (packed, with the pressure's packing)",
    .shader = "divergence_packed.frag",
    .variants = {Define::TwoOutputs, Define::Staggered},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity}, {"uPressure", units::kSecond, Source::Pressure}}},
};
// PAIRED: from the paired sweeps' layers.
inline constexpr ProgramSpec unpackPressure{
    .name = "solvePressure (unpacking)",
    .shader = "unpack.frag",
    .variants = {Define::Paired},
    .samplers = {{{"uPacked", units::kFirst, Source::PackedPressure, true},
                  {"uPackedPairs", units::kSecond, Source::PressurePairs, true}}},
};
// The divergence the step computed packed, unpacked where it is read.
inline constexpr ProgramSpec unpackDivergence{
    .name = "divergence (unpacking)",
    .shader = "unpack.frag",
    .samplers = {{{"uPacked", units::kFirst, Source::PackedDivergence}}},
};
// In the step, the unpacking folded into the projection's gradient pass
// (gradient.frag's PACKED_PRESSURE variant, two outputs: the velocity and the
// pressure unpacked); its mirror is reference::gradient's, the pressure read
// from where the sweeps left it (PAIRED: the paired sweeps' layers).
// Its uniforms are the grid's.
inline constexpr ProgramSpec gradientFromPacked{
    .name = "gradient (the pressure packed)",
    .shader = "gradient.frag",
    .variants = {Define::PackedPressure, Define::TwoOutputs, Define::Paired},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity},
                  {"uPressure", units::kSecond, Source::PackedPressure, true},
                  {"uPressurePairs", units::kThird, Source::PressurePairs, true}}},
};

// Motion input's force field (add_force.frag): the velocity eased towards the
// force at unit 2, dye added where it moves; the velocity's variant (with the
// dye where it shares the grid) or the dye's alone (DYE_ON_OWN_GRID).
namespace add_force_uniform {
enum : std::size_t { kBlend, kFullSpeed, kDyeAdded };
}
inline constexpr ProgramSpec addForceField{
    .name = "addForceField",
    .shader = "add_force.frag",
    .variants = {Define::TwoOutputs, Define::Obstacles, Define::Staggered, Define::DyeOnOwnGrid},
    .samplers = {{{"uVelocity", units::kFirst, Source::Velocity, true},
                  {"uDye", units::kSecond, Source::Dye, true},
                  {"uForce", units::kThird, Source::Force}}},
    .perDraw = {"uBlend", "uFullSpeed", "uDyeAdded"},
};

// The multigrid's passes (shaders/multigrid.glsl, docs/algorithm.md §3.7a),
// for either equation (VISCOUS) and on the staggered velocity's faces
// (STAGGERED): drawn on every level with that level's size and operator, so
// all but the samplers are set per draw.
namespace level_uniform {
enum : std::size_t {
    kGridSize,
    kInverseGridSize,
    kLidSpeed,
    kRhsScale,
    kAlpha,
    kInverseDenominator,
    kWeight,
    kCoarseSize,
    kExtraChild,
    kZero
};
}
// Each row names those of these its shader has, at these indices.
inline constexpr std::array<const char*, ProgramSpec::kMaxPerDraw> kLevelUniforms{
    "uGridSize",           "uInverseGridSize", "uLidSpeed",   "uRhsScale",   "uAlpha",
    "uInverseDenominator", "uWeight",          "uCoarseSize", "uExtraChild", "uZero"};
constexpr std::array<const char*, ProgramSpec::kMaxPerDraw> levelUniforms(std::initializer_list<std::size_t> used)
{
    std::array<const char*, ProgramSpec::kMaxPerDraw> names{};
    for (const std::size_t index : used) names[index] = kLevelUniforms[index];
    return names;
}

inline constexpr ProgramSpec smooth{
    .name = "smooth",
    .shader = "smooth.frag",
    .header = "multigrid.glsl",
    .variants = kLevelVariants.with(Define::ZeroGuess).with(Define::TwoSweeps),
    .samplers = {{{"uIterate", units::kFirst, Source::Level, true}, {"uRhs", units::kSecond}}},  // none from zero
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kLidSpeed,
                              level_uniform::kRhsScale, level_uniform::kAlpha, level_uniform::kInverseDenominator,
                              level_uniform::kWeight, level_uniform::kZero}),
    .onTheGrid = false,
};
inline constexpr ProgramSpec restrictResidual{
    .name = "restrictResidual",
    .shader = "restrict_residual.frag",
    .header = "multigrid.glsl",
    .variants = kLevelVariants,
    .samplers = {{{"uIterate", units::kFirst}, {"uRhs", units::kSecond}}},
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kLidSpeed,
                              level_uniform::kRhsScale, level_uniform::kAlpha, level_uniform::kExtraChild}),
    .onTheGrid = false,
};
inline constexpr ProgramSpec prolongCorrection{
    .name = "prolongCorrection",
    .shader = "prolong_correction.frag",
    .header = "multigrid.glsl",
    .variants = kLevelVariants,
    .samplers = {{{"uIterate", units::kFirst}, {"uCorrection", units::kSecond}}},
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kLidSpeed,
                              level_uniform::kCoarseSize, level_uniform::kZero}),
    .onTheGrid = false,
};
// The pressure's coarsest level at once (core/coarse_solve.hpp): its matrix M
// (R32F, cells x cells) and right-hand side.
inline constexpr ProgramSpec solveCoarsest{
    .name = "solveCoarsest",
    .shader = "solve_coarsest.frag",
    .samplers = {{{"uInverse", units::kFirst}, {"uRhs", units::kSecond}}},
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kZero}),
    .onTheGrid = false,
};

// The pressure multigrid's levels held four cells a texel, from level 0
// down, where the packed sweeps run (GpuSolver::packsPressure(),
// GpuMultigrid::packedLevels()): their smoothing (pressure_packed.frag
// WEIGHTED, one or two sweeps a draw, the first of two from zero on a coarse
// level), the restriction into the level below and the prolongation from it
// (restrict_residual_packed.frag, prolong_correction_packed.frag; PACKED_COARSE
// where that level is packed too). Drawn on each level with its own uniforms,
// as the unpacked rows are: uInverseGridSize that of its packed texels, and
// uCellSizeSquared is the level's right-hand side's scale (uRhsScale's
// place: h^2 on level 0, 1 below). Each is the same float operations per
// cell as the unpacked row of the same name, so their mirrors are those rows'
// mirrors.
constexpr std::array<const char*, ProgramSpec::kMaxPerDraw> packedLevelUniforms(std::initializer_list<std::size_t> used)
{
    std::array<const char*, ProgramSpec::kMaxPerDraw> names = levelUniforms(used);
    if (names[level_uniform::kRhsScale]) names[level_uniform::kRhsScale] = "uCellSizeSquared";
    return names;
}
inline constexpr ProgramSpec smoothPacked{
    .name = "smooth (packed)",
    .shader = "pressure_packed.frag",
    .variants = {Define::TwoSweeps, Define::Weighted, Define::ZeroGuess, Define::Paired, Define::TwoOutputs,
                 Define::ReadsPairs, Define::FourSweeps},
    .samplers = {{{"uPressure", units::kFirst, Source::Level, true},
                  {"uDivergence", units::kSecond},  // none from zero
                  {"uPressurePairs", units::kThird, Source::Level, true}}},
    .perDraw = packedLevelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kRhsScale,
                                    level_uniform::kWeight, level_uniform::kZero}),
    .cellsPerTexel = 4,
    .onTheGrid = false,
};
inline constexpr ProgramSpec restrictResidualPacked{
    .name = "restrictResidual (packed)",
    .shader = "restrict_residual_packed.frag",
    .variants = {Define::PackedCoarse, Define::ReadsPairs},
    .samplers = {{{"uIterate", units::kFirst}, {"uRhs", units::kSecond}}},
    .perDraw =
        packedLevelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kRhsScale}),
    .cellsPerTexel = 4,
    .onTheGrid = false,
};
inline constexpr ProgramSpec prolongCorrectionPacked{
    .name = "prolongCorrection (packed)",
    .shader = "prolong_correction_packed.frag",
    .variants = {Define::PackedCoarse, Define::ReadsPairs},
    .samplers = prolongCorrection.samplers,
    .perDraw = packedLevelUniforms(
        {level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kCoarseSize, level_uniform::kZero}),
    .cellsPerTexel = 4,
    .onTheGrid = false,
};

// The viscous solve's Chebyshev-weighted sweeps on the staggered faces, two
// cells a texel (smooth_faces_packed.frag; GpuMultigrid::packsFaces()): the
// first from the faces as stored (FROM_CELLS, TWO_OUTPUTS: x and b packed),
// the last back to them (TO_CELLS). Level 0's uniforms, the sweep's weight
// per draw. The same float operations per face as smooth's STAGGERED
// VISCOUS variant, so its mirror is reference::staggered::smooth.
inline constexpr ProgramSpec smoothFacesPacked{
    .name = "smooth (faces packed)",
    .shader = "smooth_faces_packed.frag",
    .variants = {Define::FromCells, Define::ToCells, Define::TwoOutputs},
    .samplers = {{{"uIterate", units::kFirst}, {"uRhs", units::kSecond, Source::Level, true}}},  // b is x FROM_CELLS
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kLidSpeed, level_uniform::kAlpha,
                              level_uniform::kInverseDenominator, level_uniform::kWeight}),
    .onTheGrid = false,
};

// Motion input (sim::GpuMotion, core/motion.hpp): the normal flow between
// two camera frames, and its average over frames. Camera images have no
// walls or wrap: built for the box's rule (beyond the edge the edge repeats).
namespace motion_uniform {
enum : std::size_t { kThreshold, kMetresPerSecond, kKeep = 0 };
}
inline constexpr ProgramSpec motionFlow{
    .name = "motionFlow",
    .shader = "motion_flow.frag",
    .samplers = {{{"uPrevious", units::kFirst}, {"uCurrent", units::kSecond}}},
    .perDraw = {"uThreshold", "uMetresPerSecond"},
};
inline constexpr ProgramSpec motionBlur{
    .name = "motionBlur",
    .shader = "motion_blur.frag",
    .samplers = {{{"uAverage", units::kFirst}, {"uFlow", units::kSecond}}},
    .perDraw = {"uKeep"},
};
}  // namespace programs

// Every row, for the tests that check them all.
inline constexpr std::array<const ProgramSpec*, 30> kProgramSpecs{
    &programs::splat,
    &programs::advect,
    &programs::advectStage,
    &programs::advectDye,
    &programs::advectDyeStage,
    &programs::velocityAtDyeCells,
    &programs::advectTemperature,
    &programs::advectTemperatureStage,
    &programs::vorticityWithCurl,
    &programs::diffuse,
    &programs::diffuseFromRhs,
    &programs::solvePressure,
    &programs::packPressure,
    &programs::solvePressurePacked,
    &programs::solvePressurePaired,
    &programs::divergencePacked,
    &programs::unpackPressure,
    &programs::unpackDivergence,
    &programs::gradientFromPacked,
    &programs::addForceField,
    &programs::smooth,
    &programs::restrictResidual,
    &programs::prolongCorrection,
    &programs::solveCoarsest,
    &programs::smoothPacked,
    &programs::restrictResidualPacked,
    &programs::prolongCorrectionPacked,
    &programs::smoothFacesPacked,
    &programs::motionFlow,
    &programs::motionBlur,
};

}  // namespace fluid
