// fluidsim: reads the options (defaults, then the settings file, then the
// command line), then opens the window, or runs headless when asked to or when
// there is no display.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/background.hpp"
#include "app/headless/output.hpp"
#include "app/headless/runner.hpp"
#include "app/input_log.hpp"
#include "app/options.hpp"
#include "app/output_lock.hpp"
#include "app/window/window_app.hpp"
#include "motion/frame_source.hpp"

namespace {

using namespace fluid::app;

// The settings file sits under the command line: a broken file costs a
// warning and its defaults, never the run. The warnings are printed once the
// window is open: when it cannot open, its reason is the one line.
Options withSettingsFile(const Options& fromFlags, std::vector<std::string>& warnings)
{
    const std::string path = fromFlags.configFile.empty() ? defaultConfigPath() : fromFlags.configFile;
    // A file that is not there yet is the first run's: the defaults, and the
    // file is written when the window closes. Anything else that cannot be
    // read (no permission, a directory, a FIFO, which would block the start)
    // is the user's to fix, so it is never overwritten (configUnreadable).
    const auto leftAsItIs = [&](const std::string& why) {
        warnings.push_back("warning: ignoring settings file " + path + ": " + why +
                           "; using defaults (the file is left as it is)");
        Options defaults = windowDefaults();
        defaults.configUnreadable = true;
        return defaults;
    };
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (status.type() == std::filesystem::file_type::not_found) {
        if (!fromFlags.configFile.empty())
            warnings.push_back("note: settings file " + path + " does not exist yet; using defaults (it is written " +
                               "when the window closes)");
        return windowDefaults();
    }
    if (std::filesystem::is_directory(status)) return leftAsItIs("it is a directory");
    if (!error && !std::filesystem::is_regular_file(status)) return leftAsItIs("it is not a regular file");
    std::ifstream in(path);
    if (!in) return leftAsItIs("it cannot be read");
    // A settings file is a few hundred bytes; reading stops well past that,
    // so that no file (or /proc entry) can make the start take forever.
    constexpr std::streamsize kMaxBytes = 1 << 20;
    std::string text(static_cast<std::size_t>(kMaxBytes) + 1, '\0');
    in.read(text.data(), kMaxBytes + 1);
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > static_cast<std::size_t>(kMaxBytes)) return leftAsItIs("larger than 1 MiB");
    ParseResult parsed = parseConfig(text, windowDefaults());
    if (!parsed.ok()) return leftAsItIs(parsed.error);
    return parsed.options;
}

// The outputs a run may write, by the flags that name them.
std::vector<NamedOutput> namedOutputs(const Options& o)
{
    return {{"--record", o.recordFile},        {"--record-input", o.recordInputFile},
            {"--video", o.videoFile},          {"--out", o.outDir},
            {"--export-energy", o.energyFile}, {"--export-centerlines", o.centerlinesFile},
            {"--export-probe", o.probeFile}};
}

// The pictures a flag names, in every mode and before anything large is
// allocated: a picture is refused by its header (size) before it is decoded.
// And the files a run writes, by their folders: a recording that cannot
// be written should cost one line before the window opens, not the run.
std::optional<std::string> namedFileProblem(const Options& options)
{
    for (const auto& problem :
         {obstacleFileProblem(options.obstacles), backgroundFileProblem(options.background),
          fluid::motion::sourceFileProblem(options.motionSource), headless::outputFileProblem(options.recordFile),
          headless::outputFileProblem(options.videoFile, options.outDir),
          headless::outputFileProblem(options.recordInputFile)})
        if (problem) return problem;
    return std::nullopt;
}

// Input logs: one that cannot be replayed is refused before anything
// opens, with its line; the camera's motion is no input a log can hold.
// The run plays the log read here (it is not read again).
std::optional<std::string> loadReplayProblem(const Options& options)
{
    if (options.replayFile.empty()) return std::nullopt;
    if (auto conflict = replayConflict(options)) return conflict;
    InputLogParse log = loadInputLog(options.replayFile);
    if (!log.ok()) return log.error;
    keepInputLog(options.replayFile, std::move(log.log));
    return std::nullopt;
}

// Flags that do not go together. The refusals of whole pairs come before the
// clash of two outputs on one file: they say more.
std::optional<std::string> flagPairProblem(const Options& options)
{
    // (--replay refused --motion before: replayConflict.)
    if (options.given("record-input") && !options.motionSource.empty())
        return "--record-input does not go with --motion: the camera's motion is not recorded";
    if (options.given("record-for") && options.recordFile.empty())
        return "--record-for needs --record FILE: the video it stops";
    if (!options.recordInputFile.empty() && !options.replayFile.empty())
        return "--record-input does not go with --replay: the log is the input";
    return fileClashProblem(options);
}

// The first reason the flags cannot run, in the order the user reads them
// best: the settings file, the files named, the log replayed, the pairs.
std::optional<std::string> startProblem(const Options& options)
{
    if (auto problem = configFileProblem(options)) return problem;
    if (auto problem = namedFileProblem(options)) return problem;
    if (auto problem = loadReplayProblem(options)) return problem;
    return flagPairProblem(options);
}

// --headless: the window's flags would be silently ignored.
int runHeadlessMode(const Options& options)
{
    if (auto problem = windowOnlyFlagProblem(options)) return usageError(*problem);
    return runHeadless(options);
}

// No display to open a window on: the headless demo, its frames in a folder
// (locked like every other output).
int runWithoutDisplay(Options options, OutputLocks& outputLocks)
{
    if (auto problem = noDisplayProblem(options)) return usageError(*problem);
    if (options.outDir.empty()) {
        options.outDir = "fluidsim-frames";
        if (const auto busy = outputLocks.claim({{"the frames' folder", options.outDir}})) return usageError(*busy);
    }
    if (options.framesEvery == 0) options.framesEvery = 30;
    return runHeadless(options, {"no display (DISPLAY and WAYLAND_DISPLAY are unset): running the headless "
                                 "demo instead; frames go to " +
                                 options.outDir + "/"});
}

// The window, with the command line read again on top of the settings file.
int runWindowMode(const Options& options, int argc, char** argv)
{
    // A window opens: flags that only a headless run uses would be ignored.
    if (auto problem = headlessOnlyFlagProblem(options)) return usageError(*problem);
    // A video or a picture folder is opened and its first frame read now: a
    // file that cannot be read is a bad flag, one line before the window
    // opens (as runHeadless does before its header). The window takes this
    // source (it is not opened again).
    if (const auto problem = fluid::motion::readyFrameSource(options.motionSource)) return usageError(*problem);
    // The command line again, on top of the settings file or, without one,
    // of the window's defaults.
    Options settingsFile = windowDefaults();
    std::vector<std::string> warnings;
    if (!options.noConfig) settingsFile = withSettingsFile(options, warnings);
    const ParseResult parsed = parseCommandLine(argc, argv, settingsFile);
    if (!parsed.ok()) return parseError(parsed.error);
    return runWindow(parsed.options, settingsFile, warnings);
}

}  // namespace

int main(int argc, char** argv)
{
    const ParseResult parsed = parseCommandLine(argc, argv);
    if (parsed.options.showHelp) {
        std::fputs(helpText().c_str(), stdout);
        return 0;
    }
    if (!parsed.ok()) return parseError(parsed.error);
    const Options& options = parsed.options;
    if (const auto problem = startProblem(options)) return usageError(*problem);
    // Every output this run writes, locked until the process ends: a second
    // run naming one of them is refused here (app/output_lock.hpp).
    OutputLocks outputLocks;
    if (const auto busy = outputLocks.claim(namedOutputs(options))) return usageError(*busy);
    if (options.headless) return runHeadlessMode(options);
    if (!displayAvailable()) return runWithoutDisplay(options, outputLocks);
    return runWindowMode(options, argc, argv);
}
