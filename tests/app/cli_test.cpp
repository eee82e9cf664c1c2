// The fluidsim binary refuses what it cannot honour before it opens anything:
// one line on stderr, exit code 2. Run with a private HOME and config
// directory and a DISPLAY that names no server (the refusals come first; were
// they missing, the app would fail to open a window instead, with exit 1).
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

TEST_F(Cli, HeadlessOnlyFlagsAreRefusedInWindowMode)
{
    const Outcome run = fluidsim("--scenario cavity --steps 5");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("--scenario is for headless runs"), std::string::npos) << run.output;
}

// The window's look and pointer options are found where users look first.
TEST_F(Cli, HelpNamesTheBloomAndHoverPainting)
{
    const Outcome run = fluidsim("--help");
    EXPECT_EQ(run.exitCode, 0) << run.output;
    for (const char* flag : {"  --bloom on|off", "  --bloom-intensity I", "  --bloom-threshold T", "  --hover-paint",
                             "  --first-sight on|off"})
        EXPECT_NE(run.output.find(flag), std::string::npos) << flag << " is not in --help:\n" << run.output;
    EXPECT_NE(run.output.find("glows"), std::string::npos) << "--help does not say what the bloom does";
    EXPECT_NE(run.output.find("paints without a button"), std::string::npos)
        << "--help does not say what hover painting does";
}

TEST_F(Cli, ADirectoryAsConfigIsRefusedAtStart)
{
    fs::create_directories(dir_ / "dir");
    const Outcome run = fluidsim("--config dir");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("--config dir is a directory"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(dir_ / "dir.tmp"));
    EXPECT_FALSE(fs::exists(dir_ / "imgui.ini"));
}

TEST_F(Cli, BadValuesGetOneLineAndExitCode2)
{
    const Outcome run = fluidsim("--max-steps-per-frame 99");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("1..16"), std::string::npos) << run.output;
}

// The window's flags in a --headless run were silently ignored: each is one
// line naming it, exit 2, before anything runs.
TEST_F(Cli, WindowOnlyFlagsAreRefusedInHeadlessRuns)
{
    const std::vector<std::vector<std::string>> cases = {
        {"--width", "800"},
        {"--height", "600"},
        {"--fullscreen"},
        {"--monitor", "2"},
        {"--screenshot-dir", "s"},
        {"--config", "settings.ini"},
        {"--obstacle-brush", "0.1"},
        {"--hover-paint"},
        {"--bloom", "on"},
        {"--bloom-intensity", "2"},
        {"--first-sight", "off"},
        // The brush and the emitters' (a headless run's input is scripted, the
        // smoke scenario's emitter fixed), and the frame's step limit and the
        // idle brush: accepted and without effect until 2026-11-27.
        {"--splat-radius", "0.1"},
        {"--dye-amount", "2"},
        {"--splat-force", "3"},
        {"--dye-rate", "4"},
        {"--emitter-heat", "5"},
        {"--emitter-smoke", "6"},
        {"--brush-colour", "ff0000"},
        {"--max-steps-per-frame", "2"},
        {"--idle-after", "5"}};
    for (const auto& flags : cases) {
        std::vector<std::string> args = {"--steps", "1"};
        args.insert(args.end(), flags.begin(), flags.end());
        const auto run = headlessRun(dir_, args);
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        EXPECT_EQ(run.err, "fluidsim: " + flags[0] + " is for the window; a --headless run has none (leave it out)\n")
            << describe(run);
        EXPECT_EQ(run.out, "") << describe(run);
    }
    // --no-config holds in a headless run (it reads and writes no settings).
    EXPECT_EQ(headlessRun(dir_, {"--steps", "1", "--no-config"}).exitCode, 0);
}

// More threads than the machine has only take turns (1024 on 2 cores: 2 s a
// step at 64^2): cut to the machine's number, with a one-line note.
TEST_F(Cli, ThreadsBeyondTheHardwareAreCutWithANote)
{
    const unsigned hardware = std::thread::hardware_concurrency();
    ASSERT_GT(hardware, 0u) << "the machine does not say how many threads it runs";
    const auto run = headlessRun(dir_, {"--steps", "1", "--threads", "1024"});
    EXPECT_EQ(run.exitCode, 0) << describe(run);
    const std::string n = std::to_string(hardware);
    EXPECT_EQ(run.err,
              "fluidsim: note: --threads 1024 is more than the " + n + " hardware threads here; using " + n + "\n")
        << describe(run);
    const auto fits = headlessRun(dir_, {"--steps", "1", "--threads", n});
    EXPECT_EQ(fits.exitCode, 0) << describe(fits);
    EXPECT_EQ(fits.err, "") << describe(fits);
}

// --grid auto is the window's pick; headless it is the scenario's own size,
// as no --grid is (the tunnel ran 640x256 with it, 240x96 without).
TEST_F(Cli, GridAutoIsTheScenariosOwnSizeHeadless)
{
    for (const char* scenario : {"tunnel", "cavity"}) {
        const auto plain = headlessRun(dir_, {"--scenario", scenario, "--steps", "1", "--grid", "auto"});
        EXPECT_EQ(plain.exitCode, 0) << describe(plain);
        const std::string size = std::string(scenario) == "tunnel" ? "240x96 cells" : "64x64 cells";
        EXPECT_NE(plain.out.find(size), std::string::npos) << describe(plain);
    }
}

// What a run makes of a flag it cannot take as given is said, not done
// quietly (the differential fuzz of 2026-11-27): a --time that is no whole
// number of steps ran to the next whole step (--time 0.05 at --dt 10 to
// t = 10 s), and the tunnel's --dye-grid 8 on its 82x33 grid made 82x33.
TEST_F(Cli, ATimeOrADyeGridTheRunCannotKeepIsNoted)
{
    const auto time = headlessRun(dir_, {"--time", "0.05", "--dt", "10"});
    EXPECT_EQ(time.exitCode, 0) << describe(time);
    EXPECT_EQ(time.err,
              "fluidsim: note: --time 0.05 s is no whole number of steps of dt = 10 s: the run ends after 1 "
              "step, at t = 10 s\n")
        << describe(time);
    EXPECT_EQ(headlessRun(dir_, {"--time", "0.5", "--dt", "0.25"}).err, "") << "a whole number of steps needs no note";
    const auto dye = headlessRun(dir_, {"--scenario", "tunnel", "--grid", "33", "--dye-grid", "8", "--steps", "1"});
    EXPECT_EQ(dye.exitCode, 0) << describe(dye);
    EXPECT_EQ(dye.err,
              "fluidsim: note: --dye-grid 8 gives no whole dye grid on the tunnel's 82x33 grid: the dye is "
              "82x33 cells\n")
        << describe(dye);
}

// A file name over the file system's limit (255 bytes) passed the check of
// its folder and failed at the rename, after every step (exit 1).
TEST_F(Cli, ANameTooLongForTheFileSystemIsRefusedBeforeTheRun)
{
    const std::string name = std::string(252, 'b') + ".csv";
    expectRefused(dir_, {"--steps", "3", "--export-energy", name},
                  "fluidsim: cannot write " + name +
                      ": the name bbbbbbbbbbbbbbbb... is 256 bytes, over the 255 this file system takes\n");
    const auto frames = headlessRun(dir_, {"--steps", "1", "--out", "frames/" + std::string(300, 'c')});
    EXPECT_EQ(frames.exitCode, 2) << describe(frames);
    EXPECT_NE(frames.err.find(": the name cccccccccccccccc... is 300 bytes, over the 255"), std::string::npos)
        << describe(frames);
}

// One file named by two flags (the bug hunt of 2026-11-27): an output over
// an input destroyed the input (--video over --motion's video), and two
// outputs both said "wrote" while one was lost. Refused before the run, the
// files as they were; a device named twice is no clash.
TEST_F(Cli, OneFileForTwoFlagsIsRefusedBeforeTheRun)
{
    std::ofstream(dir_ / "clip.mp4") << "the user's video";
    std::ofstream(dir_ / "s.csv") << "previous";
    expectRefused(
        dir_,
        {"--scenario", "motion", "--grid", "16", "--steps", "2", "--motion", "video:clip.mp4", "--video", "./clip.mp4"},
        "fluidsim: --video ./clip.mp4 is the file --motion reads: writing it would destroy the input; name "
        "another file\n");
    EXPECT_EQ(contents(dir_ / "clip.mp4"), "the user's video");
    expectRefused(dir_,
                  {"--scenario", "cavity", "--grid", "8", "--steps", "3", "--export-energy", "s.csv",
                   "--export-centerlines", "s.csv"},
                  "fluidsim: --export-energy and --export-centerlines both name s.csv: one would overwrite the other; "
                  "name two files\n");
    EXPECT_EQ(contents(dir_ / "s.csv"), "previous");
    const auto devices = headlessRun(dir_, {"--scenario", "cavity", "--grid", "8", "--steps", "3", "--export-energy",
                                            "/dev/null", "--export-centerlines", "/dev/null"});
    EXPECT_EQ(devices.exitCode, 0) << describe(devices);
}

// The tunnel sets U itself (Re = U D / nu): a given --inflow-speed was
// overwritten without a word, as --viscosity would be (refused already).
TEST_F(Cli, TheTunnelRefusesAnInflowSpeedItWouldOverwrite)
{
    expectRefused(dir_, {"--scenario", "tunnel", "--grid", "32", "--inflow-speed", "5"},
                  "fluidsim: --scenario tunnel sets the inflow speed itself (U = 1 m/s; Re = U D / nu); give "
                  "--reynolds (see fluidsim --help)\n");
}

// A headless run's summary is its result: printed to a full device it was
// lost and the run still exited 0.
TEST_F(Cli, ASummaryThatCannotBeWrittenFailsTheRun)
{
    const fs::path err = dir_ / "err.txt";
    const std::string command = "cd '" + dir_.string() + "' && HOME='" + dir_.string() +
                                "' timeout 60 '" FLUIDSIM_EXE
                                "' --headless --backend cpu --threads 1 --grid 16 "
                                "--steps 2 >/dev/full 2>'" +
                                err.string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_EQ(contents(err), "fluidsim: cannot write to standard output: No space left on device\n");
}

// A scenario that derives a value from a flag names that flag when the value
// is out of range: "--reynolds 0.001" said "viscosity = 1000 is out of range"
// and "--grid 4096" for the tunnel "gridWidth = 10240 is out of range".
TEST_F(Cli, AScenariosDerivedValueOutOfRangeNamesTheFlagItCameFrom)
{
    expectRefused(dir_, {"--scenario", "cavity", "--reynolds", "0.001", "--steps", "1"},
                  "fluidsim: --reynolds 0.001 makes nu = 1000 m^2/s here, beyond the largest viscosity (100 m^2/s); "
                  "give --reynolds of at least 0.01 (see fluidsim --help)\n");
    // At 1e-300 the float nu is inf: the message is worked out in double.
    expectRefused(dir_, {"--scenario", "cavity", "--reynolds", "1e-300", "--steps", "1"},
                  "fluidsim: --reynolds 1e-300 makes nu = 1e+300 m^2/s here, beyond the largest viscosity (100 "
                  "m^2/s); give --reynolds of at least 0.01 (see fluidsim --help)\n");
    expectRefused(dir_, {"--scenario", "tunnel", "--grid", "4096", "--steps", "1"},
                  "fluidsim: --scenario tunnel is 2.5 times as wide as high: --grid 4096 would make it 10240 cells "
                  "wide, beyond 4096; give --grid at most 1638 (see fluidsim --help)\n");
}

// --dye-grid counts the short side. The tunnel makes its grid 2.5 times as
// wide as high after the flags are read, and its start kept the dye on the
// velocity's grid: any --dye-grid but 0 failed after the run had begun
// ("GpuSolver::upload(): dye is 80x32x4, expected 160x64x4", exit 1).
TEST_F(Cli, TheTunnelTakesADyeGridOnItsShortSide)
{
    const auto run = headlessRun(dir_, {"--scenario", "tunnel", "--grid", "32", "--dye-grid", "64", "--steps", "2"});
    EXPECT_EQ(run.exitCode, 0) << describe(run);
    EXPECT_NE(run.out.find("80x32 cells"), std::string::npos) << describe(run);
    EXPECT_NE(run.out.find(", dye 160x64 cells"), std::string::npos) << describe(run);

    expectRefused(dir_, {"--scenario", "tunnel", "--grid", "32", "--dye-grid", "2000", "--steps", "2"},
                  "fluidsim: --dye-grid 2000 on the tunnel's 80x32 grid would make the dye grid wider than 4096 "
                  "cells; give at most 1638 (see fluidsim --help)\n");
}

}  // namespace
