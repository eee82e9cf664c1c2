// The standard flows of the fluidsim programs (src/app/headless/scenario.cpp
// sets up the same ones for `--headless --scenario`): their settings, their
// initial states and their exact decay rates.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "api/engine.hpp"
#include "core/cylinder_wake.hpp"

namespace fluidsim {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kCavityReynolds = 100.0;       // Ghia et al.'s first case: nu = U L / Re, U = L = 1
constexpr double kTunnelReynolds = 100.0;       // St = 0.1643 by Williamson's fit
constexpr double kTaylorGreenViscosity = 0.05;  // m^2/s: the energy falls to e^-0.4 in 2 s
constexpr double kShearWaveViscosity = 0.01;    // m^2/s: to e^-0.79 in 1 s
// CFL numbers u dt / h of the programs' time steps (headless defaultCfl()).
constexpr double kDecayCfl = 0.5;
constexpr double kCavityCfl = 1.0;
constexpr double kTunnelCfl = 2.0;  // traces of 2 cells: half the interpolations of CFL 1

const char* name(Flow flow)
{
    switch (flow) {
        case Flow::TaylorGreen:
            return "Taylor-Green";
        case Flow::Cavity:
            return "cavity";
        case Flow::ShearWave:
            return "shear wave";
        case Flow::Tunnel:
            return "tunnel";
    }
    return "?";
}

Settings square(int grid, double domain, Boundary boundary, double viscosity, double cfl, double speed)
{
    Settings s;
    s.gridWidth = s.gridHeight = grid;
    s.domainWidth = domain;
    s.boundary = boundary;
    s.viscosity = viscosity;
    s.dt = cfl * domain / grid / speed;
    return s;
}

fluid::CylinderWake wakeFor(int gridHeight)
{
    if (gridHeight < fluid::CylinderWakeLimits::kMinGridHeight)
        throw Error("fluidsim: the tunnel needs a grid at least " +
                    std::to_string(fluid::CylinderWakeLimits::kMinGridHeight) + " cells high (the cylinder is H / 8)");
    return fluid::cylinderWake(gridHeight, kTunnelReynolds, kTunnelCfl);
}

}  // namespace

Settings flowSettings(Flow flow, int grid)
{
    switch (flow) {
        case Flow::TaylorGreen:
            return square(grid, 2.0 * kPi, Boundary::Periodic, kTaylorGreenViscosity, kDecayCfl, 1.0);
        case Flow::ShearWave:
            return square(grid, 1.0, Boundary::Periodic, kShearWaveViscosity, kDecayCfl, 1.0);
        case Flow::Cavity: {
            Settings s = square(grid, 1.0, Boundary::Box, 1.0 / kCavityReynolds, kCavityCfl, 1.0);
            s.lidSpeed = 1.0;
            return s;
        }
        case Flow::Tunnel:
            break;
    }
    const fluid::CylinderWake wake = wakeFor(grid);
    Settings s = detail::fromSimParams(wake.params, 0);
    s.boundary = Boundary::Tunnel;
    s.vorticity = 0.0;
    return s;
}

void startFlow(Solver& solver, Flow flow)
{
    const Settings s = solver.settings();
    const bool periodic = *s.boundary == Boundary::Periodic;
    const bool fits = flow == Flow::Cavity   ? *s.boundary == Boundary::Box
                      : flow == Flow::Tunnel ? *s.boundary == Boundary::Tunnel || *s.boundary == Boundary::TunnelWalls
                                             : periodic;
    if (!fits)
        throw Error(std::string("fluidsim::startFlow(): the ") + name(flow) + " flow needs " +
                    (flow == Flow::Cavity   ? "Boundary::Box"
                     : flow == Flow::Tunnel ? "a tunnel boundary"
                                            : "Boundary::Periodic"));
    solver.reset();
    switch (flow) {
        case Flow::TaylorGreen:
            solver.setVelocity([](Vec2 p) {
                return Vec2{std::sin(p.x) * std::cos(p.y), -std::cos(p.x) * std::sin(p.y)};
            });
            return;
        case Flow::ShearWave:
            solver.setVelocity([](Vec2 p) { return Vec2{std::sin(2.0 * kPi * p.y), 0.0}; });
            return;
        case Flow::Cavity:
            return;  // at rest; the lid drives it
        case Flow::Tunnel:
            break;
    }
    const fluid::CylinderWake wake = wakeFor(*s.gridHeight);
    if (wake.params.gridWidth != *s.gridWidth)
        throw Error("fluidsim::startFlow(): the tunnel's grid is " + std::to_string(wake.params.gridWidth) + "x" +
                    std::to_string(wake.params.gridHeight) + " (flowSettings(Flow::Tunnel, " +
                    std::to_string(*s.gridHeight) + "))");
    // The cylinder, by the mask the programs use (a staircase of whole cells),
    // and the impulsively started stream around it.
    const fluid::FluidState start = fluid::cylinderWakeStart(wake);
    const double h = *s.domainWidth / *s.gridWidth;
    // The cell a sample point falls in; a point on a face (the staggered
    // layout's) belongs to the cell on its right or above, as in the start's
    // indexing, whatever the rounding of i h / h.
    const auto cell = [h](double coordinate) {
        return std::max(0, static_cast<int>(std::floor(coordinate / h + 1e-6)));
    };
    solver.setObstacles([&](Vec2 p) { return wake.mask.at(cell(p.x), cell(p.y)) > 0.5f; });
    solver.setVelocity([&](Vec2 p) {
        // u = U in the fluid, 0 in the cylinder: the start's value of the cell
        // the sample point falls in.
        const int i = std::min(cell(p.x), *s.gridWidth - 1);
        const int j = std::min(cell(p.y), *s.gridHeight - 1);
        return Vec2{static_cast<double>(start.velocity.at(i, j, 0)), 0.0};
    });
}

std::optional<double> exactEnergyDecayRate(Flow flow, const Settings& settings)
{
    const double nu = *settings.resolved().viscosity;
    switch (flow) {
        case Flow::TaylorGreen:
            return 2.0 * nu * 2.0;  // |k|^2 = 1 + 1, and the energy is the velocity squared
        case Flow::ShearWave:
            return 2.0 * nu * (2.0 * kPi) * (2.0 * kPi);  // |k|^2 = (2 pi)^2
        case Flow::Cavity:
        case Flow::Tunnel:
            break;
    }
    return std::nullopt;
}

}  // namespace fluidsim
