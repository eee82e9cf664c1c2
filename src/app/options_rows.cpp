// The run's own rows (options_rows.hpp).
#include "app/options_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/record/video_encoder.hpp"
#include "core/parameters.hpp"

namespace fluid::app::flag_table {

std::string got(const std::string& text)
{
    return ", got '" + printable(text) + "'";
}

namespace {

using Kind = ParameterKind;
using S = Scope;
using H = HelpSection;

template <typename FieldOf>
ParameterAccessOf<Options> option(FieldOf of)
{
    return fieldAccess<Options>(of);
}

RunRow placed(RunRow row, Scope scope, HelpSection section)
{
    row.scope = scope;
    row.section = section;
    return row;
}

// Rows by kind (designated initializers would read better, but GCC 12 warns
// about every member they leave to its default). `defaultText`: as in
// ParameterSpec, nullptr formats Options{}'s value, "" names none.
RunRow real(const char* key, const char* placeholder, const char* unit, ParameterAccessOf<Options> access, double min,
            double max, bool minOpen, const char* defaultText, const char* help)
{
    RunRow row{key, key, placeholder, unit, help, Kind::Real, access};
    row.min = min;
    row.max = max;
    row.minOpen = minOpen;
    row.defaultText = defaultText;
    // Stored as the flags always stored them, whatever the field's type (a
    // double for a run's time, a float for an obstacle's size).
    row.heldInFloat = false;
    return row;
}

// A real in (0, max] (a run's time, its Reynolds number).
RunRow positive(const char* key, const char* placeholder, const char* unit, ParameterAccessOf<Options> access,
                double max, const char* defaultText, const char* help)
{
    return real(key, placeholder, unit, access, 0.0, max, true, defaultText, help);
}

RunRow integer(const char* key, const char* placeholder, ParameterAccessOf<Options> access, int min, int max,
               const char* defaultText, const char* help)
{
    RunRow row = real(key, placeholder, "", access, min, max, false, defaultText, help);
    row.kind = Kind::Integer;
    return row;
}

RunRow choice(const char* key, const char* placeholder, ParameterAccessOf<Options> access,
              std::vector<ParameterChoice> choices, const char* help)
{
    RunRow row{key, key, placeholder, "", help, Kind::Choice, access};
    row.choices = std::move(choices);
    return row;
}

// A switch given bare (--fullscreen): it turns on, for this run.
RunRow bare(const char* key, ParameterAccessOf<Options> access, const char* help)
{
    RunRow row{key, key, nullptr, "", help, Kind::Switch, access};
    row.bareFlag = true;
    return row;
}

RunRow text(const char* key, const char* placeholder, Apply apply, std::string help)
{
    RunRow row{key, key, placeholder, "", "", Kind::Choice, {}};
    row.text = std::move(apply);
    row.textHelp = std::move(help);
    return row;
}

Apply path(void (*store)(Options&, const std::string&))
{
    return [store](Options& o, const std::string& value) -> std::string {
        if (value.empty()) return "expects a file or directory name";
        store(o, value);
        return "";
    };
}

// A video file: its extension says the format (.mp4, .webm, .gif).
Apply videoPath(void (*store)(Options&, const std::string&))
{
    return [store](Options& o, const std::string& value) -> std::string {
        if (auto problem = videoPathProblem(value)) return *problem + got(value);
        store(o, value);
        return "";
    };
}

std::string gridRange()
{
    return std::to_string(SimLimits::kMinGrid) + ".." + std::to_string(SimLimits::kMaxGrid);
}

// A grid size in cells, or `word` (auto, 0) for what `onWord` sets.
std::string applyGridOr(const char* word, Options& o, const std::string& value, void (*onWord)(Options&),
                        void (*onCells)(Options&, int))
{
    const std::optional<int> cells = parseInteger(value);
    if (value == word || (cells && std::to_string(*cells) == word)) {
        onWord(o);
        return "";
    }
    if (!cells || *cells < SimLimits::kMinGrid || *cells > SimLimits::kMaxGrid)
        return std::string("expects ") + word + " or an integer in " + gridRange() + got(value);
    onCells(o, *cells);
    return "";
}

RunRow gridRow()
{
    RunRow row = text(
        "grid", "N|auto",
        [](Options& o, const std::string& value) {
            return applyGridOr(
                "auto", o, value, [](Options& to) { to.autoGrid = true; },
                [](Options& to, int n) {
                    to.params.gridWidth = to.params.gridHeight = n;
                    to.autoGrid = false;
                });
        },
        std::string("cells on the window's short side, ") + gridRange() +
            ", or auto: the largest that keeps up here, at twice the default dt where only that keeps "
            "up with a larger grid (default auto; headless N x N, " +
            std::to_string(defaultSimParams().gridWidth) + ")");
    row.current = [](const Options& o) {
        return o.autoGrid ? std::string("auto") : std::to_string(o.params.gridWidth);
    };
    return row;
}

RunRow dyeGridRow()
{
    RunRow row = text(
        "dye-grid", "N",
        [](Options& o, const std::string& value) {
            return applyGridOr(
                "0", o, value, [](Options& to) { to.params.dyeGridWidth = 0; },
                [](Options& to, int n) { to.params.dyeGridWidth = n; });
        },
        std::string("dye cells on the grid's short side, ") + gridRange() + ", or 0: the simulation grid's (default " +
            std::to_string(defaultSimParams().dyeGridWidth) +
            "); the dye's own grid, finer than the velocity's for sharp colour (the peer's 1024 over a "
            "velocity grid of 128)");
    row.current = [](const Options& o) { return std::to_string(o.params.dyeGridWidth); };
    return row;
}

// The brush colour: "cycle" (a new hue per stroke) or a fixed RRGGBB in hex.
std::string applyBrushColour(Options& o, const std::string& value)
{
    if (value == "cycle") {
        o.brush.fixedColour = false;
        return "";
    }
    const bool hex = value.size() == 6 && value.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
    if (!hex) return "expects cycle or a colour RRGGBB in hex (e.g. ff6619)" + got(value);
    for (int c = 0; c < 3; ++c)
        o.brush.colour[c] =
            static_cast<float>(std::stoi(value.substr(static_cast<std::size_t>(2 * c), 2), nullptr, 16)) / 255.0f;
    o.brush.fixedColour = true;
    return "";
}

// --brush-colour's value as the settings file writes it: cycle, or rrggbb.
std::string formatBrushColour(const Options& o)
{
    const Brush& b = o.brush;
    if (!b.fixedColour) return "cycle";
    char value[8];
    const auto byte = [](float v) { return static_cast<unsigned>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    std::snprintf(value, sizeof value, "%02x%02x%02x", byte(b.colour.r), byte(b.colour.g), byte(b.colour.b));
    return value;
}

std::string fixedRangeText()
{
    // Appended, not added: GCC 12 takes "(0, " + a string for an overlapping copy (-Wrestrict).
    std::string range = "(0, ";
    range.append(limitText(kMaxFixedRange)).append("]");
    return range;
}

std::string applyRange(Options& o, const std::string& value)
{
    if (value == "auto") {
        o.display.autoRange = true;
        return "";
    }
    const auto v = parseNumber(value);
    if (!v || *v <= 0.0 || *v > static_cast<double>(kMaxFixedRange))
        return "expects auto or a number in " + fixedRangeText() + got(value);
    o.display.autoRange = false;
    o.display.fixedRange = static_cast<float>(*v);
    return "";
}

// The numbers that only the flags hold, each written once here.
constexpr int kMaxMonitor = 16;
constexpr double kMaxRecordSeconds = 86400.0;  // s, a day
constexpr int kMaxSteps = 100000000;
constexpr int kMaxFramesEvery = 1000000;
constexpr int kMaxThreads = 1024;
constexpr double kMaxRunValue = 1e6;  // a run's time, Reynolds number and steady-state tolerance

// The settings that are no single number, switch or choice; written before
// (grid) and after (the rest) the rows of the two tables.
std::vector<RunRow> gridRows()
{
    return {placed(gridRow(), S::Everywhere, H::Simulation), placed(dyeGridRow(), S::Everywhere, H::Simulation)};
}

std::vector<RunRow> displayRows()
{
    RunRow colour = text("brush-colour", "cycle|RRGGBB", applyBrushColour,
                         "a new hue per stroke, or one colour in hex (default cycle)");
    colour.current = formatBrushColour;
    RunRow range =
        text("range", "auto|V", applyRange,
             "value shown at full colour: follow the field, or V in " + fixedRangeText() + " (default auto)");
    range.current = [](const Options& o) {
        return o.display.autoRange ? std::string("auto") : shortestText(o.display.fixedRange);
    };
    return {placed(colour, S::WindowSetting, H::BrushAndDisplay), placed(range, S::Everywhere, H::BrushAndDisplay),
            placed(text("background", "FILE", path([](Options& o, const std::string& p) { o.background = p; }),
                        "water view: a picture under the water (PNG, JPEG, ...) instead of the tiles"),
                   S::CommandLine, H::Water)};
}

std::vector<RunRow> motionAndObstacleRows()
{
    RunRow motion = text(
        "motion", "SOURCE",
        [](Options& o, const std::string& value) -> std::string {
            if (auto problem = motionSourceProblem(value)) return problem->substr(problem->find(' ') + 1) + got(value);
            o.motionSource = value;
            return "";
        },
        "motion in front of a camera or in a video pushes the fluid: camera[:DEVICE] (V4L2, default /dev/video0), "
        "video:FILE, images:DIR (a folder of pictures, in the order of their numbers: frame2 before frame10) or demo "
        "(a moving disc)");
    RunRow shape = text(
        "obstacle", "SHAPE",
        [](Options& o, const std::string& value) -> std::string {
            if (auto problem = obstacleShapeProblem(value)) return *problem + got(value);
            o.obstacles.shape = value;
            return "";
        },
        "a solid body at 1/4 of the width, centred: circle, plate, wing (NACA 2412) or nacaMPTT (e.g. naca0012)");
    return {
        placed(motion, S::CommandLine, H::Motion),
        placed(text("obstacles", "FILE", path([](Options& o, const std::string& p) { o.obstacles.file = p; }),
                    "solid obstacles from a picture (PNG, ...) stretched over the domain: opaque dark pixels are "
                    "solid, white or transparent ones fluid (a cell is solid where its pixels average over half)"),
               S::CommandLine, H::Obstacles),
        placed(shape, S::CommandLine, H::Obstacles),
        placed(real("obstacle-size", "M", "m", option([](auto& o) -> auto& { return o.obstacles.size; }), 0.0, 1e6,
                    true, "0.1, 0.15, 0.25 of the short side", "Circle diameter, plate length or wing chord."),
               S::CommandLine, H::Obstacles),
        placed(real("obstacle-angle", "DEG", "deg", option([](auto& o) -> auto& { return o.obstacles.angle; }), -180.0,
                    180.0, false, "plate 90, across the flow; wing 5, its angle of attack",
                    "Degrees nose-up to the flow along +x."),
               S::CommandLine, H::Obstacles),
    };
}

std::vector<RunRow> windowRows()
{
    const auto window = [](RunRow row) { return placed(std::move(row), S::Window, H::Window); };
    return {
        window(integer("width", "W", option([](auto& o) -> auto& { return o.windowWidth; }), kMinWindowSize,
                       kMaxWindowSize, nullptr, "Window width in screen coordinates.")),
        window(integer("height", "H", option([](auto& o) -> auto& { return o.windowHeight; }), kMinWindowSize,
                       kMaxWindowSize, nullptr, "Window height in screen coordinates.")),
        window(bare("fullscreen", option([](auto& o) -> auto& { return o.fullscreen; }),
                    "Projector mode: full screen on --monitor, the panel and the cursor hidden (F1 shows them, F11 "
                    "switches between full screen and a window).")),
        window(integer("monitor", "N", option([](auto& o) -> auto& { return o.monitor; }), 1, kMaxMonitor, nullptr,
                       "The monitor for --fullscreen; 1 is the primary.")),
        window(text("config", "FILE", path([](Options& o, const std::string& p) { o.configFile = p; }),
                    "settings file to load and save (default: see below)")),
        placed(bare("no-config", option([](auto& o) -> auto& { return o.noConfig; }),
                    "Neither read nor write the settings file."),
               S::CommandLine, H::Window),
        window(text("screenshot-dir", "DIR", path([](Options& o, const std::string& p) { o.screenshotDir = p; }),
                    "where F12 / P saves screenshots (default: the working directory)")),
        window(text("record", "FILE", videoPath([](Options& o, const std::string& p) { o.recordFile = p; }),
                    "record a video of the window from the start, by the extension .mp4 (H.264), .webm (VP9) or "
                    ".gif, at the window's size and 30 frames/s of fluid time (F9 or the panel's Record stops and "
                    "starts it; without --record, F9 records into --screenshot-dir)")),
        window(positive("record-for", "S", "s", option([](auto& o) -> auto& { return o.recordSeconds; }),
                        kMaxRecordSeconds, "at the end", "Stop the --record video after S s of fluid time.")),
        window(text("record-input", "FILE", path([](Options& o, const std::string& p) { o.recordInputFile = p; }),
                    "write every input the fluid sees (settings at start, strokes by fluid time, keys, panel "
                    "changes, emitters, obstacle edits) to FILE, for --replay (docs/record-replay.md)")),
        placed(text("replay", "FILE", path([](Options& o, const std::string& p) { o.replayFile = p; }),
                    "play a --record-input FILE back: in the window, or with --headless into --out / --video; two "
                    "replays on one backend give the same frames bit for bit"),
               S::CommandLine, H::Window),
    };
}

// The rows of `rows` not placed yet, as the headless runner's.
std::vector<RunRow> headless(std::vector<RunRow> rows)
{
    for (RunRow& row : rows)
        if (row.scope == S::Everywhere) row = placed(std::move(row), S::Headless, H::Headless);
    return rows;
}

std::vector<RunRow> headlessSetupRows()
{
    return headless({
        placed(bare("headless", option([](auto& o) -> auto& { return o.headless; }),
                    "Run without a window (EGL), then exit."),
               S::CommandLine, H::Headless),
        // Both runs: the window shows either solver through one display (app/window/fluid_stepper.hpp).
        placed(choice("backend", nullptr, option([](auto& o) -> auto& { return o.backend; }),
                      {{"gpu", "GPU", static_cast<int>(Backend::Gpu)}, {"cpu", "CPU", static_cast<int>(Backend::Cpu)}},
                      "The solver, in the window and headless: OpenGL (via EGL when headless), or the CPU "
                      "reference (the window uploads its fields for display once a frame, and the auto grid is "
                      "the largest that keeps up on the CPU)."),
               S::CommandLine, H::Window),
        choice("scenario", "NAME", option([](auto& o) -> auto& { return o.scenario; }),
               {{"demo", "demo", static_cast<int>(Scenario::Demo)},
                {"cavity", "cavity", static_cast<int>(Scenario::Cavity)},
                {"taylor-green", "Taylor-Green", static_cast<int>(Scenario::TaylorGreen)},
                {"shear-wave", "shear wave", static_cast<int>(Scenario::ShearWave)},
                {"motion", "motion", static_cast<int>(Scenario::Motion)},
                {"smoke", "smoke", static_cast<int>(Scenario::Smoke)},
                {"tunnel", "tunnel", static_cast<int>(Scenario::Tunnel)}},
               "demo, cavity, taylor-green, shear-wave, motion (still water that only --motion moves), smoke (a "
               "plume from an emitter; gravity 9.81 and cooling 0.5 unless given) or tunnel (a cylinder shedding "
               "vortices at Re = --reynolds; prints the Strouhal number)."),
        integer("steps", "K", option([](auto& o) -> auto& { return o.steps; }), 1, kMaxSteps, "",
                "Headless: stop after K steps."),
        positive("time", "T", "s", option([](auto& o) -> auto& { return o.simTime; }), kMaxRunValue, "",
                 "Headless: stop after T simulated seconds."),
        positive("reynolds", "R", "", option([](auto& o) -> auto& { return o.reynolds; }), kMaxRunValue, "",
                 "Cavity: Reynolds number, sets nu = 1/R (unit box, lid speed 1); tunnel: Re = U D / nu of the "
                 "cylinder (100 unless given)."),
    });
}

std::vector<RunRow> headlessOutputRows()
{
    return headless({
        text("out", "DIR", path([](Options& o, const std::string& p) { o.outDir = p; }),
             "headless: write PNG frames into DIR (dye for demo, speed otherwise)"),
        text("video", "FILE", videoPath([](Options& o, const std::string& p) { o.videoFile = p; }),
             "headless: write the frames as a video (.mp4, .webm or .gif, by the extension), 30 frames/s of fluid "
             "time"),
        integer("frames-every", "K", option([](auto& o) -> auto& { return o.framesEvery; }), 1, kMaxFramesEvery,
                "last frame only", "Headless: one frame every K steps."),
        text("export-centerlines", "FILE", path([](Options& o, const std::string& p) { o.centerlinesFile = p; }),
             "cavity: CSV s,u_vertical,v_horizontal of the centre lines"),
        text("export-probe", "FILE", path([](Options& o, const std::string& p) { o.probeFile = p; }),
             "tunnel: CSV t,v of the transverse velocity 2 D behind the cylinder, every step"),
        text("export-energy", "FILE", path([](Options& o, const std::string& p) { o.energyFile = p; }),
             "headless: CSV t,kinetic_energy,max_divergence,pressure_residual, every step"),
        positive("until-steady", "TOL", "m/s^2", option([](auto& o) -> auto& { return o.untilSteady; }), kMaxRunValue,
                 "", "Headless: stop when max |du/dt| < TOL."),
        placed(integer("threads", "N", option([](auto& o) -> auto& { return o.threads; }), 0, kMaxThreads, nullptr,
                       "CPU backend threads, 0 = all cores; more than this machine's hardware threads only slow "
                       "each step, so they are cut to that number, with a note."),
               S::CommandLine, H::Window),
        bare("profile", option([](auto& o) -> auto& { return o.profile; }),
             "Headless: time each group of the step (splats, advection, diffusion, each multigrid level, "
             "projection, ...) and print at the end its mean ms per step, share of the step and calls per step: "
             "GPU time from timestamp queries on the GPU, wall time on the CPU."),
    });
}
}  // namespace

const std::vector<RunRow>& runRows(RunRows which)
{
    static const std::vector<RunRow> grid = gridRows();
    static const std::vector<RunRow> rest = [] {
        std::vector<RunRow> rows;
        for (auto part : {displayRows, motionAndObstacleRows, windowRows, headlessSetupRows, headlessOutputRows})
            for (RunRow& row : part()) rows.push_back(std::move(row));
        return rows;
    }();
    return which == RunRows::Grid ? grid : rest;
}

}  // namespace fluid::app::flag_table
