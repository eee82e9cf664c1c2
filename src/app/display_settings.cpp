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
    const auto fix = [](float& v, float fallback) { v = std::isfinite(v) && v > 0.0f ? std::min(v, 1e30f) : fallback; };
    fix(s.fixedRange, defaults.fixedRange);
    fix(s.dyeExposure, defaults.dyeExposure);
}

}  // namespace fluid::app
