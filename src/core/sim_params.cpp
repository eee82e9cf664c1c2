#include "core/sim_params.hpp"

#include <cmath>
#include <sstream>

namespace fluid {

const char* toString(BoundaryMode mode)
{
    switch (mode) {
    case BoundaryMode::Box: return "box";
    case BoundaryMode::Periodic: return "periodic";
    case BoundaryMode::Tunnel: return "tunnel";
    }
    return "unknown";
}

const char* toString(PressureSolver solver)
{
    switch (solver) {
    case PressureSolver::Jacobi: return "jacobi";
    case PressureSolver::Multigrid: return "multigrid";
    }
    return "unknown";
}

const char* toString(ViscositySolver solver)
{
    switch (solver) {
    case ViscositySolver::Jacobi: return "jacobi";
    case ViscositySolver::Multigrid: return "multigrid";
    }
    return "unknown";
}

namespace {

template <typename T>
std::string outOfRange(const char* name, T value, const char* range)
{
    std::ostringstream out;
    out << name << " = " << value << " is out of range; accepted: " << range;
    return out.str();
}

bool finite(float x) { return std::isfinite(x); }

}  // namespace

std::optional<std::string> validate(const SimParams& p)
{
    using L = SimLimits;
    if (p.gridWidth < L::kMinGrid || p.gridWidth > L::kMaxGrid)
        return outOfRange("gridWidth", p.gridWidth, "8..4096 cells");
    if (p.gridHeight < L::kMinGrid || p.gridHeight > L::kMaxGrid)
        return outOfRange("gridHeight", p.gridHeight, "8..4096 cells");
    if (!finite(p.domainWidth) || p.domainWidth < L::kMinDomainWidth || p.domainWidth > L::kMaxDomainWidth)
        return outOfRange("domainWidth", p.domainWidth, "[1e-6, 1e6] m");
    if (!finite(p.dt) || p.dt <= 0.0f || p.dt > L::kMaxDt)
        return outOfRange("dt", p.dt, "(0, 10] s");
    if (!finite(p.viscosity) || p.viscosity < 0.0f || p.viscosity > L::kMaxViscosity)
        return outOfRange("viscosity", p.viscosity, "[0, 100] m^2/s");
    if (!finite(p.vorticity) || p.vorticity < 0.0f || p.vorticity > 1e4f)
        return outOfRange("vorticity", p.vorticity, "[0, 1e4] 1/s");
    if (!finite(p.velocityDissipation) || p.velocityDissipation < 0.0f || p.velocityDissipation > 1e4f)
        return outOfRange("velocityDissipation", p.velocityDissipation, "[0, 1e4] 1/s");
    if (!finite(p.dyeDissipation) || p.dyeDissipation < 0.0f || p.dyeDissipation > 1e4f)
        return outOfRange("dyeDissipation", p.dyeDissipation, "[0, 1e4] 1/s");
    if (p.pressureIterations < 0 || p.pressureIterations > L::kMaxIterations)
        return outOfRange("pressureIterations", p.pressureIterations, "0..10000");
    if (p.multigridCycles < 0 || p.multigridCycles > L::kMaxMultigridCycles)
        return outOfRange("multigridCycles", p.multigridCycles, "0..100");
    if (p.viscosityIterations < 0 || p.viscosityIterations > L::kMaxIterations)
        return outOfRange("viscosityIterations", p.viscosityIterations, "0..10000");
    if (!finite(p.lidSpeed) || std::fabs(p.lidSpeed) > 1e4f)
        return outOfRange("lidSpeed", p.lidSpeed, "[-1e4, 1e4] m/s");
    if (p.lidSpeed != 0.0f && p.boundary != BoundaryMode::Box)
        return std::string("lidSpeed needs the box boundary; the periodic box has no walls");
    if (!finite(p.inflowSpeed) || std::fabs(p.inflowSpeed) > 1e4f)
        return outOfRange("inflowSpeed", p.inflowSpeed, "[-1e4, 1e4] m/s");
    return std::nullopt;
}

}  // namespace fluid
