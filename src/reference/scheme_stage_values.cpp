// Each advection scheme's stage values on the CPU: the mirrors of each
// scheme's stageValue() (shaders/maccormack.glsl, shaders/bfecc.glsl), in the
// order of its stages in core/advection_scheme.hpp. advection_passes.cpp
// runs them over the fields; a new scheme's mirrors and their line in
// kStageMirrors go here.
#include <array>
#include <span>

#include "core/advection_scheme.hpp"
#include "reference/float_ops.hpp"
#include "reference/passes.hpp"

namespace fluid::reference {

float maccormackStage(float forward, float original, float traced, float lo, float hi, float decay, bool ghost)
{
    return ghost ? forward : glslMin(glslMax(forward + 0.5f * (original * decay - traced), lo), hi);
}

namespace {

// maccormack.glsl's stageValue, MACCORMACK_REVERT: the corrected value, or the
// forward one where it leaves [lo, hi] or at a ghost.
float maccormackRevertStage(float forward, float original, float traced, float lo, float hi, float decay, bool ghost)
{
    const float corrected = forward + 0.5f * (original * decay - traced);
    return ghost || corrected < lo || corrected > hi ? forward : corrected;
}

// bfecc.glsl's stageValue, BFECC_ERROR: half the round trip's error, e =
// (decay phi^n - phi^^n) / 2 (traced: the backward step phi^^n), unlimited.
float bfeccError(float, float original, float traced, float, float, float decay, bool)
{
    return 0.5f * (original * decay - traced);
}

// BFECC_CORRECTION: the forward result plus e carried forward (traced), so
// the forward step of the corrected start; clamped to [lo, hi], the forward
// value at a ghost.
float bfeccCorrection(float forward, float, float traced, float lo, float hi, float, bool ghost)
{
    return ghost ? forward : glslMin(glslMax(forward + traced, lo), hi);
}

// Each scheme's stage mirrors, in its stages' order (core/advection_scheme.hpp).
constexpr StageValue kMacCormackStages[] = {maccormackStage};
constexpr StageValue kBfeccStages[] = {bfeccError, bfeccCorrection};
constexpr StageValue kMacCormackRevertStages[] = {maccormackRevertStage};
constexpr std::array<std::span<const StageValue>, kAdvectionSchemes.size()> kStageMirrors{{
    {},                 // semi-Lagrangian: none
    kMacCormackStages,  //
    kBfeccStages,       //
    kMacCormackRevertStages,
}};

}  // namespace

std::span<const StageValue> schemeStageMirrors(AdvectionScheme scheme)
{
    return kStageMirrors[static_cast<std::size_t>(scheme)];
}

}  // namespace fluid::reference
