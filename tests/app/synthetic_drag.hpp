// One synthetic drag, as a mouse with timestamps would report it: a press, a
// curved stroke whose speed ramps up (events at 1000 Hz), a pause with the
// button held, a release. Replayed at any frame rate through a StrokeQueue,
// it must leave the same dye and momentum (tests/app/stroke_queue_test.cpp,
// tests/app/stroke_replay_test.cpp).
#pragma once

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "app/stroke_queue.hpp"

namespace fluid::test {

struct SyntheticDrag {
    std::vector<app::TimedSample> events;
    double pressedSeconds = 0.0;  // press to release
    double length = 0.0;          // m, of the polyline the events trace
    double end = 0.0;             // s, the release
};

// Around (0.5, 0.5) on a circle of radius 0.25 m: the angle goes as
// (t / 0.8 s)^2 over 0.8 s (speed from 0 to about 2 m/s), then the pointer
// rests for 0.25 s with the button held. Events come at `eventsPerSecond`
// from the press at `start`.
inline SyntheticDrag curvedDrag(double eventsPerSecond, double start)
{
    constexpr double kMove = 0.8, kRest = 0.25;
    constexpr app::Button button = app::Button::Paint;
    constexpr double kPi = 3.14159265358979;
    auto at = [](double t) {
        const double angle = 1.5 * kPi * (t / kMove) * (t / kMove);
        return glm::vec2(static_cast<float>(0.5 + 0.25 * std::cos(angle)),
                         static_cast<float>(0.5 + 0.25 * std::sin(angle)));
    };
    SyntheticDrag drag;
    drag.events.push_back({start, {at(0.0), button}});
    const int count = static_cast<int>(kMove * eventsPerSecond);
    for (int n = 1; n <= count; ++n) {
        const double t = n / eventsPerSecond;
        const glm::vec2 p = at(t);
        drag.length += static_cast<double>(glm::length(p - drag.events.back().sample.position));
        drag.events.push_back({start + t, {p, button}});
    }
    drag.end = start + kMove + kRest;
    drag.events.push_back({drag.end, {drag.events.back().sample.position, app::Button::None}});
    drag.pressedSeconds = kMove + kRest;
    return drag;
}

// Replays the drag as a window drawing `framesPerSecond` would see it: at
// each frame the events since the last one arrive, and the simulation runs the
// steps of `dt` that real time asks for, each taking the stroke of its own dt
// of wall time (as the window does when it keeps up: src/app/window). Returns
// the splats of every step, from t = 0 to `until`.
inline std::vector<std::vector<Splat>> replay(const SyntheticDrag& drag, int framesPerSecond, double dt, double until,
                                              const app::Brush& brush)
{
    app::StrokeQueue queue;
    std::vector<std::vector<Splat>> steps;
    std::size_t next = 0;
    long done = 0;
    for (long frame = 1;; ++frame) {
        const double now = static_cast<double>(frame) / framesPerSecond;
        if (now > until + 1e-9) break;
        // (An event at the frame's own time, up to rounding, is in it.)
        for (; next < drag.events.size() && drag.events[next].time <= now + 1e-9; ++next) queue.add(drag.events[next]);
        const long due = static_cast<long>(std::floor(now / dt + 1e-6));
        for (auto& splats : queue.takeSteps(static_cast<double>(due) * dt, static_cast<int>(due - done), brush))
            steps.push_back(std::move(splats));
        done = due;
    }
    return steps;
}

}  // namespace fluid::test
