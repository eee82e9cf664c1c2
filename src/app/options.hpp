// Options: everything fluidsim takes from its command line or config file.
// One table of flags drives the parser, the config-file reader and --help, so
// a flag, its accepted range and its help text can never disagree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/sim_params.hpp"

namespace fluid::app {

enum class Backend { Gpu, Cpu };
enum class Scenario { Demo, Cavity, TaylorGreen, ShearWave };

const char* toString(Backend backend);
const char* toString(Scenario scenario);

struct Options {
    SimParams params;  // grid, physics and solver knobs

    // Window (interactive mode).
    int windowWidth = 1024;  // screen coordinates
    int windowHeight = 768;
    std::string configFile;  // "" = the default location (see defaultConfigPath())
    bool noConfig = false;   // ignore and never write the config file
    std::string screenshotDir = ".";  // where F12 / P saves PNGs
    bool configUnreadable = false;    // set when the file was broken: then it is not overwritten on exit

    // Headless runner.
    bool headless = false;
    Backend backend = Backend::Gpu;
    Scenario scenario = Scenario::Demo;
    std::optional<int> steps;       // stop after this many steps
    std::optional<double> simTime;  // or after this much simulated time (s)
    std::optional<double> reynolds; // cavity: nu = lid speed * length / Re
    std::string outDir;             // PNG frames go here ("" = none)
    int framesEvery = 0;            // write a frame every K steps (0 = final frame only)
    std::string centerlinesFile;    // cavity: CSV of the centre-line profiles
    std::string energyFile;         // CSV: t, kinetic_energy, max_divergence per step
    std::optional<double> untilSteady;  // stop when max |du/dt| < TOL
    int threads = 0;                // CPU backend threads (0 = all)

    bool showHelp = false;
    std::vector<std::string> explicitFlags;  // flags given on the command line, in order
    bool given(const std::string& flag) const;
};

struct ParseResult {
    Options options;
    std::string error;  // one line naming the flag and the accepted values; empty on success
    bool ok() const { return error.empty(); }
};

// Parses argv on top of `base` (defaults, or what a config file set).
ParseResult parseCommandLine(int argc, const char* const* argv, const Options& base = {});

// Config file: one "name = value" line per flag (the flag names without "--"),
// '#' starts a comment. Only simulation parameters are accepted there.
ParseResult parseConfig(const std::string& text, const Options& base = {});
std::string formatConfig(const SimParams& params);

std::string helpText();

// $XDG_CONFIG_HOME/fluidsim/settings.ini, or ~/.config/fluidsim/settings.ini.
std::string defaultConfigPath();

// The exit code for bad command-line input.
constexpr int kUsageErrorExit = 2;

}  // namespace fluid::app
