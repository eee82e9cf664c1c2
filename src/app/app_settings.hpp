// AppSettings: the window's and the runner's own knobs (brush, look, motion
// input, pacing, the first minute), apart from the simulation's SimParams.
// Options (the command line and the settings file) and PanelState (what the
// panel edits) both are AppSettings, so one table of rows over this struct
// (src/app/setting_rows.hpp) serves the flags, --help, the settings file,
// sanitize() and the panel alike.
#pragma once

#include "app/display_settings.hpp"
#include "app/input.hpp"
#include "core/motion.hpp"

namespace fluid::app {

// The largest fixed display range (--range V): beyond it a field's colour
// scale divides by more than a float's range holds.
inline constexpr float kMaxFixedRange = 1e30f;

struct AppSettings {
    Brush brush;
    DisplaySettings display;
    MotionParams motion;
    int maxStepsPerFrame =
        4;                    // the clock's cap (src/app/sim_clock.hpp): beyond it the fluid runs slower than real time
    double idleAfter = 20.0;  // s without input or camera motion before the idle brush starts; 0 = never
    // The first minute (src/app/window/first_sight.hpp): a burst of colour at
    // start, the hint, a random splat now and then while nobody paints. Off:
    // the window starts black and still (the window tests of the brush).
    bool firstSight = true;
    bool hoverPaint = false;            // the moving pointer paints without a button
    float obstacleBrushRadius = 0.02f;  // m, the obstacle brush in the window
    bool operator==(const AppSettings&) const = default;
};

}  // namespace fluid::app
