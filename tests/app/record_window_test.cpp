// The window as a video (--record, F9), read back through libavformat: a
// player's frame count and size. Time is driven explicitly: the fluid is
// paused, and N presses run single steps of dt = 1/60 s, so a video of 30
// frames per second of fluid time gets one frame per two steps, however
// fast the machine draws.
#include <gtest/gtest.h>

#include "app/run_process.hpp"
#include "app/window_fixture.hpp"
#include "record/video_probe.hpp"

namespace fluid::window_test {
namespace {

// The steps an input log holds (its end line).
int loggedSteps(const std::string& log)
{
    const auto at = log.rfind("\nend ");
    return at == std::string::npos ? -1 : std::atoi(log.c_str() + at + 5);
}

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
    const fs::path input = workDir_ / "in.rec";
    // The brush pushes nothing: its push is the pointer's speed in wall-clock
    // time (app/stroke_queue.hpp), which xdotool's sleeps and the app's polls
    // make anything on a busy machine, and 120 steps of a hard push smeared
    // the drag's dye below the bound below (59 of 60, 1 run in 12 with both
    // cores busy). Without it the dye stays where it was painted.
    launchApp({"--record", video.string(), "--record-input", input.string(), "--splat-force", "0"});
    // Paused, a drag (strokes paint on the still fluid), then 120 steps: 2 s
    // of fluid, 60 frames after the ones before the pause, then Esc.
    xdotoolChain(keys("F1 space") + drag(1, {{160, 240}, {480, 300}}) + singleSteps(120));
    xdotoolChain("keydown --window " + window_ + " Escape");
    ASSERT_TRUE(waitFor([&] { return !app_.running(); }, 60s)) << "Esc did not quit";
    EXPECT_EQ(app_.stop(), "exit 0");
    const std::string log = readFile(workDir_ / "fluidsim.log");

    const test::VideoProbe probe = test::probeVideo(video.string());
    ASSERT_TRUE(probe.opened) << probe.error << "\n" << log;
    EXPECT_EQ(probe.width, kWidth);
    EXPECT_EQ(probe.height, kHeight);
    EXPECT_NEAR(probe.fps, 30.0, 1e-9);
    // Frame 0 and one per two steps of 1/60 s: the 120 single steps and the
    // few the fluid ran in real time before the pause, all in the input log.
    const int steps = loggedSteps(readFile(input));
    EXPECT_GE(steps, 120) << log;
    EXPECT_EQ(probe.frames, steps / 2 + 1) << log;
    EXPECT_GE(probe.frames, 40) << log;
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
    std::printf("[ measured ] %d frames of %dx%d (%s); brightest on the drag %d, in the corner %d\n", probe.frames,
                probe.width, probe.height, probe.codec.c_str(), onPath, corner);

    // The input log, replayed headless twice: the same final frame to the
    // byte, and one that shows the drag.
    std::string frames[2];
    for (int n = 0; n < 2; ++n) {
        const fs::path out = workDir_ / ("replay-" + std::to_string(n));
        const test::ProcessResult replay = test::runFluidsim(
            FLUIDSIM_EXE, "--headless --replay " + input.string() + " --out " + out.string(), workDir_.string());
        ASSERT_EQ(replay.exitCode, 0) << replay.out << replay.err;
        fs::path last;
        for (const auto& entry : fs::directory_iterator(out)) last = entry.path();
        frames[n] = readFile(last);
        ASSERT_FALSE(frames[n].empty()) << "no frame in " << out;
    }
    EXPECT_TRUE(frames[0] == frames[1]) << "two replays of one log differ";
    const Image replayed = load(fs::directory_iterator(workDir_ / "replay-0")->path());
    // The drag's dye, bright somewhere: the final frame is not black.
    EXPECT_GT(replayed.maxIn(0, 0, replayed.width - 1, replayed.height - 1), 0.25f);
}

// Every signal that would end the window (a hang-up, Ctrl+\\, a batch
// system's SIGXCPU...) closes it like Esc after the frame in progress: the
// video is finished and plays to its last frame, the input log holds every
// step up to the stop and replays, one line names the signal, and the exit
// code is 128 + the signal. HUP, PIPE, QUIT, USR1, ALRM and XCPU killed it,
// leaving two temporaries. The signal goes once a screenshot is saved: the
// window is in its loop and has recorded frames.
class WindowStops : public WindowTest, public ::testing::WithParamInterface<test::StopSignal> {};

TEST_P(WindowStops, TheVideoAndTheInputLogAreFinished)
{
    const fs::path video = workDir_ / "v.mp4";
    const fs::path input = workDir_ / "in.rec";
    launchApp({"--record", video.string(), "--record-input", input.string()});
    (void)screenshot();
    EXPECT_EQ(app_.stop(GetParam().signal), "exit " + std::to_string(128 + GetParam().signal));
    const std::string log = readFile(workDir_ / "fluidsim.log");
    EXPECT_NE(log.find(std::string("fluidsim: stopped by ") + GetParam().name + "; the outputs hold what was done\n"),
              std::string::npos)
        << log;

    const test::VideoProbe probe = test::probeVideo(video.string());
    ASSERT_TRUE(probe.opened) << probe.error << "\n" << log;
    EXPECT_GE(probe.frames, 1) << log;
    EXPECT_EQ(probe.frames, printedFrames(log)) << log;
    const int steps = loggedSteps(readFile(input));
    EXPECT_GE(steps, 1) << log;
    const test::ProcessResult replay =
        test::runFluidsim(FLUIDSIM_EXE, "--headless --backend cpu --replay " + input.string(), workDir_.string());
    EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
    EXPECT_NE(replay.out.find("steps            " + std::to_string(steps) + " "), std::string::npos) << replay.out;
    for (const auto& entry : fs::directory_iterator(workDir_))
        EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos) << entry.path();
}

INSTANTIATE_TEST_SUITE_P(EveryStopSignal, WindowStops, ::testing::ValuesIn(test::stopSignals()), test::stopSignalName);

TEST_F(WindowTest, ReplayInTheWindowPlaysTheLogAndPauses)
{
    // A log of 40 steps: a splat, a step, 39 quiet steps.
    const fs::path input = workDir_ / "in.rec";
    {
        std::string text =
            "fluidsim-input 1\ngrid 128 96 1.33333337 0\nbegin\n"
            "splat 0.6 0.5 0.7 0.5 0.05 1 0 1 0.5 0 1 0\n";
        for (int n = 1; n <= 40; ++n) text += "step " + std::to_string(n) + "\n";
        std::ofstream(input) << text << "end 40\n";
    }
    const fs::path video = workDir_ / "replay.mp4";
    // Not launchApp(): its --grid and brush flags are the log's to decide, and
    // refused beside --replay.
    start({FLUIDSIM_EXE, "--no-config", "--width", std::to_string(kWidth), "--height", std::to_string(kHeight),
           "--idle-after", "0", "--first-sight", "off", "--bloom", "off", "--screenshot-dir",
           (workDir_ / "shots").string(), "--replay", input.string(), "--record", video.string()},
          {"DISPLAY=" + display_});
    ASSERT_TRUE(
        waitFor([&] { return readFile(workDir_ / "fluidsim.log").find("replayed") != std::string::npos; }, 120s))
        << readFile(workDir_ / "fluidsim.log");
    // Paused at the end: N presses add no steps, and so no frames; Space
    // pauses again at once (it said "replayed ..." again each time).
    xdotoolChain(singleSteps(10));
    xdotoolChain(keys("space") + "sleep 0.5 " + keys("space") + "sleep 0.5 ");
    xdotoolChain("keydown --window " + window_ + " Escape");
    ASSERT_TRUE(waitFor([&] { return !app_.running(); }, 60s)) << "Esc did not quit";
    const std::string log = readFile(workDir_ / "fluidsim.log");
    EXPECT_NE(log.find("replayed " + input.string() + ": 40 steps"), std::string::npos) << log;
    EXPECT_EQ(log.find("replayed", log.find("replayed") + 1), std::string::npos) << "said twice:\n" << log;
    // The exit summary counts the replay's running frames (it printed none).
    EXPECT_NE(log.find("fluidsim: while running, "), std::string::npos) << log;
    // 40 steps of 1/60 s from fluid time 0: frames 0..20.
    const test::VideoProbe probe = test::probeVideo(video.string());
    ASSERT_TRUE(probe.opened) << probe.error;
    EXPECT_EQ(probe.frames, 21) << log;
    EXPECT_GT(probe.brightest(), 60) << "the replayed splat is not in the video";
}

// A replay's run is the log's, not a choice of the user's for the next run:
// the settings file is left as it was, to the byte (its comment too; the
// window rewrote it at exit, with every setting).
TEST_F(WindowTest, ReplayInTheWindowLeavesTheSettingsFileAsItWas)
{
    const fs::path input = workDir_ / "in.rec";
    {
        std::string text = "fluidsim-input 1\ngrid 64 48 1.33333337 0\nbegin\n";
        for (int n = 1; n <= 10; ++n) text += "step " + std::to_string(n) + "\n";
        std::ofstream(input) << text << "end 10\n";
    }
    const fs::path settings = workDir_ / "settings.ini";
    const std::string mine = "# mine\nexposure = 3\n";
    std::ofstream(settings) << mine;
    start({FLUIDSIM_EXE, "--config", settings.string(), "--width", std::to_string(kWidth), "--height",
           std::to_string(kHeight), "--idle-after", "0", "--first-sight", "off", "--bloom", "off", "--replay",
           input.string()},
          {"DISPLAY=" + display_});
    ASSERT_TRUE(
        waitFor([&] { return readFile(workDir_ / "fluidsim.log").find("replayed") != std::string::npos; }, 120s))
        << readFile(workDir_ / "fluidsim.log");
    xdotoolChain("keydown --window " + window_ + " Escape");
    ASSERT_TRUE(waitFor([&] { return !app_.running(); }, 60s)) << "Esc did not quit";
    EXPECT_EQ(app_.stop(), "exit 0") << readFile(workDir_ / "fluidsim.log");
    EXPECT_EQ(readFile(settings), mine);
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
    xdotoolChain(keys("space") + singleSteps(20));
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
    xdotoolChain(keys("F1 space F9") + singleSteps(20));
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
