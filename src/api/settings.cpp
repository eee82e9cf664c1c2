// Settings <-> fluid::SimParams. The defaults are fluid::defaultSimParams()'s,
// read from it here and nowhere else: an empty field of Settings keeps them.
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "api/engine.hpp"

namespace fluidsim {

namespace detail {

namespace {

// The public enums beside the core's, one pair a row.
constexpr std::pair<Boundary, fluid::BoundaryMode> kBoundaries[] = {
    {Boundary::Box, fluid::BoundaryMode::Box},
    {Boundary::Periodic, fluid::BoundaryMode::Periodic},
    {Boundary::Tunnel, fluid::BoundaryMode::Tunnel},
    {Boundary::TunnelWalls, fluid::BoundaryMode::TunnelWalls},
};
constexpr std::pair<Layout, fluid::Layout> kLayouts[] = {
    {Layout::Staggered, fluid::Layout::Staggered},
    {Layout::Collocated, fluid::Layout::Collocated},
};

// An enum's twin: the core's for a public one (toCore) or the other way; the
// first row's for a value no row has.
template <typename From, typename To, std::size_t N>
To toCore(const std::pair<From, To> (&rows)[N], From value)
{
    for (const auto& [from, to] : rows)
        if (from == value) return to;
    return rows[0].second;
}
template <typename From, typename To, std::size_t N>
From toPublic(const std::pair<From, To> (&rows)[N], To value)
{
    for (const auto& [from, to] : rows)
        if (to == value) return from;
    return rows[0].first;
}

// Calls copy(setting, parameter) on every field the two hold alike (the
// enums aside): the one list that toSimParams and fromSimParams walk in
// opposite directions.
template <typename SettingsRef, typename ParamsRef, typename Copy>
void forEachSharedField(SettingsRef& s, ParamsRef& p, Copy&& copy)
{
    copy(s.gridWidth, p.gridWidth);
    copy(s.gridHeight, p.gridHeight);
    copy(s.domainWidth, p.domainWidth);
    copy(s.dyeGridWidth, p.dyeGridWidth);
    copy(s.dt, p.dt);
    copy(s.viscosity, p.viscosity);
    copy(s.vorticity, p.vorticity);
    copy(s.velocityDissipation, p.velocityDissipation);
    copy(s.dyeDissipation, p.dyeDissipation);
    copy(s.lidSpeed, p.lidSpeed);
    copy(s.inflowSpeed, p.inflowSpeed);
}

}  // namespace

fluid::SimParams toSimParams(const Settings& s)
{
    fluid::SimParams p = fluid::defaultSimParams();
    forEachSharedField(s, p, [](const auto& setting, auto& parameter) {
        if (setting) parameter = static_cast<std::remove_reference_t<decltype(parameter)>>(*setting);
    });
    if (s.boundary) p.boundary = toCore(kBoundaries, *s.boundary);
    if (s.layout) p.layout = toCore(kLayouts, *s.layout);
    if (s.threads < 0)
        throw Error("fluidsim::Settings: threads = " + std::to_string(s.threads) +
                    " is out of range (0 = all cores, or a count)");
    if (auto problem = fluid::validate(p)) throw Error("fluidsim::Settings: " + *problem);
    return p;
}

Settings fromSimParams(const fluid::SimParams& p, int threads)
{
    Settings s;
    forEachSharedField(s, p, [](auto& setting, const auto& parameter) { setting = parameter; });
    s.boundary = toPublic(kBoundaries, p.boundary);
    s.layout = toPublic(kLayouts, p.layout);
    s.threads = threads;
    return s;
}

}  // namespace detail

Settings Settings::resolved() const
{
    return detail::fromSimParams(detail::toSimParams(*this), threads);
}

void Settings::validate() const
{
    detail::toSimParams(*this);
}

}  // namespace fluidsim
