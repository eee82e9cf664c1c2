// `fluidsim --headless --scenario motion --motion SOURCE`: still water that
// only the motion source moves, end to end through the real binary (CPU
// backend, so it needs no GL), and the one-line refusals around it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;

class MotionCli : public fluid::test::CliDirTest {
protected:
    MotionCli() : CliDir("motion-cli") {}
    void SetUp() override
    {
        CliDir::SetUp();
        fs::create_directories(dir_ / "frames");
    }

    // 40x30 grey PGM frames of a disc crossing from right to left; `still`:
    // the disc does not move.
    void writeFrames(bool still)
    {
        for (int n = 0; n < 20; ++n) {
            const double cx = still ? 20.0 : 32.0 - 1.0 * n;
            char name[32];
            std::snprintf(name, sizeof name, "f%03d.pgm", 100 + n);
            std::ofstream f(dir_ / "frames" / name, std::ios::binary);
            f << "P5\n40 30\n255\n";
            for (int y = 0; y < 30; ++y)
                for (int x = 0; x < 40; ++x) {
                    const double d = std::hypot(x + 0.5 - cx, y + 0.5 - 15.0);
                    f.put(static_cast<char>(d < 6.0 ? 230 : 25));
                }
        }
    }

    // The last kinetic energy of the energy CSV.
    double lastEnergy()
    {
        std::ifstream in(dir_ / "energy.csv");
        std::string line, last;
        while (std::getline(in, line)) last = line;
        const auto comma = last.find(',');
        return comma == std::string::npos ? -1.0 : std::stod(last.substr(comma + 1));
    }
};

constexpr const char* kRun =
    "--headless --backend cpu --threads 1 --scenario motion --grid 40 --steps 40 "
    "--export-energy energy.csv --motion images:frames";

TEST_F(MotionCli, MovingFramesMoveTheStillWater)
{
    writeFrames(/*still=*/false);
    std::string output;
    ASSERT_EQ(run(kRun, output), 0) << output;
    EXPECT_NE(output.find("image folder frames, 20 images at 30 frames/s"), std::string::npos) << output;
    EXPECT_GT(lastEnergy(), 1e-7) << output;
}

TEST_F(MotionCli, StillFramesLeaveItStill)
{
    writeFrames(/*still=*/true);
    std::string output;
    ASSERT_EQ(run(kRun, output), 0) << output;
    EXPECT_EQ(lastEnergy(), 0.0) << output;
}

TEST_F(MotionCli, ProblemsAreOneLine)
{
    std::string output;
    EXPECT_EQ(run("--headless --scenario motion --backend cpu", output), 2);
    EXPECT_NE(output.find("--scenario motion needs --motion SOURCE"), std::string::npos) << output;
    EXPECT_EQ(run("--headless --scenario cavity --motion images:frames --backend cpu", output), 2);
    EXPECT_NE(output.find("--motion would disturb the cavity flow"), std::string::npos) << output;
    EXPECT_EQ(run("--headless --motion webcam", output), 2);
    EXPECT_NE(output.find("--motion expects camera[:DEVICE], video:FILE, images:DIR or demo, got 'webcam'"),
              std::string::npos)
        << output;
    EXPECT_EQ(run("--headless --motion-gain -1", output), 2);
    EXPECT_NE(output.find("--motion-gain expects a number in [0, 1000]"), std::string::npos) << output;

    // A source that is not there is refused before the run, as a bad flag
    // (it failed after the run's header, exit 1, until 2026-11-27).
    EXPECT_EQ(run("--headless --backend cpu --scenario motion --steps 2 --motion video:none.mp4", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot open video none.mp4: no such file\n");
    EXPECT_EQ(run("--headless --backend cpu --scenario motion --steps 2 --motion images:none", output), 2);
    EXPECT_EQ(output, "fluidsim: cannot open image folder none: no such directory\n");
    EXPECT_EQ(run("--motion video:none.mp4", output), 2) << "the window refuses it too";
    EXPECT_EQ(output, "fluidsim: cannot open video none.mp4: no such file\n");
}

// An empty, a text or a cut video, or a folder with a picture that is none,
// failed after the run's header with exit 1 (a missing one was exit 2
// before the run). Each is opened and read before the header now: one line,
// exit 2, nothing printed on stdout.
TEST_F(MotionCli, AVideoOrAPictureThatCannotBeReadIsRefusedBeforeTheRun)
{
    writeFrames(/*still=*/false);
    std::string output;
    ASSERT_EQ(run("--headless --backend cpu --grid 16 --steps 2 --video v.mp4", output), 0) << output;
    const auto bytes = fs::file_size(dir_ / "v.mp4");
    fs::copy_file(dir_ / "v.mp4", dir_ / "cut.mp4");
    fs::resize_file(dir_ / "cut.mp4", bytes / 2);
    std::ofstream(dir_ / "empty.mp4");
    std::ofstream(dir_ / "text.mp4") << "this is not a video\n";
    std::ofstream(dir_ / "frames" / "f113.pgm") << "not a picture";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"video:empty.mp4", "fluidsim: cannot open video empty.mp4: "},
        {"video:text.mp4", "fluidsim: cannot open video text.mp4: "},
        {"video:cut.mp4", "fluidsim: cannot open video cut.mp4: "},
        {"images:frames", "fluidsim: cannot read the image frames/f113.pgm: "},
    };
    for (const auto& [source, line] : cases) {
        const fluid::test::ProcessResult r = fluid::test::runFluidsim(
            FLUIDSIM_EXE, "--headless --backend cpu --scenario motion --steps 2 --motion " + source, dir_.string());
        EXPECT_EQ(r.exitCode, 2) << source << "\n" << r.out << r.err;
        EXPECT_EQ(r.err.rfind(line, 0), 0u) << r.err;
        EXPECT_EQ(fluid::test::countLines(r.err), 1) << r.err;
        EXPECT_EQ(r.out, "") << "the run started: " << r.out;
    }
}

// A video cut short (an MP4 that ends after its first box): FFmpeg printed
// its own raw line ("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x...] moov atom not
// found") before ours. Now its reason is part of our one line.
TEST_F(MotionCli, FfmpegsReasonIsPartOfTheOneLine)
{
    {
        std::ofstream cut(dir_ / "cut.mp4", std::ios::binary);
        const char ftyp[] =
            "\0\0\0\x18"
            "ftypisom\0\0\x02\0"
            "isomiso2";
        cut.write(ftyp, sizeof ftyp - 1);
    }
    const fluid::test::ProcessResult result = fluid::test::runFluidsim(
        FLUIDSIM_EXE, "--headless --backend cpu --scenario motion --steps 2 --motion video:cut.mp4", dir_.string());
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(fluid::test::countLines(result.err), 1) << result.err;
    EXPECT_EQ(result.err.rfind("fluidsim: cannot open video cut.mp4: ", 0), 0u) << result.err;
    EXPECT_NE(result.err.find(" (moov atom not found)"), std::string::npos) << result.err;
}

}  // namespace
