#include "app/display_settings.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace fluid::app {

namespace {

constexpr std::array<FieldViewInfo, 7> kViews = {{
    {FieldView::Dye, "dye", ViewSource::Dye, ViewColouring::ToneMappedDye, false,
     "Dye, shown as 1 - exp(-exposure * dye)."},
    {FieldView::Velocity, "velocity", ViewSource::Velocity, ViewColouring::DirectionAndSpeed, false,
     "Direction as hue, speed as brightness."},
    {FieldView::Pressure, "pressure", ViewSource::Pressure, ViewColouring::Scalar, false,
     "Pressure p dt / rho (m^2/s)."},
    {FieldView::Divergence, "divergence", ViewSource::Divergence, ViewColouring::Scalar, true,
     "Divergence (1/s): what the projection left behind."},
    {FieldView::Vorticity, "vorticity", ViewSource::Curl, ViewColouring::Scalar, true, "Vorticity (1/s)."},
    {FieldView::Water, "water", ViewSource::Pressure, ViewColouring::WaterSurface, false,
     "A water surface whose height is the pressure (p / rho g): lit, reflecting the sky, refracting a "
     "tiled floor; dye shows as ink."},
    {FieldView::Temperature, "temperature", ViewSource::Temperature, ViewColouring::Scalar, false,
     "Temperature T - T0 (K) over the ambient: the smoke's heat (moves with gravity > 0)."},
}};

}  // namespace

std::span<const FieldViewInfo> fieldViews()
{
    return kViews;
}

const FieldViewInfo& viewInfo(FieldView view)
{
    for (const FieldViewInfo& info : kViews)
        if (info.view == view) return info;
    return kViews[0];
}

std::optional<FieldView> fieldViewNamed(std::string_view name)
{
    for (const FieldViewInfo& info : kViews)
        if (name == info.name) return info.view;
    return std::nullopt;
}

std::string fieldViewNames(const char* separator)
{
    std::string names;
    for (const FieldViewInfo& info : kViews) names += (names.empty() ? "" : separator) + std::string(info.name);
    return names;
}

const char* toString(FieldView view)
{
    return viewInfo(view).name;
}

FieldView nextView(FieldView view)
{
    for (std::size_t n = 0; n < kViews.size(); ++n)
        if (kViews[n].view == view) return kViews[(n + 1) % kViews.size()].view;
    return kViews[0].view;
}

const char* emptyViewReason(FieldView view, bool smokeOn)
{
    if (view == FieldView::Temperature && !smokeOn)
        return "temperature: smoke is off, so no heat moves (set gravity > 0 in the panel's Solver internals; V skips "
               "this view)";
    return nullptr;
}

FieldView nextView(FieldView view, bool smokeOn)
{
    FieldView next = nextView(view);
    for (std::size_t n = 0; n < kViews.size() && emptyViewReason(next, smokeOn); ++n) next = nextView(next);
    return next;
}

const char* toString(ColourMap map)
{
    return map == ColourMap::Diverging ? "diverging" : "sequential";
}

}  // namespace fluid::app
