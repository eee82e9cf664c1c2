// Settings <-> fluid::SimParams. The defaults are fluid::defaultSimParams()'s,
// read from it here and nowhere else: an empty field of Settings keeps them.
#include <string>

#include "api/engine.hpp"

namespace fluidsim {

namespace detail {

namespace {

fluid::BoundaryMode toMode(Boundary b)
{
    switch (b) {
        case Boundary::Periodic:
            return fluid::BoundaryMode::Periodic;
        case Boundary::Tunnel:
            return fluid::BoundaryMode::Tunnel;
        case Boundary::TunnelWalls:
            return fluid::BoundaryMode::TunnelWalls;
        case Boundary::Box:
            break;
    }
    return fluid::BoundaryMode::Box;
}

Boundary fromMode(fluid::BoundaryMode m)
{
    switch (m) {
        case fluid::BoundaryMode::Periodic:
            return Boundary::Periodic;
        case fluid::BoundaryMode::Tunnel:
            return Boundary::Tunnel;
        case fluid::BoundaryMode::TunnelWalls:
            return Boundary::TunnelWalls;
        case fluid::BoundaryMode::Box:
            break;
    }
    return Boundary::Box;
}

template <typename To, typename From>
void apply(To& target, const std::optional<From>& value)
{
    if (value) target = static_cast<To>(*value);
}

}  // namespace

fluid::SimParams toSimParams(const Settings& s)
{
    fluid::SimParams p = fluid::defaultSimParams();
    apply(p.gridWidth, s.gridWidth);
    apply(p.gridHeight, s.gridHeight);
    apply(p.domainWidth, s.domainWidth);
    apply(p.dyeGridWidth, s.dyeGridWidth);
    apply(p.dt, s.dt);
    apply(p.viscosity, s.viscosity);
    apply(p.vorticity, s.vorticity);
    apply(p.velocityDissipation, s.velocityDissipation);
    apply(p.dyeDissipation, s.dyeDissipation);
    apply(p.lidSpeed, s.lidSpeed);
    apply(p.inflowSpeed, s.inflowSpeed);
    if (s.boundary) p.boundary = toMode(*s.boundary);
    if (s.layout) p.layout = *s.layout == Layout::Collocated ? fluid::Layout::Collocated : fluid::Layout::Staggered;
    if (s.threads < 0)
        throw Error("fluidsim::Settings: threads = " + std::to_string(s.threads) +
                    " is out of range (0 = all cores, or a count)");
    if (auto problem = fluid::validate(p)) throw Error("fluidsim::Settings: " + *problem);
    return p;
}

Settings fromSimParams(const fluid::SimParams& p, int threads)
{
    Settings s;
    s.gridWidth = p.gridWidth;
    s.gridHeight = p.gridHeight;
    s.domainWidth = p.domainWidth;
    s.dyeGridWidth = p.dyeGridWidth;
    s.dt = p.dt;
    s.viscosity = p.viscosity;
    s.vorticity = p.vorticity;
    s.velocityDissipation = p.velocityDissipation;
    s.dyeDissipation = p.dyeDissipation;
    s.boundary = fromMode(p.boundary);
    s.lidSpeed = p.lidSpeed;
    s.inflowSpeed = p.inflowSpeed;
    s.layout = p.layout == fluid::Layout::Collocated ? Layout::Collocated : Layout::Staggered;
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
