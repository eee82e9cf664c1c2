// The panel's glue: what the frame loop does with the panel's requests (a
// new grid, a reset, values typed in, validated here before they reach the
// solver) and what it shows (the statistics gathered each frame).
#pragma once

#include <glm/vec2.hpp>

#include "app/window/fluid_session.hpp"
#include "app/window/panel.hpp"

namespace fluid::app {

// Requests the frame loop runs itself.
struct LoopRequests {
    int singleSteps = 0;  // N presses (or Step clicks) not yet run: each is exactly one step
    bool screenshot = false;
};

// Applies the panel's actions and edits: returns true when the grid changed
// (the fluid carried over), so the loop drops the stroke in progress.
// `overhead`: the frame's cost besides the steps, for an auto grid's pick.
bool applyPanel(const PanelActions& actions, PanelState& state, FluidSession& session, glm::ivec2 framebuffer,
                const FluidSession::FrameOverhead& overhead, LoopRequests& loop);

}  // namespace fluid::app
