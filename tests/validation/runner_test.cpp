// The headless runner as a user meets it: flags that contradict each other or
// the scenario give one line and exit code 2, the scenarios set up the flows
// docs/validation.md defines, and the outputs (CSV, PNG) land where asked.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

#include <unistd.h>

#include "app/headless/ghia1982.hpp"
#include "app/headless/measure.hpp"
#include "app/headless/runner.hpp"
#include "core/cylinder_wake.hpp"
#include "validation/validation_support.hpp"

namespace fluid::validation {
namespace {

namespace fs = std::filesystem;
using namespace app::headless;

app::ParseResult parse(std::vector<std::string> flags)
{
    flags.insert(flags.begin(), {"fluidsim", "--headless"});
    std::vector<const char*> argv;
    for (const std::string& f : flags) argv.push_back(f.c_str());
    return app::parseCommandLine(static_cast<int>(argv.size()), argv.data());
}

// The error resolveRun() gives for these flags ("" when it accepts them).
std::string runError(std::vector<std::string> flags)
{
    const app::ParseResult parsed = parse(std::move(flags));
    EXPECT_TRUE(parsed.ok()) << parsed.error;
    return resolveRun(parsed.options).error;
}

std::vector<std::string> readLines(const fs::path& path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

class TempDir {
public:
    TempDir() : path_(fs::temp_directory_path() / ("fluidsim_runner_test_" + std::to_string(getpid())))
    {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() { fs::remove_all(path_); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    fs::path operator/(const std::string& name) const { return path_ / name; }

private:
    fs::path path_;
};

TEST(HeadlessRunner, RejectsContradictoryFlagsWithOneLineNamingThem)
{
    const struct {
        std::vector<std::string> flags;
        const char* mentions;
    } cases[] = {
        {{"--steps", "10", "--time", "1"}, "--steps or --time"},
        {{"--frames-every", "5"}, "--out"},
        {{"--scenario", "taylor-green", "--reynolds", "100"}, "--reynolds"},
        {{"--scenario", "demo", "--export-centerlines", "c.csv"}, "--export-centerlines"},
        {{"--scenario", "cavity", "--reynolds", "100", "--viscosity", "0.01"}, "--reynolds or --viscosity"},
        {{"--scenario", "cavity", "--boundary", "periodic"}, "--boundary box"},
        {{"--scenario", "shear-wave", "--boundary", "box"}, "--boundary periodic"},
        {{"--scenario", "cavity", "--viscosity", "0"}, "--viscosity"},
        {{"--time", "1000000", "--dt", "0.000001"}, "steps"},
        {{"--scenario", "cavity", "--export-probe", "p.csv"}, "--export-probe"},
        {{"--scenario", "tunnel", "--viscosity", "0.01"}, "--reynolds"},
        {{"--scenario", "tunnel", "--boundary", "box"}, "--boundary tunnel"},
        {{"--scenario", "tunnel", "--grid", "16"}, "at least 32"},
    };
    for (const auto& c : cases) {
        const std::string error = runError(c.flags);
        EXPECT_NE(error.find(c.mentions), std::string::npos) << "got '" << error << "'";
        EXPECT_EQ(error.find('\n'), std::string::npos) << "one line, got '" << error << "'";
    }
}

TEST(HeadlessRunner, ExitsWithTwoOnContradictoryFlags)
{
    const app::ParseResult parsed = parse({"--steps", "10", "--time", "1"});
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(app::runHeadless(parsed.options), app::kUsageErrorExit);
}

TEST(HeadlessRunner, ScenariosSetUpTheCavityTaylorGreenAndShearWaveFlows)
{
    const RunSpec cavity = resolvedSpec(parse({"--scenario", "cavity", "--reynolds", "400"}).options);
    EXPECT_EQ(cavity.params.boundary, BoundaryMode::Box);
    EXPECT_FLOAT_EQ(cavity.params.domainWidth, 1.0f);
    EXPECT_FLOAT_EQ(cavity.params.lidSpeed, 1.0f);
    EXPECT_FLOAT_EQ(cavity.params.viscosity, 1.0f / 400.0f);
    EXPECT_TRUE(cavity.steadyTolerance.has_value()) << "the cavity runs until steady by default";

    const RunSpec tg = resolvedSpec(parse({"--scenario", "taylor-green", "--grid", "32", "--time", "1.5"}).options);
    EXPECT_EQ(tg.params.boundary, BoundaryMode::Periodic);
    EXPECT_FLOAT_EQ(tg.params.domainWidth, static_cast<float>(2.0 * std::numbers::pi));
    EXPECT_FLOAT_EQ(tg.params.lidSpeed, 0.0f);
    // Fixed CFL: the largest dt <= 0.5 h / U that divides t.
    EXPECT_NEAR(tg.steps * static_cast<double>(tg.params.dt), 1.5, 1e-6);
    EXPECT_LE(static_cast<double>(tg.params.dt), 0.5 * static_cast<double>(tg.params.cellSize()) * (1.0 + 1e-6));
    // Each component where the layout keeps it: on the staggered faces by
    // default (u on the left face, v on the bottom one), at the centres when
    // collocated.
    const Field u0 = initialState(app::Scenario::TaylorGreen, tg.params).velocity;
    const double h = static_cast<double>(tg.params.cellSize());
    EXPECT_EQ(tg.params.layout, Layout::Staggered);
    EXPECT_NEAR(u0.at(3, 5, 0), std::sin(3.0 * h) * std::cos(5.5 * h), 1e-6);
    EXPECT_NEAR(u0.at(3, 5, 1), -std::cos(3.5 * h) * std::sin(5.0 * h), 1e-6);
    const RunSpec tgCentres = resolvedSpec(
        parse({"--scenario", "taylor-green", "--grid", "32", "--time", "1.5", "--layout", "collocated"}).options);
    const Field c0 = initialState(app::Scenario::TaylorGreen, tgCentres.params).velocity;
    EXPECT_NEAR(c0.at(3, 5, 0), std::sin(3.5 * h) * std::cos(5.5 * h), 1e-6);
    EXPECT_NEAR(c0.at(3, 5, 1), -std::cos(3.5 * h) * std::sin(5.5 * h), 1e-6);

    const RunSpec shear = resolvedSpec(parse({"--scenario", "shear-wave", "--viscosity", "0.02"}).options);
    EXPECT_FLOAT_EQ(shear.params.viscosity, 0.02f) << "an explicit --viscosity wins over the scenario's";
    const Field s0 = initialState(app::Scenario::ShearWave, shear.params).velocity;
    EXPECT_NEAR(s0.at(0, 7, 0), std::sin(2.0 * std::numbers::pi * 7.5 / shear.params.gridHeight), 1e-6);
    EXPECT_EQ(s0.at(0, 7, 1), 0.0f);
}

// --scenario tunnel: the cylinder wake of src/core/cylinder_wake.hpp at
// --reynolds (Re = U D / nu), the grid's height setting D; a short CPU run
// writes the probe's series, one row per step.
TEST(HeadlessRunner, TunnelSetsUpTheCylinderAndWritesTheProbe)
{
    const RunSpec spec = resolvedSpec(parse({"--scenario", "tunnel", "--grid", "48", "--reynolds", "80"}).options);
    ASSERT_TRUE(spec.wake.has_value());
    EXPECT_EQ(spec.params.boundary, BoundaryMode::Tunnel);
    EXPECT_EQ(spec.params.gridHeight, 48);
    EXPECT_EQ(spec.params.gridWidth, 120);
    EXPECT_NEAR(spec.wake->diameter, 6.0 / 48.0, 1e-12);
    EXPECT_NEAR(spec.wake->speed * spec.wake->diameter / static_cast<double>(spec.params.viscosity), 80.0, 1e-3);
    EXPECT_GT(spec.wake->mask.at(36, 24), 0.5f) << "the cylinder, 6 D behind the inlet";
    EXPECT_EQ(spec.wake->mask.at(10, 24), 0.0f);

    TempDir dir;
    const fs::path probe = dir / "probe.csv";
    const app::ParseResult parsed = parse({"--scenario", "tunnel", "--grid", "32", "--backend", "cpu", "--steps", "20",
                                           "--export-probe", probe.string()});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    testing::internal::CaptureStdout();
    ASSERT_EQ(app::runHeadless(parsed.options), 0);
    const std::string printed = testing::internal::GetCapturedStdout();
    const std::vector<std::string> lines = readLines(probe);
    ASSERT_EQ(lines.size(), 21u);
    EXPECT_EQ(lines[0], "t,v");
    // The reference Strouhal number for the run's own Re (the scenario's 100),
    // even where 20 steps are too few to shed.
    EXPECT_NE(printed.find("reference        St = 0.1643 at Re = 100 (Williamson 1988"), std::string::npos) << printed;
}

// Williamson's fit (core/cylinder_wake.hpp) against the values he measured,
// and nothing outside the laminar range it covers; the runner says so there.
TEST(HeadlessRunner, TheStrouhalReferenceIsForTheRunsOwnReynoldsNumber)
{
    EXPECT_NEAR(*williamsonStrouhal(100.0), 0.1643, 5e-5);  // 0.164-0.166 measured at Re = 100
    EXPECT_NEAR(*williamsonStrouhal(60.0), 0.1358, 5e-5);
    EXPECT_NEAR(*williamsonStrouhal(150.0), 0.1834, 5e-5);
    EXPECT_FALSE(williamsonStrouhal(40.0).has_value()) << "a steady wake: no shedding to compare";
    EXPECT_FALSE(williamsonStrouhal(200.0).has_value()) << "a three-dimensional wake";

    const app::ParseResult parsed =
        parse({"--scenario", "tunnel", "--grid", "32", "--backend", "cpu", "--steps", "2", "--reynolds", "200"});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    testing::internal::CaptureStdout();
    ASSERT_EQ(app::runHeadless(parsed.options), 0);
    const std::string printed = testing::internal::GetCapturedStdout();
    EXPECT_NE(printed.find("reference        none at Re = 200"), std::string::npos) << printed;
    EXPECT_EQ(printed.find("0.164"), std::string::npos) << "the Re = 100 value cited for Re = 200:\n" << printed;
}

// --scenario smoke: gravity and cooling unless given, one emitter low in the
// middle, and the run (CPU, a few tenths of a second) lifts its smoke: the
// centre of the dye ends well above the emitter and the fluid above it moves up.
TEST(HeadlessRunner, SmokeRisesFromItsEmitter)
{
    const RunSpec smoke = resolvedSpec(
        parse({"--scenario", "smoke", "--grid", "32", "--dye-grid", "64", "--steps", "45", "--backend", "cpu"})
            .options);
    EXPECT_FLOAT_EQ(smoke.params.gravity, 9.81f);
    EXPECT_FLOAT_EQ(smoke.params.cooling, 0.5f);
    EXPECT_EQ(smoke.params.dyeGridWidth, 64);
    const RunSpec given = resolvedSpec(parse({"--scenario", "smoke", "--gravity", "2", "--cooling", "0"}).options);
    EXPECT_FLOAT_EQ(given.params.gravity, 2.0f) << "an explicit --gravity wins over the scenario's";
    EXPECT_FLOAT_EQ(given.params.cooling, 0.0f);
    const std::vector<Emitter> emitters = scenarioEmitters(app::Scenario::Smoke, smoke.params);
    ASSERT_EQ(emitters.size(), 1u);
    EXPECT_FLOAT_EQ(emitters[0].position.y, 0.1f);

    const RunResult r = simulate(smoke);
    ASSERT_EQ(r.steps, 45);
    const Field& dye = r.final.dye;
    ASSERT_EQ(dye.width(), 64);
    double mass = 0.0, moment = 0.0;
    for (int j = 0; j < dye.height(); ++j)
        for (int i = 0; i < dye.width(); ++i) {
            mass += dye.at(i, j, 0);
            moment += dye.at(i, j, 0) * (j + 0.5) / dye.height();
        }
    ASSERT_GT(mass, 0.0);
    // Smoke left where it was put would have its centre at the emitter's 0.1 m.
    EXPECT_GT(moment / mass, 0.15) << "the smoke's centre is at " << moment / mass << " m";
    const Field& u = r.final.velocity;
    EXPECT_GT(u.at(16, 6, 1), 0.05f) << "the fluid above the emitter should rise";
}

TEST(HeadlessRunner, WritesEnergyCsvAndFrames)
{
    TempDir dir;
    const std::string energy = (dir / "energy.csv").string();
    const std::string frames = (dir / "frames").string();
    const app::ParseResult parsed =
        parse({"--backend", "cpu", "--threads", "1", "--scenario", "shear-wave", "--grid", "16", "--time", "0.25",
               "--export-energy", energy, "--out", frames, "--frames-every", "3"});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    const RunSpec spec = resolvedSpec(parsed.options);
    ASSERT_EQ(app::runHeadless(parsed.options), 0);

    const std::vector<std::string> lines = readLines(energy);
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(spec.steps) + 2) << "header, t = 0, then one row per step";
    EXPECT_EQ(lines[0], "t,kinetic_energy,max_divergence,pressure_residual");
    EXPECT_EQ(lines[1].rfind("0,", 0), 0u);

    // Every 3rd step, and the last one.
    const int expectedFrames = spec.steps / 3 + (spec.steps % 3 != 0 ? 1 : 0);
    int found = 0;
    for (const auto& entry : fs::directory_iterator(frames)) {
        std::ifstream png(entry.path(), std::ios::binary);
        char signature[8] = {};
        png.read(signature, 8);
        EXPECT_EQ(std::string(signature + 1, 3), "PNG") << entry.path();
        ++found;
    }
    EXPECT_EQ(found, expectedFrames);
    EXPECT_TRUE(fs::exists(fs::path(frames) / "frame_000003.png"));
}

TEST(HeadlessRunner, WritesCavityCenterlinesAndReportsSteadyState)
{
    TempDir dir;
    const std::string lines = (dir / "centerlines.csv").string();
    const app::ParseResult parsed = parse({"--backend", "cpu", "--threads", "1", "--scenario", "cavity", "--grid", "16",
                                           "--until-steady", "1e-3", "--export-centerlines", lines});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    ASSERT_EQ(app::runHeadless(parsed.options), 0) << "a 16^2 cavity settles well within the step budget";
    const std::vector<std::string> rows = readLines(lines);
    ASSERT_EQ(rows.size(), 17u) << "header and one row per cell centre";
    EXPECT_EQ(rows[0], "s,u_vertical,v_horizontal");
    EXPECT_EQ(rows[1].rfind("0.03125,", 0), 0u) << "s starts at the first cell centre, h / 2";
}

// The deviation line the README quotes: the largest distance of the exported
// centre lines from Ghia et al., as the validation tests measure it from
// tests/data/ (their own copy of the tables and their own interpolation), so
// the runner's embedded tables and its arithmetic are both held to the data.
TEST(HeadlessRunner, PrintsTheCavitysDeviationFromGhiaAsTheValidationMeasuresIt)
{
    TempDir dir;
    const std::string csv = (dir / "centerlines.csv").string();
    const app::ParseResult parsed = parse({"--backend", "cpu", "--threads", "1", "--scenario", "cavity", "--grid", "16",
                                           "--until-steady", "1e-3", "--export-centerlines", csv});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    testing::internal::CaptureStdout();
    ASSERT_EQ(app::runHeadless(parsed.options), 0);
    const std::string printed = testing::internal::GetCapturedStdout();

    const std::string label = "  vs Ghia et al.   max |u/U - Ghia| on x = 0.5: ";
    const std::size_t at = printed.find(label);
    ASSERT_NE(at, std::string::npos) << printed;
    double u = -1.0, v = -1.0;
    ASSERT_EQ(std::sscanf(printed.c_str() + at + label.size(), "%lf; max |v/U - Ghia| on y = 0.5: %lf", &u, &v), 2)
        << printed.substr(at);

    Centerlines lines;
    const std::vector<std::string> rows = readLines(csv);
    ASSERT_EQ(rows.size(), 17u);
    for (std::size_t n = 1; n < rows.size(); ++n) {
        double s = 0.0, uv = 0.0, vh = 0.0;
        ASSERT_EQ(std::sscanf(rows[n].c_str(), "%lf,%lf,%lf", &s, &uv, &vh), 3) << rows[n];
        lines.s.push_back(s);
        lines.uVertical.push_back(uv);
        lines.vHorizontal.push_back(vh);
    }
    const double uExpected =
        maxDeviation(loadGhia("ghia1982_re100_u_vertical.csv"), lines.s, lines.uVertical, 0.0, 1.0);
    const double vExpected =
        maxDeviation(loadGhia("ghia1982_re100_v_horizontal.csv"), lines.s, lines.vHorizontal, 0.0, 0.0);
    // Printed to 4 decimals: half the last digit, and the CSV's 9 digits.
    constexpr double kPrintedTo = 5e-5 + 1e-8;
    EXPECT_NEAR(u, uExpected, kPrintedTo);
    EXPECT_NEAR(v, vExpected, kPrintedTo);
    EXPECT_GT(u, 0.0) << "a 16^2 cavity is measurably off Ghia's 129^2 profile";
}

// The runner's own copy of the tables is the published data, point for point.
TEST(HeadlessRunner, CarriesGhiasTablesAsTheTestDataHoldsThem)
{
    const auto same = [](const std::array<GhiaPoint, 17>& carried, const Profile& published) {
        ASSERT_EQ(published.at.size(), carried.size());
        for (std::size_t k = 0; k < carried.size(); ++k) {
            EXPECT_EQ(carried[k].at, published.at[k]) << "point " << k;
            EXPECT_EQ(carried[k].value, published.value[k]) << "point " << k;
        }
    };
    same(kGhiaRe100UVertical, loadGhia("ghia1982_re100_u_vertical.csv"));
    same(kGhiaRe100VHorizontal, loadGhia("ghia1982_re100_v_horizontal.csv"));
}

// At any other Reynolds number the tables are no reference, and the runner
// says so instead of printing a distance to them.
TEST(HeadlessRunner, ComparesTheCavityWithGhiaOnlyAtTheirReynoldsNumber)
{
    const app::ParseResult parsed = parse({"--backend", "cpu", "--threads", "1", "--scenario", "cavity", "--grid", "16",
                                           "--reynolds", "400", "--steps", "2"});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    testing::internal::CaptureStdout();
    ASSERT_EQ(app::runHeadless(parsed.options), 0);
    const std::string printed = testing::internal::GetCapturedStdout();
    EXPECT_NE(printed.find("vs Ghia et al.   no comparison: their tables are for Re = 100, this run is Re = 400"),
              std::string::npos)
        << printed;
    EXPECT_EQ(printed.find("max |u/U - Ghia|"), std::string::npos) << printed;
}

TEST(HeadlessRunner, ReportsFailureWhenNotSteadyWithinTheBudget)
{
    const app::ParseResult parsed = parse({"--backend", "cpu", "--threads", "1", "--scenario", "cavity", "--grid", "16",
                                           "--until-steady", "1e-9", "--steps", "20"});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(app::runHeadless(parsed.options), 1);
}

// The GPU path end to end, as the no-display fallback runs it: its own EGL
// context, the demo, frames of the dye.
TEST(HeadlessRunner, GpuDemoWritesFrames)
{
    TempDir dir;
    const std::string frames = (dir / "demo").string();
    const app::ParseResult parsed = parse({"--scenario", "demo", "--grid", "64", "--steps", "12", "--out", frames});
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    ASSERT_EQ(app::runHeadless(parsed.options), 0);
    EXPECT_TRUE(fs::exists(fs::path(frames) / "frame_000012.png"));
}

}  // namespace
}  // namespace fluid::validation
