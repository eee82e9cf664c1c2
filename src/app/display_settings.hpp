// What the window shows and how: the field, its colour map and range, and the
// look of the water surface. Free of GL so the options (flags, settings file)
// and the headless runner can carry it; FieldDisplay
// (src/app/window/field_display.hpp) draws with it on the GPU and
// shadeCell (src/app/view_colour.hpp) on the CPU.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fluid::app {

enum class FieldView { Dye, Velocity, Pressure, Divergence, Vorticity, Water, Temperature };

// The solver field a view reads.
enum class ViewSource { Dye, Velocity, Pressure, Divergence, Curl, Temperature };
// How a view turns values into colour: the branches of shaders/display.frag
// (its view defines, core/display_programs.hpp), mirrored by shadeCell.
enum class ViewColouring { ToneMappedDye = 0, DirectionAndSpeed = 1, Scalar = 2, WaterSurface = 4 };

// One row per view: everything the display, the panel, the flags and the
// headless frames need to know about it. A new view is a row here and a
// branch in display.frag and shadeCell.
struct FieldViewInfo {
    FieldView view;
    const char* name;  // flag value, settings file, panel
    ViewSource source;
    ViewColouring colouring;
    bool needsDiagnostics;  // the source is computed for display (curl, divergence)
    const char* help;       // the panel's tooltip
};

std::span<const FieldViewInfo> fieldViews();
const FieldViewInfo& viewInfo(FieldView view);
std::optional<FieldView> fieldViewNamed(std::string_view name);
std::string fieldViewNames(const char* separator = ", ");  // "dye, velocity, ..."
const char* toString(FieldView view);
FieldView nextView(FieldView view);  // the next row, wrapping
// Why `view` shows nothing now, or null: the temperature while smoke is off
// (gravity 0: no heat moves, SimParams' smokeIsOn). The window says it on the canvas.
const char* emptyViewReason(FieldView view, bool smokeOn);
// The V key: the next row that shows something, wrapping.
FieldView nextView(FieldView view, bool smokeOn);

enum class ColourMap { Sequential, Diverging };
const char* toString(ColourMap map);

// The water view: the pressure read as the height of a free surface, lit by a
// light above it, reflecting a sky and refracting a tiled floor below
// (docs/algorithm.md §8 "Views and the water surface").
struct WaterLook {
    float relief = 10.0f;          // height = relief * p / (rho g): 1 is the height a free surface would take
    float lightAzimuth = 135.0f;   // degrees, counter-clockwise from +x
    float lightElevation = 50.0f;  // degrees above the surface
    float shininess = 80.0f;       // Blinn-Phong exponent of the highlight
    float depth = 0.1f;            // m, water over the floor: how far refraction shifts it
    bool operator==(const WaterLook&) const = default;
};

// Bloom: the bright dye glows. The window applies it to the dye view only
// (src/app/window/bloom.hpp); every other view, the headless frames and the
// validation figures show the field unprocessed.
struct BloomLook {
    bool enabled = true;
    float intensity = 0.8f;  // the glow added on top, times the blurred bright part
    float threshold = 0.6f;  // brightness (of 1) where the glow starts, with a soft knee below it
    float radius = 0.04f;    // spread of the glow, a fraction of the window's short side
    bool operator==(const BloomLook&) const = default;
};

struct DisplaySettings {
    FieldView view = FieldView::Dye;
    ColourMap scalarMap = ColourMap::Diverging;  // pressure, divergence, vorticity
    bool autoRange = true;
    float fixedRange = 1.0f;   // value given full colour when autoRange is off
    float dyeExposure = 1.0f;  // dye is shown as 1 - exp(-exposure * dye) (also the ink in the water view)
    float shading = 1.0f;      // window, dye view: the relief of the dye's slope under a light; 0: flat
    WaterLook water;
    float cameraOverlay = 0.0f;  // opacity of the motion input's picture over the view, [0, 1]
    BloomLook bloom;             // window, dye view only
    bool operator==(const DisplaySettings&) const = default;
};

// The accepted ranges of the display settings (their rows in src/app/setting_rows.cpp).
struct DisplayLimits {
    static constexpr float kMaxRelief = 100.0f;
    static constexpr float kMinShininess = 1.0f;
    static constexpr float kMaxShininess = 1000.0f;
    static constexpr float kMaxDepth = 10.0f;
    static constexpr float kMaxBloomIntensity = 10.0f;
    static constexpr float kMaxBloomThreshold = 1.0f;
    static constexpr float kMinBloomRadius = 0.001f;
    static constexpr float kMaxBloomRadius = 0.5f;
    static constexpr float kMaxShading = 20.0f;
};

}  // namespace fluid::app
