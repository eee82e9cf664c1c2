#include "app/display_settings.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

const char* toString(FieldView view)
{
    switch (view) {
    case FieldView::Dye: return "dye";
    case FieldView::Velocity: return "velocity";
    case FieldView::Pressure: return "pressure";
    case FieldView::Divergence: return "divergence";
    case FieldView::Vorticity: return "vorticity";
    }
    return "?";
}

const char* toString(ColourMap map) { return map == ColourMap::Diverging ? "diverging" : "sequential"; }

void sanitize(DisplaySettings& s)
{
    const DisplaySettings defaults;
    // The ranges of the flags (options.cpp), so that what the panel saves reads back.
    const auto fix = [](float& v, float hi, float fallback) { v = std::isfinite(v) && v > 0.0f ? std::min(v, hi) : fallback; };
    fix(s.fixedRange, 1e30f, defaults.fixedRange);
    fix(s.dyeExposure, 1e3f, defaults.dyeExposure);
}

}  // namespace fluid::app
