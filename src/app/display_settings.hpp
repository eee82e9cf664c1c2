// What the window shows and how: the field, its colour map and range. Free of
// GL so the options (flags, settings file) can carry it; FieldDisplay
// (src/app/window/field_display.hpp) draws with it.
#pragma once

namespace fluid::app {

enum class FieldView { Dye, Velocity, Pressure, Divergence, Vorticity };
constexpr int kFieldViewCount = 5;
const char* toString(FieldView view);

enum class ColourMap { Sequential, Diverging };
const char* toString(ColourMap map);

struct DisplaySettings {
    FieldView view = FieldView::Dye;
    ColourMap scalarMap = ColourMap::Diverging;  // pressure, divergence, vorticity
    bool autoRange = true;
    float fixedRange = 1.0f;   // value given full colour when autoRange is off
    float dyeExposure = 1.0f;  // dye is shown as 1 - exp(-exposure * dye)
    bool operator==(const DisplaySettings&) const = default;
};

// Fixed range into (0, 1e30], exposure into (0, 1e3], NaN to the defaults.
void sanitize(DisplaySettings& settings);

}  // namespace fluid::app
