// What a row of the program table (core/program_specs.hpp) is built and
// bound with: the #defines its variants combine, and the texture each of its
// samplers reads. GL-free.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "core/advection_scheme.hpp"

namespace fluid {

// A choice compiled into a program: a #define ahead of common.glsl (the
// boundary rule's come from the parameters, sim::buildPass), or ahead of a
// display pass of the window. A variant of a row is a set of them; the row
// says which its shader knows.
enum class Define : unsigned {
    Obstacles,          // the obstacle mask (uSolid) is read
    Staggered,          // the velocity on faces (VelocityLayout::shaderDefine)
    DyeOnVelocityGrid,  // the pass table's rows: the dye shares the velocity's cells
    TwoOutputs,         // fragment outputs 0 and 1
    PointSplat,
    CarriedVelocity,  // advect.frag carries uCarriedVelocity, traced by uVelocity
    ScalarSource,     // advection.glsl's uSource
    OnVelocityGrid,   // a scalar advection reads the velocity at its own cell
    InflowDye,
    WithDye,
    SchemeStage,  // a pass of an advection scheme after the forward step (Defines::withStage)
    TwoSweeps,
    Weighted,
    PackedPressure,
    DyeOnOwnGrid,
    ZeroGuess,
    Viscous,
    SlipWalls,  // the dye's velocity read (SimParams::dyeSlipsAtWalls)
    CubicRead,  // the dye's clamped cubic read (dyeReadsCubic)
    // The packed pressure two texels a fragment, its even and odd rows in
    // two layers (pressure_packed.frag's PAIRED), and its sweeps' reading it
    // so (READS_PAIRS) rather than packed.
    Paired,
    ReadsPairs,
    FourSweeps,    // PAIRED: four sweeps a draw instead of two
    CurlInline,    // vorticity.frag computes the curl it reads (collocated, in the step)
    PackedCoarse,  // a packed multigrid level's restriction into, or prolongation from, a packed one
    // The viscous sweeps on the staggered faces two cells a texel
    // (smooth_faces_packed.frag): the first reads the faces as stored, the
    // last writes them so.
    FromCells,
    ToCells,
    // The dye's advection reads the velocity at its cells from
    // velocity_at_dye_cells.frag's layers (a dye grid 2 or 4 times the velocity's).
    VelocityAtDyeCells,
    // advect.frag's forward pass writes that velocity too (outputs 1 and 2).
    WithVelocityAtDyeCells,
    DyeGridFourTimes,  // the dye's grid four times the velocity's each way (else twice)
    // The window's display.frag: the view (none of these: the dye), then what
    // is drawn over or under it.
    VelocityView,
    SequentialView,
    DivergingView,
    WaterView,
    ShadedColours,  // colours drawn as they are (dye_shade.frag's)
    FaceVelocity,   // the velocity view of the staggered layout
    Background,     // the water view over a picture
    Overlay,        // the camera's picture
    Glow,           // the bloom's
    kCount
};
inline constexpr std::array<const char*, static_cast<std::size_t>(Define::kCount)> kDefineNames{
    // the solvers'
    "OBSTACLES", "STAGGERED", "DYE_ON_VELOCITY_GRID", "TWO_OUTPUTS", "POINT_SPLAT", "CARRIED_VELOCITY", "SCALAR_SOURCE",
    "ON_VELOCITY_GRID", "INFLOW_DYE", "WITH_DYE", "SCHEME_STAGE", "TWO_SWEEPS", "WEIGHTED", "PACKED_PRESSURE",
    "DYE_ON_OWN_GRID", "ZERO_GUESS", "VISCOUS", "SLIP_WALLS", "CUBIC_READ", "PAIRED", "READS_PAIRS", "FOUR_SWEEPS",
    "CURL_INLINE", "PACKED_COARSE", "FROM_CELLS", "TO_CELLS", "VELOCITY_AT_DYE_CELLS", "WITH_VELOCITY_AT_DYE_CELLS",
    "DYE_GRID_FOUR_TIMES",
    // the window's display
    "VELOCITY_VIEW", "SEQUENTIAL_VIEW", "DIVERGING_VIEW", "WATER_VIEW", "SHADED_COLOURS", "FACE_VELOCITY", "BACKGROUND",
    "OVERLAY", "GLOW"};
static_assert(kDefineNames.size() <= 64, "Defines keeps a variant in 64 bits");

// A set of Defines: a row's variants (those its shader knows), or one variant.
class Defines {
public:
    constexpr Defines() = default;
    constexpr Defines(std::initializer_list<Define> defines)
    {
        for (const Define d : defines) bits_ |= bit(d);
    }
    // This set, with `d` where `on`.
    constexpr Defines with(Define d, bool on = true) const { return Defines(on ? bits_ | bit(d) : bits_, stage_); }
    // This set, drawing `stage` of a scheme: SchemeStage with the stage's own
    // defines (its name, and how it traces) and its header.
    constexpr Defines withStage(const fluid::SchemeStage& stage) const
    {
        return Defines(bits_ | bit(Define::SchemeStage), &stage);
    }
    constexpr const fluid::SchemeStage* stage() const { return stage_; }
    constexpr bool has(Define d) const { return (bits_ & bit(d)) != 0; }
    constexpr bool within(Defines allowed) const { return (bits_ & ~allowed.bits_) == 0; }
    constexpr std::uint64_t bits() const { return bits_; }
    friend constexpr Defines operator|(Defines a, Defines b)
    {
        return Defines(a.bits_ | b.bits_, a.stage_ ? a.stage_ : b.stage_);
    }
    constexpr bool operator==(const Defines&) const = default;
    // "#define NAME 1\n" for each, in Define's order.
    std::string text() const
    {
        std::string out;
        for (std::size_t n = 0; n < kDefineNames.size(); ++n)
            if (bits_ & (std::uint64_t{1} << n)) out += std::string("#define ") + kDefineNames[n] + " 1\n";
        if (stage_) {
            out += std::string("#define ") + stage_->define + " 1\n";
            if (stage_->forwardInTime) out += "#define STAGE_FORWARD_IN_TIME 1\n";
            if (stage_->readsIntermediate) out += "#define STAGE_READS_INTERMEDIATE 1\n";
        }
        return out;
    }

private:
    constexpr Defines(std::uint64_t bits, const fluid::SchemeStage* stage) : bits_(bits), stage_(stage) {}
    static constexpr std::uint64_t bit(Define d) { return std::uint64_t{1} << static_cast<unsigned>(d); }
    std::uint64_t bits_ = 0;
    const fluid::SchemeStage* stage_ = nullptr;  // a row of kAdvectionSchemes: compared by address
};

// Where a program's sampler reads: the GPU solver's textures by role. The
// solver resolves each when it draws the row (GpuSolver::draw), so no pass
// binds a texture unit by hand.
enum class Source {
    Output,              // the field the draw writes, as it is before the draw
    Velocity,            // the current velocity
    Dye,                 // the current dye
    Temperature,         // the current temperature
    Pressure,            // the current pressure
    CarriedVelocity,     // what advect() carries with the incremental projection
    Divergence,          // the projection's divergence
    DiffusionRhs,        // the advected velocity, b of the viscous solve
    PackedPressure,      // the pressure, four cells a texel
    PackedDivergence,    // the divergence, four cells a texel
    PressurePairs,       // the packed pressure as the paired sweeps leave it: even rows, odd rows (two layers)
    Forward,             // a scheme's stages: the forward step's result for the field written
    Intermediate,        // a scheme's stages: the previous stage's result for the field written
    Force,               // motion input's force field, given with the draw
    VelocityAtDyeCells,  // the velocity at the dye's cells, layers of pairs (a dye grid 2 or 4 times the velocity's)
    // Bound by the class that draws the row: a multigrid level's, a camera
    // frame, what a window's display pass shows (its view, the glow, a picture).
    Level,
};

}  // namespace fluid
