// The window's default grid: the largest that keeps up, measured smallest first.
#include <gtest/gtest.h>

#include <vector>

#include "app/grid_picker.hpp"

namespace fluid::app {
namespace {

constexpr double kDt = 1.0 / 60.0;
// No overhead, two steps a frame (30 frames/s at dt = 1/60 s): each step may take 0.8 dt = 13.3 ms.
constexpr FrameBudget kStepsOnly{kDt, 4, 0.0};

// A step costing `perCell` seconds per cell of an n x n grid; records what was measured.
struct FakeMachine {
    double perCell;
    std::vector<int> measured;
    double operator()(int n)
    {
        measured.push_back(n);
        return perCell * n * n;
    }
};

TEST(GridPicker, PicksTheLargestGridThatKeepsUp)
{
    // Budget: 0.8 of 1/60 s = 13.3 ms. 256^2 at 1e-7 s/cell = 6.6 ms fits, 384^2 = 14.7 ms does not.
    FakeMachine machine{1e-7, {}};
    const GridPick pick = pickGrid(gridChoices(), kStepsOnly, std::ref(machine));
    EXPECT_EQ(pick.shortSide, 256);
    EXPECT_TRUE(pick.keepsUp);
    EXPECT_NEAR(pick.secondsPerStep, 1e-7 * 256 * 256, 1e-12);
    // It stops at the first grid that is too slow, measured twice: 512 and 1024 are never stepped.
    EXPECT_EQ(machine.measured, (std::vector<int>{64, 128, 256, 384, 384}));
}

// A caller that measures the frame besides the steps with each candidate (the
// window: each grid has its own dye grid to show) writes it into the budget as
// it measures; the pick reports the overhead of the grid it took, not of the
// larger one measured last, which did not keep up.
TEST(GridPicker, ReportsTheOverheadMeasuredWithThePickedGrid)
{
    FrameBudget budget{1.0 / 30.0, 4, 0.0};
    FakeMachine machine{1e-7, {}};
    const GridPick pick = pickGrid(gridChoices(), budget, [&](int n) {
        budget.overheadSeconds = 1e-5 * n;  // 2.56 ms with 256^2, 3.84 ms with 384^2
        return machine(n);
    });
    // 0.8 of 33.3 ms: 256^2 takes 2.56 + 6.55 ms, 384^2 3.84 + 14.7, 512^2 5.12 + 26.2 (too slow).
    ASSERT_EQ(pick.shortSide, 384);
    EXPECT_DOUBLE_EQ(pick.overheadSeconds, 1e-5 * 384);
    EXPECT_EQ(machine.measured, (std::vector<int>{64, 128, 256, 384, 512, 512}));
}

// One measurement slowed by another process does not cost the grid: a grid
// that misses is measured again, and the second measurement decides.
TEST(GridPicker, AGridThatMissesOnceIsMeasuredAgain)
{
    FakeMachine machine{1e-7, {}};
    int calls = 0;
    const auto slowedOnce = [&](int n) {
        const double seconds = machine(n);
        return ++calls == 3 ? 3.0 * seconds : seconds;  // 256^2's first measurement, 3x slow
    };
    const GridPick pick = pickGrid(gridChoices(), kStepsOnly, slowedOnce);
    EXPECT_EQ(pick.shortSide, 256);
    EXPECT_NEAR(pick.secondsPerStep, 1e-7 * 256 * 256, 1e-12);
    EXPECT_EQ(machine.measured, (std::vector<int>{64, 128, 256, 256, 384, 384}));
}

// With a long dt one step a frame keeps real time at almost any cost: the
// pick took the largest grid there (1364 x 1024 at 1.3 s a step, frames of
// 1.3 s, at --dt 10). A frame must still come kMinFramesPerSecond times a
// second: 0.8 of 33.3 ms, so 512^2 (26.2 ms) and not 1024^2 (105 ms).
TEST(GridPicker, ALongStepStillKeepsThirtyFramesASecond)
{
    for (const double dt : {1.0 / 30.0, 0.1, 1.0, 10.0}) {
        FakeMachine machine{1e-7, {}};
        const FrameBudget budget{dt, 4, 0.0};
        EXPECT_EQ(pickGrid(gridChoices(), budget, std::ref(machine)).shortSide, 512) << "dt " << dt;
    }
}

// No more cells than pixels on the window's short side; the smallest choice
// always (a window shrunk to a few pixels still has a grid).
TEST(GridPicker, NoGridFinerThanTheWindowsPixels)
{
    const auto within = [](int pixels) {
        const std::span<const int> c = choicesWithin(gridChoices(), pixels);
        return std::vector<int>(c.begin(), c.end());
    };
    EXPECT_EQ(within(480), (std::vector<int>{64, 128, 256, 384}));
    EXPECT_EQ(within(512), (std::vector<int>{64, 128, 256, 384, 512}));
    EXPECT_EQ(within(4000), (std::vector<int>{64, 128, 256, 384, 512, 1024}));
    EXPECT_EQ(within(10), (std::vector<int>{64}));
    EXPECT_TRUE(choicesWithin({}, 480).empty());
}

TEST(GridPicker, AFastMachineGetsTheLargestChoice)
{
    FakeMachine machine{1e-12, {}};
    EXPECT_EQ(pickGrid(gridChoices(), kStepsOnly, std::ref(machine)).shortSide, 1024);
}

TEST(GridPicker, ASlowMachineGetsTheSmallestAndIsToldItDoesNotKeepUp)
{
    FakeMachine machine{1e-3, {}};
    const GridPick pick = pickGrid(gridChoices(), kStepsOnly, std::ref(machine));
    EXPECT_EQ(pick.shortSide, 64);
    EXPECT_FALSE(pick.keepsUp);
    EXPECT_EQ(machine.measured, (std::vector<int>{64, 64}));
}

TEST(GridPicker, ALongerTimeStepAllowsALargerGrid)
{
    FakeMachine machine{1e-7, {}};
    // One step a frame at 30 frames/s: 0.8 of 1/30 s = 26.7 ms; 512^2 takes 26.2 ms.
    EXPECT_EQ(pickGrid(gridChoices(), FrameBudget{1.0 / 30.0, 4, 0.0}, std::ref(machine)).shortSide, 512);
}

// Where the default step is the user's (no dt given), the pick may take one
// twice as long for a larger grid: one step a frame at 30 frames/s instead of
// two. 256^2 at 1e-7 s/cell (6.6 ms) fits two steps of 1/60 s (13.3 ms each);
// 384^2 (14.7 ms) and 512^2 (26.2 ms) fit one of 1/30 s (26.7 ms); 1024^2 does not.
TEST(GridPicker, ALongerStepIsTakenOnlyForALargerGrid)
{
    FakeMachine machine{1e-7, {}};
    FrameBudget budget{kDt, 4, 0.0};
    budget.longerDt = 2.0 * kDt;
    const GridPick pick = pickGrid(gridChoices(), budget, std::ref(machine));
    EXPECT_EQ(pick.shortSide, 512);
    EXPECT_TRUE(pick.keepsUp);
    EXPECT_DOUBLE_EQ(pick.dt, 2.0 * kDt);
    EXPECT_EQ(machine.measured, (std::vector<int>{64, 128, 256, 384, 512, 1024, 1024}));

    // A machine that keeps up with the largest grid at the short step keeps it.
    FakeMachine fast{1e-12, {}};
    const GridPick fastPick = pickGrid(gridChoices(), budget, std::ref(fast));
    EXPECT_EQ(fastPick.shortSide, 1024);
    EXPECT_DOUBLE_EQ(fastPick.dt, kDt);

    // Without the longer step allowed, 256 at the short one.
    const GridPick shortOnly = pickGrid(gridChoices(), kStepsOnly, std::ref(machine));
    EXPECT_EQ(shortOnly.shortSide, 256);
    EXPECT_DOUBLE_EQ(shortOnly.dt, kDt);

    // Nothing keeps up: the smallest grid, at the longer step (half the work per second).
    FakeMachine slow{1e-3, {}};
    const GridPick slowPick = pickGrid(gridChoices(), budget, std::ref(slow));
    EXPECT_EQ(slowPick.shortSide, 64);
    EXPECT_FALSE(slowPick.keepsUp);
    EXPECT_DOUBLE_EQ(slowPick.dt, 2.0 * kDt);
}

// The window measures the frame's overhead during the first measurement (the
// budget says -1 until then): the longer step is judged with it too. 12 ms of
// overhead leave 14.7 ms for one step of 1/30 s: 384^2 (14.7 ms) just fits
// with 1e-7 s/cell... so at 1.1e-7 s/cell only 256^2 (7.2 ms, which fits two
// steps of 1/60 s: (26.7 - 12) / 2 = 7.3 ms) does.
TEST(GridPicker, TheLongerStepIsJudgedWithTheOverheadMeasuredOnTheWay)
{
    FrameBudget budget{kDt, 4, -1.0, 2.0 * kDt};
    FakeMachine machine{1.1e-7, {}};
    const GridPick pick = pickGrid(gridChoices(), budget, [&](int n) {
        if (budget.overheadSeconds < 0.0) budget.overheadSeconds = 0.012;
        return machine(n);
    });
    EXPECT_EQ(pick.shortSide, 256);
    EXPECT_DOUBLE_EQ(pick.dt, kDt);
}

// The whole frame is budgeted: 12 ms of display, bloom, panel and swap per
// frame of two steps leave (26.7 - 12) / 2 = 7.3 ms a step, so 256^2 (6.6 ms)
// still fits and a 16 ms frame overhead leaves 5.3 ms: only 128^2 (1.6 ms).
TEST(GridPicker, TheFrameOutsideTheStepsIsBudgetedToo)
{
    FakeMachine machine{1e-7, {}};
    EXPECT_EQ(pickGrid(gridChoices(), FrameBudget{kDt, 4, 0.012}, std::ref(machine)).shortSide, 256);
    EXPECT_EQ(pickGrid(gridChoices(), FrameBudget{kDt, 4, 0.016}, std::ref(machine)).shortSide, 128);
}

TEST(GridPicker, AFrameRunsEnoughStepsForThirtyFramesASecondWithinTheCap)
{
    EXPECT_EQ(stepsPerFrame({1.0 / 60.0, 4, 0.0}), 2);
    EXPECT_EQ(stepsPerFrame({1.0 / 120.0, 4, 0.0}), 4);
    EXPECT_EQ(stepsPerFrame({1.0 / 240.0, 4, 0.0}), 4);  // the cap
    EXPECT_EQ(stepsPerFrame({1.0 / 10.0, 4, 0.0}), 1);
    EXPECT_EQ(stepsPerFrame({1.0 / 60.0, 1, 0.0}), 1);
    // The window's dt is a float: 1/60 rounded up to 0.016666668 must still be
    // 2 steps a frame (it was 1, and the pick asked for 60 frames/s).
    EXPECT_EQ(stepsPerFrame({static_cast<double>(1.0f / 60.0f), 4, 0.0}), 2);
    EXPECT_EQ(stepsPerFrame({static_cast<double>(1.0f / 120.0f), 4, 0.0}), 4);
    // At the edge: 2 steps of 10 ms and 6.6 ms overhead fill 0.8 of 2 dt exactly.
    EXPECT_TRUE(keepsUp(0.010, {1.0 / 60.0, 4, 0.8 * 2.0 / 60.0 - 0.020}));
    EXPECT_FALSE(keepsUp(0.0101, {1.0 / 60.0, 4, 0.8 * 2.0 / 60.0 - 0.020}));
}

// The auto dye grid: 4x the grid, but no finer than the window's pixels, and
// the grid's own (0) where that is no finer than the grid.
TEST(GridPicker, TheAutoDyeGridIsFourTimesFinerUpToThePixels)
{
    EXPECT_EQ(autoDyeGrid(128, 768), 512);
    EXPECT_EQ(autoDyeGrid(64, 768), 256);
    EXPECT_EQ(autoDyeGrid(256, 768), 768) << "the window's pixels";
    EXPECT_EQ(autoDyeGrid(512, 480), 0) << "a grid finer than the pixels keeps its own dye";
    EXPECT_EQ(autoDyeGrid(512, 512), 0);
    // The pick's finer dye grids, finest first, tried where the auto one is coarser.
    EXPECT_EQ(finerDyeGrids(64, 768), (std::vector<int>{512, 384}));
    EXPECT_EQ(finerDyeGrids(64, 400), (std::vector<int>{400, 384})) << "the window's pixels";
    EXPECT_EQ(finerDyeGrids(64, 300), (std::vector<int>{300})) << "one rung where both are the pixels";
    EXPECT_EQ(finerDyeGrids(96, 768), (std::vector<int>{512})) << "only those finer than the auto one (384)";
    EXPECT_TRUE(finerDyeGrids(128, 768).empty()) << "the auto dye grid is as fine";
    EXPECT_TRUE(finerDyeGrids(256, 768).empty());
    EXPECT_EQ(finerDyeGrid(384, 64, 768), 384);
    EXPECT_EQ(finerDyeGrid(384, 96, 768), 0);
    EXPECT_EQ(finerDyeRung(400, 64, 400), 512) << "the largest rung the pixels cap to 400";
    EXPECT_EQ(finerDyeRung(384, 64, 768), 384);
    EXPECT_EQ(finerDyeRung(256, 64, 768), 0) << "the auto dye grid is no rung";
}

TEST(GridPicker, ASecondPickChoosesOnlyAmongSmallerGrids)
{
    EXPECT_EQ(std::vector<int>(choicesBelow(gridChoices(), 384).begin(), choicesBelow(gridChoices(), 384).end()),
              (std::vector<int>{64, 128, 256}));
    EXPECT_TRUE(choicesBelow(gridChoices(), 64).empty());
    EXPECT_EQ(choicesBelow(gridChoices(), 100).size(), 1u);  // a typed size between two choices
}

TEST(GridPicker, ACoarserDyeGridIsTheNextFactorDownThenTheGridsOwn)
{
    EXPECT_EQ(coarserDyeGrid(64, 256, kDyeGridFactors), 128) << "4x -> 2x";
    EXPECT_EQ(coarserDyeGrid(64, 128, kDyeGridFactors), 0) << "2x -> the grid's own";
    EXPECT_EQ(coarserDyeGrid(64, 0, kDyeGridFactors), 0) << "the grid's own stays";
    EXPECT_EQ(coarserDyeGrid(64, 200, kDyeGridFactors), 128) << "a size between two factors";
}

TEST(GridPicker, AFluidUnderRealTimeGivesUpAFinerRungTheSharpDyeTheGridTheDyeGridThenTheBloom)
{
    FrameLoad load;
    load.sharpDyeDroppable = true;
    load.smallerGridExists = true;
    load.autoDyeGrid = true;
    load.shortSide = 64;
    load.dyeShortSide = 256;
    load.bloomDroppable = true;
    load.finerDyeByPick = true;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::CoarserDyeGrid) << "a finer rung goes before the sharp dye";
    load.finerDyeByPick = false;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::PlainDye) << "the pick's extra goes before anything of the grid's";
    load.sharpDyeDroppable = false;
    load.finerDyeByPick = true;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::SmallerGrid) << "a second pick re-picks the dye grid too";
    load.finerDyeByPick = false;
    load.smallerGridExists = false;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::CoarserDyeGrid);
    load.dyeShortSide = 128;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::CoarserDyeGrid);
    load.dyeShortSide = 0;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::NoBloom);
    load.bloomDroppable = false;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::Nothing);
    load.dyeShortSide = 256;
    load.autoDyeGrid = false;
    EXPECT_EQ(nextSpeedStep(load), SpeedStep::Nothing) << "a dye grid the user chose is theirs";
}

}  // namespace
}  // namespace fluid::app
