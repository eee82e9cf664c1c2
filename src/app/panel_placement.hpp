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

// HiDPI: how much larger the panel's fonts and sizes are drawn. `contentScale`:
// the monitor's (glfwGetWindowContentScale, e.g. 2 for 192 dpi). Where the
// window system already counts window coordinates in points (macOS: the
// framebuffer is larger than the window) that part is ImGui's
// DisplayFramebufferScale, so only the rest is ours. Within [1, 4], in
// quarter steps (ImGui's bitmap font blurs less).
float uiScale(glm::vec2 contentScale, glm::vec2 windowSize, glm::vec2 framebufferSize);

// ImGui's default font height (pixels) at scale 1, and where the panel opens
// (its top-left corner, in window coordinates) until the user moves it.
constexpr float kBaseFontSize = 13.0f;
// The panel's font: DejaVu Sans (Debian's fonts-dejavu-core), a proportional
// face that reads more easily than ImGui's built-in bitmap font, at
// kPanelFontSize pixels at scale 1 (its letters as tall as the built-in
// font's at 13). Where the file is missing (another system), the built-in
// font at kBaseFontSize.
inline constexpr const char* kPanelFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kPanelFontSize = 15.0f;
constexpr glm::vec2 kPanelOrigin{10.0f, 10.0f};

}  // namespace fluid::app
