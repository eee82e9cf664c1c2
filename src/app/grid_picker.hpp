// The window's default grid: the largest short side, from the panel's list,
// whose step the machine can run in real time, measured at start rather than
// guessed (the same step costs 4x more on one machine than another). GL-free:
// the window supplies the measurement.
#pragma once

#include <functional>
#include <span>

namespace fluid::app {

// The short sides the panel offers (cells), smallest first.
std::span<const int> gridChoices();

// The share of wall time stepping may take at real time (1 s of fluid per s):
// the rest is for drawing the field, the panel and slack for a busy machine.
constexpr double kSteppingShareOfRealTime = 0.5;

struct GridPick {
    int shortSide = 0;          // cells
    double secondsPerStep = 0;  // measured at that size
    bool keepsUp = false;       // false: even the smallest grid is slower than real time
};

// Measures the candidates from the smallest up and returns the largest whose
// step takes at most kSteppingShareOfRealTime * dt; it stops at the first
// that does not (a larger grid costs more), so a slow machine measures few.
// When none keeps up, the smallest. secondsPerStep(shortSide) runs and times
// steps at that size.
GridPick pickGrid(std::span<const int> candidates, double dt, const std::function<double(int)>& secondsPerStep);

}  // namespace fluid::app
