#include "app/grid_picker.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace fluid::app {

std::span<const int> gridChoices()
{
    static constexpr std::array<int, 6> kChoices{64, 128, 256, 384, 512, 1024};
    return kChoices;
}

int stepsPerFrame(const FrameBudget& budget)
{
    // The tolerance covers a float dt: 1/60 as a float is 0.016666668, and 2 steps of it are 2, not 1.
    const int forFrameRate = static_cast<int>(std::floor(1.0 / (kMinFramesPerSecond * budget.dt) + 1e-4));
    return std::clamp(forFrameRate, 1, std::max(1, budget.maxStepsPerFrame));
}

bool keepsUp(double stepSeconds, const FrameBudget& budget, double share)
{
    const int steps = stepsPerFrame(budget);
    // A frame also keeps kMinFramesPerSecond: with dt beyond 1/30 s one step a
    // frame keeps real time at any cost under dt, and at dt = 10 s the pick
    // took a 1364 x 1024 grid at 1.3 s a step (frames of 1.3 s) in a 640 x 480
    // window.
    const double frameSeconds = std::min(steps * budget.dt, 1.0 / kMinFramesPerSecond);
    return budget.overheadSeconds + steps * stepSeconds <= share * frameSeconds;
}

GridPick pickGrid(std::span<const int> candidates, const FrameBudget& budget,
                  const std::function<double(int)>& secondsPerStep)
{
    const bool longerAllowed = budget.longerDt > budget.dt;
    // Whether a step of stepSeconds keeps up, at budget.dt or else the longer
    // step, and at which. Read after each measurement: the caller may fill in
    // the budget's overhead as it measures.
    const auto fitsAt = [&](double stepSeconds, double& dt) {
        FrameBudget longer = budget;
        longer.dt = budget.longerDt;
        dt = budget.dt;
        if (keepsUp(stepSeconds, budget)) return true;
        dt = longer.dt;
        return longerAllowed && keepsUp(stepSeconds, longer);
    };
    GridPick pick;
    for (const int shortSide : candidates) {
        double seconds = secondsPerStep(shortSide);
        double dt = budget.dt;
        bool fits = fitsAt(seconds, dt);
        if (!fits) {
            // Another process can slow one measurement, never speed it up: a
            // grid that misses is measured once more before the pick stops at it
            // (on an idle 2-core machine one start in two took the grid below).
            seconds = secondsPerStep(shortSide);
            fits = fitsAt(seconds, dt);
        }
        if (!fits) dt = budget.dt;
        if (!fits && pick.shortSide != 0) break;
        // The smallest is already too slow: it is still the best there is, at the longest step.
        if (!fits && longerAllowed) dt = budget.longerDt;
        pick = {shortSide, seconds, fits, dt, budget.overheadSeconds};
        if (!fits) break;
    }
    return pick;
}

int autoDyeGrid(int shortSide, int pixels)
{
    const int dye = std::min(kDyeGridFactors[0] * shortSide, pixels);
    return dye > shortSide ? dye : 0;
}

int finerDyeGrid(int rung, int shortSide, int pixels)
{
    const int dye = std::min(rung, pixels);
    return dye > autoDyeGrid(shortSide, pixels) && dye > shortSide ? dye : 0;
}

int finerDyeRung(int dyeShortSide, int shortSide, int pixels)
{
    for (const int rung : kFinerDyeGrids)  // finest first
        if (dyeShortSide > 0 && finerDyeGrid(rung, shortSide, pixels) == dyeShortSide) return rung;
    return 0;
}

std::vector<int> finerDyeGrids(int shortSide, int pixels)
{
    std::vector<int> grids;
    for (const int rung : kFinerDyeGrids) {
        const int dye = finerDyeGrid(rung, shortSide, pixels);
        if (dye > 0 && std::find(grids.begin(), grids.end(), dye) == grids.end()) grids.push_back(dye);
    }
    return grids;
}

std::span<const int> choicesWithin(std::span<const int> candidates, int pixels)
{
    const auto end = std::find_if(candidates.begin(), candidates.end(), [&](int n) { return n > pixels; });
    return candidates.first(std::max<std::size_t>(std::min<std::size_t>(candidates.size(), 1),
                                                  static_cast<std::size_t>(end - candidates.begin())));
}

std::span<const int> choicesBelow(std::span<const int> candidates, int shortSide)
{
    const auto end = std::find_if(candidates.begin(), candidates.end(), [&](int n) { return n >= shortSide; });
    return candidates.first(static_cast<std::size_t>(end - candidates.begin()));
}

int coarserDyeGrid(int shortSide, int dyeShortSide, std::span<const int> factors)
{
    for (const int factor : factors) {
        if (factor > 1 && factor * shortSide < dyeShortSide) return factor * shortSide;
    }
    return 0;
}

SpeedStep nextSpeedStep(const FrameLoad& load)
{
    if (load.sharpDyeDroppable && load.finerDyeByPick && load.autoDyeGrid) return SpeedStep::CoarserDyeGrid;
    if (load.sharpDyeDroppable) return SpeedStep::PlainDye;
    if (load.smallerGridExists) return SpeedStep::SmallerGrid;
    if (load.autoDyeGrid && coarserDyeGrid(load.shortSide, load.dyeShortSide, kDyeGridFactors) != load.dyeShortSide)
        return SpeedStep::CoarserDyeGrid;
    if (load.bloomDroppable) return SpeedStep::NoBloom;
    return SpeedStep::Nothing;
}

}  // namespace fluid::app
