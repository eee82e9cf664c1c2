#include "app/options.hpp"

#include "core/parameters.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>

namespace fluid::app {

const char* toString(Backend backend)
{
    return backend == Backend::Gpu ? "gpu" : "cpu";
}

const char* toString(Scenario scenario)
{
    switch (scenario) {
        case Scenario::Demo:
            return "demo";
        case Scenario::Cavity:
            return "cavity";
        case Scenario::TaylorGreen:
            return "taylor-green";
        case Scenario::ShearWave:
            return "shear-wave";
        case Scenario::Motion:
            return "motion";
        case Scenario::Smoke:
            return "smoke";
        case Scenario::Tunnel:
            return "tunnel";
    }
    return "?";
}

bool Options::given(const std::string& flag) const
{
    return std::find(explicitFlags.begin(), explicitFlags.end(), flag) != explicitFlags.end();
}

namespace {

// Where a flag may appear: settings also live in the config file; headless
// flags are refused when a window opens instead, window flags with --headless.
// WindowSetting: a setting of the window alone (the look, the first sight),
// kept in the settings file but refused on a --headless command line, where
// it would change nothing.
enum class Scope { CommandLine, Everywhere, Headless, Window, WindowSetting };

bool inSettingsFile(Scope scope)
{
    return scope == Scope::Everywhere || scope == Scope::WindowSetting;
}

struct Flag {
    const char* name;   // without "--"
    std::string value;  // placeholder in --help; "" for switches
    std::string help;   // includes the unit and the accepted range
    Scope scope;
    // Applies the value; returns an error message (without the flag name) or "".
    std::function<std::string(Options&, const std::string&)> apply;
};

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
            if (openLow) message.replace(message.find('['), 1, "(");
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

std::string formatBrushColour(const Brush& b)
{
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

std::string applyView(Options& o, const std::string& text)
{
    const std::optional<FieldView> view = fieldViewNamed(text);
    if (!view) return "expects one of " + fieldViewNames() + ", got '" + printable(text) + "'";
    o.display.view = *view;
    return "";
}

// A row of the parameter table as a flag: its placeholder, its help line and
// its parser, range and all.
Flag parameterFlag(const Parameter& row)
{
    const std::string placeholder = row.placeholder ? row.placeholder : row.choiceNames("|");
    return {row.key, placeholder, row.helpLine(), Scope::Everywhere,
            [&row](Options& o, const std::string& text) -> std::string {
                if (auto problem = row.parse(text, o.params)) return *problem + ", got '" + printable(text) + "'";
                return "";
            }};
}

std::vector<Flag> makeFlags()
{
    using S = Scope;
    std::vector<Flag> table = {
        // Simulation parameters (command line and config file).
        {"grid", "N|auto",
         "cells on the window's short side, 8..4096, or auto: the largest that keeps up here "
         "(default auto; headless N x N, 256)",
         S::Everywhere, applyGrid},
        {"dye-grid", "N",
         "dye cells on the grid's short side, 8..4096, or 0: the simulation grid's (default 0); "
         "the dye's own grid, finer than the velocity's for sharp colour (the peer's 1024 over a velocity grid of 128)",
         S::Everywhere, applyDyeGrid},
    };
    // Simulation parameters: a flag per row of the parameter table.
    for (const Parameter& row : parameters()) table.push_back(parameterFlag(row));
    table.insert(table.end(), {
        {"max-steps-per-frame", "N", "window: the most steps a frame runs to keep up with real time, 1..16 "
         "(default 4)", S::Everywhere, intIn(1, 16, [](Options& o, int n) { o.maxStepsPerFrame = n; })},

        // Brush and display (command line and config file; the window's panel).
        {"splat-radius", "R", "brush radius in m (the short side is 1 m), [0.001, 1] (default 0.02)", S::Everywhere,
         realIn(0.001, 1, " m", [](Options& o, double v) { o.brush.radius = f(v); })},
        {"splat-force", "F", "the fluid along a stroke moves at F x the pointer velocity, [0, 1000] (default 1)",
         S::Everywhere, realIn(0, 1e3, "", [](Options& o, double v) { o.brush.force = f(v); })},
        {"dye-amount", "D", "peak dye of a drawn line, [0, 1000] (default 0.6)", S::Everywhere,
         realIn(0, 1e3, "", [](Options& o, double v) { o.brush.dyeAmount = f(v); })},
        {"dye-rate", "D", "dye per second at the centre of a brush held still, [0, 1000] 1/s (default 2)",
         S::Everywhere, realIn(0, 1e3, " 1/s", [](Options& o, double v) { o.brush.dyeRate = f(v); })},
        {"emitter-heat", "Q", "heat an emitter (Shift+click) adds at its centre, [0, 1e5] K/s (default 300)",
         S::Everywhere, realIn(0, 1e5, " K/s", [](Options& o, double v) { o.brush.emitterHeat = f(v); })},
        {"emitter-smoke", "S", "smoke an emitter adds at its centre, [0, 1000] 1/s (default 1)", S::Everywhere,
         realIn(0, 1e3, " 1/s", [](Options& o, double v) { o.brush.emitterSmoke = f(v); })},
        {"brush-colour", "cycle|RRGGBB", "a new hue per stroke, or one colour in hex (default cycle)", S::Everywhere,
         applyBrushColour},
        {"view", "FIELD", "field shown: " + fieldViewNames() + " (default dye)", S::Everywhere, applyView},
        {"colour-map", "diverging|sequential", "colour map of pressure, divergence, vorticity (default diverging)",
         S::Everywhere,
         oneOf<ColourMap>({{"diverging", ColourMap::Diverging}, {"sequential", ColourMap::Sequential}},
                          [](Options& o, ColourMap m) { o.display.scalarMap = m; })},
        {"range", "auto|V", "value shown at full colour: follow the field, or V in (0, 1e30] (default auto)",
         S::Everywhere, applyRange},
        {"exposure", "E", "dye is shown as 1 - exp(-E dye), (0, 1000] (default 1)", S::Everywhere,
         realIn(0, 1e3, "", [](Options& o, double v) { o.display.dyeExposure = f(v); }, true)},
        {"bloom", "on|off", "window, dye view: bright dye glows (a blurred threshold added on top; other views, "
         "headless frames and figures are never processed) (default on)", S::WindowSetting,
         oneOf<bool>({{"on", true}, {"off", false}}, [](Options& o, bool b) { o.display.bloom.enabled = b; })},
        {"bloom-intensity", "I", "how much glow the bloom adds, [0, 10] (default 0.8)", S::WindowSetting,
         realIn(0, DisplayLimits::kMaxBloomIntensity, "",
                [](Options& o, double v) { o.display.bloom.intensity = f(v); })},
        {"bloom-threshold", "T", "brightness (of 1) where the glow starts, [0, 1] (default 0.6)", S::WindowSetting,
         realIn(0, DisplayLimits::kMaxBloomThreshold, "",
                [](Options& o, double v) { o.display.bloom.threshold = f(v); })},
        {"bloom-radius", "R", "spread of the glow, a fraction of the window's short side, [0.001, 0.5] "
         "(default 0.04)", S::WindowSetting,
         realIn(DisplayLimits::kMinBloomRadius, DisplayLimits::kMaxBloomRadius, "",
                [](Options& o, double v) { o.display.bloom.radius = f(v); })},
        {"water-relief", "K", "water view: surface height K p / (rho g), 1 = a free surface's, [0, 100] (default 10)",
         S::Everywhere,
         realIn(0, DisplayLimits::kMaxRelief, "", [](Options& o, double v) { o.display.water.relief = f(v); })},
        {"light-azimuth", "DEG", "water view: light direction, degrees counter-clockwise from +x, [0, 360] "
         "(default 135)", S::Everywhere,
         realIn(0, 360, " deg", [](Options& o, double v) { o.display.water.lightAzimuth = f(v); })},
        {"light-elevation", "DEG", "water view: light height above the surface in degrees, [0, 90] (default 50)",
         S::Everywhere, realIn(0, 90, " deg", [](Options& o, double v) { o.display.water.lightElevation = f(v); })},
        {"shininess", "S", "water view: sharpness of the highlight, [1, 1000] (default 80)", S::Everywhere,
         realIn(DisplayLimits::kMinShininess, DisplayLimits::kMaxShininess, "",
                [](Options& o, double v) { o.display.water.shininess = f(v); })},
        {"background", "FILE", "water view: a picture under the water (PNG, JPEG, ...) instead of the tiles",
         S::CommandLine, path([](Options& o, const std::string& p) { o.background = p; })},
        {"water-depth", "M", "water view: metres of water over the tiled floor, [0, 10] (default 0.1)",
         S::Everywhere,
         realIn(0, DisplayLimits::kMaxDepth, " m", [](Options& o, double v) { o.display.water.depth = f(v); })},

        // Motion input.
        {"motion", "SOURCE", "motion in front of a camera or in a video pushes the fluid: camera[:DEVICE] "
         "(V4L2, default /dev/video0), video:FILE, images:DIR (a folder of pictures) or demo (a moving disc)",
         S::CommandLine,
         [](Options& o, const std::string& text) -> std::string {
             if (auto problem = motionSourceProblem(text))
                 return problem->substr(problem->find(' ') + 1) + ", got '" + printable(text) + "'";
             o.motionSource = text;
             return "";
         }},
        {"motion-gain", "G", "how fast the fluid takes on the motion's velocity, [0, 1000] 1/s (default 8)",
         S::Everywhere,
         realIn(0, MotionLimits::kMaxGain, " 1/s", [](Options& o, double v) { o.motion.gain = f(v); })},
        {"motion-threshold", "T", "brightness change (of 1) below which nothing moved, [0, 1] (default 0.04)",
         S::Everywhere, realIn(0, 1, "", [](Options& o, double v) { o.motion.threshold = f(v); })},
        {"motion-blur", "S", "time over which the motion is averaged, [0, 10] s (default 0.15)", S::Everywhere,
         realIn(0, MotionLimits::kMaxTimeBlur, " s", [](Options& o, double v) { o.motion.timeBlur = f(v); })},
        {"motion-dye", "D", "dye per second where there is motion, [0, 100] (default 0)", S::Everywhere,
         realIn(0, MotionLimits::kMaxDye, " 1/s", [](Options& o, double v) { o.motion.dye = f(v); })},
        {"mirror", "on|off", "flip the camera image left-right, as a mirror (default on)", S::Everywhere,
         oneOf<bool>({{"on", true}, {"off", false}}, [](Options& o, bool b) { o.motion.mirror = b; })},

        // Obstacles (src/app/obstacle_setup.hpp).
        {"obstacles", "FILE", "solid obstacles from a picture (PNG, ...) stretched over the domain: opaque dark "
         "pixels are solid, white or transparent ones fluid (a cell is solid where its pixels average over half)",
         S::CommandLine, path([](Options& o, const std::string& p) { o.obstacles.file = p; })},
        {"obstacle", "SHAPE", "a solid body at 1/4 of the width, centred: circle, plate, wing (NACA 2412) or nacaMPTT "
         "(e.g. naca0012)", S::CommandLine,
         [](Options& o, const std::string& text) -> std::string {
             if (auto problem = obstacleShapeProblem(text)) return *problem + ", got '" + printable(text) + "'";
             o.obstacles.shape = text;
             return "";
         }},
        {"obstacle-size", "M", "circle diameter, plate length or wing chord in m, (0, 1e6] (default 0.1, 0.15, 0.25 "
         "of the short side)", S::CommandLine,
         realIn(0, 1e6, " m", [](Options& o, double v) { o.obstacles.size = f(v); }, true)},
        {"obstacle-angle", "DEG", "degrees nose-up to the flow along +x, [-180, 180] (default: plate 90, across the "
         "flow; wing 5, its angle of attack)", S::CommandLine,
         realIn(-180, 180, " deg", [](Options& o, double v) { o.obstacles.angle = f(v); })},
        {"obstacle-brush", "R", "window: radius of the obstacle brush in m, [0.001, 1] (default 0.02); Ctrl+drag "
         "paints solid, Ctrl+Shift+drag or Ctrl+right-drag erases", S::Window,
         realIn(0.001, 1, " m", [](Options& o, double v) { o.obstacles.brushRadius = f(v); })},

        // Window.
        {"width", "W", "window width in screen coordinates, 64..16384 (default 1024)", S::Window,
         intIn(64, 16384, [](Options& o, int n) { o.windowWidth = n; })},
        {"height", "H", "window height in screen coordinates, 64..16384 (default 768)", S::Window,
         intIn(64, 16384, [](Options& o, int n) { o.windowHeight = n; })},
        {"config", "FILE", "settings file to load and save (default: see below)",
         S::Window, path([](Options& o, const std::string& p) { o.configFile = p; })},
        {"screenshot-dir", "DIR", "where F12 / P saves screenshots (default: the working directory)",
         S::Window, path([](Options& o, const std::string& p) { o.screenshotDir = p; })},
        {"fullscreen", "", "projector mode: full screen on --monitor, the panel and the cursor hidden "
         "(F1 shows them, F11 switches between full screen and a window)", S::Window,
         [](Options& o, const std::string&) { o.fullscreen = true; return std::string(); }},
        {"monitor", "N", "the monitor for --fullscreen, 1..16 (default 1, the primary)", S::Window,
         intIn(1, 16, [](Options& o, int n) { o.monitor = n; })},
        {"idle-after", "S", "seconds without input or camera motion before a gentle brush wanders over the "
         "water, so a wall never looks dead; 0 = never, [0, 86400] (default 20)", S::Everywhere,
         realIn(0, 86400, " s", [](Options& o, double v) { o.idleAfter = v; })},
        {"first-sight", "on|off", "window: a burst of colour at start, a hint on the canvas, and a random splat "
         "every few seconds while nobody paints; off starts black and still (default on)", S::WindowSetting,
         oneOf<bool>({{"on", true}, {"off", false}}, [](Options& o, bool b) { o.firstSight = b; })},
        {"hover-paint", "", "window: the moving pointer paints without a button (as pressing the left one; the "
         "panel has the same switch)", S::Window,
         [](Options& o, const std::string&) { o.hoverPaint = true; return std::string(); }},
        {"no-config", "", "neither read nor write the settings file", S::CommandLine,
         [](Options& o, const std::string&) { o.noConfig = true; return std::string(); }},

        // Headless runner.
        {"headless", "", "run without a window (EGL), then exit", S::CommandLine,
         [](Options& o, const std::string&) { o.headless = true; return std::string(); }},
        {"backend", "gpu|cpu", "headless solver: OpenGL via EGL, or the CPU reference (default gpu)",
         S::Headless,
         oneOf<Backend>({{"gpu", Backend::Gpu}, {"cpu", Backend::Cpu}}, [](Options& o, Backend b) { o.backend = b; })},
        {"scenario", "NAME", "demo, cavity, taylor-green, shear-wave, motion (still water that only --motion "
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
         realIn(0, 1e6, " s", [](Options& o, double v) { o.simTime = v; }, true)},
        {"reynolds", "R",
         "cavity: Reynolds number, sets nu = 1/R (unit box, lid speed 1); tunnel: Re = U D / nu of the cylinder "
         "(default 100), (0, 1e6]",
         S::Headless, realIn(0, 1e6, "", [](Options& o, double v) { o.reynolds = v; }, true)},
        {"out", "DIR", "headless: write PNG frames into DIR (dye for demo, speed otherwise)", S::Headless,
         path([](Options& o, const std::string& p) { o.outDir = p; })},
        {"frames-every", "K", "headless: one frame every K steps, 1..1000000 (default: last frame only)",
         S::Headless, intIn(1, 1000000, [](Options& o, int n) { o.framesEvery = n; })},
        {"export-centerlines", "FILE", "cavity: CSV s,u_vertical,v_horizontal of the centre lines",
         S::Headless, path([](Options& o, const std::string& p) { o.centerlinesFile = p; })},
        {"export-probe", "FILE", "tunnel: CSV t,v of the transverse velocity 2 D behind the cylinder, every step",
         S::Headless, path([](Options& o, const std::string& p) { o.probeFile = p; })},
        {"export-energy", "FILE", "headless: CSV t,kinetic_energy,max_divergence,pressure_residual, every step", S::Headless,
         path([](Options& o, const std::string& p) { o.energyFile = p; })},
        {"until-steady", "TOL", "headless: stop when max |du/dt| < TOL (m/s^2), (0, 1e6]", S::Headless,
         realIn(0, 1e6, " m/s^2", [](Options& o, double v) { o.untilSteady = v; }, true)},
        {"threads", "N", "CPU backend threads, 0 = all cores, 0..1024 (default 0); more than this machine's "
         "hardware threads only slow each step, so they are cut to that number, with a note", S::Headless,
         intIn(0, 1024, [](Options& o, int n) { o.threads = n; })},
    });
    return table;
}

const std::vector<Flag>& flags()
{
    static const std::vector<Flag> table = makeFlags();
    return table;
}

const Flag* find(const std::string& name)
{
    for (const Flag& flag : flags())
        if (name == flag.name) return &flag;
    return nullptr;
}

}  // namespace

ParseResult parseCommandLine(int argc, const char* const* argv, const Options& base)
{
    ParseResult r{base, {}};
    for (int n = 1; n < argc; ++n) {
        std::string arg = argv[n];
        if (arg == "-h" || arg == "--help") {
            r.options.showHelp = true;
            continue;
        }
        if (arg.rfind("--", 0) != 0) {
            r.error = "unexpected argument '" + printable(arg) + "'; flags start with --";
            return r;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> value;
        if (const auto eq = name.find('='); eq != std::string::npos) {  // --grid=128
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const Flag* flag = find(name);
        if (!flag) {
            r.error = "unknown flag --" + printable(name);
            return r;
        }
        if (!flag->value.empty() && !value) {
            if (n + 1 >= argc) {
                r.error = "--" + name + " needs a value (" + flag->value + ")";
                return r;
            }
            value = argv[++n];
        }
        if (flag->value.empty() && value) {
            r.error = "--" + name + " takes no value";
            return r;
        }
        if (std::string problem = flag->apply(r.options, value.value_or("")); !problem.empty()) {
            r.error = "--" + name + " " + problem;
            return r;
        }
        r.options.explicitFlags.push_back(name);
    }
    if (auto problem = validate(r.options.params)) r.error = *problem;
    return r;
}

ParseResult parseConfig(const std::string& text, const Options& base)
{
    ParseResult r{base, {}};
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        const auto trim = [](std::string s) {
            const auto first = s.find_first_not_of(" \t\r");
            const auto last = s.find_last_not_of(" \t\r");
            return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
        };
        line = trim(line);
        if (line.empty()) continue;
        const auto eq = line.find('=');
        const std::string where = "line " + std::to_string(number) + ": ";
        if (eq == std::string::npos) {
            r.error = where + "expected 'name = value', got '" + printable(line) + "'";
            return r;
        }
        const std::string name = trim(line.substr(0, eq));
        const Flag* flag = find(name);
        if (!flag || !inSettingsFile(flag->scope) || flag->value.empty()) {
            r.error = where + "unknown setting '" + printable(name) + "'";
            return r;
        }
        if (std::string problem = flag->apply(r.options, trim(line.substr(eq + 1))); !problem.empty()) {
            r.error = where + name + " " + problem;
            return r;
        }
    }
    if (auto problem = validate(r.options.params)) r.error = *problem;
    return r;
}

namespace {

std::string shortest(float value)
{
    return shortestText(value);
}

}  // namespace

std::string formatConfig(const Options& o)
{
    const SimParams& p = o.params;
    const Brush& b = o.brush;
    const DisplaySettings& d = o.display;
    std::ostringstream out;
    out << "# fluidsim settings: the same names as the command-line flags.\n";
    out << "grid = " << (o.autoGrid ? std::string("auto") : std::to_string(p.gridWidth)) << "\n";
    out << "dye-grid = " << p.dyeGridWidth << "\n";
    for (const Parameter& row : parameters()) out << row.key << " = " << row.format(p) << "\n";
    out << "max-steps-per-frame = " << o.maxStepsPerFrame << "\n";
    out << "splat-radius = " << shortest(b.radius) << "\n";
    out << "splat-force = " << shortest(b.force) << "\n";
    out << "dye-amount = " << shortest(b.dyeAmount) << "\n";
    out << "dye-rate = " << shortest(b.dyeRate) << "\n";
    out << "emitter-heat = " << shortest(b.emitterHeat) << "\n";
    out << "emitter-smoke = " << shortest(b.emitterSmoke) << "\n";
    out << "brush-colour = " << formatBrushColour(b) << "\n";
    out << "view = " << toString(d.view) << "\n";
    out << "colour-map = " << toString(d.scalarMap) << "\n";
    out << "range = " << (d.autoRange ? std::string("auto") : shortest(d.fixedRange)) << "\n";
    out << "exposure = " << shortest(d.dyeExposure) << "\n";
    out << "bloom = " << (d.bloom.enabled ? "on" : "off") << "\n";
    out << "bloom-intensity = " << shortest(d.bloom.intensity) << "\n";
    out << "bloom-threshold = " << shortest(d.bloom.threshold) << "\n";
    out << "bloom-radius = " << shortest(d.bloom.radius) << "\n";
    out << "water-relief = " << shortest(d.water.relief) << "\n";
    out << "light-azimuth = " << shortest(d.water.lightAzimuth) << "\n";
    out << "light-elevation = " << shortest(d.water.lightElevation) << "\n";
    out << "shininess = " << shortest(d.water.shininess) << "\n";
    out << "water-depth = " << shortest(d.water.depth) << "\n";
    out << "motion-gain = " << shortest(o.motion.gain) << "\n";
    out << "motion-threshold = " << shortest(o.motion.threshold) << "\n";
    out << "motion-blur = " << shortest(o.motion.timeBlur) << "\n";
    out << "motion-dye = " << shortest(o.motion.dye) << "\n";
    out << "mirror = " << (o.motion.mirror ? "on" : "off") << "\n";
    out << "idle-after = " << shortest(static_cast<float>(o.idleAfter)) << "\n";
    out << "first-sight = " << (o.firstSight ? "on" : "off") << "\n";
    return out.str();
}

namespace {

// "name = value" lines (as formatConfig writes them) by name, in order.
std::vector<std::pair<std::string, std::string>> settingLines(const Options& o)
{
    std::vector<std::pair<std::string, std::string>> lines;
    std::istringstream in(formatConfig(o));
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find(" = ");
        if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
        lines.emplace_back(line.substr(0, eq), line.substr(eq + 3));
    }
    return lines;
}

}  // namespace

std::string settingsToSave(const Options& file, const Options& atStart, const Options& atExit)
{
    const auto kept = settingLines(file), start = settingLines(atStart), exit = settingLines(atExit);
    std::ostringstream out;
    out << "# fluidsim settings: the same names as the command-line flags. The window saves what\n"
           "# you change in its panel; flags apply to one run.\n";
    for (std::size_t n = 0; n < kept.size(); ++n) {
        const bool changedInPanel = exit[n].second != start[n].second;
        out << kept[n].first << " = " << (changedInPanel ? exit[n].second : kept[n].second) << "\n";
    }
    return out.str();
}

std::optional<std::string> headlessOnlyFlagProblem(const Options& options)
{
    if (options.headless) return std::nullopt;
    for (const std::string& name : options.explicitFlags)
        if (const Flag* flag = find(name); flag && flag->scope == Scope::Headless)
            return "--" + name + " is for headless runs: add --headless, or leave it out to open the window";
    return std::nullopt;
}

std::optional<std::string> windowOnlyFlagProblem(const Options& options)
{
    if (!options.headless) return std::nullopt;
    for (const std::string& name : options.explicitFlags)
        if (const Flag* flag = find(name);
            flag && (flag->scope == Scope::Window || flag->scope == Scope::WindowSetting))
            return "--" + name + " is for the window; a --headless run has none (leave it out)";
    return std::nullopt;
}

std::optional<std::string> configFileProblem(const Options& options)
{
    if (options.configFile.empty()) return std::nullopt;
    std::error_code error;
    const auto status = std::filesystem::status(options.configFile, error);
    if (std::filesystem::is_directory(status))
        return "--config " + printable(options.configFile) + " is a directory; it expects a settings file";
    // A device or a pipe would be read without end (/dev/zero) or block
    // (a FIFO), and is no file to save settings to either.
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        return "--config " + printable(options.configFile) + " is not a regular file; it expects a settings file";
    return std::nullopt;
}

std::string printable(const std::string& text, std::size_t limit)
{
    std::string out;
    for (std::size_t n = 0; n < text.size(); ++n) {
        if (n == limit) return out + "...";
        const auto c = static_cast<unsigned char>(text[n]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            out += escaped;
        }
    }
    return out;
}

std::vector<std::string> flagNames()
{
    std::vector<std::string> names;
    for (const Flag& flag : flags()) names.emplace_back(flag.name);
    return names;
}

namespace {

// `text` broken at spaces into lines of at most `width` columns, the lines
// after the first indented by `indent` (the first starts there already).
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width)
{
    std::string out, line;
    std::istringstream words(text);
    for (std::string word; words >> word;) {
        if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
            out += line + "\n" + std::string(indent, ' ');
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return out + line;
}

}  // namespace

std::string helpText()
{
    std::ostringstream out;
    out << "usage: fluidsim [options]\n\n"
           "A real-time 2D fluid (stable fluids, GPU Gems ch. 38) on the GPU. Opens a window to\n"
           "paint in; with --headless (or when there is no display) runs a scenario and exits.\n";
    const auto section = [&](const char* title, const std::vector<const char*>& names) {
        out << "\n" << title << ":\n";
        for (const char* name : names) {
            const Flag& flag = *find(name);
            std::string left = std::string("  --") + flag.name + (flag.value.empty() ? "" : " " + flag.value);
            if (left.size() < 30)
                left.resize(30, ' ');
            else
                left += "\n" + std::string(30, ' ');
            out << left << wrapped(flag.help, 30, 100) << "\n";
        }
    };
    std::vector<const char*> simulation = {"grid", "dye-grid"};
    for (const Parameter& row : parameters()) simulation.push_back(row.key);
    section("simulation (also accepted in the settings file)", simulation);
    section("brush and display (also accepted in the settings file)",
            {"splat-radius", "splat-force", "dye-amount", "dye-rate", "emitter-heat", "emitter-smoke", "brush-colour",
             "view", "colour-map", "range", "exposure", "bloom", "bloom-intensity", "bloom-threshold", "bloom-radius",
             "max-steps-per-frame"});
    section("water view (also accepted in the settings file)",
            {"water-relief", "light-azimuth", "light-elevation", "shininess", "water-depth", "background"});
    section("motion input (settings also in the settings file)",
            {"motion", "motion-gain", "motion-threshold", "motion-blur", "motion-dye", "mirror"});
    section("obstacles (window and headless)",
            {"obstacles", "obstacle", "obstacle-size", "obstacle-angle", "obstacle-brush"});
    section("window", {"width", "height", "fullscreen", "monitor", "idle-after", "first-sight", "hover-paint", "config",
                       "no-config", "screenshot-dir"});
    section("headless runner", {"headless", "backend", "scenario", "steps", "time", "reynolds", "out", "frames-every",
                                "export-centerlines", "export-probe", "export-energy", "until-steady", "threads"});
    out << "\n  -h, --help                  this text\n\n"
           "Settings file: "
        << defaultConfigPath()
        << " (name = value lines, e.g. 'viscosity = 1e-4').\n"
           "Flags apply to one run; what you change in the window's panel is saved there.\n"
           "Bad values are reported with the accepted range and exit code 2.\n";
    return out.str();
}

std::string defaultConfigPath()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/fluidsim/settings.ini";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/fluidsim/settings.ini";
    return "fluidsim-settings.ini";
}

}  // namespace fluid::app
