// WallStepTimer: a StepTimer that measures wall time (std::chrono's steady
// clock) straight into a ProfileTable: the CPU reference's profile. Its
// passes return when their rows are done, so the wall time of a lap is the
// time its passes took.
#pragma once

#include <chrono>

#include "core/profile_table.hpp"
#include "core/step_timer.hpp"

namespace fluid {

class WallStepTimer final : public StepTimer {
public:
    explicit WallStepTimer(ProfileTable& table) : table_(table) {}
    void lap(const char* name) override
    {
        const Clock::time_point now = Clock::now();
        close(now);
        open_ = name;
        start_ = now;
    }
    void stop() override { close(Clock::now()); }
    // A frame (a step, in the runner) is complete.
    void endFrame()
    {
        stop();
        table_.endFrame();
    }

private:
    using Clock = std::chrono::steady_clock;
    void close(Clock::time_point now)
    {
        if (!open_) return;
        table_.add(open_, std::chrono::duration<double, std::milli>(now - start_).count());
        open_ = nullptr;
    }
    ProfileTable& table_;
    const char* open_ = nullptr;
    Clock::time_point start_{};
};

}  // namespace fluid
