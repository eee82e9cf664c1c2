// The idle brush of a wall nobody stands at: it starts after the idle time,
// stops at any activity, draws one unbroken path whatever the step, and pushes
// gently.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "app/idle_motion.hpp"

namespace fluid::app {
namespace {

TEST(IdleMotion, StartsAfterTheIdleTimeAndStopsAtActivity)
{
    const SimParams p;
    IdleMotion idle(20.0);
    EXPECT_FALSE(idle.splatFor(19.9, 1.0 / 60, p));
    EXPECT_TRUE(idle.splatFor(20.0, 1.0 / 60, p));
    idle.noteActivity(25.0);
    EXPECT_FALSE(idle.splatFor(25.0, 1.0 / 60, p));
    EXPECT_FALSE(idle.splatFor(44.9, 1.0 / 60, p));
    EXPECT_TRUE(idle.splatFor(45.0, 1.0 / 60, p));
    EXPECT_FALSE(IdleMotion(0.0).splatFor(1e6, 1.0 / 60, p)) << "0 means never";
}

TEST(IdleMotion, OnePathWhateverTheStep)
{
    const SimParams p;
    const IdleMotion idle(1.0);
    for (const double dt : {1.0 / 30, 1.0 / 60, 1.0 / 240}) {
        double t = 1.0;
        std::optional<Splat> previous;
        for (int n = 0; n < 600; ++n, t += dt) {
            const std::optional<Splat> s = idle.splatFor(t, dt, p);
            ASSERT_TRUE(s);
            if (previous) {
                EXPECT_LT(glm::length(s->from - previous->to), 1e-5f) << "a gap in the path at step " << n;
            }
            // Inside the domain, gentle: the path moves at most sqrt(0.111^2 + 0.171^2) = 0.204 m/s
            // (0.3 x 2 pi / 17 and / 11 s), the fluid at 1.5 times that.
            EXPECT_GE(s->from.x, 0.0f);
            EXPECT_LE(s->from.x, p.domainWidth);
            EXPECT_LT(glm::length(s->velocity), 1.5f * 0.2042f);
            previous = s;
        }
    }
}

}  // namespace
}  // namespace fluid::app
