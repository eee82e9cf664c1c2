// RunSummary: frames drawn and fluid time simulated while the window ran,
// for the one line it prints at exit.
#pragma once

#include <cstdio>

namespace fluid::app {

// Frames drawn and fluid time simulated while running: one line at exit that
// a user (or a benchmark script) can quote.
struct RunSummary {
    long frames = 0;
    double simulatedSeconds = 0.0;
    double runningSeconds = 0.0;
    double lastRunningFrame = -1.0;  // negative: the previous frame was paused (its gap is not counted)

    void running(double now, double simulated)
    {
        simulatedSeconds += simulated;
        if (lastRunningFrame >= 0.0) {
            runningSeconds += now - lastRunningFrame;
            ++frames;
        }
        lastRunningFrame = now;
    }
    void paused() { lastRunningFrame = -1.0; }
    void print() const
    {
        if (runningSeconds <= 0.0) return;
        std::printf("fluidsim: while running, %.1f frames/s and %.2fx real time (%.1f s of fluid in %.1f s)\n",
                    static_cast<double>(frames) / runningSeconds, simulatedSeconds / runningSeconds, simulatedSeconds,
                    runningSeconds);
    }
};

}  // namespace fluid::app
