// Cases the command-line fuzz (cli_fuzz_test.cpp) found, each kept as a
// plain test of the binary.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fluid::test::cli;

// fluidsim with `args`, DISPLAY as given ("" = unset), in `home`.
fluid::test::ProcessResult fluidsimWith(const fs::path& home, std::vector<std::string> args, const std::string& display)
{
    fluid::test::ProcessRequest request;
    request.argv = {FLUIDSIM_EXE};
    request.argv.insert(request.argv.end(), args.begin(), args.end());
    request.env = {{"HOME", home.string()},
                   {"XDG_CONFIG_HOME", (home / "config").string()},
                   {"DISPLAY", display},
                   {"WAYLAND_DISPLAY", ""}};
    request.workDir = home.string();
    request.timeoutSeconds = 60.0;  // hang detection: the runs take well under a second
    return fluid::test::runProcess(request);
}

// Without a display the app runs the headless demo and says so: as a note,
// after the flags are known to be good, so a refusal is still the one line
// (it was "no display ..." and then the refusal: two lines, exit 2).
TEST_F(Cli, FuzzNoDisplayNoticeIsANoteAndARefusalStaysOneLine)
{
    const auto refused = fluidsimWith(dir_, {"--reynolds", "5", "--grid", "8"}, "");
    EXPECT_FALSE(refused.timedOut);
    EXPECT_EQ(refused.exitCode, 2) << describe(refused);
    EXPECT_EQ(refused.err,
              "fluidsim: --reynolds applies to --scenario cavity and tunnel only, not demo (see fluidsim --help)\n")
        << describe(refused);

    const auto ran = fluidsimWith(dir_, {"--backend", "cpu", "--grid", "8", "--threads", "1", "--steps", "2"}, "");
    EXPECT_EQ(ran.exitCode, 0) << describe(ran);
    EXPECT_EQ(ran.err,
              "fluidsim: note: no display (DISPLAY and WAYLAND_DISPLAY are unset): running the headless demo "
              "instead; frames go to fluidsim-frames/\n")
        << describe(ran);
}

// Without a display the app runs the headless demo; a window's flag beside
// it (--record, --record-input, --config, ...) was dropped without a word:
// no video, no log, exit 0. Now it is refused, as --headless refuses it.
TEST_F(Cli, WithoutADisplayAWindowsFlagIsRefusedNotDropped)
{
    for (const char* flag : {"--record v.mp4", "--record-input in.rec", "--config missing.ini", "--fullscreen"}) {
        std::vector<std::string> args = {"--backend", "cpu", "--grid", "8", "--steps", "2"};
        std::istringstream words(flag);
        for (std::string word; words >> word;) args.push_back(word);
        const auto run = fluidsimWith(dir_, args, "");
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        const std::string name = std::string(flag).substr(0, std::string(flag).find(' '));
        EXPECT_EQ(run.err, "fluidsim: " + name +
                               " is for the window, and there is no display (DISPLAY and WAYLAND_DISPLAY are "
                               "unset): run it where there is one, or leave it out for the headless demo\n")
            << describe(run);
    }
    EXPECT_FALSE(fs::exists(dir_ / "fluidsim-frames")) << "the demo ran anyway";
}

// --config /dev/zero (or /dev/full) was read without end: the app hung
// before its window. A device or a pipe is refused in one line.
TEST_F(Cli, FuzzADeviceAsConfigIsRefusedInsteadOfReadForever)
{
    for (const char* device : {"/dev/zero", "/dev/full"}) {
        const auto run = fluidsimWith(dir_, {"--config", device}, ":59999");
        ASSERT_FALSE(run.timedOut) << device << " hung";
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        EXPECT_EQ(run.err,
                  std::string("fluidsim: --config ") + device + " is not a regular file; it expects a settings file\n")
            << describe(run);
    }
}

// A settings file that cannot be read, then a window that cannot open: the
// warning waits for the window, so the reason it did not open is the one line
// (it was the warning and then that reason).
TEST_F(Cli, FuzzASettingsWarningDoesNotAddToAWindowThatCannotOpen)
{
    const auto run = fluidsimWith(dir_, {"--config", "missing.ini"}, ":59999");
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(fluid::test::countLines(run.err), 1) << describe(run);
    EXPECT_EQ(run.err.rfind("fluidsim: cannot initialise GLFW (is there a display?): ", 0), 0u) << describe(run);
}

// A file name with a newline and a terminal escape in it (the command-line
// fuzz found "--obstacles $'\nd...'"): the refusal quoted it raw and became two
// lines, the second without "fluidsim: ". Control bytes are written as \xNN.
TEST_F(Cli, FuzzAFileNameWithANewlineStaysOneLine)
{
    const auto run = headlessRun(dir_, {"--obstacles", "a\nb\x1b[2J.png", "--steps", "1"});
    EXPECT_EQ(run.exitCode, 2) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot read the obstacle mask a\\x0ab\\x1b[2J.png: no such file\n") << describe(run);
}

// --until-steady with fewer steps than one steadiness check said "max |du/dt|
// = nan m/s^2 > TOL": now it says why there is no measure.
TEST_F(Cli, FuzzUntilSteadyWithTooFewStepsSaysWhyNotNan)
{
    const auto run = headlessRun(dir_, {"--until-steady", "0.1", "--steps", "2"});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err,
              "fluidsim: no steady state within 2 steps (t = 0.0333333 s): too few steps to measure max |du/dt| "
              "(measured every 10 steps)\n")
        << describe(run);
    // The summary on stdout said "max |du/dt| = nan" as well.
    EXPECT_EQ(run.out.find("nan"), std::string::npos) << describe(run);
    EXPECT_NE(run.out.find("NOT steady       after 0.0333333 s simulated (2 steps): too few to measure max |du/dt|"),
              std::string::npos)
        << describe(run);
}

// At a viscosity this large the exact Taylor-Green flow decays below the
// smallest double within the run: the summary printed E/E_exact - 1 = +inf.
TEST_F(Cli, FuzzAnExactFlowDecayedToZeroGivesNoInfiniteRatio)
{
    const auto run = headlessRun(dir_, {"--scenario", "taylor-green", "--viscosity", "100"});
    EXPECT_EQ(run.exitCode, 0) << describe(run);
    EXPECT_EQ(run.out.find("inf"), std::string::npos) << describe(run);
    EXPECT_NE(run.out.find("the exact flow has decayed to 0"), std::string::npos) << describe(run);
}

}  // namespace
