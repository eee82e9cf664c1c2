// StrokeQueue: a drag deposits dye and momentum by its length, speed and held
// time, not by how often the machine draws frames.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/stroke_queue.hpp"
#include "app/synthetic_drag.hpp"

namespace fluid::app {
namespace {

constexpr double kPi = 3.14159265358979;
constexpr double kDt = 1.0 / 60.0;

struct Totals {
    glm::dvec3 dye{0.0};       // integral of the dye added: dye * pi r^2 per splat (core/splat.hpp)
    glm::dvec2 momentum{0.0};  // integral of the velocity added, per unit density
    int splats = 0;
    int stepsWithInput = 0;
};

Totals totals(const std::vector<std::vector<Splat>>& steps)
{
    Totals t;
    for (const auto& step : steps) {
        t.stepsWithInput += step.empty() ? 0 : 1;
        for (const Splat& s : step) {
            const double area = kPi * static_cast<double>(s.radius) * static_cast<double>(s.radius);
            t.dye += glm::dvec3(s.dye) * area;
            t.momentum += glm::dvec2(s.velocity) * area;
            ++t.splats;
        }
    }
    return t;
}

// The same drag at 5, 30 and 240 frames/s: the frames cut the stroke at other
// times (and at 5 frames/s, 12 steps share one frame's events), yet the totals
// agree with each other and with the brush model. The bound is float32
// rounding: each splat's amplitude is a float (relative error 6e-8) and the
// interpolated cut points are floats (1e-7 m on 0.25 m steps); 2e-6 leaves
// a factor of ten over the sum of about 2000 such errors.
TEST(StrokeQueue, ADragLeavesTheSameDyeAndMomentumAtAnyFrameRate)
{
    // 1000 Hz events from a press between frames and steps: steps end
    // between events, so segments are cut (and, at 240 frames/s, the last
    // one before a step's end is not known yet and goes to the next step).
    const test::SyntheticDrag drag = test::curvedDrag(1000.0, 0.0305);
    Brush brush;
    brush.fixedColour = true;
    brush.colour = {1.0f, 0.5f, 0.25f};
    const double r = brush.radius;
    // The brush model (src/app/stroke_queue.hpp): dyeAmount * sqrt(pi) r per
    // metre of stroke, dyeRate * pi r^2 per second held.
    const double expectedDye =
        brush.dyeAmount * drag.length * std::sqrt(kPi) * r + brush.dyeRate * drag.pressedSeconds * kPi * r * r;

    const Totals reference = totals(test::replay(drag, 240, kDt, 1.2, brush));
    EXPECT_NEAR(reference.dye.x, expectedDye, 2e-6 * expectedDye);
    EXPECT_NEAR(reference.dye.y, 0.5 * expectedDye, 2e-6 * expectedDye);
    const double momentum = glm::length(reference.momentum);
    EXPECT_GT(momentum, 1e-3);
    for (int fps : {5, 30}) {
        const Totals t = totals(test::replay(drag, fps, kDt, 1.2, brush));
        std::printf(
            "[ measured ] %3d frames/s: %d splats in %d steps, dye %.9g, momentum (%.9g, %.9g); "
            "240 frames/s: %d splats, dye %.9g, momentum (%.9g, %.9g)\n",
            fps, t.splats, t.stepsWithInput, t.dye.x, t.momentum.x, t.momentum.y, reference.splats, reference.dye.x,
            reference.momentum.x, reference.momentum.y);
        EXPECT_NEAR(t.dye.x, reference.dye.x, 2e-6 * reference.dye.x) << fps << " frames/s";
        EXPECT_NEAR(glm::length(t.momentum - reference.momentum), 0.0, 2e-6 * momentum) << fps << " frames/s";
        EXPECT_EQ(t.stepsWithInput, reference.stepsWithInput) << "the drag reached other steps at " << fps;
    }
}

// The momentum follows the pointer: a straight stroke at constant speed leaves
// force * u * sqrt(pi) r per metre of stroke, along the stroke.
TEST(StrokeQueue, MomentumIsForceTimesPointerVelocityAlongTheStroke)
{
    Brush brush;
    brush.force = 2.0f;
    StrokeQueue queue;
    queue.add({0.0, {{0.2f, 0.5f}, Button::Push}});
    queue.add({0.25, {{0.7f, 0.5f}, Button::Push}});  // 0.5 m in 0.25 s: 2 m/s
    queue.add({0.25, {{0.7f, 0.5f}, Button::None}});
    const Totals t = totals(queue.takeSteps(0.25, 15, brush));
    const double r = brush.radius;
    EXPECT_NEAR(t.momentum.x, 2.0 * 2.0 * 0.5 * std::sqrt(kPi) * r, 1e-6);
    EXPECT_NEAR(t.momentum.y, 0.0, 1e-9);
    EXPECT_EQ(t.dye, glm::dvec3(0.0));  // the right button pushes without dye
    EXPECT_EQ(t.stepsWithInput, 15);    // every step of the stroke gets its share
}

// Steps that end between two events take the pointer where it was at that
// moment (straight line, constant speed), so no step sees a pause and the
// next a jump.
TEST(StrokeQueue, StepsBetweenEventsShareTheMovement)
{
    const Brush brush;
    StrokeQueue queue;
    queue.add({0.0, {{0.2f, 0.5f}, Button::Push}});
    queue.add({0.1, {{0.6f, 0.5f}, Button::Push}});
    const auto steps = queue.takeSteps(0.1, 4, brush);
    ASSERT_EQ(steps.size(), 4u);
    float x = 0.2f;
    for (const std::vector<Splat>& step : steps) {
        ASSERT_EQ(step.size(), 1u);
        EXPECT_NEAR(step[0].from.x, x, 1e-6f);
        EXPECT_NEAR(step[0].to.x, x + 0.1f, 1e-6f);
        EXPECT_NEAR(step[0].velocity.x, steps[0][0].velocity.x, 1e-5f);
        x += 0.1f;
    }
}

// A brush held still keeps adding dye at dyeRate, over steps without events.
TEST(StrokeQueue, AHeldBrushAddsDyeAtItsRate)
{
    Brush brush;
    brush.fixedColour = true;
    brush.colour = glm::vec3(1.0f);
    StrokeQueue queue;
    queue.add({0.0, {{0.5f, 0.5f}, Button::Paint}});
    const Totals t = totals(queue.takeSteps(0.5, 30, brush));
    const double r = brush.radius;
    EXPECT_NEAR(t.dye.x, brush.dyeRate * 0.5 * kPi * r * r, 1e-9);
    EXPECT_EQ(t.stepsWithInput, 30);
    EXPECT_EQ(t.momentum, glm::dvec2(0.0));
}

// Input waits for a step: a frame that runs no step takes nothing, and the
// next step gets it all.
TEST(StrokeQueue, InputWaitsForTheNextStep)
{
    const Brush brush;
    StrokeQueue queue;
    queue.add({0.001, {{0.2f, 0.5f}, Button::Paint}});
    queue.add({0.004, {{0.3f, 0.5f}, Button::Paint}});
    EXPECT_TRUE(queue.takeSteps(0.004, 0, brush).empty());
    queue.add({0.008, {{0.4f, 0.5f}, Button::Paint}});
    const auto steps = queue.takeSteps(0.008, 1, brush);
    ASSERT_EQ(steps.size(), 1u);
    ASSERT_FALSE(steps[0].empty());
    EXPECT_EQ(steps[0].front().from, glm::vec2(0.2f, 0.5f));
    EXPECT_EQ(steps[0].back().to, glm::vec2(0.4f, 0.5f));
}

TEST(StrokeQueue, EachStrokeTakesANewColour)
{
    const Brush brush;
    StrokeQueue queue;
    queue.add({0.00, {{0.5f, 0.5f}, Button::Paint}});
    queue.add({0.01, {{0.5f, 0.5f}, Button::None}});
    queue.add({0.02, {{0.5f, 0.5f}, Button::Paint}});
    queue.add({0.03, {{0.5f, 0.5f}, Button::None}});
    const std::vector<Splat> splats = queue.take(0.03, brush);
    ASSERT_EQ(splats.size(), 2u);
    EXPECT_GT(glm::length(splats[0].dye - splats[1].dye), 0.01f);
    EXPECT_EQ(queue.strokeCount(), 2);
}

// A glitch in event times (two events at once) must not become a violent push.
TEST(StrokeQueue, PointerSpeedIsClamped)
{
    const Brush brush;
    StrokeQueue queue;
    queue.add({0.5, {{0.1f, 0.5f}, Button::Push}});
    queue.add({0.5, {{0.9f, 0.5f}, Button::Push}});
    queue.add({0.5, {{0.9f, 0.5f}, Button::None}});
    const Totals t = totals({queue.take(0.5, brush)});
    const double r = brush.radius;
    EXPECT_NEAR(t.momentum.x, brush.force * StrokeQueue::kMaxPointerSpeed * 0.8 * std::sqrt(kPi) * r, 1e-5);
}

// A pointer that maps nowhere (NaN from a degenerate window) ends the stroke;
// the next stroke starts fresh instead of jumping from NaN.
TEST(StrokeQueue, APointerThatMapsNowhereEndsTheStroke)
{
    const Brush brush;
    StrokeQueue queue;
    queue.add({0.0, {{0.5f, 0.5f}, Button::Paint}});
    queue.add({0.1, {{std::nanf(""), 0.5f}, Button::Paint}});
    queue.add({0.2, {{0.6f, 0.5f}, Button::Paint}});
    for (const Splat& s : queue.take(0.2, brush)) {
        EXPECT_TRUE(std::isfinite(s.from.x) && std::isfinite(s.to.x) && std::isfinite(s.velocity.x));
        EXPECT_LE(s.velocity.x, 0.0f + 1e-6f);  // no push from 0.5 to 0.6 across the gap
    }
    EXPECT_EQ(queue.strokeCount(), 2);
}

// The window system gives no event times: a poll's events are spread evenly
// over the time since the previous poll.
TEST(StrokeQueue, APollsEventsAreSpreadOverItsInterval)
{
    const Brush brush;
    StrokeQueue queue;
    const std::vector<PointerSample> samples{
        {{0.2f, 0.5f}, Button::Push}, {{0.3f, 0.5f}, Button::Push}, {{0.4f, 0.5f}, Button::Push}};
    queue.addPoll(0.0, 0.3, samples);
    const auto steps = queue.takeSteps(0.3, 3, brush);  // events at 0.1, 0.2, 0.3
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_TRUE(steps[0].empty());  // the press
    ASSERT_EQ(steps[1].size(), 1u);
    EXPECT_EQ(steps[1][0].to, glm::vec2(0.3f, 0.5f));
    ASSERT_EQ(steps[2].size(), 1u);
    EXPECT_EQ(steps[2][0].to, glm::vec2(0.4f, 0.5f));
}

// Discarding (a new grid, a minimised window) drops queued input and the stroke.
TEST(StrokeQueue, DiscardDropsQueuedInput)
{
    const Brush brush;
    StrokeQueue queue;
    queue.add({0.0, {{0.5f, 0.5f}, Button::Paint}});
    queue.add({0.1, {{0.6f, 0.5f}, Button::Paint}});
    queue.discard(0.2);
    EXPECT_TRUE(queue.take(0.3, brush).empty());
    EXPECT_EQ(queue.takenUntil(), 0.3);
}

}  // namespace
}  // namespace fluid::app
