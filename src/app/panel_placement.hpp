// Keeping the panel where it can be reached: a window shrunk to almost
// nothing must not push it off-screen, and a position saved off-screen
// (imgui.ini from an older version) must not keep it there. GL- and
// ImGui-free so it is unit-tested.
#pragma once

#include <glm/vec2.hpp>

namespace fluid::app {

// Below this display size (pixels) the panel is not drawn at all: ImGui would
// move it to negative positions to fit, and save them.
constexpr glm::vec2 kSmallestDisplayForPanel{160.0f, 80.0f};
// Pixels of the title bar that stay on-screen, enough to grab and drag it.
constexpr float kPanelGrip = 60.0f;

bool panelFits(glm::vec2 displaySize);

// The panel's top-left corner moved, if needed, so that its title bar
// (titleHeight pixels tall) starts on-screen with at least kPanelGrip pixels
// of it visible; never negative.
glm::vec2 keepReachable(glm::vec2 position, glm::vec2 displaySize, float titleHeight);

}  // namespace fluid::app
