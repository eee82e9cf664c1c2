#include "app/options.hpp"

#include "app/grid_picker.hpp"
#include "app/input.hpp"
#include "app/option_flags.hpp"
#include "app/options_rows.hpp"
#include "app/report.hpp"
#include "core/parameters.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>
#include <vector>

namespace fluid::app {

namespace {

// The name of a run row's choice (options_rows.cpp), where the command line
// and the settings file read it, so each name is written once.
const char* runChoiceName(std::string_view key, int value)
{
    const flag_table::RunRow* row = findRow(flag_table::runRows(flag_table::RunRows::Rest), key);
    const char* name = row ? row->choiceName(value) : nullptr;
    return name ? name : "?";
}

}  // namespace

const char* toString(Backend backend)
{
    return runChoiceName("backend", static_cast<int>(backend));
}

const char* toString(Scenario scenario)
{
    return runChoiceName("scenario", static_cast<int>(scenario));
}

int usageError(std::string_view message)
{
    report(message);
    return kUsageErrorExit;
}

int parseError(const std::string& error)
{
    return usageError(error + " (see fluidsim --help)");
}

bool Options::given(const std::string& flag) const
{
    return std::find(explicitFlags.begin(), explicitFlags.end(), flag) != explicitFlags.end();
}

using flag_table::find;
using flag_table::Flag;
using flag_table::Scope;

namespace {

// The flag's name in "name" or "name=value".
std::string flagName(const std::string& text)
{
    return text.substr(0, text.find('='));
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
            // "--export-energy --profile" wrote a file named --profile and
            // lost the profile: a known flag is not taken as a value.
            if (const std::string next = argv[n + 1];
                next == "-h" || (next.rfind("--", 0) == 0 && (next == "--help" || find(flagName(next.substr(2)))))) {
                r.error = "--" + name + " needs a value (" + flag->value + "), not the flag " + printable(next) +
                          "; to mean a value that starts with --, write --" + name + "=" + printable(next);
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
        // A UTF-8 byte-order mark, as some editors write at the start of a file.
        if (number == 1 && line.rfind("\xef\xbb\xbf", 0) == 0) line.erase(0, 3);
        bool commentAfterValue = false;  // "brush-colour = #ff0000": the value is a comment
        if (const auto hash = line.find('#'); hash != std::string::npos) {
            const auto eq = line.find('=');
            commentAfterValue = eq != std::string::npos && eq < hash && line.find_first_not_of(" \t", eq + 1) == hash;
            line.erase(hash);
        }
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
            r.error = where + name + " " + problem + (commentAfterValue ? " ('#' starts a comment)" : "");
            return r;
        }
    }
    if (auto problem = validate(r.options.params)) r.error = *problem;
    return r;
}

std::optional<std::string> replayConflict(const Options& options)
{
    if (options.replayFile.empty()) return std::nullopt;
    // The strokes' brush, and the headless runs' own scenario and length.
    static const std::array kDecidedByTheLog{"splat-radius", "dye-amount",    "splat-force",  "dye-rate",
                                             "emitter-heat", "emitter-smoke", "brush-colour", "scenario",
                                             "steps",        "time",          "until-steady", "reynolds"};
    static const std::array kMeasures{"export-energy", "export-centerlines", "export-probe", "profile"};
    const auto among = [](const auto& names, const std::string& name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    for (const std::string& name : options.explicitFlags) {
        const Flag* flag = find(name);
        if (!flag) continue;
        const HelpSection s = flag->section;
        if (name == "motion")
            return "--motion does not go with --replay: the camera's motion is not recorded, the log is the input";
        if (s == HelpSection::Simulation || s == HelpSection::Motion || s == HelpSection::Obstacles ||
            among(kDecidedByTheLog, name))
            return "--" + name + " does not go with --replay: the log says what the run is";
        if (among(kMeasures, name))
            return "--" + name + " does not go with --replay: a replay writes frames (--out) and video (--video) only";
    }
    return std::nullopt;
}

std::string formatConfig(const Options& o)
{
    std::ostringstream out;
    out << "# fluidsim settings: the same names as the command-line flags.\n";
    // Every setting from its row of the flag table: what it is called, and
    // its value as the row's apply() reads it back.
    for (const Flag& flag : flag_table::flags())
        if (inSettingsFile(flag.scope) && !flag.value.empty()) out << flag.name << " = " << flag.current(o) << "\n";
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

Options windowDefaults()
{
    Options o;
    o.params = windowSimParams();
    o.display.dyeExposure = kWindowExposure;
    return o;
}

SimParams windowParams(const SimParams& params, glm::ivec2 framebuffer, int shortSide, int dyeShortSide)
{
    const glm::ivec2 grid = gridForWindow(framebuffer, shortSide, SimLimits::kMaxGrid);
    SimParams p = params;
    p.gridWidth = grid.x;
    p.gridHeight = grid.y;
    p.domainWidth = static_cast<float>(grid.x) / static_cast<float>(shortSide);
    const double dyeWidth = static_cast<double>(dyeShortSide) * grid.x / shortSide;
    p.dyeGridWidth = wholeDyeGridWidth(static_cast<int>(std::lround(dyeWidth)), grid.x, grid.y);
    return p;
}

SimParams windowStartParams(glm::ivec2 framebuffer, int shortSide)
{
    return windowParams(windowDefaults().params, framebuffer, shortSide,
                        autoDyeGrid(shortSide, std::min(framebuffer.x, framebuffer.y)));
}

std::string settingsToSave(const Options& file, const Options& atStart, const Options& atExit)
{
    const auto defaults = settingLines(windowDefaults()), kept = settingLines(file), start = settingLines(atStart),
               exit = settingLines(atExit);
    std::ostringstream out;
    out << "# fluidsim settings: the same names as the command-line flags. The window saves what\n"
           "# you change in its panel; flags apply to one run.\n";
    // A line for a default would pin it: a later release's better default
    // would never reach this user.
    for (std::size_t n = 0; n < kept.size(); ++n) {
        if (exit[n].second != start[n].second)
            out << exit[n].first << " = " << exit[n].second << "\n";
        else if (kept[n].second != defaults[n].second)
            out << kept[n].first << " = " << kept[n].second << "\n";
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

namespace {

// The first flag of the command line that only the window uses.
std::optional<std::string> firstWindowOnlyFlag(const Options& options)
{
    for (const std::string& name : options.explicitFlags)
        if (const Flag* flag = find(name);
            flag && (flag->scope == Scope::Window || flag->scope == Scope::WindowSetting))
            return name;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> windowOnlyFlagProblem(const Options& options)
{
    if (!options.headless) return std::nullopt;
    if (const auto name = firstWindowOnlyFlag(options))
        return "--" + *name + " is for the window; a --headless run has none (leave it out)";
    return std::nullopt;
}

std::optional<std::string> noDisplayProblem(const Options& options)
{
    if (const auto name = firstWindowOnlyFlag(options))
        return "--" + *name +
               " is for the window, and there is no display (DISPLAY and WAYLAND_DISPLAY are unset): run it "
               "where there is one, or leave it out for the headless demo";
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

namespace {

// Whether two paths name one file: the same inode where both exist (links,
// "./a" and "a"), else the same path once made absolute and normal. A path
// that cannot be resolved (a folder the user cannot read, a name over 255
// bytes) is no clash: the checks of each output say what is wrong with it.
bool sameFile(const std::string& a, const std::string& b)
{
    std::error_code error;
    if (std::filesystem::exists(a, error) && std::filesystem::exists(b, error))
        return std::filesystem::equivalent(a, b, error);
    std::error_code errorA, errorB;
    const std::filesystem::path normalA = std::filesystem::weakly_canonical(a, errorA);
    const std::filesystem::path normalB = std::filesystem::weakly_canonical(b, errorB);
    return !errorA && !errorB && normalA == normalB;
}

}  // namespace

std::optional<std::string> fileClashProblem(const Options& o)
{
    struct Named {
        std::string flag;
        std::string path;
    };
    std::vector<Named> inputs, outputs;
    const auto add = [](std::vector<Named>& to, const char* flag, const std::string& path) {
        if (path.empty()) return;
        std::error_code error;
        const auto status = std::filesystem::status(path, error);
        if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) to.push_back({flag, path});
    };
    add(inputs, "--obstacles", o.obstacles.file);
    add(inputs, "--background", o.background);
    add(inputs, "--replay", o.replayFile);
    if (o.motionSource.rfind("video:", 0) == 0) add(inputs, "--motion", o.motionSource.substr(6));
    add(outputs, "--record", o.recordFile);
    add(outputs, "--record-input", o.recordInputFile);
    add(outputs, "--video", o.videoFile);
    add(outputs, "--export-energy", o.energyFile);
    add(outputs, "--export-centerlines", o.centerlinesFile);
    add(outputs, "--export-probe", o.probeFile);
    if (!o.headless && !o.noConfig)
        add(outputs, o.configFile.empty() ? "the settings file" : "--config",
            o.configFile.empty() ? defaultConfigPath() : o.configFile);
    for (std::size_t n = 0; n < outputs.size(); ++n) {
        const Named& out = outputs[n];
        for (const Named& in : inputs)
            if (sameFile(out.path, in.path))
                return out.flag + " " + printable(out.path) + " is the file " + in.flag +
                       " reads: writing it would destroy the input; name another file";
        for (std::size_t m = 0; m < n; ++m)
            if (sameFile(out.path, outputs[m].path))
                return outputs[m].flag + " and " + out.flag + " both name " + printable(out.path) +
                       ": one would overwrite the other; name two files";
    }
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

std::string defaultConfigPath()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/fluidsim/settings.ini";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/fluidsim/settings.ini";
    return "fluidsim-settings.ini";
}

}  // namespace fluid::app
