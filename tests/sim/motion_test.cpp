// Motion input pushes the fluid the way things move in front of the camera,
// on both backends: a bright disc moving left pushes the water left, moving
// right pushes it right, and a still picture pushes nothing at all.
#include <gtest/gtest.h>

#include <cmath>

#include "app/motion_input.hpp"
#include "support/backends.hpp"
#include "support/synthetic_motion.hpp"

namespace fluid {
namespace {

template <typename Solver>
using Motion = test::OnBothBackends<Solver>;
TYPED_TEST_SUITE(Motion, test::BothSolvers);

constexpr int kWidth = 64;
constexpr int kHeight = 48;
constexpr double kFrameRate = 30.0;  // two steps of 1/60 s per frame

SimParams motionSim()
{
    SimParams p;
    p.gridWidth = kWidth;
    p.gridHeight = kHeight;
    p.viscosity = 0.0f;
    return p;
}

// The camera's picture is 160x120, twice finer than the grid, so resampling
// takes part. The disc (radius 20 px = 8 cells) moves `pixelsPerFrame` along x.
struct DiscMovie {
    float x = 80.0f;
    float pixelsPerFrame = 0.0f;
    LumaFrame operator()()
    {
        const LumaFrame f = test::discFrame(160, 120, x, 60.0f, 20.0f);
        x += pixelsPerFrame;
        return f;
    }
};

// Steps the solver for `seconds` with the movie as the only input; returns the
// mean x velocity over the middle band the disc sweeps (rows 16..31).
template <typename Solver>
double meanVelocityX(Solver& solver, app::MotionInput<Solver>& input, DiscMovie& movie, double& t, double seconds)
{
    const double end = t + seconds;
    while (t < end - 1e-9) {
        input.advanceTo(t, solver, movie);
        solver.step();
        t += solver.params().dt;
    }
    const FluidState s = solver.download();
    double sum = 0.0;
    int n = 0;
    for (int j = 16; j < 32; ++j)
        for (int i = 0; i < kWidth; ++i, ++n) sum += s.velocity.at(i, j, 0);
    return sum / n;
}

TYPED_TEST(Motion, ADiscMovingLeftPushesLeftThenRightPushesRight)
{
    TypeParam solver(motionSim());
    MotionParams params;
    params.mirror = false;  // the picture as it is: left is left
    app::MotionInput<TypeParam> input(solver.params(), params, kFrameRate);
    DiscMovie movie;
    double t = 0.0;

    // 2 px per frame = 0.8 cells per frame = 0.375 m/s (cells of 1/64 m).
    movie.pixelsPerFrame = -2.0f;
    const double left = meanVelocityX(solver, input, movie, t, 0.5);
    std::printf("[ measured ] mean u in the disc's band after moving left: %.4f m/s\n", left);
    EXPECT_LT(left, -0.01) << "moving left did not push the fluid left";

    movie.pixelsPerFrame = 2.0f;
    const double right = meanVelocityX(solver, input, movie, t, 1.0);
    std::printf("[ measured ] after moving right: %.4f m/s\n", right);
    EXPECT_GT(right, 0.01) << "moving right did not push the fluid right";
    // Drawn towards the motion's speed, never beyond it (add_force.frag).
    EXPECT_LT(right, 0.375);
}

TYPED_TEST(Motion, MirrorTurnsTheDirectionAround)
{
    TypeParam solver(motionSim());
    MotionParams params;  // mirror on: a camera facing the people
    app::MotionInput<TypeParam> input(solver.params(), params, kFrameRate);
    DiscMovie movie;
    movie.pixelsPerFrame = -2.0f;  // left in the camera's picture is right on the wall
    double t = 0.0;
    EXPECT_GT(meanVelocityX(solver, input, movie, t, 0.5), 0.01);
}

TYPED_TEST(Motion, AStillPictureChangesNothing)
{
    TypeParam solver(motionSim());
    MotionParams params;
    params.dye = 5.0f;
    app::MotionInput<TypeParam> input(solver.params(), params, kFrameRate);
    DiscMovie movie;  // pixelsPerFrame 0
    double t = 0.0;
    meanVelocityX(solver, input, movie, t, 0.5);
    EXPECT_EQ(input.framesTaken(), 15);  // frames at 0, 1/30, ..., 14/30 s: the steps end at 29/60 s
    const FluidState s = solver.download();
    for (int j = 0; j < kHeight; ++j)
        for (int i = 0; i < kWidth; ++i) {
            ASSERT_EQ(s.velocity.at(i, j, 0), 0.0f) << i << "," << j;
            ASSERT_EQ(s.velocity.at(i, j, 1), 0.0f) << i << "," << j;
            ASSERT_EQ(s.dye.at(i, j, 0), 0.0f) << i << "," << j;
        }
}

}  // namespace
}  // namespace fluid
