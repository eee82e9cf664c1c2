#include "app/window/replay_driver.hpp"

#include <cstdio>

#include "app/sim_clock.hpp"
#include "app/window/display_chain.hpp"
#include "app/window/panel.hpp"
#include "app/window/panel_glue.hpp"
#include "app/window/run_summary.hpp"

namespace fluid::app {

int ReplayDriver::advance(double now, const ReplayFrame& frame)
{
    int steps = 0;
    const double dt = static_cast<double>(replay_.params().dt);
    if (frame.state.paused) {
        frame.summary.paused();
        frame.clock.hold(now);
        steps = replay_.advance(frame.loop.singleSteps);
        frame.loop.singleSteps = 0;
    } else {
        steps = replay_.advance(frame.clock.advance(now, dt, frame.state.maxStepsPerFrame, frame.stepSeconds));
        // The exit summary counts the replay's frames too (it printed none).
        frame.summary.running(now, steps * dt);
    }
    if (const Field* mask = replay_.takeObstacles()) frame.display.setObstacles(*mask);
    if (replay_.finished() && !frame.state.paused) {
        frame.state.paused = true;
        frame.summary.paused();
        if (!endSaid_)
            std::printf("fluidsim: replayed %s: %d steps, %.2f s of fluid; paused\n", replay_.path().c_str(),
                        replay_.step(), replay_.fluidSeconds());
        endSaid_ = true;
        std::fflush(stdout);
    }
    return steps;
}

}  // namespace fluid::app
