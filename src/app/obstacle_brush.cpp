#include "app/obstacle_brush.hpp"

#include "core/obstacles.hpp"

namespace fluid::app {

ObstacleTool obstacleToolFor(MouseButton button, bool ctrl, bool shift, bool brushModeInPanel)
{
    if (!ctrl && !brushModeInPanel) return ObstacleTool::None;
    if (button == MouseButton::Right || (ctrl && shift)) return ObstacleTool::Erase;
    return ObstacleTool::Solid;
}

void ObstaclePainter::reset(Field mask, float cellSize, bool edited, Field outline)
{
    const bool fits = outline.width() == mask.width() && outline.height() == mask.height() && outline.size() > 0;
    outline_ = fits ? std::move(outline) : mask;
    mask_ = std::move(mask);
    cellSize_ = cellSize;
    tool_ = ObstacleTool::None;
    changed_ = true;  // the solver has not seen this one yet
    edited_ = edited;
}

void ObstaclePainter::press(glm::vec2 at, ObstacleTool tool, float radius)
{
    tool_ = tool;
    radius_ = radius;
    last_ = at;
    if (tool_ != ObstacleTool::None) paint(at, at);
}

void ObstaclePainter::moveTo(glm::vec2 to)
{
    if (tool_ == ObstacleTool::None) return;
    paint(last_, to);
    last_ = to;
}

void ObstaclePainter::paint(glm::vec2 from, glm::vec2 to)
{
    if (mask_.size() == 0) return;
    const float value = tool_ == ObstacleTool::Solid ? 1.0f : 0.0f;
    if (paintStroke(mask_, from, to, radius_, cellSize_, value) == 0) return;
    // The same cells, drawn as they are: the brush's staircase.
    paintStroke(outline_, from, to, radius_, cellSize_, value);
    changed_ = edited_ = true;
}

void ObstaclePainter::clear()
{
    if (countSolid(mask_) == 0) return;
    mask_.fill(0.0f);
    outline_.fill(0.0f);
    changed_ = edited_ = true;
}

bool ObstaclePainter::takeChanged()
{
    const bool was = changed_;
    changed_ = false;
    return was;
}

}  // namespace fluid::app
