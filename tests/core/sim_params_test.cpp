#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

#include "core/emitter.hpp"
#include "core/parameters.hpp"
#include "core/pass_constants.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid {
namespace {

TEST(SimParams, DefaultsAreValid)
{
    EXPECT_FALSE(validate(SimParams{}).has_value());
}

// The window's first emitter at the defaults (gravity 0: no plume would rise)
// turns smoke on as the smoke scenario does; smoke set up by hand is kept.
TEST(SimParams, AnEmitterWhereSmokeIsOffTurnsItOn)
{
    const SimParams defaults;
    ASSERT_FALSE(smokeIsOn(defaults));
    const SimParams plume = withPlume(defaults);
    EXPECT_TRUE(smokeIsOn(plume));
    EXPECT_EQ(plume.gravity, kPlumeGravity);
    EXPECT_EQ(plume.cooling, kPlumeCooling);
    EXPECT_FALSE(validate(plume).has_value());

    SimParams mine;
    mine.gravity = 3.0f;
    mine.cooling = 0.0f;
    EXPECT_EQ(withPlume(mine), mine) << "smoke already on: nothing changes";
    SimParams cooled;
    cooled.cooling = 2.0f;
    EXPECT_EQ(withPlume(cooled).cooling, 2.0f) << "a cooling of its own stays";
}

TEST(SimParams, TheDyeGridCoversTheDomainWithSquareCells)
{
    SimParams p;
    p.gridWidth = 256;
    p.gridHeight = 144;
    EXPECT_EQ(fieldGrids(p).dye, (GridSize{256, 144}));  // 0: the simulation grid
    p.dyeGridWidth = 1024;
    ASSERT_FALSE(validate(p).has_value());
    EXPECT_EQ(fieldGrids(p).dye, (GridSize{1024, 576}));
    const PassConstants dye = makePassConstants(p, FieldGrid::Dye);
    EXPECT_EQ(dye.width, 1024);
    EXPECT_FLOAT_EQ(dye.cellSize, p.domainWidth / 1024.0f);
    EXPECT_FLOAT_EQ(dye.toVelocityCells, 0.25f);
    EXPECT_FALSE(dye.onVelocityGrid);
    EXPECT_TRUE(makePassConstants(p).onVelocityGrid);
    // The nearest whole width at or above the one asked for.
    EXPECT_EQ(wholeDyeGridWidth(1000, 256, 144), 1008);  // 1008 * 144 / 256 = 567
    EXPECT_EQ(wholeDyeGridWidth(1000, 257, 141), 1028);  // gcd 1: multiples of 257
    EXPECT_EQ(wholeDyeGridWidth(0, 256, 144), 0);
}

TEST(SimParams, EachBrokenRuleNamesItsField)
{
    struct Case {
        const char* field;
        void (*breakIt)(SimParams&);
    };
    const Case cases[] = {
        {"gridWidth", [](SimParams& p) { p.gridWidth = 4; }},
        {"gridHeight", [](SimParams& p) { p.gridHeight = 5000; }},
        {"dyeGridWidth", [](SimParams& p) { p.dyeGridWidth = 4; }},
        {"dyeGridWidth", [](SimParams& p) { p.dyeGridWidth = 5000; }},
        // 256 x 144: 1000 * 144 / 256 = 562.5 dye rows.
        {"dyeGridWidth",
         [](SimParams& p) {
             p.gridHeight = 144;
             p.dyeGridWidth = 1000;
         }},
        {"domainWidth", [](SimParams& p) { p.domainWidth = 0.0f; }},
        {"domainWidth", [](SimParams& p) { p.domainWidth = 5e-7f; }},
        {"dt", [](SimParams& p) { p.dt = -0.1f; }},
        {"dt", [](SimParams& p) { p.dt = std::numeric_limits<float>::quiet_NaN(); }},
        {"viscosity", [](SimParams& p) { p.viscosity = -1e-3f; }},
        {"vorticity", [](SimParams& p) { p.vorticity = std::numeric_limits<float>::infinity(); }},
        {"velocity-dissipation", [](SimParams& p) { p.velocityDissipation = -1.0f; }},
        {"dye-dissipation", [](SimParams& p) { p.dyeDissipation = -1.0f; }},
        {"pressure-iterations", [](SimParams& p) { p.pressureIterations = -1; }},
        {"viscosity-iterations", [](SimParams& p) { p.viscosityIterations = 20000; }},
        {"lidSpeed", [](SimParams& p) { p.lidSpeed = 1e9f; }},
        // What a cast from a corrupt settings value would make.
        {"advection", [](SimParams& p) { p.advection = static_cast<AdvectionScheme>(7); }},
        {"lidSpeed",
         [](SimParams& p) {
             p.boundary = BoundaryMode::Periodic;
             p.lidSpeed = 1.0f;
         }},
    };
    for (const Case& c : cases) {
        SimParams p;
        c.breakIt(p);
        const auto problem = validate(p);
        ASSERT_TRUE(problem.has_value()) << c.field;
        EXPECT_NE(problem->find(c.field), std::string::npos) << *problem;
    }
}

// validate()'s messages state the limits it checks, from the same constants:
// a limit changed in SimLimits changes what the message says.
TEST(SimParams, EachMessageStatesTheLimitItChecks)
{
    using L = SimLimits;
    // Appended, not added: GCC 12 takes "[" + a string for an overlapping copy (-Wrestrict).
    const auto joined = [](std::initializer_list<std::string> parts) {
        std::string text;
        for (const std::string& part : parts) text.append(part);
        return text;
    };
    const std::string grid = joined({std::to_string(L::kMinGrid), "..", std::to_string(L::kMaxGrid), " cells"});
    SimParams p;
    p.gridWidth = L::kMaxGrid + 1;
    EXPECT_EQ(validate(p),
              joined({"gridWidth = ", std::to_string(L::kMaxGrid + 1), " is out of range; accepted: ", grid}));
    p = SimParams{};
    p.dyeGridWidth = L::kMinGrid - 1;
    EXPECT_NE(validate(p).value_or("").find(joined({"0 (the simulation grid) or ", grid})), std::string::npos);
    p = SimParams{};
    p.domainWidth = L::kMaxDomainWidth * 2.0f;
    const std::string domain = joined({"[", limitText(L::kMinDomainWidth), ", ", limitText(L::kMaxDomainWidth), "] m"});
    EXPECT_NE(validate(p).value_or("").find(domain), std::string::npos) << validate(p).value_or("");
    p = SimParams{};
    p.lidSpeed = -2.0f * L::kMaxLidSpeed;
    const std::string lid = joined({"[-", limitText(L::kMaxLidSpeed), ", ", limitText(L::kMaxLidSpeed), "] m/s"});
    EXPECT_NE(validate(p).value_or("").find(lid), std::string::npos) << validate(p).value_or("");
}

// The three sets of defaults: the window's are the programs' but for its own
// constants, and the programs' are valid.
TEST(SimParams, TheWindowsDefaultsAreTheProgramsButForItsOwn)
{
    SimParams window = windowSimParams();
    EXPECT_FALSE(validate(window).has_value());
    EXPECT_EQ(window.vorticity, kWindowVorticity);
    EXPECT_EQ(window.multigridCycles, kWindowMultigridCycles);
    EXPECT_EQ(window.dyeDissipation, kWindowDyeDissipation);
    EXPECT_EQ(window.velocityDissipation, kWindowVelocityDissipation);
    EXPECT_EQ(window.dyeAdvection, DyeAdvection::SemiLagrangian);
    EXPECT_EQ(window.advection, kWindowAdvection);
    EXPECT_EQ(window.dyeSlipsAtWalls, kWindowDyeSlipsAtWalls);
    const SimParams programs = defaultSimParams();
    window.vorticity = programs.vorticity;
    window.multigridCycles = programs.multigridCycles;
    window.dyeDissipation = programs.dyeDissipation;
    window.velocityDissipation = programs.velocityDissipation;
    window.dyeAdvection = programs.dyeAdvection;
    window.advection = programs.advection;
    window.dyeSlipsAtWalls = programs.dyeSlipsAtWalls;
    EXPECT_EQ(window, programs);
}

// Physical parameters must mean the same thing at every resolution: the
// dimensionless Jacobi coefficient a = nu dt / h^2 grows as h shrinks, exactly
// as the implicit viscous step requires, while nu itself is untouched.
TEST(PassConstants, ScaleWithCellSizeNotWithCellCount)
{
    SimParams coarse;
    coarse.gridWidth = coarse.gridHeight = 64;
    coarse.viscosity = 1e-3f;
    SimParams fine = coarse;
    fine.gridWidth = fine.gridHeight = 128;

    const PassConstants c = makePassConstants(coarse);
    const PassConstants f = makePassConstants(fine);
    EXPECT_FLOAT_EQ(c.cellSize, 1.0f / 64.0f);
    EXPECT_FLOAT_EQ(f.cellSize, 1.0f / 128.0f);
    EXPECT_FLOAT_EQ(f.diffusionAlpha, 4.0f * c.diffusionAlpha);
    EXPECT_FLOAT_EQ(c.diffusionAlpha, 1e-3f * (1.0f / 60.0f) * 64.0f * 64.0f);
    EXPECT_FLOAT_EQ(c.diffusionInverseDenominator, 1.0f / (1.0f + 4.0f * c.diffusionAlpha));
    EXPECT_FLOAT_EQ(f.dtOverCellSize, 2.0f * c.dtOverCellSize);
    EXPECT_FLOAT_EQ(c.halfInverseCellSize, 32.0f);
    EXPECT_FLOAT_EQ(coarse.domainHeight(), fine.domainHeight());
}

// Every corner of the accepted ranges gives constants the passes can use:
// finite, and h^2 and the diffusion denominator still normal floats (a
// domain of 1e-30 m made a = nu dt / h^2 infinite and the first step NaN).
TEST(PassConstants, FiniteAtEveryCornerOfTheAcceptedRanges)
{
    using L = SimLimits;
    for (int grid : {L::kMinGrid, L::kMaxGrid})
        for (float domain : {L::kMinDomainWidth, L::kMaxDomainWidth})
            for (float dt : {std::numeric_limits<float>::min(), L::kMaxDt})  // a denormal dt is refused
                for (float nu : {0.0f, L::kMaxViscosity})
                    for (float rate : {0.0f, 1e4f}) {
                        SimParams p;
                        p.gridWidth = p.gridHeight = grid;
                        p.domainWidth = domain;
                        p.dt = dt;
                        p.viscosity = nu;
                        p.vorticity = p.velocityDissipation = p.dyeDissipation = rate;
                        p.lidSpeed = 1e4f;
                        ASSERT_FALSE(validate(p).has_value()) << *validate(p);
                        const PassConstants k = makePassConstants(p);
                        const std::string where = "grid " + std::to_string(grid) + ", domain " +
                                                  std::to_string(domain) + ", dt " + std::to_string(dt) + ", nu " +
                                                  std::to_string(nu);
                        for (float c :
                             {k.cellSize, k.halfInverseCellSize, k.cellSizeSquared, k.dtOverCellSize, k.diffusionAlpha,
                              k.diffusionInverseDenominator, k.velocityDecay, k.dyeDecay, k.vorticityScale})
                            EXPECT_TRUE(std::isfinite(c)) << where;
                        EXPECT_TRUE(std::isnormal(k.cellSizeSquared)) << where;
                        EXPECT_TRUE(std::isnormal(k.diffusionInverseDenominator)) << where;
                        EXPECT_GT(k.velocityDecay, 0.0f) << where;
                    }
}

TEST(PassConstants, DissipationAndLid)
{
    SimParams p;
    p.dt = 0.5f;
    p.dyeDissipation = 2.0f;
    p.velocityDissipation = 0.0f;
    p.lidSpeed = 1.5f;
    const PassConstants k = makePassConstants(p);
    EXPECT_FLOAT_EQ(k.dyeDecay, 0.5f);
    EXPECT_FLOAT_EQ(k.velocityDecay, 1.0f);
    EXPECT_FLOAT_EQ(k.lidSpeed, 1.5f);
    EXPECT_FALSE(k.periodic);
}

TEST(Splat, DomainToCellCoordinates)
{
    SimParams p;
    p.gridWidth = p.gridHeight = 100;  // h = 0.01 m
    Splat s;
    s.from = {0.005f, 0.995f};  // centres of cells (0, 99)
    s.to = {0.505f, 0.255f};    // cells (50, 25)
    s.radius = 0.03f;           // 3 cells
    const SplatInCells c = toCells(s, makePassConstants(p));
    EXPECT_NEAR(c.from.x, 0.0f, 1e-4f);
    EXPECT_NEAR(c.from.y, 99.0f, 1e-4f);
    EXPECT_NEAR(c.length, std::hypot(50.0f, 74.0f), 1e-3f);
    EXPECT_NEAR(c.axis.x, 50.0f / c.length, 1e-6f);
    EXPECT_NEAR(c.axis.y, -74.0f / c.length, 1e-6f);
    EXPECT_NEAR(c.inverseRadius, 1.0f / 3.0f, 1e-6f);
    EXPECT_NEAR(c.lineScale, 0.886226925f * 3.0f / c.length, 1e-6f);
}

// The block a splat reaches: its segment's box grown by kSplatReachRadii
// radii and a cell, within the grid; all of it where a value is not finite.
TEST(Splat, ItsReachIsTheSegmentsBoxGrownAndKeptInTheGrid)
{
    SplatInCells c;
    c.from = {20.0f, 30.0f};
    c.inverseRadius = 0.5f;  // 2 cells: reach 9 cells, and 1 for the faces
    CellBlock b = splatReach(c, 100, 80);
    EXPECT_EQ(b.begin, glm::ivec2(10, 20));
    EXPECT_EQ(b.end, glm::ivec2(31, 41));
    c.axis = {1.0f, 0.0f};
    c.length = 75.0f;  // to x = 95: the box is cut by the grid's right side
    b = splatReach(c, 100, 80);
    EXPECT_EQ(b.begin, glm::ivec2(10, 20));
    EXPECT_EQ(b.end, glm::ivec2(100, 41));
    c.from = {-500.0f, 30.0f};  // ends at -425: wholly left of the grid
    EXPECT_TRUE(splatReach(c, 100, 80).empty());
    c.from = {std::numeric_limits<float>::quiet_NaN(), 30.0f};
    b = splatReach(c, 100, 80);
    EXPECT_EQ(b.begin, glm::ivec2(0, 0));
    EXPECT_EQ(b.end, glm::ivec2(100, 80));
    c.from = {20.0f, 30.0f};
    c.inverseRadius = 0.0f;  // an infinite radius reaches everything
    b = splatReach(c, 100, 80);
    EXPECT_EQ(b.end - b.begin, glm::ivec2(100, 80));
}

TEST(Splat, ShortSegmentIsAPointAtItsMiddle)
{
    SimParams p;
    p.gridWidth = p.gridHeight = 100;
    Splat s;
    s.from = {0.5f, 0.5f};
    s.to = {0.5001f, 0.5f};  // 0.01 cells: under kSplatPointLength radii
    s.radius = 0.03f;
    const SplatInCells c = toCells(s, makePassConstants(p));
    EXPECT_EQ(c.length, 0.0f);
    EXPECT_EQ(c.axis, glm::vec2(0.0f));
    EXPECT_NEAR(c.from.x, 49.505f, 1e-3f);
}

// The cold start's extra V-cycles: on a solver's first solve only, only with
// the warm start (without it every solve starts cold and takes the cycles it
// is given), and never where the solve is empty (0 cycles: no projection).
TEST(SimParams, TheColdStartCyclesAddToTheFirstWarmStartedSolveOnly)
{
    SimParams p = defaultSimParams();
    EXPECT_EQ(p.multigridCycles, 3);
    EXPECT_EQ(p.coldStartCycles, 1);
    EXPECT_EQ(multigridCyclesOf(p, true), 4);
    EXPECT_EQ(multigridCyclesOf(p, false), 3);
    p.warmStartPressure = false;
    EXPECT_EQ(multigridCyclesOf(p, true), 3);
    p.warmStartPressure = true;
    p.multigridCycles = 0;
    EXPECT_EQ(multigridCyclesOf(p, true), 0);
    EXPECT_EQ(multigridCyclesOf(SimParams{}, true), SimParams{}.multigridCycles) << "the pass-level tests' solve";
}

}  // namespace
}  // namespace fluid

namespace fluid {
namespace {

// The incremental projection's estimate is P = p dt / rho of a step: stale
// when dt changes, and when the plain projection (which does not update it)
// takes over; any other change keeps it.
TEST(SimParams, TheFullPressureGoesStaleWithDtOrThePlainProjection)
{
    SimParams incremental;
    incremental.projection = Projection::Incremental;
    SimParams otherDt = incremental;
    otherDt.dt *= 0.5f;
    SimParams plain = incremental;
    plain.projection = Projection::Plain;
    SimParams otherViscosity = incremental;
    otherViscosity.viscosity *= 2.0f;
    EXPECT_TRUE(fullPressureGoesStale(incremental, otherDt));
    EXPECT_TRUE(fullPressureGoesStale(incremental, plain));
    EXPECT_FALSE(fullPressureGoesStale(plain, incremental));
    EXPECT_FALSE(fullPressureGoesStale(incremental, otherViscosity));
    EXPECT_FALSE(fullPressureGoesStale(incremental, incremental));
}

// The programs' projection follows the boundary: incremental in the periodic
// box, plain with walls (docs/validation.md §8b) or a confinement of epsilon
// dt > 1, and the estimate goes stale when a change of boundary hands the step
// to the plain projection.
TEST(SimParams, TheDefaultProjectionIsIncrementalOnlyOnAPeriodicBoundary)
{
    SimParams p = defaultSimParams();
    EXPECT_EQ(p.projection, Projection::Auto);
    const BoundaryMode walled[] = {BoundaryMode::Box, BoundaryMode::Tunnel, BoundaryMode::TunnelWalls};
    for (BoundaryMode boundary : walled) {
        p.boundary = boundary;
        EXPECT_FALSE(projectsIncrementally(p)) << toString(boundary);
    }
    SimParams periodic = p;
    periodic.boundary = BoundaryMode::Periodic;
    EXPECT_TRUE(projectsIncrementally(periodic));
    EXPECT_TRUE(fullPressureGoesStale(periodic, p)) << "periodic to a tunnel: the plain projection takes over";
    EXPECT_FALSE(fullPressureGoesStale(p, periodic));
    EXPECT_FALSE(projectsIncrementally(SimParams{})) << "the pass-level tests' SimParams{} stays plain";
    // A confinement that moves the flow by more than its size in a step keeps
    // the plain projection, which stays bounded there.
    SimParams confined = periodic;
    confined.vorticity = 1.01f / confined.dt;
    EXPECT_FALSE(projectsIncrementally(confined));
    confined.vorticity = 0.99f / confined.dt;
    EXPECT_TRUE(projectsIncrementally(confined));
}

}  // namespace
}  // namespace fluid
