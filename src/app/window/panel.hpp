// The Dear ImGui control panel: live parameters, brush, display, statistics
// and the key help. It edits a PanelState and reports what the user asked for;
// the frame loop decides how to apply it.
#pragma once

#include <string>

#include "app/app_settings.hpp"
#include "app/window/field_display.hpp"
#include "app/window/frame_profile.hpp"
#include "core/motion.hpp"
#include "core/sim_params.hpp"

namespace fluid::app {

// The app's settings (brush, look, motion, ...) and the rest the panel edits.
struct PanelState : AppSettings {
    SimParams params;          // applied to the solver on the next step
    int gridShortSide = 256;   // cells on the window's short side (applied on request)
    bool autoGrid = true;      // pick gridShortSide by measuring (src/app/grid_picker.hpp)
    int dyeGridShortSide = 0;  // dye cells on the short side, 0: the simulation grid (applied on request)
    // The auto grid also picks the dye grid (no --dye-grid, none in the
    // settings file); the pick is never saved. Choosing one in the panel ends it.
    bool autoDyeGrid = false;
    // Bloom on by default (no --bloom) with the auto grid: the pick turns it
    // off where not even the smallest grid keeps real time with it, and says
    // so (bloomOffForSpeed). That is never saved; turning it on in the panel
    // keeps it on.
    bool autoBloom = false;
    bool bloomOffForSpeed = false;
    // The default step (no --dt, none saved) with the auto grid: where one
    // step of twice the length a frame buys a larger grid than two of it, the
    // pick takes that (dtLongForSpeed; never saved). Setting dt in the panel
    // ends it.
    bool autoDt = false;
    bool dtLongForSpeed = false;
    // The window's dye scheme (no --dye-advection, none saved) with the auto
    // grid: where the frame has room for it at the grid picked, the pick
    // carries the dye sharply (kWindowSharpDyeAdvection; dyeSharpByPick),
    // never saved, and the first thing given up for speed is that. Choosing
    // a scheme in the panel ends it.
    bool autoDyeAdvection = false;
    bool dyeSharpByPick = false;
    bool obstacleBrush = false;  // the mouse paints obstacles (as with Ctrl held)
    bool paused = false;
    bool visible = true;
    bool profiling = false;  // the Profile group is open: the frame is timed (frame_profile.hpp)
};

struct PanelStats {
    double framesPerSecond = 0.0;
    double stepMilliseconds = -1.0;  // GPU time per step; negative: not measured yet
    double realTimeFactor = 1.0;     // simulated time per wall-clock time (SimClock)
    double pressureResidual = -1.0;  // max |residual| / max |h^2 div u| after a solve; negative: not yet
    glm::ivec2 grid{0};
    std::string gridChoice;  // why this grid, when it was picked automatically
    float displayRange = 0.0f;
    std::string renderer;
    std::string lastScreenshot;
    std::string motionSource;  // what --motion opened ("" = none), or why it could not
    bool motionActive = false;
    int emitters = 0;           // smoke emitters placed with Shift+click
    std::string writeError;     // the last file that could not be written, and why (shown until the next success)
    int solidCells = 0;         // in the obstacle mask
    std::string obstacleNote;   // why the run's obstacles are missing or not felt by the fluid; "" = fine
    bool recording = false;     // a video is being recorded (F9)
    std::string recordingNote;  // what is (or was last) recorded
    ProfileSummary profile;     // while the Profile group is open
};

struct PanelActions {
    bool resetFluid = false;
    bool clearDye = false;
    bool stepOnce = false;
    bool resetDefaults = false;
    bool applyGrid = false;  // gridShortSide changed: reallocate (the fluid restarts)
    bool screenshot = false;
    bool clearObstacles = false;    // every cell fluid
    bool restoreObstacles = false;  // back to --obstacles / --obstacle
    bool toggleRecording = false;   // start or stop a video (F9)
};

// The panel is at least this wide (in font heights; as wide as the labels
// and controls of its open groups need) and as tall as its open groups: at
// start only the quick group is open, so it covers under a fifth of a
// 1024x768 window. Its controls (sliders, combos) are at least
// kControlWidthInFontSizes wide.
constexpr float kPanelWidthInFontSizes = 18.0f;
constexpr float kControlWidthInFontSizes = 9.0f;

PanelActions drawPanel(PanelState& state, const PanelStats& stats);

}  // namespace fluid::app
