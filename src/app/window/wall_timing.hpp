// How long some GL work takes on this machine, for the choices made once at
// start or at a grid pick (never in the step loop, which never waits for the
// GPU): the work run `warmUps` times first (the first draws compile shaders
// and allocate), then `runs` times, each waited for with glFinish, and the
// fastest of those: what the machine does when nothing else interferes,
// which is what a steady stream of frames sees.
#pragma once

#include <functional>

namespace fluid::app {

double fastestWallSeconds(int warmUps, int runs, const std::function<void()>& work);

}  // namespace fluid::app
