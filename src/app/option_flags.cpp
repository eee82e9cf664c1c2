// The flag table's rows (option_flags.hpp): every flag and setting of the window
// and the runner, the simulation's from core/parameters.hpp one row each.
#include "app/option_flags.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <sstream>

#include "app/record/video_encoder.hpp"
#include "core/parameters.hpp"

namespace fluid::app::flag_table {

namespace {

std::optional<double> number(const std::string& text)
{
    return parseNumber(text);
}

std::string formatRange(double lo, double hi, const char* unit)
{
    std::ostringstream out;
    out << "expects a number in [" << lo << ", " << hi << "]" << unit;
    return out.str();
}

// Each helper returns an applier that checks the range before storing.
auto realIn(double lo, double hi, const char* unit, std::function<void(Options&, double)> store, bool openLow = false)
{
    return [=](Options& o, const std::string& text) -> std::string {
        const auto v = number(text);
        if (!v || *v < lo || *v > hi || (openLow && *v == lo)) {
            std::string message = formatRange(lo, hi, unit);
            // One character in place: string::replace here trips GCC 12's -Wrestrict (a false positive).
            if (const auto at = message.find('['); openLow && at != std::string::npos) message[at] = '(';
            return message + ", got '" + printable(text) + "'";
        }
        store(o, *v);
        return "";
    };
}

auto intIn(int lo, int hi, std::function<void(Options&, int)> store)
{
    return [=](Options& o, const std::string& text) -> std::string {
        const std::optional<int> parsed = parseInteger(text);
        const int value = parsed.value_or(0);
        if (!parsed || value < lo || value > hi)
            return "expects an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" +
                   printable(text) + "'";
        store(o, value);
        return "";
    };
}

auto path(std::function<void(Options&, const std::string&)> store)
{
    return [=](Options& o, const std::string& text) -> std::string {
        if (text.empty()) return "expects a file or directory name";
        store(o, text);
        return "";
    };
}

// A video file: its extension says the format (.mp4, .webm, .gif).
auto videoPath(std::function<void(Options&, const std::string&)> store)
{
    return [=](Options& o, const std::string& text) -> std::string {
        if (auto problem = videoPathProblem(text)) return *problem + ", got '" + printable(text) + "'";
        store(o, text);
        return "";
    };
}

template <typename Enum>
auto oneOf(std::vector<std::pair<const char*, Enum>> choices, std::function<void(Options&, Enum)> store)
{
    return [=](Options& o, const std::string& text) -> std::string {
        std::string names;
        for (const auto& [name, value] : choices) {
            if (text == name) {
                store(o, value);
                return "";
            }
            names += (names.empty() ? "" : ", ") + std::string(name);
        }
        return "expects one of " + names + ", got '" + printable(text) + "'";
    };
}

float f(double v)
{
    return static_cast<float>(v);
}

// The brush colour: "cycle" (a new hue per stroke) or a fixed RRGGBB in hex.
std::string applyBrushColour(Options& o, const std::string& text)
{
    if (text == "cycle") {
        o.brush.fixedColour = false;
        return "";
    }
    const bool hex = text.size() == 6 && text.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
    if (!hex) return "expects cycle or a colour RRGGBB in hex (e.g. ff6619), got '" + printable(text) + "'";
    for (int c = 0; c < 3; ++c)
        o.brush.colour[c] =
            static_cast<float>(std::stoi(text.substr(static_cast<std::size_t>(2 * c), 2), nullptr, 16)) / 255.0f;
    o.brush.fixedColour = true;
    return "";
}

// --brush-colour's value as the settings file writes it: cycle, or rrggbb.
std::string formatBrushColour(const Options& o)
{
    const Brush& b = o.brush;
    if (!b.fixedColour) return "cycle";
    char text[8];
    const auto byte = [](float v) { return static_cast<unsigned>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    std::snprintf(text, sizeof text, "%02x%02x%02x", byte(b.colour.r), byte(b.colour.g), byte(b.colour.b));
    return text;
}

std::string applyGrid(Options& o, const std::string& text)
{
    if (text == "auto") {
        o.autoGrid = true;
        return "";
    }
    const std::string problem = intIn(SimLimits::kMinGrid, SimLimits::kMaxGrid, [](Options& options, int n) {
        options.params.gridWidth = options.params.gridHeight = n;
    })(o, text);
    if (!problem.empty()) return "expects auto or " + problem.substr(std::string("expects ").size());
    o.autoGrid = false;
    return "";
}

std::string applyRange(Options& o, const std::string& text)
{
    if (text == "auto") {
        o.display.autoRange = true;
        return "";
    }
    const auto v = number(text);
    if (!v || *v <= 0.0 || *v > 1e30) return "expects auto or a number in (0, 1e30], got '" + printable(text) + "'";
    o.display.autoRange = false;
    o.display.fixedRange = f(*v);
    return "";
}

std::string applyDyeGrid(Options& o, const std::string& text)
{
    if (parseInteger(text) == 0) {  // "0", "+0", "0e0": one grammar for every number
        o.params.dyeGridWidth = 0;
        return "";
    }
    const std::string problem = intIn(SimLimits::kMinGrid, SimLimits::kMaxGrid,
                                      [](Options& options, int n) { options.params.dyeGridWidth = n; })(o, text);
    if (!problem.empty()) return "expects 0 or " + problem.substr(std::string("expects ").size());
    return "";
}

// A row of the parameter table as a flag: its placeholder, its help line and
// its parser, range and all.
Flag parameterFlag(const Parameter& row)
{
    return {row.key,
            row.valuePlaceholder(),
            row.helpLine(defaultSimParams()),
            Scope::Everywhere,
            [&row](Options& o, const std::string& text) -> std::string {
                if (auto problem = row.parse(text, o.params)) return *problem + ", got '" + printable(text) + "'";
                return "";
            },
            HelpSection::Simulation,
            [&row](const Options& o) { return row.format(o.params); }};
}

// A row of the settings table as a flag, the same way; a bare switch
// (--hover-paint) takes no value and turns it on.
Flag settingFlag(const Setting& row)
{
    if (row.bareFlag)
        return {row.key,
                "",
                row.help,
                row.scope,
                [&row](Options& o, const std::string&) {
                    row.set(o, 1.0);
                    return std::string();
                },
                row.section};
    return {row.key,
            row.valuePlaceholder(),
            row.helpLine(),
            row.scope,
            [&row](Options& o, const std::string& text) -> std::string {
                if (auto problem = row.parse(text, o)) return *problem + ", got '" + printable(text) + "'";
                return "";
            },
            row.section,
            [&row](const Options& o) { return row.format(o); }};
}

// A flag that sets something only for this run: a switch without a value.
auto turnsOn(bool Options::*member)
{
    return [member](Options& o, const std::string&) {
        o.*member = true;
        return std::string();
    };
}

std::vector<Flag> makeFlags()
{
    using S = Scope;
    using H = HelpSection;
    std::vector<Flag> table = {
        {"grid", "N|auto",
         "cells on the window's short side, 8..4096, or auto: the largest that keeps up here, "
         "at twice the default dt where only that keeps up with a larger grid (default auto; headless "
         "N x N, 256)",
         S::Everywhere, applyGrid, H::Simulation,
         [](const Options& o) { return o.autoGrid ? std::string("auto") : std::to_string(o.params.gridWidth); }},
        {"dye-grid", "N",
         "dye cells on the grid's short side, 8..4096, or 0: the simulation grid's (default 0); "
         "the dye's own grid, finer than the velocity's for sharp colour (the peer's 1024 over a velocity grid of 128)",
         S::Everywhere, applyDyeGrid, H::Simulation,
         [](const Options& o) { return std::to_string(o.params.dyeGridWidth); }},
    };
    for (const Parameter& row : parameters()) table.push_back(parameterFlag(row));
    for (const Setting& row : settingRows()) table.push_back(settingFlag(row));
    table.insert(
        table.end(),
        {
            // Settings that are no single number, switch or choice.
            {"brush-colour", "cycle|RRGGBB", "a new hue per stroke, or one colour in hex (default cycle)",
             S::WindowSetting, applyBrushColour, H::BrushAndDisplay, formatBrushColour},
            {"range", "auto|V", "value shown at full colour: follow the field, or V in (0, 1e30] (default auto)",
             S::Everywhere, applyRange, H::BrushAndDisplay,
             [](const Options& o) {
                 return o.display.autoRange ? std::string("auto") : shortestText(o.display.fixedRange);
             }},
            {"background", "FILE", "water view: a picture under the water (PNG, JPEG, ...) instead of the tiles",
             S::CommandLine, path([](Options& o, const std::string& p) { o.background = p; }), H::Water},

            // Motion input.
            {"motion", "SOURCE",
             "motion in front of a camera or in a video pushes the fluid: camera[:DEVICE] "
             "(V4L2, default /dev/video0), video:FILE, images:DIR (a folder of pictures, in the order of their "
             "numbers: frame2 before frame10) or demo (a moving disc)",
             S::CommandLine,
             [](Options& o, const std::string& text) -> std::string {
                 if (auto problem = motionSourceProblem(text))
                     return problem->substr(problem->find(' ') + 1) + ", got '" + printable(text) + "'";
                 o.motionSource = text;
                 return "";
             },
             H::Motion},

            // Obstacles (src/app/obstacle_setup.hpp).
            {"obstacles", "FILE",
             "solid obstacles from a picture (PNG, ...) stretched over the domain: opaque dark "
             "pixels are solid, white or transparent ones fluid (a cell is solid where its pixels average over half)",
             S::CommandLine, path([](Options& o, const std::string& p) { o.obstacles.file = p; }), H::Obstacles},
            {"obstacle", "SHAPE",
             "a solid body at 1/4 of the width, centred: circle, plate, wing (NACA 2412) or nacaMPTT "
             "(e.g. naca0012)",
             S::CommandLine,
             [](Options& o, const std::string& text) -> std::string {
                 if (auto problem = obstacleShapeProblem(text)) return *problem + ", got '" + printable(text) + "'";
                 o.obstacles.shape = text;
                 return "";
             },
             H::Obstacles},
            {"obstacle-size", "M",
             "circle diameter, plate length or wing chord in m, (0, 1e6] (default 0.1, 0.15, 0.25 "
             "of the short side)",
             S::CommandLine,
             realIn(
                 0, 1e6, " m", [](Options& o, double v) { o.obstacles.size = f(v); }, true),
             H::Obstacles},
            {"obstacle-angle", "DEG",
             "degrees nose-up to the flow along +x, [-180, 180] (default: plate 90, across the "
             "flow; wing 5, its angle of attack)",
             S::CommandLine, realIn(-180, 180, " deg", [](Options& o, double v) { o.obstacles.angle = f(v); }),
             H::Obstacles},

            // Window.
            {"width", "W", "window width in screen coordinates, 64..16384 (default 1024)", S::Window,
             intIn(64, 16384, [](Options& o, int n) { o.windowWidth = n; }), H::Window},
            {"height", "H", "window height in screen coordinates, 64..16384 (default 768)", S::Window,
             intIn(64, 16384, [](Options& o, int n) { o.windowHeight = n; }), H::Window},
            {"fullscreen", "",
             "projector mode: full screen on --monitor, the panel and the cursor hidden "
             "(F1 shows them, F11 switches between full screen and a window)",
             S::Window, turnsOn(&Options::fullscreen), H::Window},
            {"monitor", "N", "the monitor for --fullscreen, 1..16 (default 1, the primary)", S::Window,
             intIn(1, 16, [](Options& o, int n) { o.monitor = n; }), H::Window},
            {"config", "FILE", "settings file to load and save (default: see below)", S::Window,
             path([](Options& o, const std::string& p) { o.configFile = p; }), H::Window},
            {"no-config", "", "neither read nor write the settings file", S::CommandLine, turnsOn(&Options::noConfig),
             H::Window},
            {"screenshot-dir", "DIR", "where F12 / P saves screenshots (default: the working directory)", S::Window,
             path([](Options& o, const std::string& p) { o.screenshotDir = p; }), H::Window},
            {"record", "FILE",
             "record a video of the window from the start, by the extension .mp4 (H.264), .webm (VP9) or .gif, "
             "at the window's size and 30 frames/s of fluid time (F9 or the panel's Record stops and starts it; "
             "without --record, F9 records into --screenshot-dir)",
             S::Window, videoPath([](Options& o, const std::string& p) { o.recordFile = p; }), H::Window},
            {"record-for", "S", "stop the --record video after S s of fluid time, (0, 86400] (default: at the end)",
             S::Window,
             realIn(
                 0, 86400, " s", [](Options& o, double v) { o.recordSeconds = v; }, true),
             H::Window},
            {"record-input", "FILE",
             "write every input the fluid sees (settings at start, strokes by fluid time, keys, panel changes, "
             "emitters, obstacle edits) to FILE, for --replay (docs/record-replay.md)",
             S::Window, path([](Options& o, const std::string& p) { o.recordInputFile = p; }), H::Window},
            {"replay", "FILE",
             "play a --record-input FILE back: in the window, or with --headless into --out / --video; two "
             "replays on one backend give the same frames bit for bit",
             S::CommandLine, path([](Options& o, const std::string& p) { o.replayFile = p; }), H::Window},

            // Headless runner.
            {"headless", "", "run without a window (EGL), then exit", S::CommandLine, turnsOn(&Options::headless)},
            {"backend", "gpu|cpu", "headless solver: OpenGL via EGL, or the CPU reference (default gpu)", S::Headless,
             oneOf<Backend>({{"gpu", Backend::Gpu}, {"cpu", Backend::Cpu}},
                            [](Options& o, Backend b) { o.backend = b; })},
            {"scenario", "NAME",
             "demo, cavity, taylor-green, shear-wave, motion (still water that only --motion "
             "moves), smoke (a plume from an emitter; gravity 9.81 and cooling 0.5 unless given) or tunnel (a "
             "cylinder shedding vortices at Re = --reynolds; prints the Strouhal number); default demo",
             S::Headless,
             oneOf<Scenario>({{"demo", Scenario::Demo},
                              {"cavity", Scenario::Cavity},
                              {"taylor-green", Scenario::TaylorGreen},
                              {"shear-wave", Scenario::ShearWave},
                              {"motion", Scenario::Motion},
                              {"smoke", Scenario::Smoke},
                              {"tunnel", Scenario::Tunnel}},
                             [](Options& o, Scenario s) { o.scenario = s; })},
            {"steps", "K", "headless: stop after K steps, 1..100000000", S::Headless,
             intIn(1, 100000000, [](Options& o, int n) { o.steps = n; })},
            {"time", "T", "headless: stop after T simulated seconds, (0, 1e6]", S::Headless,
             realIn(
                 0, 1e6, " s", [](Options& o, double v) { o.simTime = v; }, true)},
            {"reynolds", "R",
             "cavity: Reynolds number, sets nu = 1/R (unit box, lid speed 1); tunnel: Re = U D / nu of the cylinder "
             "(default 100), (0, 1e6]",
             S::Headless,
             realIn(
                 0, 1e6, "", [](Options& o, double v) { o.reynolds = v; }, true)},
            {"out", "DIR", "headless: write PNG frames into DIR (dye for demo, speed otherwise)", S::Headless,
             path([](Options& o, const std::string& p) { o.outDir = p; })},
            {"video", "FILE",
             "headless: write the frames as a video (.mp4, .webm or .gif, by the extension), 30 frames/s of "
             "fluid time",
             S::Headless, videoPath([](Options& o, const std::string& p) { o.videoFile = p; })},
            {"frames-every", "K", "headless: one frame every K steps, 1..1000000 (default: last frame only)",
             S::Headless, intIn(1, 1000000, [](Options& o, int n) { o.framesEvery = n; })},
            {"export-centerlines", "FILE", "cavity: CSV s,u_vertical,v_horizontal of the centre lines", S::Headless,
             path([](Options& o, const std::string& p) { o.centerlinesFile = p; })},
            {"export-probe", "FILE", "tunnel: CSV t,v of the transverse velocity 2 D behind the cylinder, every step",
             S::Headless, path([](Options& o, const std::string& p) { o.probeFile = p; })},
            {"export-energy", "FILE", "headless: CSV t,kinetic_energy,max_divergence,pressure_residual, every step",
             S::Headless, path([](Options& o, const std::string& p) { o.energyFile = p; })},
            {"until-steady", "TOL", "headless: stop when max |du/dt| < TOL (m/s^2), (0, 1e6]", S::Headless,
             realIn(
                 0, 1e6, " m/s^2", [](Options& o, double v) { o.untilSteady = v; }, true)},
            {"threads", "N",
             "CPU backend threads, 0 = all cores, 0..1024 (default 0); more than this machine's "
             "hardware threads only slow each step, so they are cut to that number, with a note",
             S::Headless, intIn(0, 1024, [](Options& o, int n) { o.threads = n; })},
            {"profile", "",
             "headless: time each group of the step (splats, advection, diffusion, each multigrid level, "
             "projection, ...) and print at the end its mean ms per step, share of the step and calls per "
             "step: GPU time from timestamp queries on the GPU, wall time on the CPU",
             S::Headless, turnsOn(&Options::profile)},
        });
    return table;
}

}  // namespace

namespace {

// Whether `text` is a number too small for a double to hold: strtod makes it
// 0 (or a subnormal) and says ERANGE. Read as 0, "1e-400" was accepted by
// every flag whose range holds 0, integers included.
bool underflows(const std::string& text)
{
    if (text.empty()) return false;
    errno = 0;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && errno == ERANGE &&
           std::fabs(value) < std::numeric_limits<double>::min();
}

// Each flag refuses a number that underflows with its own range message: the
// one it gives any text that is no number, which every numeric flag refuses
// ("nan"). A flag that takes any text (a file name) is left to itself.
std::vector<Flag> refusingUnderflow(std::vector<Flag> table)
{
    for (Flag& flag : table) {
        if (flag.value.empty() || !flag.apply) continue;
        flag.apply = [apply = flag.apply](Options& o, const std::string& text) -> std::string {
            if (!underflows(text)) return apply(o, text);
            Options scratch = o;
            std::string message = apply(scratch, "nan");
            if (message.empty()) return apply(o, text);
            const std::string got = ", got 'nan'";
            if (const auto at = message.rfind(got); at != std::string::npos)
                message.replace(at, got.size(), ", got '" + printable(text) + "'");
            return message;
        };
    }
    return table;
}

}  // namespace

const std::vector<Flag>& flags()
{
    static const std::vector<Flag> table = refusingUnderflow(makeFlags());
    return table;
}

const Flag* find(const std::string& name)
{
    for (const Flag& flag : flags())
        if (name == flag.name) return &flag;
    return nullptr;
}

}  // namespace fluid::app::flag_table
