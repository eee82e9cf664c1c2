// TimeLine: the window's wall clock with the time it spent on work that is
// not the fluid's left out (writing a screenshot: a read-back and a PNG,
// 0.1-0.3 s on llvmpipe). Every clock the window feeds (SimClock, GridWatch,
// the exit summary, the chosen grid's judge, the cross-fade, the pointer)
// reads this one, so such a pause is neither owed by the fluid nor taken for
// a slow machine: a screenshot a second made the window give up its sharp
// dye and its finer dye grid within 20 s, and the exit line say 0.94x real
// time. Free of GLFW: the wall clock is given, and tests give a made-up one.
#pragma once

#include <functional>
#include <utility>

namespace fluid::app {

class TimeLine {
public:
    explicit TimeLine(std::function<double()> wallClock) : wall_(std::move(wallClock)) {}

    // Wall seconds since the clock's origin, less every leftOut() interval.
    double now() const { return wall_() - leftOut_; }

    // Runs `work`; its wall time is left out of now() from then on, also
    // when it throws (a screenshot that could not be written took its time).
    template <typename Work>
    void leaveOut(Work&& work)
    {
        const double before = wall_();
        try {
            std::forward<Work>(work)();
        } catch (...) {
            leftOut_ += wall_() - before;
            throw;
        }
        leftOut_ += wall_() - before;
    }

    double leftOutSeconds() const { return leftOut_; }

private:
    std::function<double()> wall_;
    double leftOut_ = 0.0;
};

}  // namespace fluid::app
