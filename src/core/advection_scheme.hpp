// The advection schemes, one row each: the name the flag, the settings file
// and --help use, the panel's label, the help text, and the passes the scheme
// draws after the semi-Lagrangian step. The parameter rows (the flag, --help,
// the panel's combo, the settings file), the GPU solver (its programs and
// scratch targets, sim::chooseKernels) and the CPU reference (its stage
// mirrors, reference::schemeStageMirrors) all read this table, so a scheme is
// an enumerator and a row here, a GLSL stage function and its CPU mirror.
// GL-free.
#pragma once

#include <array>
#include <cstddef>
#include <span>

namespace fluid {

enum class AdvectionScheme {
    SemiLagrangian,    // one back-trace and a bilinear read (GPU Gems ch. 38): first order, numerically diffusive
    MacCormack,        // Selle et al. 2008: that step forward, the same step backward, half the round trip's error
                       // added back, limited to the values the back-trace read (docs/algorithm.md)
    Bfecc,             // back and forth error compensation and correction (Kim et al. 2005): forward, backward, the
                       // start corrected by half the round trip's error, forward again; limited as MacCormack is
    MacCormackRevert,  // MacCormack whose limiter reverts to the semi-Lagrangian value where the corrected one
                       // leaves the bounds (Selle et al.'s other choice) instead of clamping it to them
};

// One pass a scheme draws after the semi-Lagrangian (forward) step phi^ =
// A(phi^n), on the field's grid. Each cell traces along the forward step's
// velocity (by -dt, or by +dt: the forward step's own trace and footprint),
// reads a field T there bilinearly (the forward result, or the previous
// stage's result), and its GLSL function stageValue() (in `header`; the CPU
// mirror of the same name, reference::schemeStageMirrors) combines phi^, phi^n
// and T here, given the bounds of decay phi^n at the four cells of the
// forward footprint and whether that footprint reads a ghost cell. The last
// stage writes the field; an earlier one writes the scheme's intermediate
// target, which only the next stage reads.
struct SchemeStage {
    const char* define = nullptr;    // the variant's #define, which selects stageValue() in `header`
    const char* header = nullptr;    // in shaders/
    bool forwardInTime = false;      // traces by +dt (STAGE_FORWARD_IN_TIME), else by -dt
    bool readsIntermediate = false;  // T is the previous stage's result (STAGE_READS_INTERMEDIATE), else phi^
};

struct AdvectionSchemeRow {
    static constexpr std::size_t kMaxStages = 2;

    AdvectionScheme scheme;
    const char* name;   // the flag's and the settings file's value
    const char* label;  // the panel's
    const char* help;   // its sentence in --help, and the panel's tooltip
    std::array<SchemeStage, kMaxStages> stages{};
    std::size_t stageCount = 0;
};

// In AdvectionScheme's order.
inline constexpr std::array<AdvectionSchemeRow, 4> kAdvectionSchemes{{
    {AdvectionScheme::SemiLagrangian, "semi-lagrangian", "semi-Lagrangian",
     "one back-trace and a bilinear read (first order), which smears detail a little every step."},
    {AdvectionScheme::MacCormack,
     "maccormack",
     "MacCormack",
     "that step forward and back again, half the round trip's error added back, limited to the values read "
     "(Selle et al. 2008): second order where the flow is smooth, sharper swirls and dye, two passes instead of "
     "one.",
     {{{"MACCORMACK", "maccormack.glsl"}}},
     1},
    {AdvectionScheme::Bfecc,
     "bfecc",
     "BFECC",
     "back and forth error compensation and correction: forward and back again, the start corrected by half the "
     "round trip's error, then forward again from it, limited as maccormack (Kim et al. 2005): second order, "
     "three passes.",
     {{{"BFECC_ERROR", "bfecc.glsl"}, {"BFECC_CORRECTION", "bfecc.glsl", true, true}}},
     2},
    {AdvectionScheme::MacCormackRevert,
     "maccormack-revert",
     "MacCormack, reverting",
     "maccormack, but where the corrected value leaves the values read it falls back to the semi-Lagrangian one "
     "instead of being clamped to them: no flat steps where the limiter bites, which the clamp leaves along the "
     "grid's axes on coarse grids (the window's velocity). Two passes.",
     {{{"MACCORMACK_REVERT", "maccormack.glsl"}}},
     1},
}};

constexpr const AdvectionSchemeRow& schemeRow(AdvectionScheme scheme)
{
    return kAdvectionSchemes[static_cast<std::size_t>(scheme)];
}

// The passes `scheme` draws after the forward one, in order.
constexpr std::span<const SchemeStage> stagesOf(AdvectionScheme scheme)
{
    const AdvectionSchemeRow& row = schemeRow(scheme);
    return {row.stages.data(), row.stageCount};
}

}  // namespace fluid
