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
