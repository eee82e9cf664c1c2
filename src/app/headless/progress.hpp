// A one-line progress bar on stderr for long headless runs: drawn only when
// stderr is a terminal and the run has lasted more than a second, so short
// runs, logs and pipes see nothing of it.
#pragma once

#include <chrono>

#include "app/headless/simulate.hpp"

namespace fluid::app::headless {

class ProgressBar {
public:
    ProgressBar();  // enabled when stderr is a terminal
    void update(const Progress& progress);
    void finish();  // erases the bar, if one was drawn

private:
    using Clock = std::chrono::steady_clock;
    bool enabled_ = false;
    bool drawn_ = false;
    Clock::time_point start_;
    Clock::time_point lastDraw_;
};

}  // namespace fluid::app::headless
