// Options: everything fluidsim takes from its command line or config file.
// One table of flags drives the parser, the config-file reader and --help, so
// a flag, its accepted range and its help text can never disagree.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/app_settings.hpp"
#include "app/obstacle_setup.hpp"
#include "core/motion.hpp"
#include "core/sim_params.hpp"

namespace fluid::app {

enum class Backend { Gpu, Cpu };
enum class Scenario { Demo, Cavity, TaylorGreen, ShearWave, Motion, Smoke, Tunnel };

const char* toString(Backend backend);
const char* toString(Scenario scenario);

// The window's accepted size, either side, in screen coordinates.
inline constexpr int kMinWindowSize = 64;
inline constexpr int kMaxWindowSize = 16384;

// The settings (AppSettings: brush, look, motion, pacing, the first minute;
// and SimParams) are on the command line for one run, in the settings file,
// and in the window's panel, where a change is saved to the file.
struct Options : AppSettings {
    SimParams params = defaultSimParams();  // grid, physics and solver knobs
    // Window: pick the grid at start, the largest that keeps up with real time
    // here (src/app/grid_picker.hpp); `grid = auto`. A number (flag, settings
    // file, panel) turns it off. Headless runs use params' grid either way.
    bool autoGrid = true;

    // Window (interactive mode), in screen coordinates, kMinWindowSize..kMaxWindowSize.
    int windowWidth = 1024;
    int windowHeight = 768;
    std::string configFile;           // "" = the default location (see defaultConfigPath())
    bool noConfig = false;            // ignore and never write the config file
    std::string screenshotDir = ".";  // where F12 / P saves PNGs
    bool configUnreadable = false;    // set when the file was broken: then it is not overwritten on exit
    std::string background;           // water view: a picture under the water (--background); "" = tiles
    bool fullscreen =
        false;               // projector mode: full screen, panel and cursor hidden (F1 brings them back, F11 a window)
    int monitor = 1;         // which monitor for --fullscreen, 1 = the primary
    std::string recordFile;  // --record: a video of the window from the start ("" = none; F9 starts one)
    double recordSeconds = 0;     // --record-for: the recording stops after this much fluid time (0 = at the end)
    std::string recordInputFile;  // --record-input: every input the fluid sees, for --replay ("" = none)
    std::string replayFile;       // --replay: play a --record-input file back (window or headless)

    // Motion input (window and headless): "" = none; camera[:DEVICE], video:FILE or images:DIR.
    std::string motionSource;

    // Obstacles (window and headless): --obstacles, --obstacle and their sizes.
    ObstacleOptions obstacles;

    // Headless runner.
    bool headless = false;
    Backend backend = Backend::Gpu;
    Scenario scenario = Scenario::Demo;
    std::optional<int> steps;           // stop after this many steps
    std::optional<double> simTime;      // or after this much simulated time (s)
    std::optional<double> reynolds;     // cavity: nu = lid speed * length / Re
    std::string outDir;                 // PNG frames go here ("" = none)
    std::string videoFile;              // --video: the frames as a video, 30 frames/s of fluid time ("" = none)
    int framesEvery = 0;                // write a frame every K steps (0 = final frame only)
    std::string centerlinesFile;        // cavity: CSV of the centre-line profiles
    std::string probeFile;              // tunnel: CSV of the probe's transverse velocity
    std::string energyFile;             // CSV: t, kinetic_energy, max_divergence per step
    std::optional<double> untilSteady;  // stop when max |du/dt| < TOL
    int threads = 0;                    // CPU backend threads (0 = all)
    bool profile = false;               // --profile: time each group of the step, print a table at the end

    bool showHelp = false;
    std::vector<std::string> explicitFlags;  // flags given on the command line, in order
    bool given(const std::string& flag) const;
};

struct ParseResult {
    Options options;
    std::string error;  // one line naming the flag and the accepted values; empty on success
    bool ok() const { return error.empty(); }
};

// The window's dye exposure where nothing says otherwise: with the dye fading
// (kWindowDyeDissipation) and stirred thin, most of it lies below 0.1, which
// exposure 1 shows as near-black; at 3 a dye of 0.04 is lit (1 - exp(-3 dye)
// > 0.1) and the cores still do not clip. Display only: the headless frames
// and every figure keep 1.
inline constexpr float kWindowExposure = 3.0f;

// The window's defaults: windowSimParams() (core/sim_params.hpp, beside the
// textbook's and the programs' sets) and kWindowExposure.
Options windowDefaults();

// `params` on the window's grid for a framebuffer of `framebuffer` pixels:
// `shortSide` cells on its short side, which is 1 m, the long side following
// its shape (gridForWindow), and the dye grid `dyeShortSide` cells on the
// short side (0: the grid's) at the nearest width with square dye cells.
SimParams windowParams(const SimParams& params, glm::ivec2 framebuffer, int shortSide, int dyeShortSide);
// What the window runs at start at that grid, where nothing says otherwise:
// windowDefaults()' parameters and the auto dye grid (autoDyeGrid).
SimParams windowStartParams(glm::ivec2 framebuffer, int shortSide);

// Parses argv on top of `base` (defaults, or what a config file set).
ParseResult parseCommandLine(int argc, const char* const* argv, const Options& base = {});

// Config file: one "name = value" line per flag (the flag names without "--"),
// '#' starts a comment. Only settings (simulation, brush, display) are
// accepted there.
ParseResult parseConfig(const std::string& text, const Options& base = {});
// Every setting of `options`, one "name = value" line each.
std::string formatConfig(const Options& options);

// What the window saves at exit. Flags apply to one run; only what the user
// changed in the panel persists: a setting whose value at exit differs from
// its value at start is saved as it is at exit, every other keeps the
// settings file's value (`file`: the file alone on top of windowDefaults())
// where that differs from windowDefaults(), and is left out where it does
// not. A setting the user never changed is never written.
std::string settingsToSave(const Options& file, const Options& atStart, const Options& atExit);

// Flags that only the headless runner uses, given without --headless (and with
// a display, so a window opens): a one-line refusal naming the first of them.
std::optional<std::string> headlessOnlyFlagProblem(const Options& options);

// Flags that only the window uses, given with --headless: a one-line refusal
// naming the first of them (they would be ignored).
std::optional<std::string> windowOnlyFlagProblem(const Options& options);
// The same where no display lets the window open, so the app runs the
// headless demo instead: a window's flag (--record, --config, ...) would be
// dropped without a word.
std::optional<std::string> noDisplayProblem(const Options& options);

// --config that cannot be a settings file (a directory, a device, a pipe): a
// one-line refusal.
std::optional<std::string> configFileProblem(const Options& options);

// Two flags that name one file, as a one-line refusal: an output over an
// input (--video over --motion's video, --record-input over --background:
// the input was lost), or two outputs (both said "wrote", one was lost). The
// window's settings file, read at start and written at exit, is an output.
// Devices and pipes (/dev/null twice) are no clash.
std::optional<std::string> fileClashProblem(const Options& options);

// Text from a file, fit to print in a one-line message: bytes that are not
// printable ASCII become \xNN, and it is cut after `limit` characters.
std::string printable(const std::string& text, std::size_t limit = 80);

// Why the command line's flags do not go with --replay, if they do not: the
// log holds the grid, every parameter, the strokes, the obstacles and the
// steps, so a flag that sets any of them (or picks a scenario or a measure of
// a headless run) would be ignored. What it is played on and how its frames
// look (--backend, --threads, --out, --video, --frames-every, the view and
// its colouring) go with it.
std::optional<std::string> replayConflict(const Options& options);

std::string helpText();
// Every flag's name (without "--"), in the table's order: for tests that must
// cover them all.
std::vector<std::string> flagNames();

// $XDG_CONFIG_HOME/fluidsim/settings.ini, or ~/.config/fluidsim/settings.ini.
std::string defaultConfigPath();

// The exit code for bad command-line input.
constexpr int kUsageErrorExit = 2;

// Bad command-line input: reports `message` (app/report.hpp) and returns
// kUsageErrorExit, for `return usageError(...)` where the input is refused.
int usageError(std::string_view message);
// A command line that does not parse: its error and where to read the flags.
int parseError(const std::string& error);

}  // namespace fluid::app
