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
std::vector<double> splatTimes(FirstSight& sight, double seconds, const std::function<bool(double)>& painting = {})
{
    const SimParams params;
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
