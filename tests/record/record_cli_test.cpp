// Recording from the command line: --video in a headless run, and the
// refusals of names and places a video cannot have, each one line and exit 2
// before anything runs.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app/cli_fixture.hpp"
#include "record/video_probe.hpp"

namespace {

namespace fs = std::filesystem;

class RecordCli : public fluid::test::CliDirTest {
protected:
    RecordCli() : CliDir("record-cli") {}
};

TEST_F(RecordCli, HeadlessVideoHoldsThirtyFramesPerSecondOfFluid)
{
    std::string output;
    // 1 s of fluid: frames at 0, 1/30, ..., 1 s (the first at the first step).
    ASSERT_EQ(run("--headless --backend cpu --threads 1 --grid 32 --time 1 --video v.mp4", output), 0) << output;
    const fluid::test::VideoProbe probe = fluid::test::probeVideo((dir_ / "v.mp4").string());
    ASSERT_TRUE(probe.opened) << probe.error << "\n" << output;
    EXPECT_EQ(probe.frames, 31) << output;
    EXPECT_NE(output.find("video            31 frames (512x512"), std::string::npos) << output;
    EXPECT_EQ(probe.width, 512);
    EXPECT_GT(probe.brightest(), 60) << "the demo's jets are not in the video";
}

TEST_F(RecordCli, ANameThatIsNoVideoIsRefused)
{
    std::string output;
    EXPECT_EQ(run("--headless --backend cpu --grid 16 --steps 1 --video v.avi", output), 2);
    EXPECT_EQ(output,
              "fluidsim: --video expects a video file name ending in .mp4, .webm or .gif (not .avi), got 'v.avi' "
              "(see fluidsim --help)\n");
    EXPECT_EQ(run("--record video", output), 2);
    EXPECT_EQ(output,
              "fluidsim: --record expects a video file name ending in .mp4, .webm or .gif (it has no extension), "
              "got 'video' (see fluidsim --help)\n");
}

TEST_F(RecordCli, AFolderThatDoesNotExistIsRefusedBeforeTheRun)
{
    std::string output;
    EXPECT_EQ(run("--headless --backend cpu --grid 16 --steps 1 --video no/such/v.mp4", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot write no/such/v.mp4: the directory no/such does not exist\n");
    EXPECT_EQ(run("--record no/such/v.webm", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot write no/such/v.webm: the directory no/such does not exist\n");
    EXPECT_FALSE(fs::exists(dir_ / "no"));
}

TEST_F(RecordCli, WindowAndHeadlessFlagsStayInTheirPlace)
{
    std::string output;
    EXPECT_EQ(run("--record-for 2", output), 2);
    EXPECT_EQ(output, "fluidsim: --record-for needs --record FILE: the video it stops\n");
    EXPECT_EQ(run("--record-input in.rec --replay in.rec", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot read the input log in.rec: no such file\n");
    EXPECT_EQ(run("--headless --backend cpu --grid 16 --steps 1 --record v.mp4", output), 2);
    EXPECT_EQ(output, "fluidsim: --record is for the window; a --headless run has none (leave it out)\n");
    EXPECT_EQ(run("--headless --replay in.rec --frames-every 3", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot read the input log in.rec: no such file\n");
}

// A replay's log is streamed and parsed once: 48 MiB of comments cost no
// memory (the whole file was read into memory, copied and parsed, by main's
// check and again by the run: 10 MB took 161 MB). Measured against the same
// replay without them, so the sanitizers' own memory does not count.
TEST_F(RecordCli, AReplayHoldsTheEventsNotTheFile)
{
    const std::string events = "splat 0.5 0.5 0.6 0.5 0.05 1 0 1 1 1 1 0\nstep 1\nstep 2\nend 2\n";
    const std::string head = "fluidsim-input 1\ngrid 16 16 1 0\nbegin\n";
    std::ofstream(dir_ / "small.rec") << head << events;
    {
        std::ofstream big(dir_ / "big.rec");
        big << head;
        std::string comment = "# ";  // (appended: GCC 12 warns falsely about "# " + std::string(...))
        comment.append(1022, 'c').append("\n");
        for (int n = 0; n < 48 * 1024; ++n) big << comment;
        big << events;
    }
    const auto replay = [&](const char* log) {
        fluid::test::ProcessRequest request;
        request.argv = {FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1", "--replay", log};
        request.workDir = dir_.string();
        request.env = {{"HOME", dir_.string()}};
        return fluid::test::runProcess(request);
    };
    const auto small = replay("small.rec");
    const auto big = replay("big.rec");
    ASSERT_EQ(small.exitCode, 0) << small.err;
    ASSERT_EQ(big.exitCode, 0) << big.err;
    EXPECT_LT(big.maxRssKiB - small.maxRssKiB, 8 * 1024)
        << "peak " << big.maxRssKiB << " KiB against " << small.maxRssKiB << " KiB without the comments";
}

// Over the limit, refused before any work in one line that names it.
TEST_F(RecordCli, AnInputLogOverTheLimitIsRefusedBeforeTheRun)
{
    std::ofstream(dir_ / "huge.rec") << "fluidsim-input 1\n";
    fs::resize_file(dir_ / "huge.rec", 100u << 20);
    std::string output;
    EXPECT_EQ(run("--headless --backend cpu --replay huge.rec", output), 2);
    EXPECT_EQ(output, "fluidsim: the input log huge.rec is 104857600 bytes, over the 64 MiB an input log may hold\n");
}

TEST_F(RecordCli, AnInputLogThatCannotBeReplayedIsRefusedWithItsLine)
{
    std::ofstream(dir_ / "in.rec") << "fluidsim-input 1\ngrid 16 16 1 0\nbegin\nstep 1\nstep 1\nend 2\n";
    std::string output;
    EXPECT_EQ(run("--headless --backend cpu --replay in.rec --out frames", output), 2);
    EXPECT_EQ(output, "fluidsim: in.rec:5: step 1 after step 1 (steps are numbered one by one)\n");
    EXPECT_FALSE(fs::exists(dir_ / "frames"));
    // Fixed, it plays; flags the log decides are refused beside it.
    std::ofstream(dir_ / "in.rec") << "fluidsim-input 1\ngrid 16 16 1 0\nbegin\n"
                                      "splat 0.5 0.5 0.6 0.5 0.05 1 0 1 1 1 1 0\nstep 1\nstep 2\nend 2\n";
    EXPECT_EQ(run("--headless --backend cpu --replay in.rec --steps 5", output), 2);
    EXPECT_EQ(output, "fluidsim: --steps does not go with --replay: the log says what the run is\n");
    ASSERT_EQ(run("--headless --backend cpu --replay in.rec --out frames", output), 0) << output;
    EXPECT_TRUE(fs::exists(dir_ / "frames" / "frame_000002.png")) << output;
    // A --out that is a file is a bad flag before the replay, as without
    // --replay (it was exit 1, after the replay's header).
    std::ofstream(dir_ / "afile") << "x";
    EXPECT_EQ(run("--headless --backend cpu --replay in.rec --out afile", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot write into afile: afile is not a directory\n");
}

// Beside --replay, a flag of the simulation, the brush, the obstacles or the
// camera, or a measure of a headless run, was ignored without a word (exit 0,
// the same frames); each is refused, in the window as headless. What the log
// is played on and how its frames look still go with it.
TEST_F(RecordCli, FlagsTheLogDecidesAreRefusedBesideAReplay)
{
    std::ofstream(dir_ / "in.rec") << "fluidsim-input 1\ngrid 16 16 1 0\nbegin\n"
                                      "splat 0.5 0.5 0.6 0.5 0.05 1 0 1 1 1 1 0\nstep 1\nstep 2\nend 2\n";
    std::string output;
    for (const char* flag : {"--viscosity 5", "--dt 10", "--boundary periodic", "--pressure-solver jacobi",
                             "--splat-radius 0.1", "--obstacle circle", "--motion-gain 2"}) {
        EXPECT_EQ(run(std::string("--headless --backend cpu --replay in.rec --out frames ") + flag, output), 2) << flag;
        const std::string name = std::string(flag).substr(0, std::string(flag).find(' '));
        EXPECT_EQ(output, "fluidsim: " + name + " does not go with --replay: the log says what the run is\n");
        EXPECT_EQ(run(std::string("--replay in.rec ") + flag, output), 2) << "in the window: " << flag;
    }
    EXPECT_EQ(run("--replay in.rec --motion demo", output), 2);
    EXPECT_EQ(output,
              "fluidsim: --motion does not go with --replay: the camera's motion is not recorded, the log is the "
              "input\n");
    EXPECT_EQ(run("--headless --backend cpu --replay in.rec --export-energy e.csv", output), 2);
    EXPECT_EQ(output,
              "fluidsim: --export-energy does not go with --replay: a replay writes frames (--out) and video "
              "(--video) only\n");
    EXPECT_FALSE(fs::exists(dir_ / "frames"));
    ASSERT_EQ(run("--headless --backend cpu --threads 1 --replay in.rec --out frames --frames-every 1 --view "
                  "velocity",
                  output),
              0)
        << output;
    EXPECT_TRUE(fs::exists(dir_ / "frames" / "frame_000001.png")) << output;
}

}  // namespace
