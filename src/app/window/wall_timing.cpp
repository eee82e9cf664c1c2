#include "app/window/wall_timing.hpp"

#include <epoxy/gl.h>

#include <algorithm>
#include <chrono>
#include <limits>

namespace fluid::app {

double fastestWallSeconds(int warmUps, int runs, const std::function<void()>& work)
{
    for (int n = 0; n < warmUps; ++n) work();
    glFinish();
    double fastest = std::numeric_limits<double>::infinity();
    for (int n = 0; n < runs; ++n) {
        const auto start = std::chrono::steady_clock::now();
        work();
        glFinish();
        fastest = std::min(fastest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return fastest;
}

}  // namespace fluid::app
