#include "app/window/wall_timing.hpp"

#include <epoxy/gl.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace fluid::app {

double typicalWallSeconds(int warmUps, int runs, const std::function<void()>& work)
{
    for (int n = 0; n < warmUps; ++n) work();
    glFinish();
    std::vector<double> seconds;
    for (int n = 0; n < std::max(runs, 1); ++n) {
        const auto start = std::chrono::steady_clock::now();
        work();
        glFinish();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    const auto middle = seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2);
    std::nth_element(seconds.begin(), middle, seconds.end());
    return *middle;
}

}  // namespace fluid::app
