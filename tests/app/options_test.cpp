// Command line and settings file: good values land in the right field, bad
// ones give one line naming the flag and the accepted range.
#include <gtest/gtest.h>

#include <vector>

#include "app/options.hpp"

namespace fluid::app {
namespace {

ParseResult parse(std::vector<const char*> args)
{
    args.insert(args.begin(), "fluidsim");
    return parseCommandLine(static_cast<int>(args.size()), args.data());
}

TEST(CommandLine, GoodValues)
{
    const ParseResult r = parse({"--grid", "128", "--viscosity=0.001", "--pressure-iterations", "80", "--boundary",
                                 "periodic", "--headless", "--backend", "cpu", "--scenario", "cavity", "--width", "800",
                                 "--warm-start", "off", "--steps", "10"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.params.gridWidth, 128);
    EXPECT_EQ(r.options.params.gridHeight, 128);
    EXPECT_FLOAT_EQ(r.options.params.viscosity, 0.001f);
    EXPECT_EQ(r.options.params.pressureIterations, 80);
    EXPECT_EQ(r.options.params.boundary, BoundaryMode::Periodic);
    EXPECT_FALSE(r.options.params.warmStartPressure);
    EXPECT_TRUE(r.options.headless);
    EXPECT_EQ(r.options.backend, Backend::Cpu);
    EXPECT_EQ(r.options.scenario, Scenario::Cavity);
    EXPECT_EQ(r.options.windowWidth, 800);
    EXPECT_EQ(r.options.steps, 10);
    EXPECT_TRUE(r.options.given("viscosity"));
    EXPECT_FALSE(r.options.given("dt"));
}

TEST(CommandLine, BadValuesNameTheFlagAndTheRange)
{
    struct Case {
        std::vector<const char*> args;
        const char* mustMention;
    };
    const std::vector<Case> cases = {
        {{"--grid", "3"}, "--grid expects an integer in 8..4096, got '3'"},
        {{"--grid", "12.5"}, "--grid expects an integer"},
        {{"--grid", "abc"}, "--grid"},
        {{"--grid", "0x100"}, "--grid expects an integer"},
        {{"--grid", " 64"}, "--grid expects an integer"},
        {{"--dt", "0x1p-3"}, "--dt expects a number"},
        {{"--grid"}, "--grid needs a value"},
        {{"--dt", "0"}, "--dt expects a number in (0, 10]"},
        {{"--dt", "nan"}, "--dt"},
        {{"--viscosity", "-1"}, "--viscosity expects a number in [0, 100]"},
        {{"--viscosity", "1e400"}, "--viscosity"},
        {{"--pressure-iterations", "-5"}, "--pressure-iterations expects an integer in 0..10000"},
        {{"--boundary", "torus"}, "--boundary expects one of box, periodic, got 'torus'"},
        {{"--scenario", "karman"}, "--scenario expects one of demo, cavity, taylor-green, shear-wave"},
        {{"--backend", "vulkan"}, "--backend expects one of gpu, cpu"},
        {{"--width", "10"}, "--width expects an integer in 64..16384"},
        {{"--frobnicate"}, "unknown flag --frobnicate"},
        {{"stray"}, "unexpected argument 'stray'"},
        {{"--headless=yes"}, "--headless takes no value"},
    };
    for (const Case& c : cases) {
        const ParseResult r = parse(c.args);
        EXPECT_FALSE(r.ok()) << c.args[0];
        EXPECT_NE(r.error.find(c.mustMention), std::string::npos) << "got: " << r.error;
        EXPECT_EQ(r.error.find('\n'), std::string::npos) << "the message must be one line: " << r.error;
    }
}

TEST(CommandLine, HelpListsEveryFlag)
{
    EXPECT_TRUE(parse({"--help"}).options.showHelp);
    const std::string help = helpText();
    for (const char* flag : {"--grid", "--dt", "--viscosity", "--pressure-iterations", "--viscosity-iterations",
                             "--vorticity", "--boundary", "--width", "--height", "--config", "--headless",
                             "--backend", "--scenario", "--steps", "--time", "--reynolds", "--out", "--frames-every",
                             "--export-centerlines", "--export-energy", "--until-steady", "--screenshot-dir"})
        EXPECT_NE(help.find(flag), std::string::npos) << flag;
}

TEST(ConfigFile, RoundTripsSimulationParameters)
{
    SimParams p;
    p.gridWidth = p.gridHeight = 192;
    p.viscosity = 2.5e-5f;
    p.vorticity = 12.0f;
    p.pressureIterations = 77;
    p.boundary = BoundaryMode::Periodic;
    p.warmStartPressure = false;
    p.dt = 0.01f;
    const std::string text = formatConfig(p);
    EXPECT_NE(text.find("viscosity = 2.5e-05\n"), std::string::npos) << text;  // shortest round-trip form
    const ParseResult r = parseConfig(text);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.params.gridWidth, 192);
    EXPECT_FLOAT_EQ(r.options.params.viscosity, 2.5e-5f);
    EXPECT_FLOAT_EQ(r.options.params.vorticity, 12.0f);
    EXPECT_EQ(r.options.params.pressureIterations, 77);
    EXPECT_EQ(r.options.params.boundary, BoundaryMode::Periodic);
    EXPECT_FALSE(r.options.params.warmStartPressure);
    EXPECT_FLOAT_EQ(r.options.params.dt, 0.01f);
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

TEST(ConfigFile, CommandLineOverridesTheFile)
{
    const ParseResult file = parseConfig("viscosity = 0.5\ngrid = 64\n");
    ASSERT_TRUE(file.ok());
    std::vector<const char*> args{"fluidsim", "--viscosity", "0.25"};
    const ParseResult r = parseCommandLine(static_cast<int>(args.size()), args.data(), file.options);
    ASSERT_TRUE(r.ok());
    EXPECT_FLOAT_EQ(r.options.params.viscosity, 0.25f);
    EXPECT_EQ(r.options.params.gridWidth, 64);
}

}  // namespace
}  // namespace fluid::app
