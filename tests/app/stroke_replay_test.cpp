// The same drag replayed at 5, 30 and 240 frames/s, stepped in real time on
// both solvers: the fluid it leaves must not depend on the frame rate.
#include <gtest/gtest.h>

#include <cstdio>

#include "app/synthetic_drag.hpp"
#include "support/backends.hpp"
#include "support/fields.hpp"

namespace fluid {
namespace {

template <typename T>
using StrokeReplay = test::OnBothBackends<T>;
TYPED_TEST_SUITE(StrokeReplay, test::BothSolvers);

template <typename Solver>
FluidState fluidAfter(const test::SyntheticDrag& drag, int framesPerSecond, const SimParams& p, const app::Brush& brush)
{
    Solver solver(p);
    const double seconds = 1.2;  // the drag (press at 0.03 s, release at 1.08 s) and a little after
    for (const auto& splats : test::replay(drag, framesPerSecond, static_cast<double>(p.dt), seconds, brush))
        solver.step(splats);
    return solver.download();
}

TYPED_TEST(StrokeReplay, ADragLeavesTheSameFluidAtAnyFrameRate)
{
    SimParams p;
    p.gridWidth = p.gridHeight = 96;
    p.domainWidth = 1.0f;
    p.dt = 1.0f / 64.0f;  // exact in binary, like the event times: step ends fall on events exactly
    // Events at 1024 Hz from a press on an event tick: every step's end (k/64 s)
    // is an event time, so the steps see the same stroke at every frame rate;
    // what differs is how it reached them (how many frames, how many steps per
    // frame). (Where a step ends between two events, a step that runs before
    // the second event arrives cannot know where the pointer went: that part
    // of the stroke, under one event interval, goes to the next step. The
    // totals still agree, tests/app/stroke_queue_test.cpp, but the fluid moves
    // that part one step later.)
    const test::SyntheticDrag drag = test::curvedDrag(1024.0, 31.0 / 1024.0);
    const app::Brush brush;
    const FluidState reference = fluidAfter<TypeParam>(drag, 240, p, brush);
    ASSERT_GT(test::maxAbs(reference.dye), 0.3);  // the drag painted
    for (int fps : {5, 30}) {
        const FluidState state = fluidAfter<TypeParam>(drag, fps, p, brush);
        const test::FieldError dye = test::compareFields(state.dye, reference.dye);
        const test::FieldError velocity = test::compareFields(state.velocity, reference.velocity);
        std::printf("[ measured ] %d vs 240 frames/s: dye %s; velocity %s\n", fps, test::describe(dye).c_str(),
                    test::describe(velocity).c_str());
        // Every step gets the same splats whatever the frame rate; they can
        // differ only where rounding moves a cut point along the stroke (the
        // slice ends are computed from frame times), by about one float ulp of
        // a position, 6e-8 m, which changes a splat's deposit by about
        // 6e-8 / r = 3e-6 of its peak. Measured: identical fields.
        EXPECT_TRUE(dye.finite && velocity.finite);
        EXPECT_LE(dye.maxAbs, 1e-5 * dye.maxRef) << fps << " frames/s";
        EXPECT_LE(velocity.maxAbs, 1e-5 * velocity.maxRef) << fps << " frames/s";
    }
}

}  // namespace
}  // namespace fluid
