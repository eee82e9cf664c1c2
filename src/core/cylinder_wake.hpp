// The cylinder wake (docs/validation.md): a circular cylinder in the wind
// tunnel (BoundaryMode::Tunnel) sheds vortices at a Strouhal number
// St = f D / U that depends on Re = U D / nu alone (Williamson 1996:
// 0.164-0.166 at Re = 100 for an unconfined cylinder). The setup and the
// frequency measurement live here, GL-free, so that the validation test and
// `fluidsim --headless --scenario tunnel` run exactly the same flow.
#pragma once

#include <optional>
#include <span>

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/sim_params.hpp"

namespace fluid {

struct CylinderWake {
    SimParams params;     // tunnel, grid, domain, nu from Re, dt from the CFL number
    Field mask;           // the cylinder, 1 = solid
    glm::ivec2 probe{};   // the cell whose transverse velocity v is recorded
    double diameter = 0;  // m: D, also the cylinder's width in cells times h
    double speed = 0;     // m/s: U, the inflow speed
};

struct CylinderWakeLimits {
    static constexpr int kMinGridHeight = 32;  // D = 4 cells
    static constexpr int kCellsPerHeight = 8;  // D = H / 8: blockage 1/8
};

// gridHeight H cells over a tunnel 1 m high (h = 1/H m), 2.5 H long; a
// cylinder of D = H / 8 cells (blockage D/H = 1/8), its centre 6 D behind the
// inlet and a quarter cell above the centre line (a symmetric staircase would
// leave the onset of shedding to rounding); U = 1 m/s, nu = U D / Re,
// dt = cfl h / U. The probe lies 2 D behind the centre, on its line.
// Requires gridHeight >= kMinGridHeight, reynolds > 0, cfl > 0.
CylinderWake cylinderWake(int gridHeight, double reynolds, double cfl = 2.0);

// The impulsively started stream: u = U in the fluid, 0 in the cylinder.
FluidState cylinderWakeStart(const CylinderWake& wake);

struct Shedding {
    double frequency = 0;  // Hz
    int periods = 0;       // whole periods between the first and last crossing used
    double amplitude = 0;  // largest |signal - mean|
};

// The frequency of a periodic signal sampled every dt seconds: its mean is
// removed and the upward zero crossings (linearly interpolated) are counted;
// f = (crossings - 1) / (time from the first to the last). Nothing when there
// are fewer than three crossings (two periods).
std::optional<Shedding> sheddingOf(std::span<const double> signal, double dt);

// The Strouhal number an unconfined cylinder sheds at in parallel laminar
// shedding, Williamson's fit to his measurements (Phys. Fluids 31, 2742,
// 1988): St = -3.3265 / Re + 0.1816 + 1.6e-4 Re, for 49 <= Re <= 178 (0.1643
// at Re = 100). Nothing outside that range: below Re ~ 47 the wake is steady,
// above ~180 the real wake is three-dimensional, which no 2D flow reproduces.
struct WilliamsonFit {
    static constexpr double kLowestReynolds = 49.0;
    static constexpr double kHighestReynolds = 178.0;
};
std::optional<double> williamsonStrouhal(double reynolds);

}  // namespace fluid
