// Obstacles end to end, as `fluidsim --headless --obstacle circle` runs them
// on either solver: the mask the flags make reaches the solver
// (setObstacles), and the fluid does not enter it.
#include <gtest/gtest.h>

#include <cmath>

#include "core/obstacles.hpp"
#include "validation/validation_support.hpp"

namespace fluid::validation {
namespace {

using namespace app::headless;

class ObstacleRun : public OnBackend {};

double largestSpeed(const Field& velocity, const Field& mask, bool solid)
{
    double largest = 0.0;
    for (int j = 0; j < velocity.height(); ++j)
        for (int i = 0; i < velocity.width(); ++i)
            if (isSolid(mask.at(i, j)) == solid)
                largest = std::fmax(largest, std::hypot(velocity.at(i, j, 0), velocity.at(i, j, 1)));
    return largest;
}

double largestDye(const Field& dye, const Field& mask)
{
    double largest = 0.0;
    for (int j = 0; j < dye.height(); ++j)
        for (int i = 0; i < dye.width(); ++i)
            if (isSolid(mask.at(i, j)))
                for (int c = 0; c < 3; ++c) largest = std::fmax(largest, std::fabs(dye.at(i, j, c)));
    return largest;
}

// The demo's left jet at (0.12, 0.55) m blows along +x into a circle of 0.2 m
// at (0.25, 0.5) m, 64^2 cells, 40 steps (2/3 s).
TEST_P(ObstacleRun, NoMotionAndNoDyeInsideTheCircle)
{
    const RunSpec withCircle = resolvedSpec(headlessOptions(
        Scenario::Demo, GetParam(), 64, {"--obstacle", "circle", "--obstacle-size", "0.2", "--steps", "40"}));
    const RunSpec without = resolvedSpec(headlessOptions(Scenario::Demo, GetParam(), 64, {"--steps", "40"}));
    const Field& mask = withCircle.obstacles;
    ASSERT_GT(countSolid(mask), 0);

    const RunResult open = simulate(without);
    const RunResult blocked = simulate(withCircle);
    // Without the circle its cells move (the test is not empty): the jet blows there.
    const double openSpeed = largestSpeed(open.final.velocity, mask, true);
    const double inside = largestSpeed(blocked.final.velocity, mask, true);
    const double outside = largestSpeed(blocked.final.velocity, mask, false);
    std::printf("[ measured ] max speed where the circle is: %.3g m/s without it, %.3g m/s with it; outside %.3g m/s\n",
                openSpeed, inside, outside);
    EXPECT_GT(openSpeed, 0.1);
    EXPECT_EQ(inside, 0.0) << "a solid cell's velocity is zero, exactly";
    EXPECT_EQ(largestDye(blocked.final.dye, mask), 0.0) << "no dye inside a solid";
    EXPECT_GT(outside, 0.1) << "the fluid around still moves";
}

INSTANTIATE_TEST_SUITE_P(Backends, ObstacleRun, ::testing::Values(Backend::Cpu, Backend::Gpu), backendName);

}  // namespace
}  // namespace fluid::validation
