// The public API on the CPU backend, from a program that links no GL (label
// cpu): defaults, errors, fields at physical positions, diagnostics, flows,
// splats and the read-back.
#include <cmath>
#include <numbers>
#include <string>

#include "api/engine.hpp"
#include "api_test_support.hpp"
#include "core/sim_params.hpp"

namespace fluidsim::test {
namespace {

TEST(ApiSettings, EmptySettingsAreTheProgramsDefaults)
{
    EXPECT_EQ(detail::toSimParams(Settings{}), fluid::defaultSimParams());
    const Settings r = Settings{}.resolved();
    EXPECT_EQ(*r.gridWidth, fluid::defaultSimParams().gridWidth);
    EXPECT_EQ(*r.dt, static_cast<double>(fluid::defaultSimParams().dt));
    EXPECT_EQ(*r.layout, Layout::Staggered);
    EXPECT_EQ(detail::toSimParams(r), fluid::defaultSimParams()) << "resolved() must round-trip";
}

TEST(ApiSettings, InvalidSettingsThrowTheValidationMessage)
{
    Settings s;
    s.gridWidth = 3;
    try {
        makeSolver(Backend::Cpu, s);
        FAIL() << "a 3-cell grid was accepted";
    } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("gridWidth"), std::string::npos) << what;
        EXPECT_NE(what.find("8..4096"), std::string::npos) << what;
    }
    Settings negativeDt;
    negativeDt.dt = -1.0;
    EXPECT_THROW(negativeDt.validate(), Error);
}

TEST(ApiSettings, VersionMacrosAreTheProjects)
{
    const std::string version = std::to_string(FLUIDSIM_VERSION_MAJOR) + "." + std::to_string(FLUIDSIM_VERSION_MINOR) +
                                "." + std::to_string(FLUIDSIM_VERSION_PATCH);
    EXPECT_EQ(version, FLUIDSIM_VERSION_STRING);
    EXPECT_EQ(version, FLUIDSIM_PROJECT_VERSION);  // the top CMakeLists.txt's, passed by tests/CMakeLists.txt
}

TEST(ApiFields, LinearVelocityComesBackOnTheStaggeredLayout)
{
    expectLinearFieldComesBack(Backend::Cpu, Layout::Staggered);
}

TEST(ApiFields, LinearVelocityComesBackOnTheCollocatedLayout)
{
    expectLinearFieldComesBack(Backend::Cpu, Layout::Collocated);
}

// On the staggered layout u of cell (i, j) sits on its left face: setting u
// = x must store i h there, not the centre's (i + 1/2) h.
TEST(ApiFields, StaggeredSamplesSitOnTheFaces)
{
    Settings s;
    s.gridWidth = s.gridHeight = 16;
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    solver.setVelocity([](Vec2 p) { return Vec2{p.x, p.y}; });
    // Cell (3, 5)'s u face is at x = 3/16, its v face at y = 5/16; the probe
    // at the cell centre reads half a cell more for each.
    const Vec2 atCentre = solver.velocityAt({3.5 / 16.0, 5.5 / 16.0});
    EXPECT_NEAR(atCentre.x, 3.5 / 16.0, 1e-6);
    EXPECT_NEAR(atCentre.y, 5.5 / 16.0, 1e-6);
}

TEST(ApiFields, VelocityIsSetAloneAndDyeToo)
{
    Settings s;
    s.gridWidth = s.gridHeight = 16;
    s.dyeGridWidth = 32;
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    solver.setDye([](Vec2 p) { return Rgb{p.x, 2.0 * p.y, 0.5}; });
    solver.setVelocity([](Vec2) { return Vec2{0.25, -0.5}; });
    const Rgb dye = solver.dyeAt({0.4, 0.3});
    EXPECT_NEAR(dye.r, 0.4, 1e-6) << "setVelocity() must leave the dye";
    EXPECT_NEAR(dye.g, 0.6, 1e-6);
    EXPECT_NEAR(dye.b, 0.5, 1e-6);
    const Vec2 v = solver.velocityAt({0.4, 0.3});
    EXPECT_NEAR(v.x, 0.25, 1e-7);
    EXPECT_NEAR(v.y, -0.5, 1e-7);
}

// A body force over one step adds acceleration * dt, on top of what is there.
TEST(ApiFields, AForceAddsItsImpulse)
{
    Settings s;
    s.gridWidth = s.gridHeight = 16;
    s.dt = 0.1;
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    solver.setVelocity([](Vec2) { return Vec2{1.0, 0.0}; });
    solver.applyForce([](Vec2 p) { return Vec2{2.0, -10.0 * p.x}; });
    const Vec2 v = solver.velocityAt({0.5, 0.5});
    EXPECT_NEAR(v.x, 1.0 + 2.0 * 0.1, 1e-6);
    EXPECT_NEAR(v.y, -10.0 * 0.5 * 0.1, 1e-6);
}

TEST(ApiSettings, TheGridIsFixedForASolversLife)
{
    Settings s;
    s.gridWidth = s.gridHeight = 16;
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    Settings next = s;
    next.viscosity = 0.5;
    solver.setSettings(next);
    EXPECT_EQ(*solver.settings().viscosity, 0.5);
    next.gridWidth = 32;
    EXPECT_THROW(solver.setSettings(next), Error);
    EXPECT_THROW(solver.step(-1), Error);
}

TEST(ApiDiagnostics, EnergyAndDivergenceOfKnownFields)
{
    Settings s = flowSettings(Flow::TaylorGreen, 32);
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    startFlow(solver, Flow::TaylorGreen);
    // The mean of sin^2 x cos^2 y is 1/4, twice (u and v), over (2 pi)^2:
    // E = 0.5 * 0.5 * 4 pi^2 = pi^2 in the continuum; the samples sum it exactly.
    EXPECT_NEAR(solver.kineticEnergy(), std::numbers::pi * std::numbers::pi, 1e-4);
    // Sampled on the faces, Taylor-Green is discretely divergence-free.
    EXPECT_LT(solver.maxDivergence(), 1e-5);
    solver.setVelocity([](Vec2 p) { return Vec2{p.x, 0.0}; });  // div = 1 away from the wrap
    EXPECT_GT(solver.maxDivergence(), 0.99);
}

TEST(ApiFlows, TaylorGreenDecaysAtTheExactRate)
{
    EXPECT_LE(std::fabs(taylorGreenRateError(Backend::Cpu)), kDecayRateTolerance);
}

TEST(ApiFlows, TheShearWaveStartsAsItsSine)
{
    Settings shear = flowSettings(Flow::ShearWave, 32);
    EXPECT_NEAR(*exactEnergyDecayRate(Flow::ShearWave, shear), 8.0 * std::numbers::pi * std::numbers::pi * 0.01,
                1e-6);  // nu is a float
    shear.threads = 1;
    Solver wave = makeSolver(Backend::Cpu, shear);
    startFlow(wave, Flow::ShearWave);
    // sin(0.4 pi), interpolated between samples 1/32 apart (error ~ h^2 k^2 / 8).
    EXPECT_NEAR(wave.velocityAt({0.3, 0.2}).x, std::sin(0.4 * std::numbers::pi), 0.01);
    EXPECT_NEAR(wave.velocityAt({0.3, 0.2}).y, 0.0, 1e-7);
}

TEST(ApiFlows, TheCavityIsDrivenByItsLid)
{
    Settings cavity = flowSettings(Flow::Cavity, 32);
    EXPECT_FALSE(exactEnergyDecayRate(Flow::Cavity, cavity));
    cavity.threads = 1;
    Solver box = makeSolver(Backend::Cpu, cavity);
    startFlow(box, Flow::Cavity);
    box.step(5);
    EXPECT_GT(box.velocityAt({0.5, 0.97}).x, 0.05) << "the lid drags the fluid below it";
    EXPECT_THROW(startFlow(box, Flow::TaylorGreen), Error) << "Taylor-Green needs the periodic boundary";
}

TEST(ApiFlows, TheTunnelFlowsAroundItsCylinder)
{
    Settings tunnel = flowSettings(Flow::Tunnel, 32);
    EXPECT_EQ(*tunnel.gridWidth, 80);
    tunnel.threads = 1;
    Solver wake = makeSolver(Backend::Cpu, tunnel);
    startFlow(wake, Flow::Tunnel);
    EXPECT_NEAR(wake.velocityAt({0.25, 0.9}).x, 1.0, 1e-6);
    // The cylinder (D = 4 cells) sits 6 D behind the inlet, on the centre
    // line; the solid holds the fluid in it at rest.
    wake.step(3);
    EXPECT_EQ(wake.velocityAt({0.75, 0.5}).x, 0.0) << "flow inside the cylinder";
    EXPECT_GT(wake.velocityAt({0.75, 0.85}).x, 0.9) << "the stream goes round it";
}

TEST(ApiSplats, ASplatPushesAndColoursTheFluid)
{
    Settings s;
    s.gridWidth = s.gridHeight = 32;
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    Splat splat;
    splat.from = splat.to = {0.5, 0.5};
    splat.radius = 0.05;
    splat.velocity = {1.0, 0.0};
    splat.dye = {1.0, 0.0, 0.0};
    solver.splat(splat);
    solver.step();
    EXPECT_GT(solver.velocityAt({0.5, 0.5}).x, 0.1);
    EXPECT_GT(solver.dyeAt({0.5, 0.5}).r, 0.1);
    EXPECT_EQ(solver.steps(), 1);
    solver.step();  // the splat was for one step only
    EXPECT_LT(solver.dyeAt({0.5, 0.5}).r, 1.0);
}

TEST(ApiReadBack, TheCpuSnapshotIsImmediateAndTakenOnce)
{
    Settings s;
    s.gridWidth = s.gridHeight = 16;
    s.threads = 1;
    Solver solver = makeSolver(Backend::Cpu, s);
    EXPECT_FALSE(solver.takeSnapshot()) << "nothing was requested";
    solver.setVelocity([](Vec2) { return Vec2{0.5, 0.0}; });
    solver.requestSnapshot();
    solver.setVelocity([](Vec2) { return Vec2{0.0, 0.0}; });
    const std::optional<Snapshot> snapshot = solver.takeSnapshot();
    ASSERT_TRUE(snapshot);
    EXPECT_NEAR(snapshot->velocityAt({0.5, 0.5}).x, 0.5, 1e-7) << "the state when it was requested";
    EXPECT_FALSE(solver.takeSnapshot()) << "a snapshot is handed over once";
    EXPECT_EQ(solver.velocityTexture(), 0u);
}

}  // namespace
}  // namespace fluidsim::test
