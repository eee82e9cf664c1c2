#include "app/chosen_grid.hpp"

#include <cstdio>

#include "app/grid_watch.hpp"

namespace fluid::app {

void ChosenGrid::chose(int shortSide, double now)
{
    shortSide_ = shortSide;
    settledAt_ = now + GridWatch::kSettle;
    lastFrame_ = -1.0;
    wallSeconds_ = fluidSeconds_ = 0.0;
}

void ChosenGrid::running(double now, double fluidSeconds)
{
    if (shortSide_ == 0 || now < settledAt_) return;
    if (lastFrame_ >= 0.0) {
        wallSeconds_ += now - lastFrame_;
        fluidSeconds_ += fluidSeconds;
    }
    lastFrame_ = now;
}

std::optional<double> ChosenGrid::realTimeFactor() const
{
    if (shortSide_ == 0 || wallSeconds_ < kJudgedAfter) return std::nullopt;
    return fluidSeconds_ / wallSeconds_;
}

bool ChosenGrid::tooSlow() const
{
    const std::optional<double> factor = realTimeFactor();
    return factor && *factor < GridWatch::kMinRealTimeFactor;
}

std::string keepGridOnlyIfItKeptUp(Options& atExit, const Options& atStart, const ChosenGrid& chosen,
                                   const std::string& settingsPath)
{
    const bool sameGrid = atExit.autoGrid == atStart.autoGrid && atExit.params.gridWidth == atStart.params.gridWidth;
    if (!chosen.tooSlow() || sameGrid || atExit.autoGrid || atExit.params.gridWidth != chosen.shortSide()) return "";
    atExit.autoGrid = atStart.autoGrid;
    atExit.params.gridWidth = atStart.params.gridWidth;
    atExit.params.gridHeight = atStart.params.gridHeight;
    const std::string grid = std::to_string(chosen.shortSide());
    char factor[32];
    std::snprintf(factor, sizeof factor, "%.2f", *chosen.realTimeFactor());
    return "grid " + grid + " not saved: it ran at " + factor +
           "x real time here; to keep it anyway, start with --grid " + grid + " or write 'grid = " + grid + "' in " +
           settingsPath;
}

}  // namespace fluid::app
