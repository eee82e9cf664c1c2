// FirstSight (src/app/window/first_sight.hpp) without a window: its splats
// driven by fluid time, its hint by made-up frame times in an ImGui context
// with no renderer. The window test (first_sight_test.cpp) shows the result.
#include <gtest/gtest.h>

#include <imgui.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "app/window/first_sight.hpp"

namespace fluid::app {
namespace {

constexpr double kDt = 1.0 / 60.0;

// The start time of the step each splat came with, over `seconds` of steps
// from t = 0; `painting(t)`: the user paints in the step at t.
std::vector<double> splatTimes(FirstSight& sight, double seconds, const std::function<bool(double)>& painting = {},
                               const SimParams& params = {})
{
    std::vector<double> times;
    for (int n = 0; n * kDt < seconds; ++n) {
        const double t = n * kDt;
        if (painting && painting(t)) sight.noteActivity(t);
        std::vector<Splat> splats;
        sight.addSplats(t, kDt, params, splats);
        times.insert(times.end(), splats.size(), t);
    }
    return times;
}

// The burst in the first step, then, while nobody paints, a splat kIdleAfter
// after the start and every kIdleEvery after that: at 4, 5.5 and 7 s.
TEST(FirstSightSchedule, ABurstThenASplatEveryFewSecondsWhileNobodyPaints)
{
    FirstSight sight(true);
    const std::vector<double> times = splatTimes(sight, FirstSight::kIdleAfter + 2.5 * FirstSight::kIdleEvery);
    EXPECT_EQ(std::count(times.begin(), times.end(), 0.0), FirstSight::kBurstSplats);
    ASSERT_EQ(times.size(), FirstSight::kBurstSplats + 3u);
    for (std::size_t k = 0; k < 3; ++k)
        EXPECT_NEAR(times[FirstSight::kBurstSplats + k],
                    FirstSight::kIdleAfter + static_cast<double>(k) * FirstSight::kIdleEvery, kDt);
}

// Painting holds the idle splats off: after painting until 5 s, the next
// comes kIdleAfter later.
TEST(FirstSightSchedule, PaintingHoldsTheIdleSplatsOff)
{
    FirstSight sight(true);
    const std::vector<double> times = splatTimes(sight, 10.0, [](double t) { return t < 5.0; });
    ASSERT_EQ(times.size(), FirstSight::kBurstSplats + 1u);
    EXPECT_NEAR(times.back(), 5.0 + FirstSight::kIdleAfter, 2 * kDt);
}

// The smoke scene (gravity on) and the wind tunnel show their own subject:
// no burst and no idle splats land there, for a minute, from the window's
// start or after the scene was switched on.
TEST(FirstSightSchedule, NoSplatsInTheSmokeAndTunnelScenes)
{
    SimParams smoke;
    smoke.gravity = 9.81f;
    SimParams tunnel;
    tunnel.boundary = BoundaryMode::Tunnel;
    SimParams walls;
    walls.boundary = BoundaryMode::TunnelWalls;
    for (const SimParams& scene : {smoke, tunnel, walls}) {
        EXPECT_TRUE(FirstSight::sceneHasItsOwnSubject(scene));
        FirstSight sight(true);
        EXPECT_TRUE(splatTimes(sight, 60.0, {}, scene).empty());
    }
    EXPECT_FALSE(FirstSight::sceneHasItsOwnSubject(SimParams{}));

    // Switched to smoke after the burst: the idle splats stop; back to the
    // demo, they come again kIdleAfter later (the burst does not).
    FirstSight sight(true);
    EXPECT_EQ(splatTimes(sight, 1.0).size(), FirstSight::kBurstSplats + 0u);
    std::vector<Splat> splats;
    for (int n = 60; n < 60 * 30; ++n) sight.addSplats(n * kDt, kDt, smoke, splats);
    EXPECT_TRUE(splats.empty());
    const double back = 30.0;
    int after = 0;
    double first = -1.0;
    for (int n = 0; n < 60 * 6; ++n) {
        const double t = back + n * kDt;
        sight.addSplats(t, kDt, SimParams{}, splats);
        if (!splats.empty() && first < 0.0) first = t;
        after = static_cast<int>(splats.size());
    }
    EXPECT_EQ(after, 2);  // at back + 4 and back + 5.5
    EXPECT_NEAR(first, back + FirstSight::kIdleAfter, 2 * kDt);
}

// Every splat, the burst's and the idle ones, pushes away from the nearer
// wall on each axis: one fired at a wall only flattens its dye against it,
// in layers along the wall (at 6 s the window's staircase read 1.33-1.35 in
// two starts of three, 1.10-1.17 with the splats turned inward).
TEST(FirstSightSchedule, EverySplatPushesAwayFromTheNearerWalls)
{
    FirstSight sight(true);
    SimParams params;
    params.domainWidth = 4.0f / 3.0f;
    params.gridWidth = 172;
    params.gridHeight = 128;
    int splatsSeen = 0;
    for (int n = 0; n * kDt < 60.0; ++n) {
        std::vector<Splat> splats;
        sight.addSplats(n * kDt, kDt, params, splats);
        for (const Splat& s : splats) {
            ++splatsSeen;
            EXPECT_TRUE((s.from.x < 0.5f * params.domainWidth) == (s.velocity.x >= 0.0f))
                << s.from.x << " " << s.velocity.x;
            EXPECT_TRUE((s.from.y < 0.5f * params.domainHeight()) == (s.velocity.y >= 0.0f))
                << s.from.y << " " << s.velocity.y;
        }
    }
    EXPECT_GT(splatsSeen, FirstSight::kBurstSplats + 30);
}

TEST(FirstSightSchedule, OffGivesNoSplatsAndNoHint)
{
    FirstSight sight(false);
    EXPECT_TRUE(splatTimes(sight, 10.0).empty());
    EXPECT_FALSE(sight.hintVisible());
}

// The hint stays until the user paints, then fades out in kHintFadeSeconds
// of frames.
TEST(FirstSightSchedule, TheHintStaysUntilTheUserPaintsThenFades)
{
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1024, 768);
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // the atlas NewFrame needs; no renderer
    FirstSight sight(true);
    const auto frames = [&](int count, bool painted) {
        for (int n = 0; n < count; ++n) {
            io.DeltaTime = 0.1f;
            ImGui::NewFrame();
            sight.drawHint(painted, 0.1f);
            ImGui::Render();
        }
    };
    frames(100, false);  // 10 s
    EXPECT_TRUE(sight.hintVisible()) << "the hint went with nobody painting";
    frames(10, true);  // 1 s of painting
    EXPECT_TRUE(sight.hintVisible()) << "gone before kHintFadeSeconds";
    frames(6, true);  // 1.6 s
    EXPECT_FALSE(sight.hintVisible()) << "still there kHintFadeSeconds after the user painted";
    ImGui::DestroyContext();
}

}  // namespace
}  // namespace fluid::app
