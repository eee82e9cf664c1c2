#include "app/stroke_queue.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace fluid::app {

namespace {

constexpr double kSqrtPi = 1.7724538509055159;
// Events this close after a slice's end belong to it: the same moment, computed
// along two paths (event times, a frame's time divided into steps), must not
// land in different steps by rounding.
constexpr double kSameMoment = 1e-9;  // s

}  // namespace

void StrokeQueue::add(const TimedSample& event)
{
    TimedSample e = event;
    // Times never run backwards: a late event joins the present.
    e.time = std::max(e.time, pending_.empty() ? consumed_ : pending_.back().time);
    pending_.push_back(e);
}

void StrokeQueue::addPoll(double previousPoll, double poll, std::span<const PointerSample> samples)
{
    const double span = std::max(poll - previousPoll, 0.0);
    const double count = static_cast<double>(samples.size());
    for (std::size_t n = 0; n < samples.size(); ++n)
        add({previousPoll + span * static_cast<double>(n + 1) / count, samples[n]});
}

void StrokeQueue::extendStroke(glm::vec2 to, double time, glm::dvec2 velocity)
{
    pieces_.push_back({last_, to, std::max(time - consumed_, 0.0), velocity});
}

glm::dvec2 StrokeQueue::segmentVelocity(const TimedSample& next) const
{
    const glm::dvec2 d(next.sample.position - lastEvent_.sample.position);
    const double length = glm::length(d);
    if (length == 0.0) return glm::dvec2(0.0);
    const double seconds = next.time - lastEvent_.time;
    const double speed = seconds > 0.0 ? std::min(length / seconds, static_cast<double>(kMaxPointerSpeed))
                                       : static_cast<double>(kMaxPointerSpeed);
    return d * (speed / length);
}

std::vector<Splat> StrokeQueue::take(double until, const Brush& brush)
{
    std::vector<Splat> splats;
    while (!pending_.empty() && pending_.front().time <= until + kSameMoment) {
        const TimedSample e = pending_.front();
        pending_.pop_front();
        const double time = std::max(e.time, consumed_);
        // A pointer that maps nowhere (NaN from a degenerate window) ends the stroke.
        const bool valid = std::isfinite(e.sample.position.x) && std::isfinite(e.sample.position.y);
        if (held_ != Button::None && valid) extendStroke(e.sample.position, time, segmentVelocity(e));
        const Button next = valid ? e.sample.button : Button::None;
        if (next != held_) {
            flushStroke(brush, splats);
            held_ = next;
            if (next == Button::Paint) colour_ = brush.fixedColour ? brush.colour : strokeColour(strokes_++);
        }
        if (valid) {
            last_ = e.sample.position;
            lastEvent_ = e;
        }
        consumed_ = time;
    }
    if (until > consumed_) {
        // Held still, unless an event after `until` says where the pointer went.
        // (Without one, the movement that follows goes to a later slice, with
        // the momentum of its whole segment.)
        glm::vec2 at = last_;
        glm::dvec2 velocity(0.0);
        if (!pending_.empty()) {
            const TimedSample& next = pending_.front();
            const glm::vec2 to = next.sample.position;
            if (std::isfinite(to.x) && std::isfinite(to.y) && next.time > consumed_) {
                const double share = (until - consumed_) / (next.time - consumed_);
                at = last_ + static_cast<float>(share) * (to - last_);
                velocity = segmentVelocity(next);
            }
        }
        if (held_ != Button::None) extendStroke(at, until, velocity);
        last_ = at;
        consumed_ = until;
    }
    flushStroke(brush, splats);
    return splats;
}

std::vector<std::vector<Splat>> StrokeQueue::takeSteps(double now, int steps, const Brush& brush)
{
    std::vector<std::vector<Splat>> perStep;
    const double from = consumed_;
    for (int k = 1; k <= steps; ++k) {
        const double until = k == steps ? now : from + (now - from) * k / steps;
        perStep.push_back(take(until, brush));
    }
    return perStep;
}

void StrokeQueue::discard(double now)
{
    pending_.clear();
    pieces_.clear();
    held_ = Button::None;
    consumed_ = now;
}

// The pieces of the held stroke become splats. Short pieces are merged into
// chords (no shorter than the radius, at most kMaxSplatsPerSlice of them): the
// chord keeps the dye and momentum of the pieces it replaces, only their shape
// is simplified, and only where they bend within less than a radius.
void StrokeQueue::flushStroke(const Brush& brush, std::vector<Splat>& out)
{
    if (pieces_.empty()) return;
    const double r = static_cast<double>(brush.radius);
    double total = 0.0;
    for (const Piece& p : pieces_) total += static_cast<double>(glm::length(p.to - p.from));
    const double chordLength = std::max(r, total / (kMaxSplatsPerSlice - 1));

    std::size_t first = 0;
    while (first < pieces_.size()) {
        double length = 0.0, seconds = 0.0;
        glm::dvec2 lengthTimesVelocity(0.0);  // sum of L u over the pieces: momentum / (force sqrt(pi) r)
        std::size_t last = first;
        for (; last < pieces_.size(); ++last) {
            const Piece& p = pieces_[last];
            const double pieceLength = glm::length(glm::dvec2(p.to - p.from));
            lengthTimesVelocity += pieceLength * p.velocity;
            length += pieceLength;
            seconds += p.seconds;
            if (length >= chordLength) {
                ++last;
                break;
            }
        }
        Splat s;
        s.from = pieces_[first].from;
        s.to = pieces_[last - 1].to;
        s.radius = brush.radius;
        // Amplitudes are totals over pi r^2, the kernel's integral (core/splat.hpp).
        s.velocity = glm::vec2(static_cast<double>(brush.force) / (kSqrtPi * r) * lengthTimesVelocity);
        s.addsDye = held_ == Button::Paint;
        if (s.addsDye) {
            const double amount = static_cast<double>(brush.dyeAmount) * length / (kSqrtPi * r) +
                                  static_cast<double>(brush.dyeRate) * seconds;
            s.dye = colour_ * static_cast<float>(amount);
        }
        out.push_back(s);
        first = last;
    }
    pieces_.clear();
}

}  // namespace fluid::app
