// The program table: every GPU pass that does not fit the pass table
// (core/field_pass.hpp) - the splats, the advections and MacCormack's draws,
// the viscous and pressure Jacobi sweeps, the packed sweeps, the force field
// and the multigrid levels - is a row here naming its shader, its samplers
// and their texture units, the constants it takes from PassConstants, and the
// uniforms its caller sets at every draw. sim::SpecProgram builds a row into
// a GL program and sets it up from the row alone, so no uniform name is
// written anywhere else in the solvers, and tests/sim/program_spec_test.cpp
// checks every row against the programs the solvers really build (each
// uniform a row names is active in some variant; each active uniform is
// named by its row or is one of common.glsl's grid uniforms).
//
// A row's name is the pass both solvers run: the GpuSolver and CpuSolver
// methods of that name (the multigrid's: GpuMultigrid's and the CPU
// multigrid's functions), which tests/sim/pass_parity_test.cpp and
// tests/sim/*multigrid_parity_test.cpp run side by side. A new pass of this kind is a
// shader, a row here, the same method on both solvers, a parity case and a
// line of the step recipe (core/step_recipe.hpp).
//
// GL-free: what a row says, not how GL does it.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>

#include "core/multigrid.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"

namespace fluid {

// Texture units by role (sim::kUnit0.. are these numbers).
namespace units {
inline constexpr unsigned kFirst = 0;
inline constexpr unsigned kSecond = 1;
inline constexpr unsigned kThird = 2;
inline constexpr unsigned kSolid = 3;  // the obstacle mask (uSolid, common.glsl)
inline constexpr unsigned kFourth = 4;
}  // namespace units

struct SamplerBinding {
    const char* uniform = nullptr;
    unsigned unit = units::kFirst;
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
    static constexpr std::size_t kMaxSamplers = 4;
    static constexpr std::size_t kMaxConstants = 3;
    static constexpr std::size_t kMaxPerDraw = 10;

    const char* name = nullptr;          // the pass both solvers run
    const char* shader = nullptr;        // in shaders/, built after common.glsl
    const char* header = nullptr;        // shaders/ files between common.glsl and the pass, or null
    const char* secondHeader = nullptr;  //
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
};

namespace programs {

// The splat (splat.frag): velocity, dye or heat added around a point or along
// a segment; velocity and dye in one draw (TWO_OUTPUTS) where they share a grid.
namespace splat_uniform {
enum : std::size_t { kFrom, kAxis, kLength, kInverseRadius, kLineScale, kValue, kValue1 };
}
inline constexpr ProgramSpec splat{
    .name = "splat",
    .shader = "splat.frag",
    .samplers = {{{"uSource", units::kFirst}, {"uSource1", units::kSecond, true}}},
    .perDraw = {"uFrom", "uAxis", "uLength", "uInverseRadius", "uLineScale", "uValue", "uValue1"},
};

// The velocity's semi-Lagrangian advection (advect.frag): carrying itself, or
// (CARRIED_VELOCITY) the forced velocity at unit 1, or (WITH_DYE) the dye too.
inline constexpr ProgramSpec advect{
    .name = "advect",
    .shader = "advect.frag",
    .header = "advection.glsl",
    .samplers = {{{"uVelocity", units::kFirst},
                  {"uCarriedVelocity", units::kSecond, true},
                  {"uSource", units::kSecond, true}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize},
                   {"uVelocityDecay", &PassConstants::velocityDecay},
                   {"uDyeDecay", &PassConstants::dyeDecay, 0.0f, true}}},
};

// MacCormack (docs/algorithm.md §3.2b) for the velocity: one draw after the
// forward pass, which reads phi^n at unit 1 and phi^^{n+1} at 2, carries
// phi^^{n+1} back itself (the backward step: dt negated, with
// uBackwardDtOverCellSize, no decay) and corrects, on either layout.
inline constexpr ProgramSpec advectCorrection{
    .name = "advect (MacCormack's correction)",
    .shader = "advect.frag",
    .header = "advection.glsl",
    .secondHeader = "maccormack.glsl",
    .samplers = {{{"uVelocity", units::kFirst}, {"uCarriedVelocity", units::kSecond}, {"uForward", units::kThird}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize},
                   {"uVelocityDecay", &PassConstants::velocityDecay},
                   {"uBackwardDtOverCellSize", &PassConstants::backwardDtOverCellSize}}},
};

// A scalar carried by the velocity (advect_scalar.frag), on its own grid:
// the dye, fading, and the temperature, cooling; each with its MacCormack
// correction as above.
inline constexpr ProgramSpec advectDye{
    .name = "advectDye",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .samplers = {{{"uVelocity", units::kFirst}, {"uSource", units::kSecond}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize}, {"uDecay", &PassConstants::dyeDecay}}},
};
inline constexpr ProgramSpec advectDyeCorrection{
    .name = "advectDye (MacCormack's correction)",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .secondHeader = "maccormack.glsl",
    .samplers = {{{"uVelocity", units::kFirst}, {"uSource", units::kSecond}, {"uForward", units::kThird}}},
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize},
                   {"uDecay", &PassConstants::dyeDecay},
                   {"uBackwardDtOverCellSize", &PassConstants::backwardDtOverCellSize}}},
};
inline constexpr ProgramSpec advectTemperature{
    .name = "advectTemperature",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .samplers = advectDye.samplers,
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize}, {"uDecay", &PassConstants::temperatureDecay}}},
};
inline constexpr ProgramSpec advectTemperatureCorrection{
    .name = "advectTemperature (MacCormack's correction)",
    .shader = "advect_scalar.frag",
    .header = "advection.glsl",
    .secondHeader = "maccormack.glsl",
    .samplers = advectDyeCorrection.samplers,
    .constants = {{{"uDtOverCellSize", &PassConstants::dtOverCellSize},
                   {"uDecay", &PassConstants::temperatureDecay},
                   {"uBackwardDtOverCellSize", &PassConstants::backwardDtOverCellSize}}},
};

// A Jacobi sweep of the viscous solve (diffuse.frag): x at unit 0, b at 1.
inline constexpr ProgramSpec diffuse{
    .name = "diffuse",
    .shader = "diffuse.frag",
    .samplers = {{{"uX", units::kFirst}, {"uB", units::kSecond}}},
    .constants = {{{"uAlpha", &PassConstants::diffusionAlpha},
                   {"uInverseDenominator", &PassConstants::diffusionInverseDenominator}}},
};

// A Jacobi sweep of the pressure solve (pressure.frag), one cell per fragment.
inline constexpr ProgramSpec solvePressure{
    .name = "solvePressure",
    .shader = "pressure.frag",
    .samplers = {{{"uPressure", units::kFirst}, {"uDivergence", units::kSecond}}},
    .constants = {{{"uCellSizeSquared", &PassConstants::cellSizeSquared},
                   {"uWeight", nullptr, kOddJacobiFirstSweepWeight, true}}},  // WEIGHTED: an odd count's first
};

// The same sweeps on four cells per texel: pressure and divergence packed in
// one draw, one or (TWO_SWEEPS) two sweeps per draw, the pressure unpacked.
inline constexpr ProgramSpec packPressure{
    .name = "solvePressure (packing)",
    .shader = "pack.frag",
    .samplers = {{{"uSource", units::kFirst}, {"uSource1", units::kSecond}}},
};
inline constexpr ProgramSpec solvePressurePacked{
    .name = "solvePressure (packed sweeps)",
    .shader = "pressure_packed.frag",
    .samplers = solvePressure.samplers,
    .constants = solvePressure.constants,
    .cellsPerTexel = 4,
};
// In the step, where the solve packs, the divergence pass and the packing in
// one draw on the packed grid (divergence_packed.frag, two outputs: the
// pressure packed, the divergence computed four cells a texel); its mirror
// is reference::divergence. Its uniforms are the grid's.
inline constexpr ProgramSpec divergencePacked{
    .name = "divergence (packed, with the pressure's packing)",
    .shader = "divergence_packed.frag",
    .samplers = {{{"uVelocity", units::kFirst}, {"uPressure", units::kSecond}}},
};
inline constexpr ProgramSpec unpackPressure{
    .name = "solvePressure (unpacking)",
    .shader = "unpack.frag",
    .samplers = {{{"uPacked", units::kFirst}}},
};
// In the step, the unpacking folded into the projection's gradient pass
// (gradient.frag's PACKED_PRESSURE variant, two outputs: the velocity and the
// pressure unpacked); its mirror is reference::gradient's, the pressure read
// from where the sweeps left it. Its uniforms are the grid's.
inline constexpr ProgramSpec gradientFromPacked{
    .name = "gradient (the pressure packed)",
    .shader = "gradient.frag",
    .samplers = {{{"uVelocity", units::kFirst}, {"uPressure", units::kSecond}}},
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
    .samplers = {{{"uVelocity", units::kFirst, true}, {"uDye", units::kSecond, true}, {"uForce", units::kThird}}},
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
    .samplers = {{{"uIterate", units::kFirst, true}, {"uRhs", units::kSecond}}},  // none from zero
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kLidSpeed,
                              level_uniform::kRhsScale, level_uniform::kAlpha, level_uniform::kInverseDenominator,
                              level_uniform::kWeight, level_uniform::kZero}),
    .onTheGrid = false,
};
inline constexpr ProgramSpec restrictResidual{
    .name = "restrictResidual",
    .shader = "restrict_residual.frag",
    .header = "multigrid.glsl",
    .samplers = {{{"uIterate", units::kFirst}, {"uRhs", units::kSecond}}},
    .perDraw = levelUniforms({level_uniform::kGridSize, level_uniform::kInverseGridSize, level_uniform::kLidSpeed,
                              level_uniform::kRhsScale, level_uniform::kAlpha, level_uniform::kExtraChild}),
    .onTheGrid = false,
};
inline constexpr ProgramSpec prolongCorrection{
    .name = "prolongCorrection",
    .shader = "prolong_correction.frag",
    .header = "multigrid.glsl",
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

// The pressure multigrid's level 0 on four cells per texel, where the packed
// sweeps run (GpuSolver::packsPressure()): its smoothing (pressure_packed.frag
// WEIGHTED, one or two sweeps a draw), its restriction into level 1 and the
// prolongation from level 1 (restrict_residual_packed.frag,
// prolong_correction_packed.frag). Level 0 is the grid, so they take its
// uniforms, uInverseGridSize that of its packed texels; the prolongation also
// takes level 1's size. Each is the same float operations per cell as the
// unpacked row of the same name, so their mirrors are those rows' mirrors.
inline constexpr ProgramSpec smoothPacked{
    .name = "smooth (level 0 packed)",
    .shader = "pressure_packed.frag",
    .samplers = solvePressure.samplers,
    .constants = {{{"uCellSizeSquared", &PassConstants::cellSizeSquared},
                   {"uWeight", nullptr, MultigridSchedule::kWeight}}},
    .cellsPerTexel = 4,
};
inline constexpr ProgramSpec restrictResidualPacked{
    .name = "restrictResidual (level 0 packed)",
    .shader = "restrict_residual_packed.frag",
    .samplers = {{{"uIterate", units::kFirst}, {"uRhs", units::kSecond}}},
    .constants = {{{"uCellSizeSquared", &PassConstants::cellSizeSquared}}},
    .cellsPerTexel = 4,
};
inline constexpr ProgramSpec prolongCorrectionPacked{
    .name = "prolongCorrection (level 0 packed)",
    .shader = "prolong_correction_packed.frag",
    .samplers = prolongCorrection.samplers,
    .perDraw = levelUniforms({level_uniform::kCoarseSize, level_uniform::kZero}),
    .cellsPerTexel = 4,
};
}  // namespace programs

// Every row, for the tests that check them all.
inline constexpr std::array<const ProgramSpec*, 22> kProgramSpecs{
    &programs::splat,
    &programs::advect,
    &programs::advectCorrection,
    &programs::advectDye,
    &programs::advectDyeCorrection,
    &programs::advectTemperature,
    &programs::advectTemperatureCorrection,
    &programs::diffuse,
    &programs::solvePressure,
    &programs::packPressure,
    &programs::solvePressurePacked,
    &programs::divergencePacked,
    &programs::unpackPressure,
    &programs::gradientFromPacked,
    &programs::addForceField,
    &programs::smooth,
    &programs::restrictResidual,
    &programs::prolongCorrection,
    &programs::solveCoarsest,
    &programs::smoothPacked,
    &programs::restrictResidualPacked,
    &programs::prolongCorrectionPacked,
};

}  // namespace fluid
