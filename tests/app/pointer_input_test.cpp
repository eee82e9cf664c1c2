// The pointer's events to strokes (src/app/window/pointer_input.hpp), fed
// with made-up cursor positions and times: no window, no clock.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/obstacle_brush.hpp"
#include "app/stroke_queue.hpp"
#include "app/window/pointer_input.hpp"

namespace fluid::app {
namespace {

// The dye a pointer that moves 200 px across the window in 0.1 s, with no
// button held, leaves in the fluid.
float dyeOfAHoveringMove(bool hoverPaint, bool overPanel)
{
    PointerInput pointer(0.0);
    StrokeQueue strokes(0.0);
    ObstaclePainter painter;
    PointerInput::Context context;
    context.hoverPaint = hoverPaint;
    context.overPanel = overPanel;
    for (int k = 0; k <= 10; ++k) pointer.onCursor({100.0 + 20.0 * k, 200.0}, context);
    pointer.deliver(
        0.1, [](glm::dvec2 cursor) { return glm::vec2(cursor / 400.0); }, strokes, painter, 0.02f);
    float dye = 0.0f;
    for (const Splat& s : strokes.take(0.1, pointer.brush(Brush{}, hoverPaint)))
        if (s.addsDye) dye += std::max({s.dye.r, s.dye.g, s.dye.b});
    return dye;
}

// --hover-paint: the moving pointer paints with no button held; without it,
// or over the panel, it leaves nothing.
TEST(PointerInput, AHoveringPointerPaintsOnlyWithHoverPaintingAndNotOverThePanel)
{
    const float hovering = dyeOfAHoveringMove(true, false);
    std::printf("[ measured ] dye along a hovering move: %.3f\n", static_cast<double>(hovering));
    EXPECT_GT(hovering, 0.1f) << "hover painting left no dye";
    EXPECT_EQ(dyeOfAHoveringMove(false, false), 0.0f) << "a hovering pointer painted without --hover-paint";
    EXPECT_EQ(dyeOfAHoveringMove(true, true), 0.0f) << "hover painting painted over the panel";
}

}  // namespace
}  // namespace fluid::app
