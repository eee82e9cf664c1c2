#include "app/panel_placement.hpp"

#include <algorithm>
#include <cmath>

namespace fluid::app {

bool panelFits(glm::vec2 displaySize)
{
    return displaySize.x >= kSmallestDisplayForPanel.x && displaySize.y >= kSmallestDisplayForPanel.y;
}

glm::vec2 keepReachable(glm::vec2 position, glm::vec2 displaySize, float titleHeight)
{
    const auto clampAxis = [](float v, float hi) {
        if (!std::isfinite(v)) return 0.0f;
        return std::clamp(v, 0.0f, std::max(hi, 0.0f));
    };
    return {clampAxis(position.x, displaySize.x - kPanelGrip), clampAxis(position.y, displaySize.y - titleHeight)};
}

float uiScale(glm::vec2 contentScale, glm::vec2 windowSize, glm::vec2 framebufferSize)
{
    const float content = std::max(contentScale.x, contentScale.y);
    const float pixelsPerPoint = windowSize.x > 0.0f ? framebufferSize.x / windowSize.x : 1.0f;
    const float scale = pixelsPerPoint > 0.0f ? content / pixelsPerPoint : content;
    if (!std::isfinite(scale)) return 1.0f;
    return std::clamp(std::round(scale * 4.0f) / 4.0f, 1.0f, 4.0f);
}

}  // namespace fluid::app
