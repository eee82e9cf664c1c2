// The panel stays where it can be grabbed, whatever the window went through.
#include <gtest/gtest.h>

#include <cmath>

#include "app/panel_placement.hpp"

namespace fluid::app {
namespace {

TEST(PanelPlacement, ATinyWindowDrawsNoPanel)
{
    EXPECT_FALSE(panelFits({1.0f, 1.0f}));
    EXPECT_FALSE(panelFits({1024.0f, 20.0f}));
    EXPECT_TRUE(panelFits({640.0f, 480.0f}));
}

// HiDPI: the monitor's content scale, less what the window system already
// scales (a framebuffer larger than the window), in quarter steps within [1, 4].
TEST(PanelPlacement, FontsFollowTheContentScale)
{
    EXPECT_FLOAT_EQ(uiScale({1.0f, 1.0f}, {1024, 768}, {1024, 768}), 1.0f);
    EXPECT_FLOAT_EQ(uiScale({2.0f, 2.0f}, {1024, 768}, {1024, 768}), 2.0f) << "X11 at 192 dpi";
    EXPECT_FLOAT_EQ(uiScale({2.0f, 2.0f}, {1024, 768}, {2048, 1536}), 1.0f) << "macOS Retina: points already";
    EXPECT_FLOAT_EQ(uiScale({1.3f, 1.3f}, {800, 600}, {800, 600}), 1.25f);
    EXPECT_FLOAT_EQ(uiScale({0.5f, 0.5f}, {800, 600}, {800, 600}), 1.0f) << "never smaller than at 96 dpi";
    EXPECT_FLOAT_EQ(uiScale({9.0f, 9.0f}, {800, 600}, {800, 600}), 4.0f);
    EXPECT_FLOAT_EQ(uiScale({1.5f, 1.5f}, {0, 0}, {0, 0}), 1.5f) << "a minimised window";
}

TEST(PanelPlacement, OffScreenPositionsComeBack)
{
    const glm::vec2 display(800.0f, 600.0f);
    EXPECT_EQ(keepReachable({-18.0f, -18.0f}, display, 20.0f), glm::vec2(0.0f, 0.0f));  // saved by an older version
    EXPECT_EQ(keepReachable({5000.0f, 5000.0f}, display, 20.0f), glm::vec2(800.0f - kPanelGrip, 580.0f));
    EXPECT_EQ(keepReachable({10.0f, 10.0f}, display, 20.0f), glm::vec2(10.0f, 10.0f));  // on-screen: untouched
    EXPECT_EQ(keepReachable({std::nanf(""), 10.0f}, display, 20.0f), glm::vec2(0.0f, 10.0f));
    EXPECT_EQ(keepReachable({10.0f, 10.0f}, {30.0f, 10.0f}, 20.0f), glm::vec2(0.0f, 0.0f));  // never negative
}

}  // namespace
}  // namespace fluid::app
