// Stop signals: a headless run or replay stopped by a terminating signal
// finishes its outputs with what was done; a second signal ends a run
// blocked on its input at once.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/cli_fixture.hpp"
#include "record/video_probe.hpp"

namespace {

namespace fs = std::filesystem;
using namespace fluid::test::cli;

// A terminating signal (Ctrl+C, kill, an ssh session ending, a reader of
// stdout gone, Ctrl+\\, a batch system's SIGUSR1 or SIGXCPU...) during a
// headless run or a headless replay: it stops after the step in progress,
// every output is finished with what was done (the CSV whole under its real
// name, the frames, a video a player reads to its last frame), no temporary
// is left, one line says which signal stopped it, and the exit code is 128 +
// the signal. Time is not guessed: the signal goes once the first frame is
// there (a run of 10^8 steps, a replay of 20000 steps at a PNG each cannot
// end first); the 60 s limit only catches a hang.
class StopSignals : public fluid::test::CliDir<::testing::TestWithParam<fluid::test::StopSignal>> {
protected:
    StopSignals() : CliDir("stop-test") {}
    // fluidsim with `flags`, sent the signal once frames/frame_000001.png is there.
    fluid::test::ProcessResult stopped(std::vector<std::string> flags)
    {
        fluid::test::ProcessRequest request;
        request.argv = {FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1"};
        request.argv.insert(request.argv.end(), flags.begin(), flags.end());
        request.env = {{"HOME", dir_.string()}, {"XDG_CONFIG_HOME", (dir_ / "config").string()}};
        request.workDir = dir_.string();
        request.signalWhenFile = (dir_ / "frames" / "frame_000001.png").string();
        request.signal = GetParam().signal;
        return fluid::test::runProcess(request);
    }

    // What every stopped run shows: the exit code, the line, the frames, the
    // video, no temporary.
    void expectStoppedCleanly(const fluid::test::ProcessResult& run)
    {
        const std::string all = "exit " + std::to_string(run.exitCode) + ", signal " + std::to_string(run.signal) +
                                "\nstdout:\n" + run.out + "stderr:\n" + run.err;
        ASSERT_FALSE(run.timedOut) << all;
        ASSERT_EQ(run.signal, 0) << "ended by the signal itself\n" << all;
        EXPECT_EQ(run.exitCode, 128 + GetParam().signal) << all;
        EXPECT_EQ(run.err.find(std::string("fluidsim: stopped by ") + GetParam().name + " after "), 0u) << all;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << all;
        EXPECT_TRUE(fs::exists(dir_ / "frames" / "frame_000001.png"));
        const fluid::test::VideoProbe probe = fluid::test::probeVideo((dir_ / "v.mp4").string());
        ASSERT_TRUE(probe.opened) << probe.error << "\n" << all;
        EXPECT_GE(probe.frames, 1) << all;
        EXPECT_NE(run.out.find("video            " + std::to_string(probe.frames) + " frame"), std::string::npos)
            << "the video holds " << probe.frames << " frames\n"
            << all;
        for (const fs::path& folder : {dir_, dir_ / "frames"})
            for (const auto& entry : fs::directory_iterator(folder))
                EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos)
                    << "a temporary left behind: " << entry.path();
    }
};

TEST_P(StopSignals, AHeadlessRunKeepsItsCsvFramesAndVideo)
{
    const fluid::test::ProcessResult run = stopped({"--grid", "32", "--steps", "100000000", "--export-energy", "e.csv",
                                                    "--out", "frames", "--frames-every", "1", "--video", "v.mp4"});
    expectStoppedCleanly(run);
    std::ifstream file(dir_ / "e.csv");
    ASSERT_TRUE(file) << "no e.csv\n" << run.out << run.err;
    std::string line;
    int rows = 0;
    ASSERT_TRUE(std::getline(file, line));
    EXPECT_EQ(line, "t,kinetic_energy,max_divergence,pressure_residual");
    while (std::getline(file, line)) {
        ++rows;
        EXPECT_EQ(std::count(line.begin(), line.end(), ','), 3) << "row " << rows << ": '" << line << "'";
    }
    EXPECT_GE(rows, 2) << "t = 0 and at least the step in progress";
    std::ifstream bytes(dir_ / "e.csv", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(bytes)), std::istreambuf_iterator<char>());
    EXPECT_EQ(all.back(), '\n') << "the last row is whole";
}

// A replay handled no stop signal: it died with its video a 48-byte temporary.
TEST_P(StopSignals, AHeadlessReplayKeepsItsFramesAndVideo)
{
    {
        std::ofstream log(dir_ / "long.rec");
        log << "fluidsim-input 1\ngrid 32 32 1 0\nbegin\nsplat 0.6 0.5 0.7 0.5 0.05 1 0 1 0.5 0 1 0\n";
        for (int n = 1; n <= 20000; ++n) log << "step " << n << "\n";
        log << "end 20000\n";
    }
    const fluid::test::ProcessResult run =
        stopped({"--replay", "long.rec", "--out", "frames", "--frames-every", "1", "--video", "v.mp4"});
    expectStoppedCleanly(run);
    EXPECT_NE(run.err.find(" of 20000 steps"), std::string::npos) << run.err;
}

INSTANTIATE_TEST_SUITE_P(EveryStopSignal, StopSignals, ::testing::ValuesIn(fluid::test::stopSignals()),
                         fluid::test::stopSignalName);

// A --motion video that is a FIFO nobody writes to holds the run in its read,
// where no step ends: SIGTERM and Ctrl+C only set the stop flag (SA_RESTART
// resumes the read), and only SIGKILL ended it. A second stop signal ends it
// at once. SIGINT then SIGTERM, since two of one kind sent together may merge
// into one; the kernel hands over the lower number first, so 130 is usual.
TEST_F(Cli, ASecondStopSignalEndsARunBlockedOnItsInput)
{
    const fs::path fifo = dir_ / "stream";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const fs::path err = dir_ / "err.txt";
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (chdir(dir_.c_str()) != 0 || !freopen("/dev/null", "w", stdout) || !freopen(err.c_str(), "w", stderr))
            _exit(126);
        execl(FLUIDSIM_EXE, FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1", "--scenario", "motion",
              "--grid", "16", "--steps", "5", "--motion", "video:stream", static_cast<char*>(nullptr));
        _exit(127);
    }
    // A writer can open the FIFO once the run has it open for reading: then
    // the run is in its read (or about to be), its handlers installed.
    int writer = -1;
    for (int tries = 0; tries < 6000 && writer < 0; ++tries) {
        writer = open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
        if (writer < 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_GE(writer, 0) << "the run never opened its input";
    kill(child, SIGINT);
    kill(child, SIGTERM);
    int status = 0;
    bool ended = false;
    for (int tries = 0; tries < 3000 && !ended; ++tries) {  // hang detection only
        ended = waitpid(child, &status, WNOHANG) == child;
        if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!ended) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
    }
    if (writer >= 0) close(writer);
    ASSERT_TRUE(ended) << "two stop signals left the run blocked in its read";
    ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal, not by the handler";
    EXPECT_TRUE(WEXITSTATUS(status) == 128 + SIGINT || WEXITSTATUS(status) == 128 + SIGTERM) << WEXITSTATUS(status);
    EXPECT_EQ(contents(err),
              "fluidsim: asked to stop again: stopping at once; what the run would have written is "
              "not, its files keep what they held\n");
}
}  // namespace
