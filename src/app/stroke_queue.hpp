// StrokeQueue: pointer input, kept with its times, turned into splats one time
// slice at a time, so that a drag deposits the same dye and momentum whether
// the machine draws 5 or 500 frames per second.
//
// The brush model (all per unit density; r is the brush radius, u the pointer
// velocity, both in the domain's metres and wall-clock seconds):
//   - dye: a stroke leaves a line of peak `dyeAmount` (dye * sqrt(pi) r per
//     metre of stroke), and a brush held still adds `dyeRate` per second at its
//     centre (dye * pi r^2 per second);
//   - momentum: force * u * sqrt(pi) r per metre of stroke, so the fluid along
//     a stroke moves at force * u, whatever the stroke's speed or sampling.
// Both are sums over the pieces of the stroke, and the splat kernel adds up
// across pieces (src/core/splat.hpp): cutting a stroke at other times (other
// frame rates) changes neither the totals nor, for a straight stroke, the field.
#pragma once

#include <deque>
#include <span>
#include <vector>

#include <glm/ext/vector_double2.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "app/input.hpp"
#include "core/splat.hpp"

namespace fluid::app {

// The pointer as one event left it: where it is (domain coordinates, m) and
// which button is held from then on.
struct PointerSample {
    glm::vec2 position{0.0f};
    Button button = Button::None;
};

struct TimedSample {
    double time = 0.0;  // wall-clock s
    PointerSample sample;
};

class StrokeQueue {
public:
    // Pointer speeds are clamped to this (m/s; the short side is 1 m): a glitch
    // in event times must not turn a small movement into a violent push.
    static constexpr float kMaxPointerSpeed = 10.0f;
    // At most this many splats per slice; shorter pieces are merged into chords.
    static constexpr int kMaxSplatsPerSlice = 8;

    explicit StrokeQueue(double start = 0.0) : consumed_(start) {}

    // Events with their times, in order, no earlier than what was taken.
    void add(const TimedSample& event);
    // The events of one poll of the window system, which delivers every event
    // since the previous poll but not when each happened: they are spread
    // evenly over (previousPoll, poll].
    void addPoll(double previousPoll, double poll, std::span<const PointerSample> samples);

    // The splats for the stroke from the end of the last slice taken up to
    // `until` (wall-clock s). Between two events the pointer moves in a straight
    // line at constant speed, so a slice that ends between them takes its share
    // of the movement; after the last event it is held still, and a held
    // button keeps depositing (dyeRate).
    std::vector<Splat> take(double until, const Brush& brush);
    // The stroke up to `now` cut into `steps` equal slices of wall time, one
    // list of splats per simulation step; nothing is taken when steps is 0
    // (the input waits for the next step).
    std::vector<std::vector<Splat>> takeSteps(double now, int steps, const Brush& brush);
    // Drops everything up to `now` and ends the stroke (new grid, minimised window).
    void discard(double now);

    double takenUntil() const { return consumed_; }
    int strokeCount() const { return strokes_; }

private:
    // A stretch of one stroke between two moments; it moves at the velocity of
    // the segment between the two events around it, so the pieces of a segment
    // cut by slices carry exactly the segment's momentum.
    struct Piece {
        glm::vec2 from, to;
        double seconds;
        glm::dvec2 velocity;  // m/s, speed clamped
    };
    void extendStroke(glm::vec2 to, double time, glm::dvec2 velocity);
    // The velocity of the segment from the last event to `next`.
    glm::dvec2 segmentVelocity(const TimedSample& next) const;
    void flushStroke(const Brush& brush, std::vector<Splat>& out);

    std::deque<TimedSample> pending_;
    double consumed_;
    Button held_ = Button::None;
    glm::vec2 last_{0.0f};   // the pointer at the end of what was taken
    TimedSample lastEvent_;  // the event the current segment starts at
    glm::vec3 colour_{1.0f};
    int strokes_ = 0;
    std::vector<Piece> pieces_;  // of the held stroke, within the slice being taken
};

}  // namespace fluid::app
