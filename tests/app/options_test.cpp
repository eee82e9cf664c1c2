// The command line: good values land in the right field, bad ones give one
// line naming the flag and the accepted range; --help lists every flag.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli_fuzz_inputs.hpp"
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

// "--export-energy --profile" took --profile as the file's name: the run
// wrote a file called --profile and printed no profile, exit 0.
TEST(CommandLine, AFlagIsNotTakenAsTheValueOfTheOneBefore)
{
    const ParseResult r = parse({"--headless", "--export-energy", "--profile"});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error,
              "--export-energy needs a value (FILE), not the flag --profile; to mean a value that starts with --, "
              "write --export-energy=--profile");
    EXPECT_FALSE(parse({"--headless", "--out", "--steps=5"}).ok()) << "a flag with its value is a flag too";
    EXPECT_FALSE(parse({"--headless", "--export-energy", "--help"}).ok()) << "--help is a flag too";
    EXPECT_FALSE(parse({"--headless", "--export-energy", "-h"}).ok());

    const ParseResult spelled = parse({"--headless", "--export-energy=--profile"});
    ASSERT_TRUE(spelled.ok()) << spelled.error;
    EXPECT_EQ(spelled.options.energyFile, "--profile");
    const ParseResult notAFlag = parse({"--headless", "--out", "--frames"});  // no flag of that name
    ASSERT_TRUE(notAFlag.ok()) << notAFlag.error;
    EXPECT_EQ(notAFlag.options.outDir, "--frames");
}

TEST(CommandLine, ViscositySolver)
{
    EXPECT_EQ(parse({}).options.params.viscositySolver, ViscositySolver::Multigrid);
    const ParseResult r = parse({"--viscosity-solver", "jacobi", "--viscosity-iterations", "30"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.params.viscositySolver, ViscositySolver::Jacobi);
    EXPECT_EQ(r.options.params.viscosityIterations, 30);
    const ParseResult bad = parse({"--viscosity-solver", "gauss"});
    EXPECT_FALSE(bad.ok());
    EXPECT_NE(bad.error.find("viscosity-solver"), std::string::npos) << bad.error;
}

TEST(CommandLine, BadValuesNameTheFlagAndTheRange)
{
    struct Case {
        std::vector<const char*> args;
        const char* mustMention;
    };
    const std::vector<Case> cases = {
        {{"--grid", "3"}, "--grid expects auto or an integer in 8..4096, got '3'"},
        {{"--dye-grid", "3"}, "--dye-grid expects 0 or an integer in 8..4096, got '3'"},
        {{"--dye-grid", "auto"}, "--dye-grid expects 0 or an integer"},
        {{"--gravity", "-1"}, "--gravity expects a number in [0, 1000] m/s^2"},
        {{"--ambient-temperature", "0"}, "--ambient-temperature expects a number in [1, 10000] K"},
        {{"--smoke-weight", "nan"}, "--smoke-weight"},
        {{"--cooling", "1e5"}, "--cooling expects a number in [0, 10000] 1/s"},
        {{"--emitter-heat", "-3"}, "--emitter-heat expects a number in [0, 100000] K/s"},
        {{"--grid", "12.5"}, "--grid expects auto or an integer"},
        {{"--grid", "abc"}, "--grid"},
        {{"--grid", "0x100"}, "--grid expects auto or an integer"},
        {{"--grid", " 64"}, "--grid expects auto or an integer"},
        {{"--dt", "0x1p-3"}, "--dt expects a number"},
        {{"--grid"}, "--grid needs a value"},
        {{"--dt", "0"}, "--dt expects a number in (0, 10]"},
        // In range, but its float is 0 (it was "dt = 0 is out of range"), or
        // a float holds it only below full precision, which a GPU takes as 0
        // (the water view divided by such a dt and went black).
        {{"--dt", "1e-300"}, "--dt expects a number in (0, 10] s (a GPU takes any under 1.2e-38 as 0), got '1e-300'"},
        {{"--dt", "1e-40"}, "--dt expects a number in (0, 10] s (a GPU takes any under 1.2e-38 as 0)"},
        {{"--viscosity", "100.000001"}, "--viscosity expects a number in [0, 100]"},
        {{"--dt", "nan"}, "--dt"},
        {{"--viscosity", "-1"}, "--viscosity expects a number in [0, 100]"},
        {{"--viscosity", "1e400"}, "--viscosity"},
        {{"--pressure-iterations", "-5"}, "--pressure-iterations expects an integer in 0..10000"},
        {{"--boundary", "torus"}, "--boundary expects one of box, periodic, tunnel, tunnel-walls, got 'torus'"},
        {{"--pressure-solver", "sor"}, "--pressure-solver expects one of jacobi, multigrid, got 'sor'"},
        {{"--multigrid-cycles", "101"}, "--multigrid-cycles expects an integer in 0..100"},
        {{"--multigrid-cycles", "-1"}, "--multigrid-cycles expects an integer in 0..100"},
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

// A number too small for a double ("1e-400") was read as 0 and accepted by
// every flag whose range holds 0, integers included (--threads 1e-400 ran on
// every core). Each numeric flag refuses it with the message it gives any
// text that is no number, its range; the settings file too.
TEST(CommandLine, ANumberTooSmallForADoubleIsRefusedNotReadAsZero)
{
    EXPECT_EQ(parse({"--threads", "1e-400"}).error, "--threads expects an integer in 0..1024, got '1e-400'");
    EXPECT_EQ(parse({"--vorticity", "-1e-400"}).error.rfind("--vorticity expects a number in [0, ", 0), 0u);
    EXPECT_EQ(parse({"--dye-grid", "1e-400"}).error, "--dye-grid expects 0 or an integer in 8..4096, got '1e-400'");
    int numeric = 0;
    for (const flag_table::Flag& flag : flag_table::flags()) {
        if (flag.value.empty()) continue;
        const std::string name = std::string("--") + flag.name;
        const std::string refused = parse({name.c_str(), "nan"}).error;
        if (refused.empty()) continue;  // a file name: any text will do
        ++numeric;
        const std::string expected = refused.substr(0, refused.rfind("'nan'"));
        for (const char* tiny : {"1e-400", "-1e-400", "1e-310", "0.0000000001e-320"}) {
            const ParseResult r = parse({name.c_str(), tiny});
            EXPECT_EQ(r.error, expected + "'" + tiny + "'") << name;
        }
    }
    EXPECT_GT(numeric, 50) << "the numeric flags were not found";
    EXPECT_TRUE(parse({"--threads", "0", "--vorticity", "0e-400", "--dye-grid", "-0"}).ok());
    EXPECT_TRUE(parse({"--vorticity", "1e-30"}).ok());
    const ParseResult file = parseConfig("vorticity = 1e-400\n");
    EXPECT_NE(file.error.find("vorticity expects a number in [0, "), std::string::npos) << file.error;
    EXPECT_NE(file.error.find("got '1e-400'"), std::string::npos) << file.error;
}

// One number grammar for every flag: "+5" was a real but no integer. A
// leading '+' is accepted by both; an integer is a number whose value is
// whole, read by the same parser ("6.4e1" is 64, "64.5" is no integer).
TEST(CommandLine, IntegersAndRealsShareOneNumberGrammar)
{
    const ParseResult r = parse({"--grid", "+64", "--pressure-iterations", "+40", "--dt", "+0.01", "--steps", "+3",
                                 "--width", "+800", "--dye-grid", "+0", "--multigrid-cycles", "3e0"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.params.gridWidth, 64);
    EXPECT_EQ(r.options.params.pressureIterations, 40);
    EXPECT_FLOAT_EQ(r.options.params.dt, 0.01f);
    EXPECT_EQ(r.options.steps, 3);
    EXPECT_EQ(r.options.windowWidth, 800);
    EXPECT_EQ(r.options.params.dyeGridWidth, 0);
    EXPECT_EQ(r.options.params.multigridCycles, 3);
    EXPECT_EQ(parse({"--grid", "6.4e1"}).options.params.gridWidth, 64);
    for (const char* bad : {"64.5", "++64", "+-64", "+", "+ 64", "1e10", "0x40", "inf"}) {
        EXPECT_FALSE(parse({"--grid", bad}).ok()) << bad;
        EXPECT_FALSE(parse({"--steps", bad}).ok()) << bad;
        EXPECT_FALSE(parse({"--pressure-iterations", bad}).ok()) << bad;
    }
    for (const char* bad : {"++1", "+-1", "+", "+ 1", "0x1", "+inf", "+nan"})
        EXPECT_FALSE(parse({"--dt", bad}).ok()) << bad;
    EXPECT_EQ(fluid::parseInteger("+7"), 7);
    EXPECT_EQ(fluid::parseInteger("-7"), -7);
    EXPECT_EQ(fluid::parseInteger("2147483648"), std::nullopt);
    EXPECT_EQ(fluid::parseNumber("+7"), 7.0);
}

// The window starts with vorticity confinement; the simulation's default, which
// the headless runner and the validation figures use, stays 0. A flag wins.
TEST(WindowDefaults, TheWindowStartsWithVorticityAndTheHeadlessRunnerWithout)
{
    EXPECT_EQ(Options{}.params.vorticity, 0.0f);
    EXPECT_EQ(windowDefaults().params.vorticity, kWindowVorticity);
    EXPECT_GT(kWindowVorticity, 0.0f);
    const char* argv[] = {"fluidsim", "--vorticity", "0"};
    const ParseResult parsed = parseCommandLine(3, argv, windowDefaults());
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(parsed.options.params.vorticity, 0.0f);
    char said[64];
    std::snprintf(said, sizeof said, "The window starts at %g ", static_cast<double>(kWindowVorticity));
    EXPECT_NE(helpText().find(said), std::string::npos) << "--help does not give the window's vorticity";
}

// The window starts at 2 V-cycles, for its grid; the programs' default, which
// the headless runner and the figures use, is 3 (the divergence bound of 1e-3). A flag wins.
TEST(WindowDefaults, TheWindowStartsAtTwoVCyclesAndTheHeadlessRunnerAtTheDefault)
{
    EXPECT_EQ(Options{}.params.multigridCycles, defaultSimParams().multigridCycles);
    EXPECT_EQ(windowDefaults().params.multigridCycles, kWindowMultigridCycles);
    EXPECT_LT(kWindowMultigridCycles, defaultSimParams().multigridCycles);
    const char* argv[] = {"fluidsim", "--multigrid-cycles", "3"};
    const ParseResult parsed = parseCommandLine(3, argv, windowDefaults());
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(parsed.options.params.multigridCycles, 3);
    char said[64];
    std::snprintf(said, sizeof said, "The window starts at %d ", kWindowMultigridCycles);
    EXPECT_NE(helpText().find(said), std::string::npos) << "--help does not give the window's V-cycles";
}

// Each numeric flag's range is written once, in its row: the range its
// refusal names is the one --help gives it, and a window size or grid range
// typed into one of them alone would drift from the other.
TEST(CommandLine, HelpGivesEachFlagTheRangeItsRefusalNames)
{
    int ranged = 0;
    for (const flag_table::Flag& flag : flag_table::flags()) {
        if (flag.value.empty()) continue;
        const std::string name = std::string("--") + flag.name;
        const std::string refused = parse({name.c_str(), "nan"}).error;
        const auto in = refused.find(" in ");
        const auto end = refused.rfind(", got '");
        if (in == std::string::npos || end == std::string::npos || in > end) continue;
        const std::string range = refused.substr(in + 4, end - in - 4);
        // A range: "[0, 100] m^2/s", "(0, 1e+06] s", "8..4096"; not "in hex" or "in .mp4, .webm or .gif".
        if (range.empty() || range.find_first_of("[(-0123456789") != 0) continue;
        ++ranged;
        EXPECT_NE(flag.help.find(range), std::string::npos)
            << name << " refuses with " << range << ", --help says: " << flag.help;
    }
    EXPECT_GT(ranged, 50) << "the ranged flags were not found";
}

// The window's parameters on its grid, as the window, the look test and the
// frame benchmark take them: the window's defaults, the grid of the window's
// shape with the short side 1 m, the dye grid 4x finer up to the pixels.
TEST(WindowDefaults, TheWindowsStartParametersAreItsDefaultsOnItsGrid)
{
    const SimParams p = windowStartParams({1024, 768}, 128);
    EXPECT_EQ(p.gridHeight, 128);
    EXPECT_NEAR(static_cast<double>(p.gridWidth) / p.gridHeight, 1024.0 / 768.0, 0.03);
    EXPECT_FLOAT_EQ(p.domainHeight(), 1.0f);
    EXPECT_EQ(p.dyeGridHeight(), 4 * 128);
    EXPECT_EQ(p.dyeGridWidth, 4 * p.gridWidth);
    SimParams sameButGrids = p;
    const SimParams window = windowDefaults().params;
    sameButGrids.gridWidth = window.gridWidth;
    sameButGrids.gridHeight = window.gridHeight;
    sameButGrids.domainWidth = window.domainWidth;
    sameButGrids.dyeGridWidth = window.dyeGridWidth;
    EXPECT_EQ(sameButGrids, window);
    EXPECT_FALSE(validate(p).has_value());
}

// The command-line fuzz draws from its own list of the flags and values
// each accepts: every flag of the table is on it, as the table spells it and
// takes a value, and each value it calls good is one the flag accepts.
TEST(CommandLine, TheFuzzDrawsEveryFlagWithValuesItAccepts)
{
    for (const std::string& name : flagNames()) {
        const auto fuzzed = std::find_if(test::fuzz::kFlags.begin(), test::fuzz::kFlags.end(),
                                         [&](const test::fuzz::FlagName& f) { return name == f.name; });
        EXPECT_NE(fuzzed, test::fuzz::kFlags.end()) << "the fuzz never draws --" << name;
    }
    for (const test::fuzz::FlagName& fuzzed : test::fuzz::kFlags) {
        if (fuzzed.name == std::string("help")) continue;  // the parser's own, no row
        const flag_table::Flag* flag = flag_table::find(fuzzed.name);
        ASSERT_NE(flag, nullptr) << "the fuzz draws --" << fuzzed.name << ", which is no flag";
        EXPECT_EQ(fuzzed.takesValue, !flag->value.empty()) << fuzzed.name;
        for (const std::string& value : fuzzed.good) {
            Options o;
            EXPECT_EQ(flag->apply(o, value), "") << "--" << fuzzed.name << " " << value;
        }
    }
}

TEST(CommandLine, HelpListsEveryFlag)
{
    EXPECT_TRUE(parse({"--help"}).options.showHelp);
    const std::string help = helpText();
    for (const std::string& name : flagNames()) {
        const std::string flag = "  --" + name + " ";
        const std::string flagAtLineEnd = "  --" + name + "\n";
        EXPECT_TRUE(help.find(flag) != std::string::npos || help.find(flagAtLineEnd) != std::string::npos) << flag;
    }
}

TEST(CommandLine, BrushAndDisplayFlagsCheckTheirValues)
{
    const ParseResult good = parse({"--brush-colour", "00ff80", "--range", "auto", "--view", "pressure",
                                    "--max-steps-per-frame", "16", "--dye-rate", "0"});
    ASSERT_TRUE(good.ok()) << good.error;
    EXPECT_EQ(good.options.brush.colour, glm::vec3(0.0f, 1.0f, 128.0f / 255.0f));
    EXPECT_EQ(good.options.display.view, FieldView::Pressure);
    EXPECT_EQ(good.options.maxStepsPerFrame, 16);
    EXPECT_NE(parse({"--brush-colour", "red"}).error.find("--brush-colour expects cycle or a colour"),
              std::string::npos);
    EXPECT_NE(parse({"--max-steps-per-frame", "0"}).error.find("1..16"), std::string::npos);
    EXPECT_NE(parse({"--range", "0"}).error.find("--range expects auto or"), std::string::npos);
    EXPECT_NE(parse({"--exposure", "0"}).error.find("--exposure expects"), std::string::npos);
    EXPECT_NE(parse({"--view", "dyes"}).error.find("expects one of dye, velocity"), std::string::npos);
}

// The views come from one table (display_settings.cpp): every row is a value
// of --view, reads back from the settings file, and is reached by the V key.
TEST(CommandLine, EveryViewOfTheTableIsAFlagValue)
{
    FieldView cycled = FieldView::Dye;
    for (const FieldViewInfo& view : fieldViews()) {
        const ParseResult r = parse({"--view", view.name});
        ASSERT_TRUE(r.ok()) << r.error;
        EXPECT_EQ(r.options.display.view, view.view);
        EXPECT_EQ(parseConfig(formatConfig(r.options)).options.display.view, view.view);
        EXPECT_NE(parse({"--view", "nothing"}).error.find(view.name), std::string::npos);
        EXPECT_EQ(cycled, view.view);
        cycled = nextView(cycled);
    }
    EXPECT_EQ(cycled, FieldView::Dye) << "the V key does not wrap around";
}

// A view that shows nothing now is skipped by V and has a reason for the canvas.
TEST(Views, TheVKeySkipsTheTemperatureWhileSmokeIsOff)
{
    EXPECT_EQ(nextView(FieldView::Water, false), FieldView::Dye);
    EXPECT_EQ(nextView(FieldView::Water, true), FieldView::Temperature);
    EXPECT_NE(emptyViewReason(FieldView::Temperature, false), nullptr);
    EXPECT_EQ(emptyViewReason(FieldView::Temperature, true), nullptr);
    for (const FieldViewInfo& view : fieldViews()) {
        if (view.view != FieldView::Temperature) {
            EXPECT_EQ(emptyViewReason(view.view, false), nullptr) << view.name;
        }
        EXPECT_NE(nextView(view.view, false), FieldView::Temperature) << view.name;
    }
}

TEST(CommandLine, WaterLookFlags)
{
    const ParseResult r = parse({"--view", "water", "--water-relief", "4", "--light-azimuth", "90", "--light-elevation",
                                 "30", "--shininess", "200", "--water-depth", "0.5"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.display.water, (WaterLook{4.0f, 90.0f, 30.0f, 200.0f, 0.5f}));
    EXPECT_NE(parse({"--water-relief", "-1"}).error.find("[0, 100]"), std::string::npos);
    EXPECT_NE(parse({"--light-elevation", "91"}).error.find("[0, 90]"), std::string::npos);
    EXPECT_NE(parse({"--shininess", "0"}).error.find("[1, 1000]"), std::string::npos);
    EXPECT_NE(parse({"--water-depth", "nan"}).error.find("--water-depth expects"), std::string::npos);
}

// Flags apply to one run: after `fluidsim --grid 64`, the file keeps its grid;
// what the user changed in the panel is saved, even back to a default.
TEST(Parameters, AValueBelowTheSmallestNormalFloatIsRefused)
{
    SimParams p;
    p.dt = 1e-40f;
    ASSERT_TRUE(validate(p).has_value());
    EXPECT_NE(validate(p)->find("accepted: (0, 10] s (a GPU takes any under 1.2e-38 as 0)"), std::string::npos)
        << *validate(p);
    p.dt = 1.2e-38f;
    EXPECT_FALSE(validate(p).has_value()) << *validate(p);
    // Where 0 is accepted, a value a GPU takes as 0 is harmless.
    p.viscosity = 1e-40f;
    EXPECT_FALSE(validate(p).has_value()) << *validate(p);
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

TEST(CommandLine, GridIsAutoUnlessANumberIsGiven)
{
    EXPECT_TRUE(Options{}.autoGrid);
    const char* number[] = {"fluidsim", "--grid", "96"};
    const ParseResult n = parseCommandLine(3, number);
    ASSERT_TRUE(n.ok()) << n.error;
    EXPECT_FALSE(n.options.autoGrid);
    EXPECT_EQ(n.options.params.gridWidth, 96);
    const char* automatic[] = {"fluidsim", "--grid", "auto"};
    const ParseResult a = parseCommandLine(3, automatic, n.options);
    ASSERT_TRUE(a.ok()) << a.error;
    EXPECT_TRUE(a.options.autoGrid);
    const ParseResult file = parseConfig("grid = auto\n");
    ASSERT_TRUE(file.ok()) << file.error;
    EXPECT_TRUE(file.options.autoGrid);
    EXPECT_NE(formatConfig(Options{}).find("grid = auto\n"), std::string::npos);
}

}  // namespace
}  // namespace fluid::app
