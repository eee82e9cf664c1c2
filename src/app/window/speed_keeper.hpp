// How the window keeps the auto grid's promise of real time: what a frame
// costs besides its steps, measured for the pick (the display chain, the
// panel and the swap), and what to give up when the fluid stays behind
// anyway (grid_watch.hpp says when; grid_picker.hpp's nextSpeedStep what).
#pragma once

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <functional>

#include <glm/vec2.hpp>

#include "app/window/display_chain.hpp"
#include "app/window/fluid_session.hpp"

namespace fluid::app {

// Wall s to draw the panel (buildPanel makes its ImGui frame) and swap
// `window`'s buffers, without waiting for vsync: the median of a few (typicalWallSeconds), so
// measured once at start, never per frame. Shows what it draws.
double measurePresentSeconds(GLFWwindow* window, const std::function<void()>& buildPanel);

// The frame's cost besides the steps, for a pick: the display chain with
// `look` drawn and waited for on the probe, plus presentSeconds.
FluidSession::FrameOverhead frameOverhead(DisplayChain& display, glm::ivec2 framebuffer, double presentSeconds);

// The steps giveUpForSpeed would take now: fluid.nextSpeedStep, told
// whether the grid choices hold a smaller grid than `state`'s.
SpeedStep nextSpeedStep(const FluidSession& fluid, const PanelState& state);

// The fluid stayed under real time (GridWatch::onFrame said so) at the auto
// grid: gives up `step` (nextSpeedStep's, asked just before: the caller
// may keep the picture first) and says what on stdout. `state` and `stats`
// are the ones `fluid` keeps. overheadSeconds: the frame's cost besides its
// steps as the watch measured it, with the look as it is now. Returns true
// when the grid or the dye grid changed (the fluid carried over; the caller
// holds its clocks).
bool giveUpForSpeed(SpeedStep step, FluidSession& fluid, const PanelState& state, const PanelStats& stats,
                    DisplayChain& display, glm::ivec2 framebuffer, double overheadSeconds, double realTimeFactor);

}  // namespace fluid::app
