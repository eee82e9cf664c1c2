// The settings file: what it accepts and writes, what the window saves of
// the panel's changes, and the files it must not be.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "app/option_flags.hpp"
#include "app/options.hpp"
#include "app/setting_rows.hpp"
#include "core/parameters.hpp"

namespace fluid::app {
namespace {

ParseResult parse(std::vector<const char*> args)
{
    args.insert(args.begin(), "fluidsim");
    return parseCommandLine(static_cast<int>(args.size()), args.data());
}

TEST(ConfigFile, RoundTripsEverySetting)
{
    Options o;
    SimParams& p = o.params;
    o.autoGrid = false;
    p.gridWidth = p.gridHeight = 192;
    p.dyeGridWidth = 768;
    p.gravity = 3.5f;
    p.ambientTemperature = 310.0f;
    p.smokeWeight = 0.25f;
    p.cooling = 0.75f;
    o.brush.emitterHeat = 450.0f;
    o.brush.emitterSmoke = 2.5f;
    p.pressureSolver = PressureSolver::Jacobi;
    p.multigridCycles = 7;
    p.viscosity = 2.5e-5f;
    p.vorticity = 12.0f;
    p.pressureIterations = 77;
    p.boundary = BoundaryMode::Periodic;
    p.warmStartPressure = false;
    p.dt = 0.01f;
    o.maxStepsPerFrame = 7;
    o.brush.radius = 0.035f;
    o.brush.force = 2.5f;
    o.brush.dyeAmount = 1.25f;
    o.brush.dyeRate = 0.5f;
    o.brush.fixedColour = true;
    o.brush.colour = {1.0f, 0.4f, 0.0f};
    o.display.view = FieldView::Vorticity;
    o.display.scalarMap = ColourMap::Sequential;
    o.display.autoRange = false;
    o.display.fixedRange = 3.5f;
    o.display.dyeExposure = 2.0f;
    o.display.water = {2.5f, 210.0f, 35.0f, 150.0f, 0.3f};
    const std::string text = formatConfig(o);
    EXPECT_NE(text.find("viscosity = 2.5e-05\n"), std::string::npos) << text;  // shortest round-trip form
    const ParseResult r = parseConfig(text);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.params.gridWidth, 192);
    EXPECT_FALSE(r.options.autoGrid);
    EXPECT_EQ(r.options.params.pressureSolver, PressureSolver::Jacobi);
    EXPECT_EQ(r.options.params.multigridCycles, 7);
    EXPECT_FLOAT_EQ(r.options.params.viscosity, 2.5e-5f);
    EXPECT_FLOAT_EQ(r.options.params.vorticity, 12.0f);
    EXPECT_EQ(r.options.params.pressureIterations, 77);
    EXPECT_EQ(r.options.params.boundary, BoundaryMode::Periodic);
    EXPECT_FALSE(r.options.params.warmStartPressure);
    EXPECT_FLOAT_EQ(r.options.params.dt, 0.01f);
    EXPECT_EQ(r.options.maxStepsPerFrame, 7);
    EXPECT_EQ(r.options.brush.radius, 0.035f);
    EXPECT_EQ(r.options.brush.force, 2.5f);
    EXPECT_EQ(r.options.brush.dyeAmount, 1.25f);
    EXPECT_EQ(r.options.brush.dyeRate, 0.5f);
    EXPECT_TRUE(r.options.brush.fixedColour);
    EXPECT_EQ(r.options.brush.colour, glm::vec3(1.0f, 0.4f, 0.0f));  // 8 bits per channel: 0.4 is 102/255
    EXPECT_EQ(r.options.display, o.display);
    EXPECT_EQ(formatConfig(r.options), text);
}

TEST(Settings, OnlyWhatThePanelChangedIsSaved)
{
    const Options file = parseConfig("grid = 128\nviscosity = 0.001\nexposure = 4\n", windowDefaults()).options;
    std::vector<const char*> args{"fluidsim", "--grid", "64", "--vorticity", "5"};
    const Options start = parseCommandLine(static_cast<int>(args.size()), args.data(), file).options;
    Options exit = start;
    exit.params.viscosity = 1e-4f;    // back to the default, in the panel
    exit.brush.radius = 0.05f;        // changed in the panel
    exit.display.dyeExposure = 4.0f;  // untouched
    const ParseResult saved = parseConfig(settingsToSave(file, start, exit));
    ASSERT_TRUE(saved.ok()) << saved.error;
    EXPECT_EQ(saved.options.params.gridWidth, 128);    // the flag's 64 is not kept
    EXPECT_EQ(saved.options.params.vorticity, 0.0f);   // nor the flag's 5 (nor the default: no line)
    EXPECT_EQ(saved.options.params.viscosity, 1e-4f);  // the panel's change is
    EXPECT_EQ(saved.options.brush.radius, 0.05f);
    EXPECT_EQ(saved.options.display.dyeExposure, 4.0f);  // the file's value stays
}

// The names of the settings a settings file's text sets, in order.
std::vector<std::string> keysIn(const std::string& text)
{
    std::vector<std::string> keys;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') keys.push_back(line.substr(0, line.find(" = ")));
    return keys;
}

// A settings file holds what the user chose, never a default: the first
// run's file holds the one setting changed in the panel; a later run keeps
// what the file set apart from the defaults, drops what it set to them, and
// adds the panel's change. Flags (--grid, --exposure) are not saved.
TEST(Settings, AFileGainsOnlyTheSettingsTheUserChanged)
{
    const auto run = [](const Options& file, std::vector<const char*> args, const std::function<void(Options&)>& edit) {
        args.insert(args.begin(), "fluidsim");
        const ParseResult start = parseCommandLine(static_cast<int>(args.size()), args.data(), file);
        EXPECT_TRUE(start.ok()) << start.error;
        Options exit = start.options;
        edit(exit);
        return settingsToSave(file, start.options, exit);
    };
    const std::string header =
        "# fluidsim settings: the same names as the command-line flags. The window saves what\n"
        "# you change in its panel; flags apply to one run.\n";

    // No file: nothing changed, nothing but the header; one change, one line.
    EXPECT_EQ(run(windowDefaults(), {"--grid", "64"}, [](Options&) {}), header);
    const std::string first = run(windowDefaults(), {"--exposure", "4"}, [](Options& o) { o.brush.radius = 0.05f; });
    EXPECT_EQ(first, header + "splat-radius = 0.05\n");

    // A file with one setting apart from the defaults and one at them.
    std::ostringstream atDefault;
    atDefault << "vorticity = " << kWindowVorticity << "\n";
    const ParseResult file = parseConfig(first + atDefault.str(), windowDefaults());
    ASSERT_TRUE(file.ok()) << file.error;
    const std::string second = run(file.options, {"--grid", "64"}, [](Options& o) { o.params.viscosity = 0.001f; });
    EXPECT_EQ(keysIn(second), (std::vector<std::string>{"viscosity", "splat-radius"})) << second;
    const ParseResult read = parseConfig(second, windowDefaults());
    ASSERT_TRUE(read.ok()) << read.error;
    EXPECT_EQ(read.options.brush.radius, 0.05f);
    EXPECT_EQ(read.options.params.viscosity, 0.001f);
    EXPECT_TRUE(read.options.autoGrid);  // the flag's 64 was for that run
}

// Whatever the panel lets through sanitize() must read back from the file,
// or one typed value would make the whole settings file unreadable.
TEST(Settings, WhatThePanelAcceptsReadsBack)
{
    for (const float extreme : {1e30f, -1e30f, 0.0f, 1e-30f, std::numeric_limits<float>::quiet_NaN()}) {
        Options o;
        o.brush.radius = o.brush.force = o.brush.dyeAmount = o.brush.dyeRate = extreme;
        o.display.fixedRange = o.display.dyeExposure = extreme;
        WaterLook& w = o.display.water;
        w.relief = w.lightAzimuth = w.lightElevation = w.shininess = w.depth = extreme;
        o.display.autoRange = false;
        sanitize(o);
        const ParseResult r = parseConfig(formatConfig(o));
        EXPECT_TRUE(r.ok()) << extreme << ": " << r.error;
    }
}

TEST(Settings, HeadlessOnlyFlagsAreRefusedForTheWindow)
{
    EXPECT_FALSE(headlessOnlyFlagProblem(parse({"--grid", "64", "--splat-force", "2"}).options));
    EXPECT_FALSE(headlessOnlyFlagProblem(parse({"--headless", "--steps", "5"}).options));
    const auto problem =
        headlessOnlyFlagProblem(parse({"--grid", "64", "--scenario", "cavity", "--steps", "5"}).options);
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("--scenario is for headless runs"), std::string::npos) << *problem;
    // The solver and its threads are the window's choice too.
    EXPECT_FALSE(headlessOnlyFlagProblem(parse({"--backend", "cpu", "--threads", "1"}).options));
    // And the headless flags are no settings.
    EXPECT_NE(parseConfig("steps = 5\n").error.find("unknown setting 'steps'"), std::string::npos);
}

TEST(Settings, ADirectoryIsNoSettingsFile)
{
    Options o;
    o.configFile = ::testing::TempDir();
    const auto problem = configFileProblem(o);
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("is a directory"), std::string::npos);
    o.configFile = ::testing::TempDir() + "/fluidsim-no-such-file.ini";
    EXPECT_FALSE(configFileProblem(o));  // a file that does not exist yet is fine: it is created at exit
}

// A garbage settings file is reported with its bytes escaped, never raw.
TEST(Settings, GarbageIsPrintedEscaped)
{
    EXPECT_EQ(printable("ab\x01\xff c"), "ab\\x01\\xff c");
    EXPECT_EQ(printable(std::string(100, 'a'), 10), "aaaaaaaaaa...");
    const std::string junk(
        "\x7f"
        "ELF\x02\x01\x01\x00\x00\x1b[31m",
        14);
    const ParseResult r = parseConfig(junk + "\n");
    ASSERT_FALSE(r.ok());
    for (char c : r.error)
        EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "raw byte " << static_cast<int>(c) << " in: " << r.error;
    EXPECT_NE(r.error.find("\\x7fELF\\x02"), std::string::npos) << r.error;
}

// The settings file is written from the flag table alone: every flag the file
// accepts (the grid, the simulation's and the settings' rows, the brush
// colour, the range) is written from its own row, and nothing else is.
TEST(ConfigFile, EverySettingTheFileAcceptsIsWrittenFromItsFlagRow)
{
    const std::string text = formatConfig(Options{});
    int settings = 0;
    for (const flag_table::Flag& flag : flag_table::flags()) {
        const bool setting = inSettingsFile(flag.scope) && !flag.value.empty();
        settings += setting;
        EXPECT_EQ(static_cast<bool>(flag.current), setting) << flag.name;
        // (Appended piece by piece: GCC 12 warns falsely on "\n" + std::string(...).)
        std::string line = "\n";
        line += flag.name;
        line += " = ";
        EXPECT_EQ(text.find(line) != std::string::npos, setting) << flag.name;
        if (setting) {
            line += flag.current(Options{});
            EXPECT_TRUE(parseConfig(line.substr(1) + "\n").ok()) << flag.name;
        }
    }
    EXPECT_GT(settings, 40) << "the settings file lost its rows";
}

TEST(ConfigFile, BrokenFilesAreRejectedWithTheLineNumber)
{
    EXPECT_TRUE(parseConfig("# only a comment\n\n  viscosity = 0.5  # thick\n").ok());
    const ParseResult garbage = parseConfig("viscosity = 0.5\n\x01\x02 binary junk\n");
    EXPECT_FALSE(garbage.ok());
    EXPECT_NE(garbage.error.find("line 2"), std::string::npos) << garbage.error;
    EXPECT_NE(parseConfig("viscosity = -3\n").error.find("viscosity expects"), std::string::npos);
    EXPECT_NE(parseConfig("headless = 1\n").error.find("unknown setting 'headless'"), std::string::npos);
    EXPECT_NE(parseConfig("wobble = 1\n").error.find("unknown setting"), std::string::npos);
}

// What editors and users write: a byte-order mark before the first line is no
// part of its name; a colour written "#ff0000" is a comment, and the message
// says so instead of only "got ''".
TEST(ConfigFile, AByteOrderMarkIsSkippedAndAHashValueIsExplained)
{
    const ParseResult bom = parseConfig("\xef\xbb\xbfviscosity = 0.5\n");
    ASSERT_TRUE(bom.ok()) << bom.error;
    EXPECT_FLOAT_EQ(bom.options.params.viscosity, 0.5f);
    const ParseResult hash = parseConfig("brush-colour = #ff0000\n");
    EXPECT_FALSE(hash.ok());
    EXPECT_NE(hash.error.find("line 1: brush-colour"), std::string::npos) << hash.error;
    EXPECT_NE(hash.error.find("('#' starts a comment)"), std::string::npos) << hash.error;
    // A comment after a value is no such case.
    EXPECT_EQ(parseConfig("viscosity = -3 # thick\n").error.find("comment"), std::string::npos);
}

// The window's settings file is written at exit: a log recorded into it was
// overwritten by the settings. Headless runs and --no-config write none.
TEST(Settings, TheSettingsFileIsAnOutputOfTheWindowOnly)
{
    Options o;
    o.configFile = "/tmp/fluidsim-clash-test/settings.ini";
    o.recordInputFile = "/tmp/fluidsim-clash-test/../fluidsim-clash-test/settings.ini";
    ASSERT_TRUE(fileClashProblem(o).has_value());
    EXPECT_EQ(*fileClashProblem(o), "--record-input and --config both name " + o.configFile +
                                        ": one would overwrite the other; name two files");
    o.noConfig = true;
    EXPECT_FALSE(fileClashProblem(o).has_value());
    o.noConfig = false;
    o.headless = true;
    EXPECT_FALSE(fileClashProblem(o).has_value());
}

// Two outputs under a folder whose name is too long to resolve were "both"
// the same file: the path each resolved to was the empty one. No clash: the
// checks of each output say what is wrong.
TEST(Settings, PathsThatCannotBeResolvedAreNoClash)
{
    Options o;
    o.headless = true;
    const std::string folder = "/tmp/" + std::string(300, 'x');
    o.energyFile = folder + "/a.csv";
    o.probeFile = folder + "/b.csv";
    EXPECT_FALSE(fileClashProblem(o).has_value()) << *fileClashProblem(o);
}

}  // namespace
}  // namespace fluid::app
