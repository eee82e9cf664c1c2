// fluidsim: reads the options (defaults, then the settings file, then the
// command line), then opens the window, or runs headless when asked to or when
// there is no display.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/headless/runner.hpp"
#include "app/options.hpp"
#include "app/window/window_app.hpp"

namespace {

using namespace fluid::app;

// The settings file sits under the command line: a broken file costs a
// warning and its defaults, never the run.
Options withSettingsFile(const Options& fromFlags)
{
    const std::string path = fromFlags.configFile.empty() ? defaultConfigPath() : fromFlags.configFile;
    std::ifstream in(path);
    if (!in) {
        if (!fromFlags.configFile.empty())
            std::fprintf(stderr, "fluidsim: warning: cannot read settings file %s; using defaults\n", path.c_str());
        return {};
    }
    std::stringstream text;
    text << in.rdbuf();
    ParseResult parsed = parseConfig(text.str());
    if (!parsed.ok()) {
        std::fprintf(stderr,
                     "fluidsim: warning: ignoring settings file %s: %s; using defaults (the file is left as it is)\n",
                     path.c_str(), parsed.error.c_str());
        Options defaults;
        defaults.configUnreadable = true;
        return defaults;
    }
    return parsed.options;
}

}  // namespace

int main(int argc, char** argv)
{
    ParseResult parsed = parseCommandLine(argc, argv);
    if (parsed.options.showHelp) {
        std::fputs(helpText().c_str(), stdout);
        return 0;
    }
    if (!parsed.ok()) {
        std::fprintf(stderr, "fluidsim: %s (see fluidsim --help)\n", parsed.error.c_str());
        return kUsageErrorExit;
    }
    Options options = parsed.options;
    if (auto problem = configFileProblem(options)) {
        std::fprintf(stderr, "fluidsim: %s\n", problem->c_str());
        return kUsageErrorExit;
    }
    if (options.headless) return runHeadless(options);

    if (!displayAvailable()) {
        if (options.outDir.empty()) options.outDir = "fluidsim-frames";
        if (options.framesEvery == 0) options.framesEvery = 30;
        std::fprintf(stderr,
                     "fluidsim: no display (DISPLAY and WAYLAND_DISPLAY are unset): running the headless demo "
                     "instead; frames go to %s/\n",
                     options.outDir.c_str());
        return runHeadless(options);
    }
    // A window opens: flags that only a headless run uses would be ignored.
    if (auto problem = headlessOnlyFlagProblem(options)) {
        std::fprintf(stderr, "fluidsim: %s\n", problem->c_str());
        return kUsageErrorExit;
    }
    Options settingsFile;
    if (!options.noConfig) {
        settingsFile = withSettingsFile(options);
        // Re-apply the command line on top of the settings file.
        parsed = parseCommandLine(argc, argv, settingsFile);
        if (!parsed.ok()) {
            std::fprintf(stderr, "fluidsim: %s (see fluidsim --help)\n", parsed.error.c_str());
            return kUsageErrorExit;
        }
        options = parsed.options;
    }
    return runWindow(options, settingsFile);
}
