// The settings table's rows (setting_rows.hpp).
#include "app/setting_rows.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace fluid::app {

namespace {

using Kind = ParameterKind;
using Access = ParameterAccessOf<AppSettings>;

template <typename FieldOf>
Access field(FieldOf of)
{
    return fieldAccess<AppSettings>(of);
}

// Rows by kind (designated initializers would read better, but GCC 12 warns
// about every member they leave to its default).
Setting real(const char* key, const char* label, const char* placeholder, const char* unit, Access access, double min,
             double max, ParameterSlider slider, PanelGroup group, const char* help)
{
    Setting row{key, label, placeholder, unit, help, Kind::Real, access};
    row.min = min;
    row.max = max;
    row.slider = slider;
    row.group = group;
    return row;
}

// A whole number in [min, max], its slider in steps of one.
Setting integer(const char* key, const char* label, const char* placeholder, Access access, int min, int max,
                PanelGroup group, const char* help)
{
    Setting row = real(key, label, placeholder, "", access, min, max,
                       {static_cast<double>(min), static_cast<double>(max), false, "%g"}, group, help);
    row.kind = Kind::Integer;
    return row;
}

Setting onOff(const char* key, const char* label, Access access, PanelGroup group, const char* help)
{
    Setting row{key, label, nullptr, "", help, Kind::Switch, access};
    row.group = group;
    return row;
}

Setting within(Setting row, HelpSection section, Scope scope = Scope::Everywhere)
{
    row.section = section;
    row.scope = scope;
    return row;
}

bool showsDye(const AppSettings& s)
{
    return s.display.view == FieldView::Dye;
}
bool showsDyeOrInk(const AppSettings& s)
{
    return s.display.view == FieldView::Dye || s.display.view == FieldView::Water;
}
bool showsGlow(const AppSettings& s)
{
    return showsDye(s) && s.display.bloom.enabled;
}
bool showsWater(const AppSettings& s)
{
    return s.display.view == FieldView::Water;
}
bool showsScalarMap(const AppSettings& s)
{
    return viewInfo(s.display.view).colouring == ViewColouring::Scalar;
}

std::vector<ParameterChoice> viewChoices()
{
    std::vector<ParameterChoice> choices;
    for (const FieldViewInfo& info : fieldViews())
        choices.push_back({info.name, info.name, static_cast<int>(info.view), info.help});
    return choices;
}

using G = PanelGroup;
using H = HelpSection;
using L = DisplayLimits;

// Appends a row placed in its --help section and scope.
auto adder(std::vector<Setting>& rows)
{
    return [&rows](Setting row, HelpSection section, Scope scope = Scope::Everywhere) {
        rows.push_back(within(std::move(row), section, scope));
    };
}

// The brush.
void addBrushRows(std::vector<Setting>& rows)
{
    const auto add = adder(rows);
    add(real("splat-radius", "brush radius", "R", "m", field([](auto& s) -> auto& { return s.brush.radius; }), 0.001,
             1.0, {0.002, 0.2, true, "%.3f"}, G::Quick,
             "Brush radius r of the Gaussian exp(-d^2/r^2) around the stroke (the short side is 1 m)."),
        H::BrushAndDisplay, Scope::WindowSetting);
    add(real("dye-amount", "dye amount", "D", "", field([](auto& s) -> auto& { return s.brush.dyeAmount; }), 0.0, 1e3,
             {0.0, 5.0, false, "%.2f"}, G::Quick,
             "Peak dye of a drawn line (dye x sqrt(pi) r per metre of stroke), whatever its speed or the frame "
             "rate."),
        H::BrushAndDisplay, Scope::WindowSetting);
    Setting hover = onOff("hover-paint", "hover paints", field([](auto& s) -> auto& { return s.hoverPaint; }), G::Quick,
                          "Window: the moving pointer paints without a button, as with the left one held (hover "
                          "painting).");
    hover.bareFlag = true;
    add(hover, H::Window, Scope::Window);
    add(real("splat-force", "splat force", "F", "", field([](auto& s) -> auto& { return s.brush.force; }), 0.0, 1e3,
             {0.0, 10.0, false, "%.2f"}, G::Brush,
             "A stroke leaves the fluid along it moving at F x the pointer's velocity, whatever the frame rate."),
        H::BrushAndDisplay, Scope::WindowSetting);
    add(real("dye-rate", "dye rate", "D", "1/s", field([](auto& s) -> auto& { return s.brush.dyeRate; }), 0.0, 1e3,
             {0.0, 20.0, false, "%.2f"}, G::Brush,
             "Dye added per second at the centre of a brush held still (dye x pi r^2 per second)."),
        H::BrushAndDisplay, Scope::WindowSetting);
    add(real("emitter-heat", "emitter heat", "Q", "K/s", field([](auto& s) -> auto& { return s.brush.emitterHeat; }),
             0.0, 1e5, {0.0, 2000.0, false, "%.0f"}, G::Emitters,
             "Heat a smoke emitter (Shift+click) adds per second at its centre."),
        H::BrushAndDisplay, Scope::WindowSetting);
    add(real("emitter-smoke", "emitter smoke", "S", "1/s", field([](auto& s) -> auto& { return s.brush.emitterSmoke; }),
             0.0, 1e3, {0.0, 10.0, false, "%.2f"}, G::Emitters,
             "Smoke (grey dye) a smoke emitter adds per second at its centre."),
        H::BrushAndDisplay, Scope::WindowSetting);
}

// What is shown, and how.
void addLookRows(std::vector<Setting>& rows)
{
    const auto add = adder(rows);
    Setting view{"view",
                 "field (V)",
                 "FIELD",
                 "",
                 "The field shown; V cycles through the ones that show something.",
                 Kind::Choice,
                 field([](auto& s) -> auto& { return s.display.view; })};
    view.choices = viewChoices();
    view.group = G::QuickLook;
    add(view, H::BrushAndDisplay);
    Setting exposure =
        real("exposure", "exposure", "E", "", field([](auto& s) -> auto& { return s.display.dyeExposure; }), 0.0, 1e3,
             {0.05, 10.0, true, "%.2f"}, G::QuickLook,
             "Dye is shown as 1 - exp(-E dye) (also the ink in the water view); headless frames keep the "
             "default.");
    exposure.minOpen = true;
    exposure.shown = showsDyeOrInk;
    add(exposure, H::BrushAndDisplay);
    Setting bloom =
        onOff("bloom", "bloom", field([](auto& s) -> auto& { return s.display.bloom.enabled; }), G::QuickLook,
              "Window, dye view: bright dye glows (a blurred threshold added on top; other views, "
              "headless frames and figures are never processed).");
    bloom.shown = showsDye;
    add(bloom, H::BrushAndDisplay, Scope::WindowSetting);
    Setting shading = real("shading", "shading", "S", "", field([](auto& s) -> auto& { return s.display.shading; }),
                           0.0, L::kMaxShading, {0.0, 5.0, false, "%.1f"}, G::QuickLook,
                           "Window, dye view: the dye lit as a relief, its slope under a light from the upper left "
                           "(0: flat; headless frames and figures are never shaded).");
    shading.shown = showsDye;
    add(shading, H::BrushAndDisplay, Scope::WindowSetting);
    Setting glow =
        real("bloom-intensity", "glow", "I", "", field([](auto& s) -> auto& { return s.display.bloom.intensity; }), 0.0,
             L::kMaxBloomIntensity, {0.0, 3.0, false, "%.2f"}, G::QuickLook, "How much glow the bloom adds.");
    glow.shown = showsGlow;
    add(glow, H::BrushAndDisplay, Scope::WindowSetting);
    Setting threshold = real("bloom-threshold", "bloom threshold", "T", "",
                             field([](auto& s) -> auto& { return s.display.bloom.threshold; }), 0.0,
                             L::kMaxBloomThreshold, {0.0, 1.0, false, "%.2f"}, G::Look,
                             "Brightness (of 1) where the glow starts, with a soft start below it.");
    threshold.shown = showsGlow;
    add(threshold, H::BrushAndDisplay, Scope::WindowSetting);
    Setting spread =
        real("bloom-radius", "bloom radius", "R", "", field([](auto& s) -> auto& { return s.display.bloom.radius; }),
             L::kMinBloomRadius, L::kMaxBloomRadius, {L::kMinBloomRadius, 0.2, true, "%.3f"}, G::Look,
             "Spread of the glow, a fraction of the window's short side.");
    spread.shown = showsGlow;
    add(spread, H::BrushAndDisplay, Scope::WindowSetting);
    Setting map{"colour-map",
                "colour map",
                nullptr,
                "",
                "Colour map of pressure, divergence, vorticity and temperature; both span [-range, range], "
                "diverging shows the sign best.",
                Kind::Choice,
                field([](auto& s) -> auto& { return s.display.scalarMap; })};
    map.choices = {{"diverging", "diverging (blue-white-red)", static_cast<int>(ColourMap::Diverging)},
                   {"sequential", "sequential (dark-bright)", static_cast<int>(ColourMap::Sequential)}};
    map.group = G::Look;
    map.shown = showsScalarMap;
    add(map, H::BrushAndDisplay);
    add(integer("max-steps-per-frame", "max steps per frame", "N",
                field([](auto& s) -> auto& { return s.maxStepsPerFrame; }), 1, 16, G::Solver,
                "Window: the most steps one frame may run to keep up with real time. Beyond it (or beyond 50 ms of "
                "steps per frame) the fluid runs slower than real time rather than the frame rate collapsing."),
        H::BrushAndDisplay, Scope::WindowSetting);
}

// The water view.
void addWaterRows(std::vector<Setting>& rows)
{
    const auto add = adder(rows);
    const auto water = [&add](Setting row) {
        row.shown = showsWater;
        add(std::move(row), HelpSection::Water);
    };
    water(real("water-relief", "relief", "K", "", field([](auto& s) -> auto& { return s.display.water.relief; }), 0.0,
               L::kMaxRelief, {0.0, 50.0, false, "%.1f"}, G::Look,
               "Water view: surface height K p / (rho g); 1 is the height a free surface would take, more "
               "exaggerates the waves."));
    water(real("light-azimuth", "light azimuth", "DEG", "deg",
               field([](auto& s) -> auto& { return s.display.water.lightAzimuth; }), 0.0, 360.0,
               {0.0, 360.0, false, "%.0f"}, G::Look, "Water view: direction of the light, counter-clockwise from +x."));
    water(real("light-elevation", "light elevation", "DEG", "deg",
               field([](auto& s) -> auto& { return s.display.water.lightElevation; }), 0.0, 90.0,
               {5.0, 90.0, false, "%.0f"}, G::Look, "Water view: height of the light above the surface."));
    water(real("shininess", "shininess", "S", "", field([](auto& s) -> auto& { return s.display.water.shininess; }),
               L::kMinShininess, L::kMaxShininess, {L::kMinShininess, L::kMaxShininess, true, "%.0f"}, G::Look,
               "Water view: sharpness of the highlight (Blinn-Phong exponent)."));
    water(real("water-depth", "depth", "M", "m", field([](auto& s) -> auto& { return s.display.water.depth; }), 0.0,
               L::kMaxDepth, {0.0, 1.0, false, "%.2f"}, G::Look,
               "Water view: water over the tiled floor, how far refraction shifts it."));
}

// Motion input.
void addMotionRows(std::vector<Setting>& rows)
{
    const auto add = adder(rows);
    add(real("motion-gain", "gain", "G", "1/s", field([](auto& s) -> auto& { return s.motion.gain; }), 0.0,
             MotionLimits::kMaxGain, {0.0, 100.0, false, "%.1f"}, G::Motion,
             "Where something moves, the fluid takes on its velocity at this rate."),
        H::Motion);
    add(real("motion-threshold", "threshold", "T", "", field([](auto& s) -> auto& { return s.motion.threshold; }), 0.0,
             1.0, {0.0, 0.5, false, "%.3f"}, G::Motion,
             "A brightness change (of 1) below this is camera noise, not motion."),
        H::Motion);
    add(real("motion-blur", "time blur", "S", "s", field([](auto& s) -> auto& { return s.motion.timeBlur; }), 0.0,
             MotionLimits::kMaxTimeBlur, {0.0, 2.0, false, "%.2f"}, G::Motion,
             "Time over which the motion is averaged."),
        H::Motion);
    add(real("motion-dye", "motion dye", "D", "1/s", field([](auto& s) -> auto& { return s.motion.dye; }), 0.0,
             MotionLimits::kMaxDye, {0.0, 20.0, false, "%.1f"}, G::Motion, "Dye per second where there is motion."),
        H::Motion);
    add(onOff("mirror", "mirror", field([](auto& s) -> auto& { return s.motion.mirror; }), G::Motion,
              "Flip the camera's picture left-right, as a mirror: a camera facing the people in front of the "
              "wall."),
        H::Motion);
    add(real("camera-overlay", "show camera", "A", "", field([](auto& s) -> auto& { return s.display.cameraOverlay; }),
             0.0, 1.0, {0.0, 1.0, false, "%.2f"}, G::Motion,
             "Window: the camera's picture over the fluid at this opacity, as the motion input sees it (0: "
             "hidden)."),
        H::Motion, Scope::WindowSetting);
}

// Obstacles and the window.
void addObstacleAndWindowRows(std::vector<Setting>& rows)
{
    const auto add = adder(rows);
    add(real("obstacle-brush", "obstacle brush", "R", "m",
             field([](auto& s) -> auto& { return s.obstacleBrushRadius; }), 0.001, 1.0, {0.002, 0.2, true, "%.3f"},
             G::Obstacles,
             "Window: radius of the obstacle brush; Ctrl+drag paints solid, Ctrl+Shift+drag or Ctrl+right-drag "
             "erases."),
        H::Obstacles, Scope::WindowSetting);
    add(real("idle-after", "idle after", "S", "s", field([](auto& s) -> auto& { return s.idleAfter; }), 0.0, 86400.0,
             {0.0, 120.0, false, "%.0f"}, G::None,
             "Seconds without input or camera motion before a gentle brush wanders over the water, so a wall "
             "never looks dead; 0 = never."),
        H::Window, Scope::WindowSetting);
    add(onOff("first-sight", "first sight", field([](auto& s) -> auto& { return s.firstSight; }), G::None,
              "Window: a burst of colour at start, a hint on the canvas, and a random splat every few seconds "
              "while nobody paints; off starts black and still."),
        H::Window, Scope::WindowSetting);
}

}  // namespace

const std::vector<Setting>& settingRows()
{
    static const std::vector<Setting> rows =
        rowsOf<Setting>({addBrushRows, addLookRows, addWaterRows, addMotionRows, addObstacleAndWindowRows});
    return rows;
}

const Setting* findSetting(std::string_view key)
{
    return findRow(settingRows(), key);
}

void sanitize(AppSettings& s)
{
    // An angle wraps rather than stops at 360 (NaN is left to its row).
    float& azimuth = s.display.water.lightAzimuth;
    if (std::isfinite(azimuth)) azimuth = std::fmod(std::fmod(azimuth, 360.0f) + 360.0f, 360.0f);
    for (const Setting& row : settingRows()) row.clamp(s);
    // What no row holds: the colours and the display range.
    const AppSettings defaults;
    const auto unit = [](float& v, float fallback) { v = std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : fallback; };
    for (int c = 0; c < 3; ++c) {
        unit(s.brush.colour[c], defaults.brush.colour[c]);
        unit(s.motion.dyeColour[c], defaults.motion.dyeColour[c]);
    }
    float& range = s.display.fixedRange;
    range = std::isfinite(range) && range > 0.0f ? std::min(range, kMaxFixedRange) : defaults.display.fixedRange;
}

}  // namespace fluid::app
