// The Re = 100 centre-line profiles of U. Ghia, K. N. Ghia and C. T. Shin,
// J. Comput. Phys. 48 (1982) 387-411, tables I and II, and the cavity run's
// largest deviation from them. The same numbers as tests/data/ghia1982_re100_*.csv,
// which the validation tests read: the program carries its own copy so that
// `fluidsim --headless --scenario cavity` can print the comparison from
// anywhere, and a test holds the two to each other.
#pragma once

#include <array>
#include <cmath>
#include <vector>

#include "app/headless/measure.hpp"

namespace fluid::app::headless {

// One published point: the position along the line (unit box) and the
// velocity component divided by the lid speed.
struct GhiaPoint {
    double at;
    double value;
};

// Table I: u on the vertical line x = 0.5, y from the bottom wall.
inline constexpr std::array<GhiaPoint, 17> kGhiaRe100UVertical{{
    {1.0000, 1.00000},
    {0.9766, 0.84123},
    {0.9688, 0.78871},
    {0.9609, 0.73722},
    {0.9531, 0.68717},
    {0.8516, 0.23151},
    {0.7344, 0.00332},
    {0.6172, -0.13641},
    {0.5000, -0.20581},
    {0.4531, -0.21090},
    {0.2813, -0.15662},
    {0.1719, -0.10150},
    {0.1016, -0.06434},
    {0.0703, -0.04775},
    {0.0625, -0.04192},
    {0.0547, -0.03717},
    {0.0000, 0.00000},
}};

// Table II: v on the horizontal line y = 0.5, x from the left wall.
inline constexpr std::array<GhiaPoint, 17> kGhiaRe100VHorizontal{{
    {1.0000, 0.00000},
    {0.9688, -0.05906},
    {0.9609, -0.07391},
    {0.9531, -0.08864},
    {0.9453, -0.10313},
    {0.9063, -0.16914},
    {0.8594, -0.22445},
    {0.8047, -0.24533},
    {0.5000, 0.05454},
    {0.2344, 0.17527},
    {0.2266, 0.17507},
    {0.1563, 0.16077},
    {0.0938, 0.12317},
    {0.0781, 0.10890},
    {0.0703, 0.10091},
    {0.0625, 0.09233},
    {0.0000, 0.00000},
}};

// The Reynolds number the tables are for; a cavity at any other has no
// reference here.
inline constexpr double kGhiaReynolds = 100.0;

struct GhiaDeviation {
    double u = 0.0;  // max |u/U - Ghia| over table I's points
    double v = 0.0;  // max |v/U - Ghia| over table II's points
};

// max |simulated - published| at the published points, the simulated profile
// interpolated between cell centres and the walls (u is 0 on the bottom wall
// and 1 on the lid; v is 0 on both side walls). A NaN in the run stays NaN.
inline GhiaDeviation ghiaDeviation(const Centerlines& lines)
{
    const auto worst = [&](const std::array<GhiaPoint, 17>& table, const std::vector<double>& simulated, double wallAt0,
                           double wallAt1) {
        double m = 0.0;
        for (const GhiaPoint& p : table) {
            const double d = std::fabs(sampleProfile(lines.s, simulated, p.at, wallAt0, wallAt1) - p.value);
            if (std::isnan(d)) return d;
            m = std::fmax(m, d);
        }
        return m;
    };
    return {worst(kGhiaRe100UVertical, lines.uVertical, 0.0, 1.0),
            worst(kGhiaRe100VHorizontal, lines.vHorizontal, 0.0, 0.0)};
}

}  // namespace fluid::app::headless
