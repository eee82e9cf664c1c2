// The window's display passes as rows of the program table (ProgramSpec,
// core/program_specs.hpp): the view drawn into the window (display.frag) and
// the dye's relief (dye_shade.frag) that FieldDisplay draws, the bloom's
// two passes (Bloom), the reduction behind the automatic colour range
// (AsyncMax) and the cross-fade over a change of grid (CrossFade). Each row names its shader, the defines its variants
// combine, its samplers with their units, and the uniforms its caller sets at every draw (by index, perDraw(i));
// sim::SpecProgram builds them, so the window writes no uniform name or define string. Their textures are bound by the
// class that draws them (Source::Level). They take nothing from the grid's
// PassConstants and are built without common.glsl: they draw window pixels,
// not cells. tests/app/display_programs_test.cpp checks each row against the
// programs the window builds, both ways.
//
// GL-free: what a row says, not how GL does it.
#pragma once

#include <array>
#include <cstddef>

#include "core/program_specs.hpp"

namespace fluid::programs {

// display.frag: one field in the grid's rectangle of the window. A variant is
// at most one view define (none: the tone-mapped dye) and what it draws over
// or under the view; the shader never branches on a uniform, which llvmpipe
// would pay for at every pixel.
inline constexpr Defines kDisplayViews{Define::VelocityView, Define::SequentialView, Define::DivergingView,
                                       Define::WaterView, Define::ShadedColours};
// Its samplers, in this order, each on the unit of its index.
namespace display_sampler {
enum : unsigned { kField, kDye, kBackground, kOverlay, kObstacles };
}
namespace display_uniform {
enum : std::size_t {
    kRange,
    kViewportSize,
    kGrid,
    kCellSize,
    kHeightPerPressure,
    kLightDirection,
    kShininess,
    kDepth,
    kOverlayOpacity
};
}
inline constexpr ProgramSpec display{
    .name = "display",
    .shader = "display.frag",
    .vertexShader = "display.vert",
    .variants = kDisplayViews | Defines{Define::FaceVelocity, Define::Background, Define::Obstacles, Define::Overlay},
    .samplers = {{{"uField", display_sampler::kField},
                  {"uDye", display_sampler::kDye, Source::Level, true},  // the water's ink
                  {"uBackground", display_sampler::kBackground, Source::Level, true},
                  {"uOverlay", display_sampler::kOverlay, Source::Level, true},
                  {"uObstacles", display_sampler::kObstacles, Source::Level, true}}},
    .perDraw = {"uRange", "uViewportSize", "uGrid", "uCellSize", "uHeightPerPressure", "uLightDirection", "uShininess",
                "uDepth", "uOverlayOpacity"},
    .onTheGrid = false,
    .withCommon = false,
};

// A window pass of one texture, which its caller binds, built without
// common.glsl; its per-draw uniforms by the index enums beside it.
constexpr ProgramSpec windowPass(const char* name, const char* shader, const char* sampler,
                                 std::array<const char*, ProgramSpec::kMaxPerDraw> perDraw)
{
    return ProgramSpec{.name = name,
                       .shader = shader,
                       .samplers = {{{sampler, units::kFirst}}},
                       .perDraw = perDraw,
                       .onTheGrid = false,
                       .withCommon = false};
}

// dye_shade.frag: the dye's colours lit as a relief, one per dye texel, which
// display.frag then magnifies (ShadedColours); with Glow, the bloom's glow
// added there, at the dye's texels rather than at every window pixel.
namespace dye_shade_sampler {
enum : unsigned { kDye, kGlow };
}
namespace dye_shade_uniform {
enum : std::size_t { kRange, kShading, kGlowIntensity, kTexel };
}
inline constexpr ProgramSpec dyeShade{
    .name = "dyeShade",
    .shader = "dye_shade.frag",
    .variants = Defines{Define::Glow},
    .samplers = {{{"uDye", dye_shade_sampler::kDye}, {"uGlow", dye_shade_sampler::kGlow, Source::Level, true}}},
    .perDraw = {"uRange", "uShading", "uGlowIntensity", "uTexel"},
    .onTheGrid = false,
    .withCommon = false,
};

// The bloom (app/window/bloom.hpp): the bright part of the tone-mapped dye at
// the glow's resolution, then the blur's passes along each axis.
namespace bloom_prefilter_uniform {
enum : std::size_t { kTexel, kRange, kThreshold, kKnee };
}
namespace bloom_blur_uniform {
enum : std::size_t { kTexel, kStep };
}
inline constexpr ProgramSpec bloomPrefilter =
    windowPass("bloomPrefilter", "bloom_prefilter.frag", "uDye", {"uTexel", "uRange", "uThreshold", "uKnee"});
inline constexpr ProgramSpec bloomBlur = windowPass("bloomBlur", "bloom_blur.frag", "uSource", {"uTexel", "uStep"});

// One step of the max reduction the window reads back asynchronously (AsyncMax).
namespace reduce_max_uniform {
enum : std::size_t { kMeasure, kBlock };
}
inline constexpr ProgramSpec reduceMax = windowPass("reduceMax", "reduce_max.frag", "uField", {"uMeasure", "uBlock"});

// The window's picture from before a change of grid, over the new one (CrossFade).
namespace cross_fade_uniform {
enum : std::size_t { kOpacity };
}
inline constexpr ProgramSpec crossFade = windowPass("crossFade", "cross_fade.frag", "uPicture", {"uOpacity"});

// Every row, for the tests that check them all.
inline constexpr std::array<const ProgramSpec*, 6> kDisplayPrograms{&display,   &dyeShade,  &bloomPrefilter,
                                                                    &bloomBlur, &reduceMax, &crossFade};

}  // namespace fluid::programs
