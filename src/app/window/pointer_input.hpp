// PointerInput: the window system's mouse events, kept with the poll they came
// in, handed at the next frame to the stroke queue (timestamped strokes, which
// the steps take slice by slice) and to the obstacle painter, in domain
// coordinates (the grid as drawn then). It decides what a button does: the dye
// brush, the obstacle brush (Ctrl, or the panel's switch), a smoke emitter
// (Shift+click), or hover painting (--hover-paint: no button needed).
#pragma once

#include <functional>
#include <vector>

#include <glm/ext/vector_double2.hpp>
#include <glm/vec2.hpp>

#include "app/input.hpp"
#include "app/obstacle_brush.hpp"
#include "app/stroke_queue.hpp"

namespace fluid::app {

class PointerInput {
public:
    // What the panel says about the pointer at the event.
    struct Context {
        bool overPanel = false;      // ImGui wants the mouse: the event is the panel's
        bool hoverPaint = false;     // the moving pointer paints without a button
        bool obstacleBrush = false;  // the panel's switch: drags paint obstacles
    };
    // What a button asked for besides a stroke.
    enum class Request { None, PlaceEmitter };

    explicit PointerInput(double now) : lastPoll_(now) {}

    void onCursor(glm::dvec2 cursor, const Context& context);
    // GLFW's button, action and modifiers, with the cursor at the event.
    Request onButton(int button, int action, int mods, glm::dvec2 cursor, const Context& context);
    // The pointer left the window: a hovering stroke ends there, and does not
    // join the place where the pointer comes back.
    void onCursorLeft();

    // The events since the last frame, up to wall time `now`, to the queue
    // (spread over the poll's interval) and to the painter; `toDomain` maps a
    // window cursor to metres.
    void deliver(double now, const std::function<glm::vec2(glm::dvec2)>& toDomain, StrokeQueue& strokes,
                 ObstaclePainter& obstacles, float obstacleRadius);
    // Time passes without the fluid (minimised): the events are dropped.
    void hold(double now, StrokeQueue& strokes);

    Button held() const { return held_; }
    // The brush for the stroke being taken: a hovering pointer (no button)
    // leaves no dye where it rests, only along its moves.
    Brush brush(const Brush& brush, bool hoverPaint) const;

private:
    Button pointerButton(const Context& context) const;
    bool onObstacleButton(int button, int action, int mods, glm::dvec2 cursor, const Context& context);

    struct RawPointer {
        glm::dvec2 cursor;
        Button button;
    };
    struct RawObstacleEvent {
        glm::dvec2 cursor;
        ObstacleTool tool;
        bool press;
    };
    std::vector<RawPointer> polled_;
    Button held_ = Button::None;
    // The obstacle brush's gestures: a press starts a stroke, moves extend it,
    // ObstacleTool::None ends it.
    std::vector<RawObstacleEvent> obstaclePolled_;
    ObstacleTool obstacleHeld_ = ObstacleTool::None;
    int obstacleButton_ = -1;  // the GLFW button that holds the obstacle stroke
    double lastPoll_;
};

}  // namespace fluid::app
