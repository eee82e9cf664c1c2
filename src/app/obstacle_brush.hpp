// The obstacle brush of the window: which mouse gestures paint or erase solid
// cells, and a host copy of the mask that strokes edit (a thick segment from
// each pointer position to the next, like the dye strokes). The window uploads
// the mask to the solver when takeChanged() says it changed, between steps;
// nothing is ever read back. GL- and GLFW-free, so it is unit-tested.
#pragma once

#include <glm/vec2.hpp>

#include "core/field.hpp"

namespace fluid::app {

enum class ObstacleTool { None, Solid, Erase };
enum class MouseButton { Left, Right };

// Ctrl + left button (or left alone with the panel's obstacle brush on)
// paints solid; Ctrl + Shift + left, or right in either of those modes,
// erases. Anything else is the dye brush's (None).
ObstacleTool obstacleToolFor(MouseButton button, bool ctrl, bool shift, bool brushModeInPanel);

class ObstaclePainter {
public:
    // A new mask (a new grid, or the run's obstacles rebuilt); h in m.
    // `edited`: it carries the user's strokes (a regridded edited mask).
    // `outline`: what the window draws of it (src/core/obstacles.hpp), of the
    // mask's size; empty: the mask itself.
    void reset(Field mask, float cellSize, bool edited = false, Field outline = {});
    const Field& mask() const { return mask_; }
    // The mask as the window draws it: the run's shapes with their smooth
    // outline, the brush's strokes as the cells they set.
    const Field& outline() const { return outline_; }

    // A stroke: press paints a disc of `radius` (m) at the pointer, each move
    // the segment from the last position, release ends it.
    void press(glm::vec2 at, ObstacleTool tool, float radius);
    void moveTo(glm::vec2 to);
    void release() { tool_ = ObstacleTool::None; }
    bool stroking() const { return tool_ != ObstacleTool::None; }

    // Clears every solid cell (the panel's button).
    void clear();

    // True once after the mask changed: time to upload it.
    bool takeChanged();
    // True when a stroke or clear() changed the mask since reset(): then a new
    // grid resamples this mask instead of rebuilding the run's obstacles.
    bool edited() const { return edited_; }

private:
    void paint(glm::vec2 from, glm::vec2 to);

    Field mask_;
    Field outline_;
    float cellSize_ = 1.0f;
    ObstacleTool tool_ = ObstacleTool::None;
    float radius_ = 0.0f;
    glm::vec2 last_{0.0f};
    bool changed_ = false;
    bool edited_ = false;
};

}  // namespace fluid::app
