// How long some GL work takes on this machine, for the choices made once at
// start or at a grid pick (never in the step loop, which never waits for the
// GPU): the work run `warmUps` times first (the first draws compile shaders
// and allocate), then `runs` times, each waited for with glFinish, and the
// median of those: what a steady stream of frames sees. (It was the fastest
// until 2026-11-27, "what the machine does when nothing else interferes";
// but a stream of frames is interfered with, and picks that filled the
// budget with the fastest times ran at 22-30 frames/s where they promised
// 37: a 340 x 256 grid at 18.5 ms a step, a 4x dye grid at 2 steps a frame.)
#pragma once

#include <functional>

namespace fluid::app {

double typicalWallSeconds(int warmUps, int runs, const std::function<void()>& work);

}  // namespace fluid::app
