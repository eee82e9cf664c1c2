// Outputs are whole or absent (src/app/atomic_file.hpp): a full disk, a
// failed write, a missing or unwritable folder each fail with one line, and
// no output is left half-written.
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

namespace {

namespace fs = std::filesystem;
using namespace fluid::test::cli;

const std::string kPreviousCsv = "t,kinetic_energy,max_divergence,pressure_residual\n0,1,0,0\n";

// The disk fills while the CSV grows: the run fails with one line naming the
// file and the reason, exit 1; the CSV from the run before is untouched and
// no temporary is left. RLIMIT_FSIZE stands in for the full disk (it fails
// writes for root too): 16 KiB, and 1000 rows of ~55 bytes need 55 KB.
TEST_F(Cli, AFullDiskDuringARunLeavesThePreviousCsvIntact)
{
    {
        std::ofstream(dir_ / "energy.csv") << kPreviousCsv;
    }
    const auto run = headlessRun(dir_, {"--steps", "1000", "--export-energy", "energy.csv"}, 16384);
    ASSERT_TRUE(run.started);
    EXPECT_EQ(run.signal, 0) << describe(run);
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write energy.csv: File too large (the file is left as it was)\n")
        << describe(run);
    EXPECT_EQ(contents(dir_ / "energy.csv"), kPreviousCsv);
    for (const auto& entry : fs::directory_iterator(dir_))
        EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos) << entry.path();
}

// The same for a PNG frame: a frame is whole under its name or not there.
TEST_F(Cli, AFullDiskLeavesNoHalfWrittenFrame)
{
    fs::create_directories(dir_ / "frames");
    {
        std::ofstream(dir_ / "frames" / "frame_000002.png") << "previous";
    }
    const auto run = headlessRun(dir_, {"--steps", "2", "--out", "frames"}, 64);
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write frames/frame_000002.png: File too large (the file is left as it was)\n")
        << describe(run);
    EXPECT_EQ(contents(dir_ / "frames" / "frame_000002.png"), "previous");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "frames"), fs::directory_iterator()), 1);
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
        fs::remove_all(dir_ / "frames");
        {
            std::ofstream(dir_ / "e.csv") << "old\n";
            std::ofstream(dir_ / "v.mp4") << "old video\n";
        }
        const auto run = headlessRun(dir_,
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
        EXPECT_EQ(contents(dir_ / "v.mp4"), "old video\n");
        // The CSV whole: its header, t = 0 and a row per step.
        const std::string csv = contents(dir_ / "e.csv");
        EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 122) << csv.substr(0, 200);
        EXPECT_NE(run.out.find("  wrote            e.csv\n"), std::string::npos) << describe(run);
        EXPECT_EQ(run.out.find("  video "), std::string::npos) << describe(run);
        if (limit == 16384) {
            EXPECT_NE(run.out.find("  frames           2 PNG frames"), std::string::npos) << describe(run);
            EXPECT_TRUE(fs::exists(dir_ / "frames" / "frame_000120.png"));
        }
        for (const fs::path& folder : {dir_, dir_ / "frames"})
            for (const auto& entry : fs::directory_iterator(folder))
                EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos) << entry.path();
    }
}

// /dev/full: every write fails with ENOSPC. A device is written in place
// (nothing to rename over); the reason reaches the user all the same.
TEST_F(Cli, WritingToAFullDeviceFailsWithOneLineAndExit1)
{
    const auto run = headlessRun(dir_, {"--steps", "2", "--export-energy", "/dev/full"});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write /dev/full: No space left on device\n") << describe(run);
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
}

// A directory that is not there fails before the first step, naming it: bad
// input, exit 2.
TEST_F(Cli, AMissingDirectoryFailsBeforeTheRunWithOneLine)
{
    const auto run = headlessRun(dir_, {"--steps", "2", "--export-energy", "nowhere/energy.csv"});
    EXPECT_EQ(run.exitCode, 2) << describe(run);
    EXPECT_EQ(run.err, "fluidsim: cannot write nowhere/energy.csv: the directory nowhere does not exist\n")
        << describe(run);
    EXPECT_EQ(run.out, "") << "the run started";
    EXPECT_FALSE(fs::exists(dir_ / "nowhere"));
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
    std::ofstream(dir_ / "energy.csv") << kPreviousCsv;
    for (const auto& [flags, line] : cases) {
        std::vector<std::string> args = {"--steps", "50", "--export-centerlines", "lines.csv", "--scenario", "cavity"};
        args.insert(args.end(), flags.begin(), flags.end());
        const auto run = headlessRun(dir_, args);
        EXPECT_EQ(run.exitCode, 2) << describe(run);
        EXPECT_EQ(run.err.rfind(line, 0), 0u) << describe(run);
        EXPECT_EQ(fluid::test::countLines(run.err), 1) << describe(run);
        EXPECT_EQ(run.err.find("does not exist"), std::string::npos) << describe(run);
        EXPECT_EQ(run.out, "") << "the run started: " << describe(run);
    }
    EXPECT_FALSE(fs::exists("/sys/fluidsim-frames"));
    EXPECT_EQ(contents(dir_ / "energy.csv"), kPreviousCsv);
}

}  // namespace
