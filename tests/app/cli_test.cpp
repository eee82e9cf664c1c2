// The fluidsim binary refuses what it cannot honour before it opens anything:
// one line on stderr, exit code 2. Run with a private HOME and config
// directory and a DISPLAY that names no server (the refusals come first; were
// they missing, the app would fail to open a window instead, with exit 1).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/run_process.hpp"
#include "record/video_probe.hpp"

namespace {

namespace fs = std::filesystem;

struct Outcome {
    int exitCode = -1;
    std::string output;  // stdout and stderr
};

class Cli : public ::testing::Test {
protected:
    void SetUp() override
    {
        home_ = fs::temp_directory_path() / ("fluidsim-cli-test-" + std::to_string(getpid()));
        fs::remove_all(home_);
        fs::create_directories(home_ / "config");
    }
    void TearDown() override { fs::remove_all(home_); }

    Outcome fluidsim(const std::string& args)
    {
        const fs::path out = home_ / "output.txt";
        const std::string command = "cd '" + home_.string() + "' && HOME='" + home_.string() + "' XDG_CONFIG_HOME='" +
                                    (home_ / "config").string() +
                                    "' DISPLAY=:59999 WAYLAND_DISPLAY= timeout 60 '" FLUIDSIM_EXE "' " + args + " >'" +
                                    out.string() + "' 2>&1";
        const int status = std::system(command.c_str());
        Outcome run;
        run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        std::ifstream in(out);
        std::stringstream text;
        text << in.rdbuf();
        run.output = text.str();
        return run;
    }

    fs::path home_;
};

int lines(const std::string& text)
{
    int n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

TEST_F(Cli, HeadlessOnlyFlagsAreRefusedInWindowMode)
{
    const Outcome run = fluidsim("--backend cpu --scenario cavity --steps 5");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("--backend is for headless runs"), std::string::npos) << run.output;
}

// The window's look and pointer options are found where users look first.
TEST_F(Cli, HelpNamesTheBloomAndHoverPainting)
{
    const Outcome run = fluidsim("--help");
    EXPECT_EQ(run.exitCode, 0) << run.output;
    for (const char* flag : {"  --bloom on|off", "  --bloom-intensity I", "  --bloom-threshold T", "  --hover-paint",
                             "  --first-sight on|off"})
        EXPECT_NE(run.output.find(flag), std::string::npos) << flag << " is not in --help:\n" << run.output;
    EXPECT_NE(run.output.find("glows"), std::string::npos) << "--help does not say what the bloom does";
    EXPECT_NE(run.output.find("paints without a button"), std::string::npos)
        << "--help does not say what hover painting does";
}

TEST_F(Cli, ADirectoryAsConfigIsRefusedAtStart)
{
    fs::create_directories(home_ / "dir");
    const Outcome run = fluidsim("--config dir");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("--config dir is a directory"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(home_ / "dir.tmp"));
    EXPECT_FALSE(fs::exists(home_ / "imgui.ini"));
}

// A terminating signal (Ctrl+C, kill, an ssh session ending, a reader of
// stdout gone, Ctrl+\\, a batch system's SIGUSR1 or SIGXCPU...) during a
// headless run or a headless replay: it stops after the step in progress,
// every output is finished with what was done (the CSV whole under its real
// name, the frames, a video a player reads to its last frame), no temporary
// is left, one line says which signal stopped it, and the exit code is 128 +
// the signal. Time is not guessed: the signal goes once the first frame is
// there (a run of 10^8 steps, a replay of 20000 steps at a PNG each cannot
// end first); the 60 s limit only catches a hang.
class StopSignals : public ::testing::TestWithParam<fluid::test::StopSignal> {
protected:
    void SetUp() override
    {
        home_ = fs::temp_directory_path() / ("fluidsim-stop-test-" + std::to_string(getpid()));
        fs::remove_all(home_);
        fs::create_directories(home_ / "config");
    }
    void TearDown() override { fs::remove_all(home_); }

    // fluidsim with `flags`, sent the signal once frames/frame_000001.png is there.
    fluid::test::ProcessResult stopped(std::vector<std::string> flags)
    {
        fluid::test::ProcessRequest request;
        request.argv = {FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1"};
        request.argv.insert(request.argv.end(), flags.begin(), flags.end());
        request.env = {{"HOME", home_.string()}, {"XDG_CONFIG_HOME", (home_ / "config").string()}};
        request.workDir = home_.string();
        request.signalWhenFile = (home_ / "frames" / "frame_000001.png").string();
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
        EXPECT_TRUE(fs::exists(home_ / "frames" / "frame_000001.png"));
        const fluid::test::VideoProbe probe = fluid::test::probeVideo((home_ / "v.mp4").string());
        ASSERT_TRUE(probe.opened) << probe.error << "\n" << all;
        EXPECT_GE(probe.frames, 1) << all;
        EXPECT_NE(run.out.find("video            " + std::to_string(probe.frames) + " frame"), std::string::npos)
            << "the video holds " << probe.frames << " frames\n"
            << all;
        for (const fs::path& folder : {home_, home_ / "frames"})
            for (const auto& entry : fs::directory_iterator(folder))
                EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos)
                    << "a temporary left behind: " << entry.path();
    }

    fs::path home_;
};

TEST_P(StopSignals, AHeadlessRunKeepsItsCsvFramesAndVideo)
{
    const fluid::test::ProcessResult run = stopped({"--grid", "32", "--steps", "100000000", "--export-energy", "e.csv",
                                                    "--out", "frames", "--frames-every", "1", "--video", "v.mp4"});
    expectStoppedCleanly(run);
    std::ifstream file(home_ / "e.csv");
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
    std::ifstream bytes(home_ / "e.csv", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(bytes)), std::istreambuf_iterator<char>());
    EXPECT_EQ(all.back(), '\n') << "the last row is whole";
}

// A replay handled no stop signal: it died with its video a 48-byte temporary.
TEST_P(StopSignals, AHeadlessReplayKeepsItsFramesAndVideo)
{
    {
        std::ofstream log(home_ / "long.rec");
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

TEST_F(Cli, BadValuesGetOneLineAndExitCode2)
{
    const Outcome run = fluidsim("--max-steps-per-frame 99");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("1..16"), std::string::npos) << run.output;
}

// --- outputs are whole or absent (src/app/atomic_file.hpp) --------------------

// A tiny headless run on the CPU, in `home`, with these extra flags.
fluid::test::ProcessResult headlessRun(const fs::path& home, std::vector<std::string> flags,
                                       std::optional<rlim_t> fileSizeLimit = std::nullopt)
{
    fluid::test::ProcessRequest request;
    request.argv = {FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1", "--grid", "16"};
    request.argv.insert(request.argv.end(), flags.begin(), flags.end());
    request.env = {{"HOME", home.string()}, {"XDG_CONFIG_HOME", (home / "config").string()}};
    request.workDir = home.string();
    request.fileSizeLimit = fileSizeLimit;
    return fluid::test::runProcess(request);
}

std::string describe(const fluid::test::ProcessResult& run)
{
    return "exit " + std::to_string(run.exitCode) + ", signal " + std::to_string(run.signal) + "\nstdout:\n" + run.out +
           "stderr:\n" + run.err;
}

// A headless run with `flags` (after headlessRun's) refused in one line:
// exit 2 and `err` on stderr.
void expectRefused(const fs::path& home, std::vector<std::string> flags, const std::string& err)
{
    const auto run = headlessRun(home, std::move(flags));
    EXPECT_EQ(run.exitCode, 2) << describe(run);
    EXPECT_EQ(run.err, err) << describe(run);
}

std::string contents(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::string kPreviousCsv = "t,kinetic_energy,max_divergence,pressure_residual\n0,1,0,0\n";

// The disk fills while the CSV grows: the run fails with one line naming the
// file and the reason, exit 1; the CSV from the run before is untouched and
// no temporary is left. RLIMIT_FSIZE stands in for the full disk (it fails
// writes for root too): 16 KiB, and 1000 rows of ~55 bytes need 55 KB.
TEST_F(Cli, AFullDiskDuringARunLeavesThePreviousCsvIntact)
{
    {
        std::ofstream(home_ / "energy.csv") << kPreviousCsv;
    }
    const auto run = headlessRun(home_, {"--steps", "1000", "--export-energy", "energy.csv"}, 16384);
    ASSERT_TRUE(run.started);
    EXPECT_EQ(run.signal, 0) << describe(run);
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write energy.csv: File too large (the file is left as it was)\n")
        << describe(run);
    EXPECT_EQ(contents(home_ / "energy.csv"), kPreviousCsv);
    for (const auto& entry : fs::directory_iterator(home_))
        EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos) << entry.path();
}

// The same for a PNG frame: a frame is whole under its name or not there.
TEST_F(Cli, AFullDiskLeavesNoHalfWrittenFrame)
{
    fs::create_directories(home_ / "frames");
    {
        std::ofstream(home_ / "frames" / "frame_000002.png") << "previous";
    }
    const auto run = headlessRun(home_, {"--steps", "2", "--out", "frames"}, 64);
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write frames/frame_000002.png: File too large (the file is left as it was)\n")
        << describe(run);
    EXPECT_EQ(contents(home_ / "frames" / "frame_000002.png"), "previous");
    EXPECT_EQ(std::distance(fs::directory_iterator(home_ / "frames"), fs::directory_iterator()), 1);
}

// A failed write loses only what it cannot write: the output that fails is
// dropped there (its file left as it was), the run goes on, the others are
// finished and named as usual, and each failure is one line (exit 1). The
// video's failure took every CSV row already computed with it. 120 steps at
// 16x16: a CSV of 6.5 KB, PNG frames of 9 KB, a video of 37 KB; at 16 KiB
// only the video fails, at 8000 bytes the frames too.
TEST_F(Cli, AFailedWriteLosesOnlyThatOutput)
{
    for (const rlim_t limit : {rlim_t{16384}, rlim_t{8000}}) {
        SCOPED_TRACE("a limit of " + std::to_string(limit) + " bytes");
        fs::remove_all(home_ / "frames");
        {
            std::ofstream(home_ / "e.csv") << "old\n";
            std::ofstream(home_ / "v.mp4") << "old video\n";
        }
        const auto run = headlessRun(home_,
                                     {"--steps", "120", "--export-energy", "e.csv", "--video", "v.mp4", "--out",
                                      "frames", "--frames-every", "60"},
                                     limit);
        EXPECT_EQ(run.signal, 0) << describe(run);
        EXPECT_EQ(run.exitCode, 1) << describe(run);
        // The video fails where its bytes leave FFmpeg's buffer: at a frame
        // ("cannot write") or at its end ("cannot finish the file").
        const std::string frame =
            "fluidsim: cannot write frames/frame_000060.png: File too large (the file is left as it was)\n";
        const std::string frameLine = limit == 8000 ? frame : "";
        EXPECT_EQ(run.err.rfind(frameLine + "fluidsim: video v.mp4: cannot ", 0), 0u) << describe(run);
        EXPECT_EQ(fluid::test::countLines(run.err), limit == 8000 ? 2 : 1) << describe(run);
        const std::string why = ": File too large (the file is left as it was)\n";
        EXPECT_EQ(run.err.substr(run.err.size() - std::min(run.err.size(), why.size())), why) << describe(run);
        EXPECT_EQ(contents(home_ / "v.mp4"), "old video\n");
        // The CSV whole: its header, t = 0 and a row per step.
        const std::string csv = contents(home_ / "e.csv");
        EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 122) << csv.substr(0, 200);
        EXPECT_NE(run.out.find("  wrote            e.csv\n"), std::string::npos) << describe(run);
        EXPECT_EQ(run.out.find("  video "), std::string::npos) << describe(run);
        if (limit == 16384) {
            EXPECT_NE(run.out.find("  frames           2 PNG frames"), std::string::npos) << describe(run);
            EXPECT_TRUE(fs::exists(home_ / "frames" / "frame_000120.png"));
        }
        for (const fs::path& folder : {home_, home_ / "frames"})
            for (const auto& entry : fs::directory_iterator(folder))
                EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos) << entry.path();
    }
}

// /dev/full: every write fails with ENOSPC. A device is written in place
// (nothing to rename over); the reason reaches the user all the same.
TEST_F(Cli, WritingToAFullDeviceFailsWithOneLineAndExit1)
{
    const auto run = headlessRun(home_, {"--steps", "2", "--export-energy", "/dev/full"});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write /dev/full: No space left on device\n") << describe(run);
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
}

// A directory that is not there fails before the first step, naming it: bad
// input, exit 2.
TEST_F(Cli, AMissingDirectoryFailsBeforeTheRunWithOneLine)
{
    const auto run = headlessRun(home_, {"--steps", "2", "--export-energy", "nowhere/energy.csv"});
    EXPECT_EQ(run.exitCode, 2) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write nowhere/energy.csv: the directory nowhere does not exist\n")
        << describe(run);
    EXPECT_EQ(run.out, "") << "the run started";
    EXPECT_FALSE(fs::exists(home_ / "nowhere"));
}

// An output folder that takes no file is found before the first step (it was
// found at the last frame, after every step, and the CSV was thrown away):
// one line with the system's reason, exit 2, nothing run. /sys refuses new
// files to every user, root included (a folder without write permission
// would not stop root); /proc/self says ENOENT, which is reported as such,
// not as a folder that does not exist.
TEST_F(Cli, AnUnwritableOutputFolderIsRefusedBeforeTheRun)
{
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--out", "/sys/fluidsim-frames"}, "fluidsim: cannot write into /sys/fluidsim-frames: "},
        {{"--out", "/proc/self"}, "fluidsim: cannot write into /proc/self: No such file or directory\n"},
        {{"--export-energy", "/sys/energy.csv"}, "fluidsim: cannot write /sys/energy.csv: "},
        {{"--out", "energy.csv"}, "fluidsim: cannot write into energy.csv: energy.csv is not a directory\n"},
    };
    std::ofstream(home_ / "energy.csv") << kPreviousCsv;
    for (const auto& [flags, line] : cases) {
        std::vector<std::string> args = {"--steps", "50", "--export-centerlines", "lines.csv", "--scenario", "cavity"};
        args.insert(args.end(), flags.begin(), flags.end());
        const auto run = headlessRun(home_, args);
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        EXPECT_EQ(run.err.rfind(line, 0), 0u) << describe(run);
        EXPECT_EQ(fluid::test::countLines(run.err), 1) << describe(run);
        EXPECT_EQ(run.err.find("does not exist"), std::string::npos) << describe(run);
        EXPECT_EQ(run.out, "") << "the run started: " << describe(run);
    }
    EXPECT_FALSE(fs::exists("/sys/fluidsim-frames"));
    EXPECT_EQ(contents(home_ / "energy.csv"), kPreviousCsv);
}

// The window's flags in a --headless run were silently ignored: each is one
// line naming it, exit 2, before anything runs.
TEST_F(Cli, WindowOnlyFlagsAreRefusedInHeadlessRuns)
{
    const std::vector<std::vector<std::string>> cases = {
        {"--width", "800"},
        {"--height", "600"},
        {"--fullscreen"},
        {"--monitor", "2"},
        {"--screenshot-dir", "s"},
        {"--config", "settings.ini"},
        {"--obstacle-brush", "0.1"},
        {"--hover-paint"},
        {"--bloom", "on"},
        {"--bloom-intensity", "2"},
        {"--first-sight", "off"},
        // The brush and the emitters' (a headless run's input is scripted, the
        // smoke scenario's emitter fixed), and the frame's step limit and the
        // idle brush: accepted and without effect until 2026-11-27.
        {"--splat-radius", "0.1"},
        {"--dye-amount", "2"},
        {"--splat-force", "3"},
        {"--dye-rate", "4"},
        {"--emitter-heat", "5"},
        {"--emitter-smoke", "6"},
        {"--brush-colour", "ff0000"},
        {"--max-steps-per-frame", "2"},
        {"--idle-after", "5"}};
    for (const auto& flags : cases) {
        std::vector<std::string> args = {"--steps", "1"};
        args.insert(args.end(), flags.begin(), flags.end());
        const auto run = headlessRun(home_, args);
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        EXPECT_EQ(run.err, "fluidsim: " + flags[0] + " is for the window; a --headless run has none (leave it out)\n")
            << describe(run);
        EXPECT_EQ(run.out, "") << describe(run);
    }
    // --no-config holds in a headless run (it reads and writes no settings).
    EXPECT_EQ(headlessRun(home_, {"--steps", "1", "--no-config"}).exitCode, 0);
}

// More threads than the machine has only take turns (1024 on 2 cores: 2 s a
// step at 64^2): cut to the machine's number, with a one-line note.
TEST_F(Cli, ThreadsBeyondTheHardwareAreCutWithANote)
{
    const unsigned hardware = std::thread::hardware_concurrency();
    ASSERT_GT(hardware, 0u) << "the machine does not say how many threads it runs";
    const auto run = headlessRun(home_, {"--steps", "1", "--threads", "1024"});
    EXPECT_EQ(run.exitCode, 0) << describe(run);
    const std::string n = std::to_string(hardware);
    EXPECT_EQ(run.err,
              "fluidsim: note: --threads 1024 is more than the " + n + " hardware threads here; using " + n + "\n")
        << describe(run);
    const auto fits = headlessRun(home_, {"--steps", "1", "--threads", n});
    EXPECT_EQ(fits.exitCode, 0) << describe(fits);
    EXPECT_EQ(fits.err, "") << describe(fits);
}

// --grid auto is the window's pick; headless it is the scenario's own size,
// as no --grid is (the tunnel ran 640x256 with it, 240x96 without).
TEST_F(Cli, GridAutoIsTheScenariosOwnSizeHeadless)
{
    for (const char* scenario : {"tunnel", "cavity"}) {
        const auto plain = headlessRun(home_, {"--scenario", scenario, "--steps", "1", "--grid", "auto"});
        EXPECT_EQ(plain.exitCode, 0) << describe(plain);
        const std::string size = std::string(scenario) == "tunnel" ? "240x96 cells" : "64x64 cells";
        EXPECT_NE(plain.out.find(size), std::string::npos) << describe(plain);
    }
}

// A --motion video that is a FIFO nobody writes to holds the run in its read,
// where no step ends: SIGTERM and Ctrl+C only set the stop flag (SA_RESTART
// resumes the read), and only SIGKILL ended it. A second stop signal ends it
// at once. SIGINT then SIGTERM, since two of one kind sent together may merge
// into one; the kernel hands over the lower number first, so 130 is usual.
TEST_F(Cli, ASecondStopSignalEndsARunBlockedOnItsInput)
{
    const fs::path fifo = home_ / "stream";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const fs::path err = home_ / "err.txt";
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (chdir(home_.c_str()) != 0 || !freopen("/dev/null", "w", stdout) || !freopen(err.c_str(), "w", stderr))
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

// What a run makes of a flag it cannot take as given is said, not done
// quietly (the differential fuzz of 2026-11-27): a --time that is no whole
// number of steps ran to the next whole step (--time 0.05 at --dt 10 to
// t = 10 s), and the tunnel's --dye-grid 8 on its 82x33 grid made 82x33.
TEST_F(Cli, ATimeOrADyeGridTheRunCannotKeepIsNoted)
{
    const auto time = headlessRun(home_, {"--time", "0.05", "--dt", "10"});
    EXPECT_EQ(time.exitCode, 0) << describe(time);
    EXPECT_EQ(time.err,
              "fluidsim: note: --time 0.05 s is no whole number of steps of dt = 10 s: the run ends after 1 "
              "step, at t = 10 s\n")
        << describe(time);
    EXPECT_EQ(headlessRun(home_, {"--time", "0.5", "--dt", "0.25"}).err, "") << "a whole number of steps needs no note";
    const auto dye = headlessRun(home_, {"--scenario", "tunnel", "--grid", "33", "--dye-grid", "8", "--steps", "1"});
    EXPECT_EQ(dye.exitCode, 0) << describe(dye);
    EXPECT_EQ(dye.err,
              "fluidsim: note: --dye-grid 8 gives no whole dye grid on the tunnel's 82x33 grid: the dye is "
              "82x33 cells\n")
        << describe(dye);
}

// A file name over the file system's limit (255 bytes) passed the check of
// its folder and failed at the rename, after every step (exit 1).
TEST_F(Cli, ANameTooLongForTheFileSystemIsRefusedBeforeTheRun)
{
    const std::string name = std::string(252, 'b') + ".csv";
    expectRefused(home_, {"--steps", "3", "--export-energy", name},
                  "fluidsim: cannot write " + name +
                      ": the name bbbbbbbbbbbbbbbb... is 256 bytes, over the 255 this file system takes\n");
    const auto frames = headlessRun(home_, {"--steps", "1", "--out", "frames/" + std::string(300, 'c')});
    EXPECT_EQ(frames.exitCode, 2) << describe(frames);
    EXPECT_NE(frames.err.find(": the name cccccccccccccccc... is 300 bytes, over the 255"), std::string::npos)
        << describe(frames);
}

// One file named by two flags (the bug hunt of 2026-11-27): an output over
// an input destroyed the input (--video over --motion's video), and two
// outputs both said "wrote" while one was lost. Refused before the run, the
// files as they were; a device named twice is no clash.
TEST_F(Cli, OneFileForTwoFlagsIsRefusedBeforeTheRun)
{
    std::ofstream(home_ / "clip.mp4") << "the user's video";
    std::ofstream(home_ / "s.csv") << "previous";
    expectRefused(
        home_,
        {"--scenario", "motion", "--grid", "16", "--steps", "2", "--motion", "video:clip.mp4", "--video", "./clip.mp4"},
        "fluidsim: --video ./clip.mp4 is the file --motion reads: writing it would destroy the input; name "
        "another file\n");
    EXPECT_EQ(contents(home_ / "clip.mp4"), "the user's video");
    expectRefused(home_,
                  {"--scenario", "cavity", "--grid", "8", "--steps", "3", "--export-energy", "s.csv",
                   "--export-centerlines", "s.csv"},
                  "fluidsim: --export-energy and --export-centerlines both name s.csv: one would overwrite the other; "
                  "name two files\n");
    EXPECT_EQ(contents(home_ / "s.csv"), "previous");
    const auto devices = headlessRun(home_, {"--scenario", "cavity", "--grid", "8", "--steps", "3", "--export-energy",
                                             "/dev/null", "--export-centerlines", "/dev/null"});
    EXPECT_EQ(devices.exitCode, 0) << describe(devices);
}

// The tunnel sets U itself (Re = U D / nu): a given --inflow-speed was
// overwritten without a word, as --viscosity would be (refused already).
TEST_F(Cli, TheTunnelRefusesAnInflowSpeedItWouldOverwrite)
{
    expectRefused(home_, {"--scenario", "tunnel", "--grid", "32", "--inflow-speed", "5"},
                  "fluidsim: --scenario tunnel sets the inflow speed itself (U = 1 m/s; Re = U D / nu); give "
                  "--reynolds (see fluidsim --help)\n");
}

// A headless run's summary is its result: printed to a full device it was
// lost and the run still exited 0.
TEST_F(Cli, ASummaryThatCannotBeWrittenFailsTheRun)
{
    const fs::path err = home_ / "err.txt";
    const std::string command = "cd '" + home_.string() + "' && HOME='" + home_.string() +
                                "' timeout 60 '" FLUIDSIM_EXE
                                "' --headless --backend cpu --threads 1 --grid 16 "
                                "--steps 2 >/dev/full 2>'" +
                                err.string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_EQ(contents(err), "fluidsim: cannot write to standard output: No space left on device\n");
}

// A scenario that derives a value from a flag names that flag when the value
// is out of range: "--reynolds 0.001" said "viscosity = 1000 is out of range"
// and "--grid 4096" for the tunnel "gridWidth = 10240 is out of range".
TEST_F(Cli, AScenariosDerivedValueOutOfRangeNamesTheFlagItCameFrom)
{
    expectRefused(home_, {"--scenario", "cavity", "--reynolds", "0.001", "--steps", "1"},
                  "fluidsim: --reynolds 0.001 makes nu = 1000 m^2/s here, beyond the largest viscosity (100 m^2/s); "
                  "give --reynolds of at least 0.01 (see fluidsim --help)\n");
    // At 1e-300 the float nu is inf: the message is worked out in double.
    expectRefused(home_, {"--scenario", "cavity", "--reynolds", "1e-300", "--steps", "1"},
                  "fluidsim: --reynolds 1e-300 makes nu = 1e+300 m^2/s here, beyond the largest viscosity (100 "
                  "m^2/s); give --reynolds of at least 0.01 (see fluidsim --help)\n");
    expectRefused(home_, {"--scenario", "tunnel", "--grid", "4096", "--steps", "1"},
                  "fluidsim: --scenario tunnel is 2.5 times as wide as high: --grid 4096 would make it 10240 cells "
                  "wide, beyond 4096; give --grid at most 1638 (see fluidsim --help)\n");
}

// --dye-grid counts the short side. The tunnel makes its grid 2.5 times as
// wide as high after the flags are read, and its start kept the dye on the
// velocity's grid: any --dye-grid but 0 failed after the run had begun
// ("GpuSolver::upload(): dye is 80x32x4, expected 160x64x4", exit 1).
TEST_F(Cli, TheTunnelTakesADyeGridOnItsShortSide)
{
    const auto run = headlessRun(home_, {"--scenario", "tunnel", "--grid", "32", "--dye-grid", "64", "--steps", "2"});
    EXPECT_EQ(run.exitCode, 0) << describe(run);
    EXPECT_NE(run.out.find("80x32 cells"), std::string::npos) << describe(run);
    EXPECT_NE(run.out.find(", dye 160x64 cells"), std::string::npos) << describe(run);

    expectRefused(home_, {"--scenario", "tunnel", "--grid", "32", "--dye-grid", "2000", "--steps", "2"},
                  "fluidsim: --dye-grid 2000 on the tunnel's 80x32 grid would make the dye grid wider than 4096 "
                  "cells; give at most 1638 (see fluidsim --help)\n");
}

// --- found by the command-line fuzz (cli_fuzz_test.cpp) ----------------------

// fluidsim with `args`, DISPLAY as given ("" = unset), in `home`.
fluid::test::ProcessResult fluidsimWith(const fs::path& home, std::vector<std::string> args, const std::string& display)
{
    fluid::test::ProcessRequest request;
    request.argv = {FLUIDSIM_EXE};
    request.argv.insert(request.argv.end(), args.begin(), args.end());
    request.env = {{"HOME", home.string()},
                   {"XDG_CONFIG_HOME", (home / "config").string()},
                   {"DISPLAY", display},
                   {"WAYLAND_DISPLAY", ""}};
    request.workDir = home.string();
    request.timeoutSeconds = 60.0;  // hang detection: the runs take well under a second
    return fluid::test::runProcess(request);
}

// Without a display the app runs the headless demo and says so: as a note,
// after the flags are known to be good, so a refusal is still the one line
// (it was "no display ..." and then the refusal: two lines, exit 2).
TEST_F(Cli, FuzzNoDisplayNoticeIsANoteAndARefusalStaysOneLine)
{
    const auto refused = fluidsimWith(home_, {"--reynolds", "5", "--grid", "8"}, "");
    EXPECT_FALSE(refused.timedOut);
    EXPECT_EQ(refused.exitCode, 2) << describe(refused);
    EXPECT_EQ(refused.err,
              "fluidsim: --reynolds applies to --scenario cavity and tunnel only, not demo (see fluidsim --help)\n")
        << describe(refused);

    const auto ran = fluidsimWith(home_, {"--backend", "cpu", "--grid", "8", "--threads", "1", "--steps", "2"}, "");
    EXPECT_EQ(ran.exitCode, 0) << describe(ran);
    EXPECT_EQ(ran.err,
              "fluidsim: note: no display (DISPLAY and WAYLAND_DISPLAY are unset): running the headless demo "
              "instead; frames go to fluidsim-frames/\n")
        << describe(ran);
}

// Without a display the app runs the headless demo; a window's flag beside
// it (--record, --record-input, --config, ...) was dropped without a word:
// no video, no log, exit 0. Now it is refused, as --headless refuses it.
TEST_F(Cli, WithoutADisplayAWindowsFlagIsRefusedNotDropped)
{
    for (const char* flag : {"--record v.mp4", "--record-input in.rec", "--config missing.ini", "--fullscreen"}) {
        std::vector<std::string> args = {"--backend", "cpu", "--grid", "8", "--steps", "2"};
        std::istringstream words(flag);
        for (std::string word; words >> word;) args.push_back(word);
        const auto run = fluidsimWith(home_, args, "");
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        const std::string name = std::string(flag).substr(0, std::string(flag).find(' '));
        EXPECT_EQ(run.err, "fluidsim: " + name +
                               " is for the window, and there is no display (DISPLAY and WAYLAND_DISPLAY are "
                               "unset): run it where there is one, or leave it out for the headless demo\n")
            << describe(run);
    }
    EXPECT_FALSE(fs::exists(home_ / "fluidsim-frames")) << "the demo ran anyway";
}

// --config /dev/zero (or /dev/full) was read without end: the app hung
// before its window. A device or a pipe is refused in one line.
TEST_F(Cli, FuzzADeviceAsConfigIsRefusedInsteadOfReadForever)
{
    for (const char* device : {"/dev/zero", "/dev/full"}) {
        const auto run = fluidsimWith(home_, {"--config", device}, ":59999");
        ASSERT_FALSE(run.timedOut) << device << " hung";
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        EXPECT_EQ(run.err,
                  std::string("fluidsim: --config ") + device + " is not a regular file; it expects a settings file\n")
            << describe(run);
    }
}

// A settings file that cannot be read, then a window that cannot open: the
// warning waits for the window, so the reason it did not open is the one line
// (it was the warning and then that reason).
TEST_F(Cli, FuzzASettingsWarningDoesNotAddToAWindowThatCannotOpen)
{
    const auto run = fluidsimWith(home_, {"--config", "missing.ini"}, ":59999");
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(fluid::test::countLines(run.err), 1) << describe(run);
    EXPECT_EQ(run.err.rfind("fluidsim: cannot initialise GLFW (is there a display?): ", 0), 0u) << describe(run);
}

// A file name with a newline and a terminal escape in it (the command-line
// fuzz found "--obstacles $'\nd...'"): the refusal quoted it raw and became two
// lines, the second without "fluidsim: ". Control bytes are written as \xNN.
TEST_F(Cli, FuzzAFileNameWithANewlineStaysOneLine)
{
    const auto run = headlessRun(home_, {"--obstacles", "a\nb\x1b[2J.png", "--steps", "1"});
    EXPECT_EQ(run.exitCode, 2) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot read the obstacle mask a\\x0ab\\x1b[2J.png: no such file\n") << describe(run);
}

// --until-steady with fewer steps than one steadiness check said "max |du/dt|
// = nan m/s^2 > TOL": now it says why there is no measure.
TEST_F(Cli, FuzzUntilSteadyWithTooFewStepsSaysWhyNotNan)
{
    const auto run = headlessRun(home_, {"--until-steady", "0.1", "--steps", "2"});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err,
              "fluidsim: no steady state within 2 steps (t = 0.0333333 s): too few steps to measure max |du/dt| "
              "(measured every 10 steps)\n")
        << describe(run);
    // The summary on stdout said "max |du/dt| = nan" as well.
    EXPECT_EQ(run.out.find("nan"), std::string::npos) << describe(run);
    EXPECT_NE(run.out.find("NOT steady       after 0.0333333 s simulated (2 steps): too few to measure max |du/dt|"),
              std::string::npos)
        << describe(run);
}

// At a viscosity this large the exact Taylor-Green flow decays below the
// smallest double within the run: the summary printed E/E_exact - 1 = +inf.
TEST_F(Cli, FuzzAnExactFlowDecayedToZeroGivesNoInfiniteRatio)
{
    const auto run = headlessRun(home_, {"--scenario", "taylor-green", "--viscosity", "100"});
    EXPECT_EQ(run.exitCode, 0) << describe(run);
    EXPECT_EQ(run.out.find("inf"), std::string::npos) << describe(run);
    EXPECT_NE(run.out.find("the exact flow has decayed to 0"), std::string::npos) << describe(run);
}

}  // namespace
