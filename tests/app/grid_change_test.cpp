// A grid change in the window keeps the fluid: FluidSession::allocateGrid
// (the panel's grid, the auto grid's second pick) resamples velocity, dye,
// temperature and the painted obstacles onto the new grids (label gpu).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/grid_picker.hpp"
#include "app/obstacle_setup.hpp"
#include "app/window/fluid_session.hpp"
#include "app/window/panel_glue.hpp"
#include "app/window/settings_session.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using GridChangeTest = test::GlTest;

constexpr glm::ivec2 kFramebuffer{640, 480};  // 4:3, like a window

// The mean of component `c` over a field, and its value at a point of the
// domain (fractions of width and height), from the nearest cell.
double mean(const Field& f, int c)
{
    double sum = 0.0;
    for (int j = 0; j < f.height(); ++j)
        for (int i = 0; i < f.width(); ++i) sum += f.at(i, j, c);
    return sum / (f.width() * f.height());
}
float valueAt(const Field& f, float x, float y, int c)
{
    return f.at(static_cast<int>(x * static_cast<float>(f.width())),
                static_cast<int>(y * static_cast<float>(f.height())), c);
}

struct Session {
    Options options;
    PanelState state;
    PanelStats stats;
    FluidSession fluid{options, state, stats};

    explicit Session(int shortSide)
    {
        state.autoGrid = false;
        state.gridShortSide = shortSide;
        state.dyeGridShortSide = 2 * shortSide;  // a finer dye grid: each field on its own grid
        fluid.allocateGrid(kFramebuffer, false);
    }
};

// A blob of dye and heat in the middle of the domain, moving right, and a
// painted obstacle at a quarter of the width.
void fillIn(Session& s)
{
    FluidState state = FluidState::zeros(s.fluid.solver().grids());
    const auto blob = [](Field& f, int c, float value) {
        for (int j = 0; j < f.height(); ++j)
            for (int i = 0; i < f.width(); ++i) {
                const float x = (static_cast<float>(i) + 0.5f) / static_cast<float>(f.width()) - 0.5f;
                const float y = (static_cast<float>(j) + 0.5f) / static_cast<float>(f.height()) - 0.5f;
                f.at(i, j, c) = value * std::exp(-(x * x + y * y) / (2.0f * 0.1f * 0.1f));
            }
    };
    blob(state.dye, 0, 1.0f);
    blob(state.velocity, 0, 0.5f);
    blob(state.temperature, 0, 40.0f);
    s.fluid.solver().upload(state);
    const SimParams& p = s.fluid.params();
    s.fluid.obstacles().press({0.25f * p.domainWidth, 0.5f * p.domainHeight()}, ObstacleTool::Solid, 0.05f);
    s.fluid.obstacles().release();
    ASSERT_NE(s.fluid.uploadObstacles(), nullptr);
}

TEST_F(GridChangeTest, ANewGridKeepsVelocityDyeTemperatureAndObstacles)
{
    Session s(64);
    fillIn(s);
    const FluidState before = s.fluid.solver().download();
    const Field obstaclesBefore = s.fluid.solver().obstacles();

    s.state.gridShortSide = 128;
    s.state.dyeGridShortSide = 256;
    s.fluid.allocateGrid(kFramebuffer, true);
    const FluidState after = s.fluid.solver().download();
    ASSERT_EQ(after.velocity.height(), 128);
    ASSERT_EQ(after.dye.height(), 256);

    // The blob is where it was and as strong; the means agree to within the
    // blur of bilinear resampling at the edges of cells.
    for (const auto& [field, was, c] :
         {std::tuple{&after.dye, &before.dye, 0}, std::tuple{&after.velocity, &before.velocity, 0},
          std::tuple{&after.temperature, &before.temperature, 0}}) {
        EXPECT_NEAR(valueAt(*field, 0.5f, 0.5f, c), valueAt(*was, 0.5f, 0.5f, c), 0.05 * valueAt(*was, 0.5f, 0.5f, c));
        EXPECT_NEAR(mean(*field, c), mean(*was, c), 0.05 * mean(*was, c));
    }
    // The painted obstacle is carried over (resampled), not replaced by none.
    s.fluid.uploadObstacles();
    EXPECT_GT(valueAt(s.fluid.solver().obstacles(), 0.25f, 0.5f, 0), 0.5f);
    EXPECT_LT(valueAt(s.fluid.solver().obstacles(), 0.75f, 0.5f, 0), 0.5f);
    EXPECT_GT(valueAt(obstaclesBefore, 0.25f, 0.5f, 0), 0.5f);
}

// The run's --obstacle circle: the solver gets its mask, the display its
// outline (drawn round on any grid; src/core/obstacles.hpp), and a new grid
// rebuilds both.
TEST_F(GridChangeTest, TheDisplayGetsTheShapesOutlineAndTheSolverItsMask)
{
    Options options;
    options.obstacles.shape = "circle";
    PanelState state;
    state.autoGrid = false;
    state.gridShortSide = 48;
    PanelStats stats;
    FluidSession fluid{options, state, stats};
    for (const int shortSide : {48, 96}) {
        state.gridShortSide = shortSide;
        fluid.allocateGrid(kFramebuffer, false);
        const Field* drawn = fluid.uploadObstacles();
        ASSERT_NE(drawn, nullptr);
        const ObstacleFields built = buildObstacles(options.obstacles, fluid.params());
        EXPECT_EQ(fluid.solver().obstacles().values(), built.mask.values());
        EXPECT_EQ(drawn->values(), built.outline.values());
    }
}

// The same change without keeping the fluid starts from rest: the check
// above would fail if the fluid were wiped.
TEST_F(GridChangeTest, WithoutKeepingTheFluidStartsFromRest)
{
    Session s(64);
    fillIn(s);
    s.state.gridShortSide = 128;
    s.fluid.allocateGrid(kFramebuffer, false);
    EXPECT_EQ(mean(s.fluid.solver().download().dye, 0), 0.0);
}

// A window made smaller shades no more dye cells than it has pixels; made
// larger again, the finer dye comes back; a dye grid made coarser for speed
// stays coarse at any size.
TEST_F(GridChangeTest, AReshapedWindowCapsTheAutoDyeGridAtItsPixels)
{
    Session s(64);
    s.state.autoDyeGrid = true;
    s.state.dyeGridShortSide = autoDyeGrid(64, kFramebuffer.y);
    ASSERT_EQ(s.state.dyeGridShortSide, 256);  // 4x the grid, under 480 pixels
    s.fluid.allocateGrid(kFramebuffer, false);
    const auto dyeShortSide = [&] {
        const GridSize dye = s.fluid.solver().grids().dye;
        return std::min(dye.width, dye.height);
    };
    s.fluid.reshapeGrid({200, 150});
    EXPECT_EQ(s.state.dyeGridShortSide, 150);
    EXPECT_NEAR(dyeShortSide(), 150, 10) << "150 dye cells, to the nearest whole square cells";
    s.fluid.reshapeGrid(kFramebuffer);
    EXPECT_EQ(dyeShortSide(), 256) << "the finer dye back at the larger size";
    ASSERT_TRUE(s.fluid.coarsenDyeForSpeed(kFramebuffer));
    const int coarse = s.state.dyeGridShortSide;
    ASSERT_LT(coarse, 256);
    s.fluid.reshapeGrid({1280, 960});
    EXPECT_EQ(s.state.dyeGridShortSide, coarse) << "given up for speed: not taken back by a resize";
}

// Bloom is on by default where the frame budget allows. The overhead is
// given, not measured (10 s a frame with bloom, none without), and a step of
// 1 s of fluid has 0.8 s of budget, which any machine's 24-cell step fits
// hundreds of times over: the outcome does not depend on the machine's speed.
// The window's dye scheme and fade, the pick's to sharpen or not.
struct PickSession {
    Options options;
    PanelState state;
    PanelStats stats;
    FluidSession fluid{options, state, stats};

    explicit PickSession(bool autoBloom, bool autoDyeAdvection = false)
    {
        state.autoGrid = true;
        state.autoBloom = autoBloom;
        state.autoDyeAdvection = autoDyeAdvection;
        state.params.dt = 1.0f;
        state.params.dyeAdvection = kWindowDyeAdvection;
        state.params.dyeDissipation = kWindowDyeDissipation;
    }
    void pick()
    {
        pick([](GpuSolver&, const DisplaySettings& look) { return look.bloom.enabled ? 10.0 : 0.0; });
    }
    // The same overhead with the bloom or without.
    void pick(double overheadSeconds)
    {
        pick([overheadSeconds](GpuSolver&, const DisplaySettings&) { return overheadSeconds; });
    }
    void pick(const FluidSession::FrameOverhead& overhead)
    {
        static constexpr int kCandidates[] = {16, 24};
        fluid.pickGrid(kFramebuffer, kCandidates, overhead);
    }
};

TEST_F(GridChangeTest, AnAutomaticBloomGoesWhereNotEvenTheSmallestGridKeepsUpWithIt)
{
    PickSession s(true);
    s.pick();
    EXPECT_FALSE(s.state.display.bloom.enabled);
    EXPECT_TRUE(s.state.bloomOffForSpeed);
    EXPECT_EQ(s.state.gridShortSide, 24);  // without it the larger grid keeps up
    EXPECT_NE(s.stats.gridChoice.find("bloom off"), std::string::npos) << s.stats.gridChoice;
    // Never saved: the settings file keeps the bloom the run started with.
    EXPECT_TRUE(fromPanel(s.options, s.state).display.bloom.enabled);
}

TEST_F(GridChangeTest, ABloomAskedForStaysOnAndTheSmallestGridIsTaken)
{
    PickSession s(false);  // --bloom on, or the panel turned it on again
    s.pick();
    EXPECT_TRUE(s.state.display.bloom.enabled);
    EXPECT_FALSE(s.state.bloomOffForSpeed);
    EXPECT_EQ(s.state.gridShortSide, 16);
    EXPECT_EQ(s.stats.gridChoice.find("bloom off"), std::string::npos) << s.stats.gridChoice;
}

TEST_F(GridChangeTest, ABloomThatFitsTheFrameStays)
{
    PickSession s(true);
    s.pick(0.0);
    EXPECT_TRUE(s.state.display.bloom.enabled);
    EXPECT_EQ(s.state.gridShortSide, 24);
}

// The default step (no --dt) doubles where that buys what its own length
// cannot. Deterministic here: with 10 s of overhead a frame nothing keeps up,
// and then the pick takes the smallest grid at the longer step (half the steps
// to pay for). The step the pick took is never saved.
struct SlowFrameSession {
    Options options;
    PanelState state;
    PanelStats stats;
    FluidSession fluid{options, state, stats};

    explicit SlowFrameSession(bool autoDt)
    {
        state.autoGrid = true;
        state.autoDt = autoDt;
    }
    void pick()
    {
        static constexpr int kCandidates[] = {16, 24};
        fluid.pickGrid(kFramebuffer, kCandidates, [](GpuSolver&, const DisplaySettings&) { return 10.0; });
    }
};

TEST_F(GridChangeTest, TheDefaultStepDoublesWhereItDoesNotKeepUpAndIsNotSaved)
{
    SlowFrameSession s(true);
    s.pick();
    EXPECT_FLOAT_EQ(s.state.params.dt, 2.0f * SimParams{}.dt);
    EXPECT_TRUE(s.state.dtLongForSpeed);
    EXPECT_EQ(s.state.gridShortSide, 16);
    EXPECT_NE(s.stats.gridChoice.find("dt 0.03333 s"), std::string::npos) << s.stats.gridChoice;
    EXPECT_FLOAT_EQ(fromPanel(s.options, s.state).params.dt, SimParams{}.dt);
    // The solver made next runs with it.
    s.fluid.allocateGrid(kFramebuffer, false);
    EXPECT_FLOAT_EQ(s.fluid.params().dt, 2.0f * SimParams{}.dt);

    // A pick again (the watch's) starts from the default, not from the doubled step.
    s.pick();
    EXPECT_FLOAT_EQ(s.state.params.dt, 2.0f * SimParams{}.dt);
}

// "Reset to defaults" keeps the grid, and so the step the pick took with it:
// a reset window keeps real time as a fresh start would.
TEST_F(GridChangeTest, ResetToDefaultsKeepsTheStepThePickTook)
{
    SlowFrameSession s(true);
    s.pick();
    s.fluid.allocateGrid(kFramebuffer, false);
    s.state.params.vorticity = 7.0f;  // something for the reset to undo
    s.state.params.layout = Layout::Collocated;
    PanelActions reset;
    reset.resetDefaults = true;
    LoopRequests loop;
    applyPanel(
        reset, s.state, s.fluid, kFramebuffer, [](GpuSolver&, const DisplaySettings&) { return 10.0; }, loop);
    // The window's start, not SimParams{}: its vorticity and the staggered layout.
    EXPECT_EQ(s.state.params.vorticity, kWindowVorticity);
    EXPECT_EQ(s.state.params.layout, Layout::Staggered);
    EXPECT_FLOAT_EQ(s.state.params.dt, 2.0f * SimParams{}.dt);
    EXPECT_FLOAT_EQ(s.fluid.params().dt, 2.0f * SimParams{}.dt);
    EXPECT_TRUE(s.state.autoDt);
    EXPECT_TRUE(s.state.dtLongForSpeed);
}

// A dt typed into the panel and refused (1e-40) leaves the pick's step the
// pick's: it ended the auto step before the refusal, and the doubled step
// was saved as the user's. A dt taken is the user's.
TEST_F(GridChangeTest, ARefusedTimeStepLeavesThePicksStep)
{
    SlowFrameSession s(true);
    s.pick();
    s.fluid.allocateGrid(kFramebuffer, false);
    const auto apply = [&] {
        LoopRequests loop;
        applyPanel(
            PanelActions{}, s.state, s.fluid, kFramebuffer, [](GpuSolver&, const DisplaySettings&) { return 10.0; },
            loop);
    };
    s.state.params.dt = 1e-40f;
    apply();
    EXPECT_FLOAT_EQ(s.state.params.dt, 2.0f * SimParams{}.dt);
    EXPECT_TRUE(s.state.autoDt);
    EXPECT_FLOAT_EQ(fromPanel(s.options, s.state).params.dt, SimParams{}.dt) << "the pick's step saved";
    s.state.params.dt = 0.02f;
    apply();
    EXPECT_FALSE(s.state.autoDt);
    EXPECT_FLOAT_EQ(fromPanel(s.options, s.state).params.dt, 0.02f);
}

// The emitters move with the fluid when the domain changes shape: a window
// made portrait left one at x = 1.17 m outside the new 1 m wide domain, where
// it did nothing while the panel still counted it.
TEST_F(GridChangeTest, EmittersMoveWithTheFluid)
{
    Session s(32);
    s.fluid.allocateGrid({900, 600}, false);
    ASSERT_FLOAT_EQ(s.fluid.params().domainWidth, 1.5f);
    s.fluid.addEmitter({1.17f, 0.5f}, s.state.brush);
    s.fluid.allocateGrid({600, 900}, true);
    ASSERT_EQ(s.fluid.emitterCount(), 1);
    const glm::vec2 at = s.fluid.emitters()[0].position;
    EXPECT_NEAR(at.x, 1.17f / 1.5f, 1e-5f);
    EXPECT_NEAR(at.y, 0.5f * 1.5f, 1e-5f);
    EXPECT_LT(at.x, s.fluid.params().domainWidth);
}

// "Reset to defaults" is every setting the window starts with: hover
// painting, the steps a frame and the obstacle brush stayed, and emitters
// kept running with smoke off (gravity 0), piling up heat that never rose.
TEST_F(GridChangeTest, ResetToDefaultsIsAFreshStartButTheGrid)
{
    Session s(32);
    s.state.hoverPaint = true;
    s.state.maxStepsPerFrame = 16;
    s.state.obstacleBrushRadius = 0.08f;
    s.fluid.addEmitter({0.5f, 0.2f}, s.state.brush);
    ASSERT_GT(s.state.params.gravity, 0.0f) << "the first emitter turns smoke on";
    PanelActions reset;
    reset.resetDefaults = true;
    LoopRequests loop;
    applyPanel(
        reset, s.state, s.fluid, kFramebuffer, [](GpuSolver&, const DisplaySettings&) { return 10.0; }, loop);
    AppSettings expected = windowDefaults();
    expected.firstSight = s.state.firstSight;  // read once, at start
    expected.idleAfter = s.state.idleAfter;
    EXPECT_EQ(static_cast<const AppSettings&>(s.state), expected);
    EXPECT_EQ(s.fluid.emitterCount(), 0);
    EXPECT_EQ(s.state.params.gravity, 0.0f);
}

// The window's dye is carried sharply where the frame has room for that at
// the grid picked. Deterministic both ways: a step of 1 s of fluid leaves
// room for any 24-cell step, 10 s of overhead a frame leaves none.
struct DyePickSession : PickSession {
    explicit DyePickSession(bool autoDyeAdvection) : PickSession(false, autoDyeAdvection) {}
};

TEST_F(GridChangeTest, TheDyeIsCarriedSharplyWhereTheFrameHasRoomAndThatIsNotSaved)
{
    DyePickSession s(true);
    s.pick(0.0);
    EXPECT_EQ(s.state.gridShortSide, 24);
    EXPECT_EQ(s.state.params.dyeAdvection, kWindowSharpDyeAdvection);
    EXPECT_TRUE(s.state.dyeSharpByPick);
    EXPECT_NE(s.stats.gridChoice.find("the dye carried sharply"), std::string::npos) << s.stats.gridChoice;
    EXPECT_EQ(fromPanel(s.options, s.state).params.dyeAdvection, s.options.params.dyeAdvection) << "saved";
    s.fluid.allocateGrid(kFramebuffer, false);
    EXPECT_EQ(s.fluid.params().dyeAdvection, kWindowSharpDyeAdvection) << "the solver made next runs with it";
    // "Reset to defaults" keeps it with the grid, as a fresh start would take it.
    PanelActions reset;
    reset.resetDefaults = true;
    LoopRequests loop;
    applyPanel(
        reset, s.state, s.fluid, kFramebuffer, [](GpuSolver&, const DisplaySettings&) { return 0.0; }, loop);
    EXPECT_EQ(s.fluid.params().dyeAdvection, kWindowSharpDyeAdvection);
    EXPECT_TRUE(s.state.dyeSharpByPick);

    // The first thing given up for speed, the fluid and the grid kept.
    EXPECT_EQ(s.fluid.nextSpeedStep(true), SpeedStep::PlainDye);
    ASSERT_TRUE(s.fluid.plainDyeForSpeed());
    EXPECT_EQ(s.fluid.params().dyeAdvection, kWindowDyeAdvection);
    EXPECT_FALSE(s.state.dyeSharpByPick);
    EXPECT_EQ(s.fluid.nextSpeedStep(true), SpeedStep::SmallerGrid);
    EXPECT_FALSE(s.fluid.plainDyeForSpeed()) << "nothing left to give up of the dye's";
}

TEST_F(GridChangeTest, AFrameWithoutRoomKeepsThePlainDye)
{
    DyePickSession s(true);
    s.pick(10.0);  // nothing keeps up
    EXPECT_EQ(s.state.params.dyeAdvection, kWindowDyeAdvection);
    EXPECT_FALSE(s.state.dyeSharpByPick);
    EXPECT_EQ(s.stats.gridChoice.find("the dye carried sharply"), std::string::npos) << s.stats.gridChoice;

    // A pick again (the watch's, the window shrunk back) measures the grids
    // with the plain dye and takes the sharp one only where it has room.
    s.pick(0.0);
    ASSERT_TRUE(s.state.dyeSharpByPick);
    s.pick(10.0);
    EXPECT_EQ(s.state.params.dyeAdvection, kWindowDyeAdvection);
    EXPECT_FALSE(s.state.dyeSharpByPick);
}

// A probe of the sharp dye that does not keep up is measured once more, the
// frame besides its steps too: one slow measurement of either (another
// process on the machine) does not decide. Here the first measurement of
// the sharp dye's frame comes back 10 s slow and every later one as it is.
TEST_F(GridChangeTest, TheSharpDyesFrameIsMeasuredAgainWhereItsFirstMeasurementWasSlow)
{
    DyePickSession s(true);
    int sharpMeasurements = 0;
    s.pick([&](GpuSolver& probe, const DisplaySettings&) {
        if (probe.params().dyeAdvection != kWindowSharpDyeAdvection) return 0.0;
        return ++sharpMeasurements == 1 ? 10.0 : 0.0;
    });
    EXPECT_EQ(s.state.gridShortSide, 24) << "not the next smaller grid: the second measurement keeps up";
    EXPECT_TRUE(s.state.dyeSharpByPick);
    EXPECT_EQ(sharpMeasurements, 2);
}

// On the smallest grids the auto dye grid (4x) is coarse: where the frame
// has room, the pick takes finerDyeGrid instead (never saved), a resize
// keeps it, and it is given up for speed as any auto dye grid is.
TEST_F(GridChangeTest, ASmallGridsDyeIsFinerWhereTheFrameHasRoomAndThatIsNotSaved)
{
    PickSession s(false);
    s.state.autoDyeGrid = true;
    const int pixels = std::min(kFramebuffer.x, kFramebuffer.y);
    const int finer = finerDyeGrids(24, pixels).front();
    ASSERT_GT(finer, autoDyeGrid(24, pixels));
    s.pick(0.0);
    EXPECT_EQ(s.state.gridShortSide, 24);
    EXPECT_EQ(s.state.dyeGridShortSide, finer);
    EXPECT_NE(s.stats.gridChoice.find("the dye on a finer grid, the frame has room for it"), std::string::npos)
        << s.stats.gridChoice;
    EXPECT_EQ(fromPanel(s.options, s.state).params.dyeGridWidth, s.options.params.dyeGridWidth) << "saved";
    s.fluid.allocateGrid(kFramebuffer, false);
    s.fluid.reshapeGrid({kFramebuffer.x / 2, kFramebuffer.y / 2});
    EXPECT_EQ(s.state.dyeGridShortSide, finerDyeGrid(kFinerDyeGrids[0], 24, pixels / 2))
        << "a resize keeps it, at most its pixels";
    s.fluid.reshapeGrid(kFramebuffer);
    EXPECT_EQ(s.state.dyeGridShortSide, finer);
    ASSERT_LT(finer, kFinerDyeGrids[0]) << "the rung is capped by the window's pixels here";
    s.fluid.reshapeGrid(2 * kFramebuffer);
    EXPECT_EQ(s.state.dyeGridShortSide, kFinerDyeGrids[0]) << "a larger window: the rung, not the pixels picked at";
    s.fluid.reshapeGrid(kFramebuffer);
    ASSERT_TRUE(s.fluid.coarsenDyeForSpeed(kFramebuffer));
    EXPECT_EQ(s.state.dyeGridShortSide, kFinerDyeGrids[1]) << "given up for speed, the next rung first";
    ASSERT_TRUE(s.fluid.coarsenDyeForSpeed(kFramebuffer));
    EXPECT_EQ(s.state.dyeGridShortSide, kDyeGridFactors[0] * 24) << "then the auto dye grid";

    s.pick(10.0);  // nothing keeps up
    EXPECT_EQ(s.state.dyeGridShortSide, autoDyeGrid(s.state.gridShortSide, pixels));
    EXPECT_EQ(s.stats.gridChoice.find("the frame has room for it"), std::string::npos) << s.stats.gridChoice;
}

// The pick's dye on the larger candidate (24 rows), where both finer dye
// rungs are finer than its auto dye grid in kFramebuffer.
struct RungPickSession : DyePickSession {
    const int pixels = std::min(kFramebuffer.x, kFramebuffer.y);
    const std::vector<int> rungs = finerDyeGrids(24, pixels);
    RungPickSession() : DyePickSession(true) { state.autoDyeGrid = true; }
};

// Where the frame has no room for the finest rung, the pick takes the next;
// where the dye's scheme is the pick's, a finer grid is measured and taken
// only with the cubic read: carried plainly it blurs more than the auto grid
// carried sharply.
TEST_F(GridChangeTest, ASmallGridTakesTheFinestDyeGridTheFrameHasRoomForCarriedSharply)
{
    RungPickSession s;
    const int pixels = s.pixels;
    const std::vector<int>& rungs = s.rungs;
    ASSERT_EQ(rungs.size(), 2u);
    s.pick([&](GpuSolver& probe, const DisplaySettings&) {
        return probe.params().dyeGridHeight() >= rungs[0] ? 10.0 : 0.0;  // no room for the finest
    });
    EXPECT_EQ(s.state.gridShortSide, 24);
    EXPECT_EQ(s.state.dyeGridShortSide, rungs[1]);
    EXPECT_EQ(s.state.params.dyeAdvection, kWindowSharpDyeAdvection);
    EXPECT_TRUE(s.state.dyeSharpByPick);
    s.fluid.allocateGrid(kFramebuffer, false);
    s.fluid.reshapeGrid(kFramebuffer);
    EXPECT_EQ(s.state.dyeGridShortSide, rungs[1]) << "a resize keeps the rung taken";

    // Room for the finer grids carried plainly only: the auto grid, sharply.
    int cubicProbes = 0;
    s.pick([&](GpuSolver& probe, const DisplaySettings&) {
        const bool cubic = dyeReadsCubic(probe.params());
        cubicProbes += cubic;
        return cubic && probe.params().dyeGridHeight() > autoDyeGrid(24, pixels) ? 10.0 : 0.0;
    });
    // Each rung twice (a probe that does not keep up is measured again, its
    // frame too), then the auto grid once, each with the cubic.
    EXPECT_EQ(cubicProbes, 5) << "each rung and then the auto grid measured with the cubic";
    EXPECT_EQ(s.state.dyeGridShortSide, autoDyeGrid(24, pixels));
    EXPECT_EQ(s.state.params.dyeAdvection, kWindowSharpDyeAdvection);
    EXPECT_EQ(s.stats.gridChoice.find("the dye on a finer grid, the frame has room"), std::string::npos)
        << s.stats.gridChoice;
}

// A fluid under real time on a finer rung with the sharp dye gives up the
// rung first, one at a time down to the auto dye grid, the sharp dye kept:
// carried plainly the finer grid would blur more than the auto grid sharply.
TEST_F(GridChangeTest, UnderRealTimeAFinerDyeGridGoesRungByRungBeforeTheSharpDye)
{
    RungPickSession s;
    const int pixels = s.pixels;
    const std::vector<int>& rungs = s.rungs;
    ASSERT_EQ(rungs.size(), 2u);
    s.pick(0.0);
    ASSERT_EQ(s.state.dyeGridShortSide, rungs[0]);
    ASSERT_TRUE(s.state.dyeSharpByPick);
    s.fluid.allocateGrid(kFramebuffer, false);
    for (const int next : {rungs[1], autoDyeGrid(24, pixels)}) {
        ASSERT_EQ(s.fluid.nextSpeedStep(true), SpeedStep::CoarserDyeGrid) << "before the smaller grid too";
        ASSERT_TRUE(s.fluid.coarsenDyeForSpeed(kFramebuffer));
        EXPECT_EQ(s.state.dyeGridShortSide, next);
        EXPECT_EQ(s.fluid.params().dyeAdvection, kWindowSharpDyeAdvection) << "the sharp dye kept";
    }
    EXPECT_EQ(s.fluid.nextSpeedStep(true), SpeedStep::PlainDye) << "at the auto dye grid, the sharp dye next";
}

// Where the largest grid that keeps up has no room for the sharp dye on any
// of its dye grids, the next smaller grid with it: crisp dye on a coarser
// velocity shows more than blurred dye on a finer one. Never saved.
TEST_F(GridChangeTest, AGridWithoutRoomForTheSharpDyeGivesWayToTheNextSmaller)
{
    DyePickSession s(true);
    s.state.autoDyeGrid = true;
    const int pixels = std::min(kFramebuffer.x, kFramebuffer.y);
    s.pick([&](GpuSolver& probe, const DisplaySettings&) {
        return probe.params().gridHeight == 24 && dyeReadsCubic(probe.params()) ? 10.0 : 0.0;
    });
    EXPECT_EQ(s.state.gridShortSide, 16);
    EXPECT_TRUE(s.state.dyeSharpByPick);
    EXPECT_EQ(s.state.params.dyeAdvection, kWindowSharpDyeAdvection);
    EXPECT_EQ(s.state.dyeGridShortSide, finerDyeGrids(16, pixels).front());
    EXPECT_NE(s.stats.gridChoice.find("keeps up here with the dye carried sharply"), std::string::npos)
        << s.stats.gridChoice;
    EXPECT_EQ(fromPanel(s.options, s.state).params.dyeAdvection, s.options.params.dyeAdvection) << "saved";

    // Without room for the sharp dye on either grid: the largest, plainly.
    s.pick([&](GpuSolver& probe, const DisplaySettings&) { return dyeReadsCubic(probe.params()) ? 10.0 : 0.0; });
    EXPECT_EQ(s.state.gridShortSide, 24);
    EXPECT_FALSE(s.state.dyeSharpByPick);
    EXPECT_EQ(s.state.dyeGridShortSide, autoDyeGrid(24, pixels));
}

TEST_F(GridChangeTest, ADyeSchemeOfTheUsersIsKept)
{
    DyePickSession given(false);  // --dye-advection given, saved, or chosen in the panel
    given.state.params.dyeAdvection = DyeAdvection::SemiLagrangian;
    given.pick(0.0);
    EXPECT_EQ(given.state.params.dyeAdvection, DyeAdvection::SemiLagrangian);
    EXPECT_FALSE(given.state.dyeSharpByPick);

    // A scheme chosen in the panel ends the pick's: the next pick keeps it, and it is saved.
    DyePickSession s(true);
    s.pick(0.0);
    s.fluid.allocateGrid(kFramebuffer, false);
    ASSERT_TRUE(s.state.dyeSharpByPick);
    s.state.params.dyeAdvection = DyeAdvection::AsVelocity;
    LoopRequests loop;
    applyPanel(
        PanelActions{}, s.state, s.fluid, kFramebuffer, [](GpuSolver&, const DisplaySettings&) { return 0.0; }, loop);
    EXPECT_FALSE(s.state.autoDyeAdvection);
    EXPECT_FALSE(s.state.dyeSharpByPick);
    EXPECT_EQ(fromPanel(s.options, s.state).params.dyeAdvection, DyeAdvection::AsVelocity);
    s.pick(0.0);
    EXPECT_EQ(s.state.params.dyeAdvection, DyeAdvection::AsVelocity);

    // A fade chosen in the panel is the user's and saved; the scheme stays the pick's, not saved.
    DyePickSession fade(true);
    fade.pick(0.0);
    fade.fluid.allocateGrid(kFramebuffer, false);
    fade.state.params.dyeDissipation = 0.5f;
    applyPanel(
        PanelActions{}, fade.state, fade.fluid, kFramebuffer, [](GpuSolver&, const DisplaySettings&) { return 0.0; },
        loop);
    EXPECT_TRUE(fade.state.autoDyeAdvection);
    EXPECT_TRUE(fade.state.dyeSharpByPick);
    EXPECT_EQ(fromPanel(fade.options, fade.state).params.dyeDissipation, 0.5f);
    EXPECT_EQ(fromPanel(fade.options, fade.state).params.dyeAdvection, fade.options.params.dyeAdvection);
    ASSERT_TRUE(fade.fluid.plainDyeForSpeed());
    EXPECT_EQ(fade.fluid.params().dyeDissipation, 0.5f) << "the user's fade kept when the sharp dye goes";
}

TEST_F(GridChangeTest, ATimeStepOfTheUsersIsKept)
{
    SlowFrameSession s(false);  // --dt given, saved, or set in the panel
    s.state.params.dt = 0.01f;
    s.pick();
    EXPECT_FLOAT_EQ(s.state.params.dt, 0.01f);
    EXPECT_FALSE(s.state.dtLongForSpeed);
    EXPECT_EQ(s.stats.gridChoice.find("dt 0."), std::string::npos) << s.stats.gridChoice;
}

}  // namespace
}  // namespace fluid::app
