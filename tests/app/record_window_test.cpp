// The window as a video (--record, F9), read back through libavformat: a
// player's frame count and size. Time is driven explicitly: the fluid is
// paused, and N presses run single steps of dt = 1/60 s, so a video of 30
// frames per second of fluid time gets one frame per two steps, however
// fast the machine draws.
#include <gtest/gtest.h>

#include "app/window_fixture.hpp"
#include "record/video_probe.hpp"

namespace fluid::window_test {
namespace {

// The frame count the app printed on closing the video ("recorded N frames").
long printedFrames(const std::string& log)
{
    const auto at = log.find("fluidsim: recorded ");
    if (at == std::string::npos) return -1;
    return std::atol(log.c_str() + at + std::string("fluidsim: recorded ").size());
}

TEST_F(WindowTest, RecordWritesAVideoOfTheWindowAtItsSizeByFluidTime)
{
    const fs::path video = workDir_ / "v.mp4";
    launchApp({"--record", video.string()});
    // Paused, a drag (strokes paint on the still fluid), then 120 steps: 2 s
    // of fluid, 60 frames after the ones before the pause, then Esc.
    xdotoolChain(keys("F1 space") + drag(1, {{160, 240}, {480, 300}}) + keys("--repeat 120 --delay 10 n"));
    xdotoolChain("keydown --window " + window_ + " Escape");
    ASSERT_TRUE(waitFor([&] { return !app_.running(); }, 60s)) << "Esc did not quit";
    EXPECT_EQ(app_.stop(), "exit 0");
    const std::string log = readFile(workDir_ / "fluidsim.log");

    const test::VideoProbe probe = test::probeVideo(video.string());
    ASSERT_TRUE(probe.opened) << probe.error << "\n" << log;
    EXPECT_EQ(probe.width, kWidth);
    EXPECT_EQ(probe.height, kHeight);
    EXPECT_NEAR(probe.fps, 30.0, 1e-9);
    // At least the 60 frames of the 120 steps; the fluid ran in real time
    // between the window's opening and the pause, a little more.
    EXPECT_GE(probe.frames, 61) << log;
    EXPECT_EQ(probe.frames, printedFrames(log)) << log;
    // The drag's dye is in the picture (not a black or garbage frame): bright
    // along the path, dark far from it (the top left corner, the panel hidden).
    ASSERT_EQ(probe.lastFrame.size(), static_cast<std::size_t>(kWidth * kHeight * 3));
    const auto at = [&](int x, int y) {
        const std::size_t n = static_cast<std::size_t>((y * kWidth + x) * 3);
        return std::max({probe.lastFrame[n], probe.lastFrame[n + 1], probe.lastFrame[n + 2]});
    };
    int onPath = 0, corner = 0;
    for (int y = 255; y <= 285; ++y)
        for (int x = 300; x <= 340; ++x) onPath = std::max(onPath, static_cast<int>(at(x, y)));
    for (int y = 0; y < 60; ++y)
        for (int x = 0; x < 60; ++x) corner = std::max(corner, static_cast<int>(at(x, y)));
    EXPECT_GT(onPath, 60) << "no dye along the drag in the video's last frame";
    EXPECT_LT(corner, 20) << "light far from the drag in the video's last frame";
    std::printf("[ measured ] %d frames of %dx%d (%s)\n", probe.frames, probe.width, probe.height, probe.codec.c_str());
}

TEST_F(WindowTest, RecordForStopsAfterThatMuchFluidTime)
{
    const fs::path video = workDir_ / "v.webm";
    launchApp({"--record", video.string(), "--record-for", "0.5"});
    // 0.5 s of fluid: 15 frames; then paused, and the steps after add none.
    xdotoolChain(keys("F1"));
    ASSERT_TRUE(
        waitFor([&] { return readFile(workDir_ / "fluidsim.log").find("recorded") != std::string::npos; }, 120s))
        << readFile(workDir_ / "fluidsim.log");
    xdotoolChain(keys("space") + keys("--repeat 20 --delay 10 n"));
    xdotoolChain("keydown --window " + window_ + " Escape");
    ASSERT_TRUE(waitFor([&] { return !app_.running(); }, 60s)) << "Esc did not quit";
    const test::VideoProbe probe = test::probeVideo(video.string());
    ASSERT_TRUE(probe.opened) << probe.error;
    EXPECT_EQ(probe.frames, 15);
    EXPECT_EQ(probe.width, kWidth);
}

TEST_F(WindowTest, F9StartsAndStopsAVideoInTheScreenshotFolder)
{
    launchApp();
    // Paused before F9: the video holds exactly the fluid time between the
    // two presses, 20 steps (1/3 s): frame 0 and 10 more.
    xdotoolChain(keys("F1 space F9") + keys("--repeat 20 --delay 10 n"));
    xdotoolChain(keys("F9"));
    ASSERT_TRUE(waitFor([&] { return readFile(workDir_ / "fluidsim.log").find("recorded") != std::string::npos; }, 60s))
        << readFile(workDir_ / "fluidsim.log");
    fs::path video;
    for (const auto& entry : fs::directory_iterator(workDir_ / "shots"))
        if (entry.path().extension() == ".mp4") video = entry.path();
    ASSERT_FALSE(video.empty()) << "no video in " << workDir_ / "shots";
    const test::VideoProbe probe = test::probeVideo(video.string());
    ASSERT_TRUE(probe.opened) << probe.error;
    EXPECT_EQ(probe.frames, 11);
    EXPECT_EQ(probe.width, kWidth);
    EXPECT_EQ(probe.height, kHeight);
}

}  // namespace
}  // namespace fluid::window_test
