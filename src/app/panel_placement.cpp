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

}  // namespace fluid::app
