// Measurements on a downloaded velocity field: kinetic energy, divergence,
// change between two snapshots, centre-line profiles, error against an exact
// field. All sums in double; a NaN anywhere propagates into the result, so a
// blown-up run can never measure as "small error".
#pragma once

#include <vector>

#include "core/field.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"

namespace fluid::app::headless {

// 0.5 * sum(u^2 + v^2) * h^2: per unit density and unit depth, m^4/s^2.
double kineticEnergy(const Field& velocity, double cellSize);

// max |u| over cells (vector magnitude), m/s.
double maxSpeed(const Field& velocity);

// max |div u| over cells, 1/s, with the solver's own rule: the central
// difference of reference::divergence, boundary ghosts included.
double maxDivergence(const Field& velocity, const PassConstants& constants);

// The residual divergence as a fraction of the velocity scale: max |div u| h /
// max |u|, the largest net flux out of a cell relative to the largest flux
// through one face. 0 for a fluid at rest.
double relativeDivergence(double maxDivergence, double cellSize, double maxSpeed);

// max over cells of |a - b| (vector magnitude), m/s.
double maxDifference(const Field& a, const Field& b);

// Centre-line profiles of the cavity, divided by the lid speed: u on the
// vertical line x = W/2 and v on the horizontal line y = H/2, at the cell
// centres s = (j + 0.5) h along the line, interpolated linearly across the
// line from the two nearest cell columns (rows). s is measured from the
// bottom (left) wall, in units of the domain size.
struct Centerlines {
    std::vector<double> s;            // (0, 1)
    std::vector<double> uVertical;    // u(0.5, s) / U
    std::vector<double> vHorizontal;  // v(s, 0.5) / U
};
Centerlines centerlines(const Field& velocity, double lidSpeed, Layout layout = Layout::Collocated);

// Linear interpolation of a centre-line profile at s in [0, 1], with the wall
// values at s = 0 and s = 1 (the no-slip ghost rule puts exactly these on the
// walls).
double sampleProfile(const std::vector<double>& s, const std::vector<double>& values, double at, double wallAt0,
                     double wallAt1);

}  // namespace fluid::app::headless
