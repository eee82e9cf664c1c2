#include "app/grid_picker.hpp"

#include <array>

namespace fluid::app {

std::span<const int> gridChoices()
{
    static constexpr std::array<int, 6> kChoices{64, 128, 256, 384, 512, 1024};
    return kChoices;
}

GridPick pickGrid(std::span<const int> candidates, double dt, const std::function<double(int)>& secondsPerStep)
{
    GridPick pick;
    for (const int shortSide : candidates) {
        const double seconds = secondsPerStep(shortSide);
        const bool keepsUp = seconds <= kSteppingShareOfRealTime * dt;
        if (!keepsUp && pick.shortSide != 0) break;
        pick = {shortSide, seconds, keepsUp};
        if (!keepsUp) break;  // the smallest is already too slow: it is still the best there is
    }
    return pick;
}

}  // namespace fluid::app
