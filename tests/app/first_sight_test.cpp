// The window's first minute (window_fixture.hpp): what a newcomer sees with no
// flags and no settings file, the panel's footprint, and HiDPI scaling.
#include <gtest/gtest.h>

#include <dlfcn.h>

#include "app/window_fixture.hpp"

namespace fluid::window_test {
namespace {

// The window's first minute (STYLE.md habit 20), as a newcomer gets it: no
// flags but the size, no settings file, a 1280x800 screen.
class FirstSightTest : public WindowTest {
protected:
    std::string screen() const override { return "1280x800x24"; }

    // The X server's Xft.dpi (the RESOURCE_MANAGER string xrdb would set),
    // from which GLFW takes the content scale of a window opened after it:
    // dpi / 96. Through libX11 loaded at run time, so the test needs no X
    // headers (xdotool and Xvfb bring the library; xprop cannot make the atom).
    // The connection stays open until the test ends: the server resets (and
    // forgets the property) when its last client leaves.
    void setXftDpi(int dpi)
    {
        void* x11 = dlopen("libX11.so.6", RTLD_NOW);
        ASSERT_NE(x11, nullptr) << dlerror();
        using Open = void* (*)(const char*);
        using Root = unsigned long (*)(void*);
        using Intern = unsigned long (*)(void*, const char*, int);
        using Change = int (*)(void*, unsigned long, unsigned long, unsigned long, int, int, const unsigned char*, int);
        using Close = int (*)(void*);
        const auto open = reinterpret_cast<Open>(dlsym(x11, "XOpenDisplay"));
        const auto root = reinterpret_cast<Root>(dlsym(x11, "XDefaultRootWindow"));
        const auto intern = reinterpret_cast<Intern>(dlsym(x11, "XInternAtom"));
        const auto change = reinterpret_cast<Change>(dlsym(x11, "XChangeProperty"));
        const auto close = reinterpret_cast<Close>(dlsym(x11, "XCloseDisplay"));
        ASSERT_TRUE(open && root && intern && change && close);
        void* display = open(display_.c_str());
        ASSERT_NE(display, nullptr) << "cannot open " << display_;
        const std::string resources = "Xft.dpi:\t" + std::to_string(dpi) + "\n";
        constexpr unsigned long kXaString = 31;  // XA_STRING
        change(display, root(display), intern(display, "RESOURCE_MANAGER", 0), kXaString, 8, 0 /* PropModeReplace */,
               reinterpret_cast<const unsigned char*>(resources.data()), static_cast<int>(resources.size()));
        reinterpret_cast<int (*)(void*)>(dlsym(x11, "XSync"))(display);
        closeX11_ = [=] {
            close(display);
            dlclose(x11);
        };
    }

    void TearDown() override
    {
        if (closeX11_) closeX11_();  // while the server runs (it ends the test process otherwise)
        WindowTest::TearDown();
    }

    std::function<void()> closeX11_;
};

// Lit: a pixel whose brightest channel is at least this (the canvas is 0 to
// 0.09 where there is no dye; the burst's splats are 0.78 at their centres).
constexpr float kLit = 0.25f;

// With no input at all, the burst of colour is there from the first frame
// that runs a step (the burst is at fluid time 0; the first frame after the
// grid is picked runs a step however short it is: SimClock::start), so the
// first screenshot sees it. Dye
// lights at least 2% of the window's pixels, counted only right of the panel
// (x >= 320) and above the hint (y < 680), so neither can pass for dye;
// and still 2 s of fluid later.
TEST_F(FirstSightTest, WithNoInputTheBurstLightsAtLeastTwoPercentOfTheWindow)
{
    constexpr int kW = 1280, kH = 800;
    const auto launched = std::chrono::steady_clock::now();
    launchDefault(kW, kH);
    const Image first = screenshot();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - launched).count();
    ASSERT_EQ(first.width, kW);
    ASSERT_EQ(first.height, kH);
    const auto litFraction = [](const Image& image) {
        std::size_t lit = 0;
        for (int y = 0; y < 680; ++y)
            for (int x = 320; x < kW; ++x) lit += image.at(x, y) >= kLit;
        return static_cast<double>(lit) / (kW * kH);
    };
    const double fraction = litFraction(first);
    std::printf(
        "[ measured ] %.1f%% of the window lit by dye (brightness >= %.2f) in the first screenshot, "
        "%.1f s after launch\n",
        100.0 * fraction, static_cast<double>(kLit), seconds);
    EXPECT_GE(fraction, 0.02) << "the window starts (almost) black";

    // And 2 s of fluid later (the README's "2 s after the window appears"),
    // with time driven by the fluid's own steps, not by waiting: paused,
    // then 120 single steps of dt = 1/60 s.
    xdotoolChain(keys("space"));
    xdotoolChain(singleSteps(120));
    const Image later = screenshot();
    const double laterFraction = litFraction(later);
    std::printf("[ measured ] %.1f%% lit after 120 more steps (2 s of fluid)\n", 100.0 * laterFraction);
    EXPECT_GE(laterFraction, 0.02) << "the burst fades within 2 s";

    // Nothing was changed in the panel, so the settings file saved at exit
    // sets nothing: the window's own defaults (app/options.hpp's
    // windowDefaults) are not pinned there, and a later default reaches this user.
    EXPECT_EQ(app_.stop(), kCleanStop) << readFile(workDir_ / "fluidsim.log");
    const std::string settings = readFile(workDir_ / "home" / "config" / "fluidsim" / "settings.ini");
    EXPECT_EQ(settings.find(" = "), std::string::npos) << settings;
}

// The panel leaves the fluid visible: paused (nothing moves), hiding it with
// F1 changes at most a fifth of the window's pixels, at both sizes. At least
// 5% must change: the panel was there to hide.
TEST_F(FirstSightTest, HidingThePanelChangesAtMostAFifthOfTheWindow)
{
    for (const auto& [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
        launchDefault(w, h);
        xdotoolChain(keys("space"));
        const Image withPanel = screenshot();
        xdotoolChain(keys("F1"));
        const Image without = screenshot();
        ASSERT_EQ(withPanel.width, w);
        ASSERT_EQ(without.width, w);
        const double changed = changedFraction(withPanel, without);
        std::printf("[ measured ] %dx%d: hiding the panel changed %.1f%% of the pixels\n", w, h, 100.0 * changed);
        EXPECT_LE(changed, 0.20) << w << "x" << h << ": the panel covers more than a fifth of the window";
        EXPECT_GE(changed, 0.05) << w << "x" << h << ": F1 hid no panel";
        EXPECT_EQ(app_.stop(), kCleanStop) << readFile(workDir_ / "fluidsim.log");
    }
}

// HiDPI: at twice the dpi (Xft.dpi 192, a content scale of 2) the window
// opens twice as large (--width 640 --height 400: 1280x800 pixels, GLFW's
// GLFW_SCALE_TO_MONITOR) and the panel's fonts and sizes double with it, so it
// covers about what it covers of a 640x400 window at 96 dpi: hiding it changes
// at least 30% of the pixels (12-16% at 1280x800 and 96 dpi, the test above).
TEST_F(FirstSightTest, AtTwiceTheDpiThePanelIsDrawnTwiceAsLarge)
{
    setXftDpi(192);
    launchDefault(640, 400);
    xdotoolChain(keys("space"));
    const Image withPanel = screenshot();
    xdotoolChain(keys("F1"));
    const Image without = screenshot();
    ASSERT_EQ(withPanel.width, 1280);
    const double changed = changedFraction(withPanel, without);
    std::printf("[ measured ] 1280x800 at 192 dpi: hiding the panel changed %.1f%% of the pixels\n", 100.0 * changed);
    EXPECT_GE(changed, 0.30) << "the panel is not drawn larger at twice the dpi";
}

}  // namespace
}  // namespace fluid::window_test
