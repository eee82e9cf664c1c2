// The window's default grid: the largest that keeps up, measured smallest first.
#include <gtest/gtest.h>

#include <vector>

#include "app/grid_picker.hpp"

namespace fluid::app {
namespace {

constexpr double kDt = 1.0 / 60.0;

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
    // Budget: half of 1/60 s = 8.3 ms. 256^2 at 1e-7 s/cell = 6.6 ms fits, 384^2 = 14.7 ms does not.
    FakeMachine machine{1e-7, {}};
    const GridPick pick = pickGrid(gridChoices(), kDt, std::ref(machine));
    EXPECT_EQ(pick.shortSide, 256);
    EXPECT_TRUE(pick.keepsUp);
    EXPECT_NEAR(pick.secondsPerStep, 1e-7 * 256 * 256, 1e-12);
    // It stops at the first grid that is too slow: 512 and 1024 are never stepped.
    EXPECT_EQ(machine.measured, (std::vector<int>{64, 128, 256, 384}));
}

TEST(GridPicker, AFastMachineGetsTheLargestChoice)
{
    FakeMachine machine{1e-12, {}};
    EXPECT_EQ(pickGrid(gridChoices(), kDt, std::ref(machine)).shortSide, 1024);
}

TEST(GridPicker, ASlowMachineGetsTheSmallestAndIsToldItDoesNotKeepUp)
{
    FakeMachine machine{1e-3, {}};
    const GridPick pick = pickGrid(gridChoices(), kDt, std::ref(machine));
    EXPECT_EQ(pick.shortSide, 64);
    EXPECT_FALSE(pick.keepsUp);
    EXPECT_EQ(machine.measured, (std::vector<int>{64}));
}

TEST(GridPicker, ALongerTimeStepAllowsALargerGrid)
{
    FakeMachine machine{1e-7, {}};
    EXPECT_EQ(pickGrid(gridChoices(), 1.0 / 30.0, std::ref(machine)).shortSide, 384);
}

}  // namespace
}  // namespace fluid::app
