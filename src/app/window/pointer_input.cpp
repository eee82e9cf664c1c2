#include "app/window/pointer_input.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace fluid::app {

Brush PointerInput::brush(const Brush& brush, bool hoverPaint) const
{
    Brush b = brush;
    if (hoverPaint && held_ == Button::None) b.dyeRate = 0.0f;
    return b;
}

// --hover-paint: the pointer paints as if the left button were held, except
// over the panel.
Button PointerInput::pointerButton(const Context& context) const
{
    if (held_ != Button::None || !context.hoverPaint || context.overPanel) return held_;
    return Button::Paint;
}

void PointerInput::onCursor(glm::dvec2 cursor, const Context& context)
{
    polled_.push_back({cursor, pointerButton(context)});
    if (obstacleHeld_ != ObstacleTool::None) obstaclePolled_.push_back({cursor, obstacleHeld_, false});
}

// Ctrl (or the panel's switch) turns a drag into an obstacle stroke
// (obstacleToolFor); otherwise the dye brush has the mouse.
bool PointerInput::onObstacleButton(int button, int action, int mods, glm::dvec2 cursor, const Context& context)
{
    if (action == GLFW_RELEASE) {
        if (obstacleHeld_ == ObstacleTool::None || button != obstacleButton_) return false;
        obstacleHeld_ = ObstacleTool::None;
        obstaclePolled_.push_back({cursor, ObstacleTool::None, false});
        return true;
    }
    if (obstacleHeld_ != ObstacleTool::None || held_ != Button::None || context.overPanel) return false;
    if (button != GLFW_MOUSE_BUTTON_LEFT && button != GLFW_MOUSE_BUTTON_RIGHT) return false;
    const ObstacleTool tool =
        obstacleToolFor(button == GLFW_MOUSE_BUTTON_LEFT ? MouseButton::Left : MouseButton::Right,
                        (mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0, context.obstacleBrush);
    if (tool == ObstacleTool::None) return false;
    obstacleHeld_ = tool;
    obstacleButton_ = button;
    obstaclePolled_.push_back({cursor, tool, true});
    return true;
}

PointerInput::Request PointerInput::onButton(int button, int action, int mods, glm::dvec2 cursor,
                                             const Context& context)
{
    if (onObstacleButton(button, action, mods, cursor, context)) return Request::None;
    if (action == GLFW_PRESS && button == GLFW_MOUSE_BUTTON_LEFT && (mods & GLFW_MOD_SHIFT) != 0 &&
        held_ == Button::None && !context.overPanel)
        return Request::PlaceEmitter;
    Button next = held_;
    if (action == GLFW_PRESS && held_ == Button::None && !context.overPanel) {
        if (button == GLFW_MOUSE_BUTTON_LEFT) next = Button::Paint;
        if (button == GLFW_MOUSE_BUTTON_RIGHT) next = Button::Push;
    } else if (action == GLFW_RELEASE) {
        if ((button == GLFW_MOUSE_BUTTON_LEFT && held_ == Button::Paint) ||
            (button == GLFW_MOUSE_BUTTON_RIGHT && held_ == Button::Push))
            next = Button::None;
    }
    if (next == held_) return Request::None;
    held_ = next;
    polled_.push_back({cursor, pointerButton(context)});
    return Request::None;
}

void PointerInput::onCursorLeft()
{
    if (held_ != Button::None || polled_.empty()) return;
    polled_.push_back({polled_.back().cursor, Button::None});
}

void PointerInput::deliver(double now, const std::function<glm::vec2(glm::dvec2)>& toDomain, StrokeQueue& strokes,
                           ObstaclePainter& obstacles, float obstacleRadius)
{
    std::vector<PointerSample> samples;
    samples.reserve(polled_.size());
    for (const RawPointer& p : polled_) samples.push_back({toDomain(p.cursor), p.button});
    strokes.addPoll(lastPoll_, now, samples);
    polled_.clear();
    lastPoll_ = now;
    for (const RawObstacleEvent& e : obstaclePolled_) {
        if (e.press)
            obstacles.press(toDomain(e.cursor), e.tool, obstacleRadius);
        else if (e.tool == ObstacleTool::None)
            obstacles.release();
        else
            obstacles.moveTo(toDomain(e.cursor));
    }
    obstaclePolled_.clear();
}

void PointerInput::hold(double now, StrokeQueue& strokes)
{
    polled_.clear();
    strokes.discard(now);
    lastPoll_ = now;
}

}  // namespace fluid::app
