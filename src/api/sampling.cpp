#include "api/sampling.hpp"

#include <algorithm>
#include <cmath>

#include "core/velocity_layout.hpp"

namespace fluidsim::detail {

namespace {

// A regular lattice of samples: sample (i, j) sits at ((i + ox) h, (j + oy) h).
struct Lattice {
    int width = 0;
    int height = 0;
    double h = 1.0;
    fluid::CellPoint offset;
    bool periodic = false;

    Vec2 position(int i, int j) const { return {(i + offset.x) * h, (j + offset.y) * h}; }
};

Lattice simulationLattice(const fluid::SimParams& p, fluid::CellPoint offset)
{
    return {p.gridWidth, p.gridHeight, static_cast<double>(p.domainWidth) / p.gridWidth, offset,
            p.boundary == fluid::BoundaryMode::Periodic};
}

Lattice dyeLattice(const fluid::SimParams& p)
{
    const int w = p.dyeGridWidthOrDefault();
    return {w,
            p.dyeGridHeight(),
            static_cast<double>(p.domainWidth) / w,
            {0.5, 0.5},
            p.boundary == fluid::BoundaryMode::Periodic};
}

// Where a coordinate falls between two samples along one axis: the lower
// sample's index, the upper one's and the weight of the upper. Outside the
// samples' span the nearest edge is held (wrapped on a periodic domain), so a
// linear field is reproduced exactly inside the span.
struct Between {
    int lower = 0;
    int upper = 0;
    double weight = 0.0;
};

Between between(double coordinate, double h, double offset, int count, bool periodic)
{
    const double s = coordinate / h - offset;  // in samples
    if (periodic) {
        const double cell = std::floor(s);
        const double n = static_cast<double>(count);
        const int lower = static_cast<int>(cell - n * std::floor(cell / n));
        return {lower, (lower + 1) % count, s - cell};
    }
    const double clamped = std::clamp(s, 0.0, static_cast<double>(count - 1));
    const int lower = std::min(static_cast<int>(clamped), count - 2);
    return {lower, lower + 1, clamped - lower};
}

double interpolate(const fluid::Field& f, int component, const Lattice& l, Vec2 at)
{
    if (!std::isfinite(at.x) || !std::isfinite(at.y)) throw Error("fluidsim: a probe's position is not finite");
    const Between x = between(at.x, l.h, l.offset.x, l.width, l.periodic);
    const Between y = between(at.y, l.h, l.offset.y, l.height, l.periodic);
    const auto value = [&](int i, int j) { return static_cast<double>(f.at(i, j, component)); };
    const double bottom = value(x.lower, y.lower) + x.weight * (value(x.upper, y.lower) - value(x.lower, y.lower));
    const double top = value(x.lower, y.upper) + x.weight * (value(x.upper, y.upper) - value(x.lower, y.upper));
    return bottom + y.weight * (top - bottom);
}

}  // namespace

void sampleVelocity(fluid::Field& velocity, const fluid::SimParams& p, const std::function<Vec2(Vec2)>& f, bool add)
{
    const fluid::VelocityLayout layout = fluid::velocityLayoutOf(p.layout);
    const Lattice u = simulationLattice(p, layout.u);
    const Lattice v = simulationLattice(p, layout.v);
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i) {
            const double uValue = f(u.position(i, j)).x;
            const double vValue = f(v.position(i, j)).y;
            float& uOut = velocity.at(i, j, 0);
            float& vOut = velocity.at(i, j, 1);
            uOut = static_cast<float>(add ? uOut + uValue : uValue);
            vOut = static_cast<float>(add ? vOut + vValue : vValue);
        }
}

void sampleDye(fluid::Field& dye, const fluid::SimParams& p, const std::function<Rgb(Vec2)>& f)
{
    const Lattice l = dyeLattice(p);
    for (int j = 0; j < l.height; ++j)
        for (int i = 0; i < l.width; ++i) {
            const Rgb c = f(l.position(i, j));
            dye.at(i, j, 0) = static_cast<float>(c.r);
            dye.at(i, j, 1) = static_cast<float>(c.g);
            dye.at(i, j, 2) = static_cast<float>(c.b);
        }
}

fluid::Field sampleMask(const fluid::SimParams& p, const std::function<bool(Vec2)>& solid)
{
    fluid::Field mask(p.gridWidth, p.gridHeight, 1);
    const Lattice l = simulationLattice(p, {0.5, 0.5});
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i) mask.at(i, j) = solid(l.position(i, j)) ? 1.0f : 0.0f;
    return mask;
}

Vec2 interpolateVelocity(const fluid::Field& velocity, const fluid::SimParams& p, Vec2 position)
{
    const fluid::VelocityLayout layout = fluid::velocityLayoutOf(p.layout);
    return {interpolate(velocity, 0, simulationLattice(p, layout.u), position),
            interpolate(velocity, 1, simulationLattice(p, layout.v), position)};
}

Rgb interpolateDye(const fluid::Field& dye, const fluid::SimParams& p, Vec2 position)
{
    const Lattice l = dyeLattice(p);
    return {interpolate(dye, 0, l, position), interpolate(dye, 1, l, position), interpolate(dye, 2, l, position)};
}

}  // namespace fluidsim::detail
