// The motion sources: a video the test encodes itself (FFV1, lossless) reads
// back frame by frame, at its size and rate, and loops; an image folder reads
// in name order; everything that cannot be opened says so in one line.
#include <gtest/gtest.h>

#include <array>

#include <stb_image_write.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "motion/clip_writer.hpp"
#include "motion/frame_source.hpp"
#include "support/synthetic_motion.hpp"
#include "support/temp_dir.hpp"

namespace fluid::motion {
namespace {

namespace fs = std::filesystem;

// The x of the brightness-weighted centre of the bright part (> 0.5).
double brightCentreX(const LumaFrame& f)
{
    double sum = 0.0, weight = 0.0;
    for (int j = 0; j < f.height; ++j)
        for (int i = 0; i < f.width; ++i)
            if (f.at(i, j) > 0.5f) {
                sum += i + 0.5;
                weight += 1.0;
            }
    return weight > 0.0 ? sum / weight : -1.0;
}

class FrameSourceTest : public test::TempDirTest {
protected:
    FrameSourceTest() : TempDirTest("fluidsim-frame-source") {}
};

// A disc above the middle moving left 2 px per frame (12 frames at 25 frames/s).
LumaFrame movingDisc(int n)
{
    return test::discFrame(64, 48, 44.0f - 2.0f * static_cast<float>(n), 32.0f, 8.0f);
}

TEST_F(FrameSourceTest, AVideoReadsBackFrameByFrameAndLoops)
{
    const std::string clip = (dir_ / "disc.mkv").string();
    ASSERT_EQ(test::writeClip(clip, 64, 48, 12, 25, movingDisc), "");

    auto once = openVideo(clip, /*loop=*/false);
    EXPECT_DOUBLE_EQ(once->frameRate(), 25.0);
    EXPECT_NE(once->describe().find("64x48 at 25 frames/s"), std::string::npos) << once->describe();
    int frames = 0;
    for (LumaFrame f = once->next(); !f.empty(); f = once->next(), ++frames) {
        ASSERT_EQ(f.width, 64);
        ASSERT_EQ(f.height, 48);
        // Lossless: the disc is where the test drew it (its centre's x, in
        // pixel units, rounded by the 2 px soft edge).
        EXPECT_NEAR(brightCentreX(f), 44.0 - 2.0 * frames, 0.5) << "frame " << frames;
        // Rows bottom to top: the disc is above the middle, at y = 32.
        EXPECT_GT(f.at(static_cast<int>(44 - 2 * frames), 32), 0.8f) << "frame " << frames;
    }
    EXPECT_EQ(frames, 12);

    auto looping = openFrameSource("video:" + clip);
    for (int n = 0; n < 12; ++n) looping->next();
    const LumaFrame again = looping->next();
    ASSERT_FALSE(again.empty()) << "the video did not loop";
    EXPECT_NEAR(brightCentreX(again), 44.0, 0.5) << "after the last frame comes the first";
}

// A header's rate is believed up to 240 frames/s: a Matroska file without
// frame durations gave its time base (1000/s) and was read at about 17
// frames a step.
TEST(VideoFrameRate, AnImplausibleRateFallsBackToThirty)
{
    EXPECT_DOUBLE_EQ(videoFrameRate(25.0, 50.0), 25.0);
    EXPECT_DOUBLE_EQ(videoFrameRate(0.0, 24.0), 24.0);
    EXPECT_DOUBLE_EQ(videoFrameRate(0.0, 1000.0), 30.0);
    EXPECT_DOUBLE_EQ(videoFrameRate(1000.0, 1000.0), 30.0);
    EXPECT_DOUBLE_EQ(videoFrameRate(0.0, 0.0), 30.0);
    EXPECT_DOUBLE_EQ(videoFrameRate(240.0, 0.0), 240.0);
}

// In the order people number frames: frame2 before frame10 (a plain sort of
// the names put frame10 second).
TEST_F(FrameSourceTest, AnImageFolderReadsInNameOrder)
{
    const std::array<const char*, 3> names{"frame2.png", "frame09.png", "frame10.png"};
    for (int n = 0; n < 3; ++n) {
        const LumaFrame f = movingDisc(4 * n);
        std::vector<unsigned char> pixels(static_cast<std::size_t>(f.width * f.height));
        for (int y = 0; y < f.height; ++y)
            for (int x = 0; x < f.width; ++x)
                pixels[static_cast<std::size_t>(y * f.width + x)] =
                    static_cast<unsigned char>(255.0f * f.at(x, f.height - 1 - y) + 0.5f);
        const std::string name = (dir_ / names[static_cast<std::size_t>(n)]).string();
        ASSERT_NE(stbi_write_png(name.c_str(), f.width, f.height, 1, pixels.data(), f.width), 0);
    }
    std::ofstream(dir_ / "notes.txt") << "not an image";
    auto source = openFrameSource("images:" + dir_.string());
    EXPECT_NE(source->describe().find("3 images"), std::string::npos) << source->describe();
    for (int n = 0; n < 4; ++n)  // the fourth is the first again
        EXPECT_NEAR(brightCentreX(source->next()), 44.0 - 8.0 * (n % 3), 0.5) << n;
}

TEST_F(FrameSourceTest, WhatCannotBeOpenedSaysWhyInOneLine)
{
    const auto message = [](const std::string& spec) {
        try {
            openFrameSource(spec);
        } catch (const SourceError& e) {
            return std::string(e.what());
        }
        return std::string("(opened)");
    };
    const std::string missing = message("video:" + (dir_ / "missing.mp4").string());
    EXPECT_NE(missing.find("cannot open video"), std::string::npos) << missing;
    EXPECT_NE(missing.find("missing.mp4"), std::string::npos) << missing;
    std::ofstream(dir_ / "garbage.mp4") << "this is not a video";
    EXPECT_NE(message("video:" + (dir_ / "garbage.mp4").string()).find("garbage.mp4"), std::string::npos);
    EXPECT_NE(message("camera:/dev/fluidsim-no-such-camera").find("cannot open camera /dev/fluidsim-no-such-camera"),
              std::string::npos);
    EXPECT_NE(message("images:" + dir_.string()).find("holds no PNG"), std::string::npos);
    EXPECT_EQ(message("images:/no/such/dir"),
              "cannot open image folder /no/such/dir: the directory /no does not exist");
    EXPECT_EQ(message("images:" + (dir_ / "garbage.mp4").string()),
              "cannot open image folder " + (dir_ / "garbage.mp4").string() + ": not a directory");
    EXPECT_NE(message("webcam").find("expects camera[:DEVICE], video:FILE, images:DIR or demo"), std::string::npos);
    EXPECT_NE(message("video:").find("needs a file"), std::string::npos);
    for (const std::string& spec : {std::string("webcam"), std::string("video:"), "video:" + (dir_ / "x").string()})
        EXPECT_EQ(message(spec).find('\n'), std::string::npos) << spec;
}

// A file that opens but holds no frame, or that is no video at all, failed
// after the run's header (exit 1); readyFrameSource opens it and reads its
// first frame before the run, and says why in one line.
TEST_F(FrameSourceTest, AVideoThatCannotBeReadIsFoundBeforeTheRun)
{
    const std::string clip = (dir_ / "disc.mkv").string();
    ASSERT_EQ(test::writeClip(clip, 64, 48, 12, 25, movingDisc), "");
    std::ofstream(dir_ / "empty.mkv");
    std::ofstream(dir_ / "text.mkv") << "this is not a video\n";
    // Its header and the start of its first frame: it opens, and no frame decodes.
    fs::copy_file(clip, dir_ / "cut.mkv");
    fs::resize_file(dir_ / "cut.mkv", fs::file_size(clip) / 4);
    for (const char* name : {"empty.mkv", "text.mkv"})
        EXPECT_EQ(readyFrameSource("video:" + (dir_ / name).string()),
                  "cannot open video " + (dir_ / name).string() +
                      ": Invalid data found when processing input (EBML header parsing failed)");
    const std::optional<std::string> cut = readyFrameSource("video:" + (dir_ / "cut.mkv").string());
    ASSERT_TRUE(cut);
    EXPECT_EQ(cut->rfind("cannot ", 0), 0u) << *cut;
    EXPECT_NE(cut->find((dir_ / "cut.mkv").string() + ": "), std::string::npos) << *cut;
    EXPECT_EQ(cut->find('\n'), std::string::npos) << *cut;
    EXPECT_EQ(readyFrameSource("video:" + clip), std::nullopt);
    openFrameSource("video:" + clip);  // taken: no other test of this process finds it
    EXPECT_EQ(readyFrameSource("demo"), std::nullopt);
    EXPECT_EQ(readyFrameSource(""), std::nullopt);
}

// The source readied before the run is the run's: opened and read once, its
// first frame the one read then (the file may be gone by then). Taken once.
TEST_F(FrameSourceTest, AReadySourceIsTakenByTheRunNotOpenedAgain)
{
    const std::string clip = (dir_ / "disc.mkv").string();
    ASSERT_EQ(test::writeClip(clip, 64, 48, 12, 25, movingDisc), "");
    ASSERT_EQ(readyFrameSource("video:" + clip), std::nullopt);
    fs::remove(clip);
    auto source = openFrameSource("video:" + clip);
    EXPECT_NEAR(source->frameRate(), 25.0, 1e-9);
    for (int n = 0; n < 3; ++n) EXPECT_NEAR(brightCentreX(source->next()), 44.0 - 2.0 * n, 0.5) << n;
    EXPECT_THROW(openFrameSource("video:" + clip), SourceError);
}

// A picture of the folder that is none (the 13th here) failed when the run
// reached it; the folder's pictures are checked by their headers when it opens.
TEST_F(FrameSourceTest, AnImageFolderWithAPictureThatIsNoneIsRefusedWhenItOpens)
{
    for (int n = 1; n <= 13; ++n) {
        char file[16];
        std::snprintf(file, sizeof file, "f%d.pgm", n);
        const std::string name = (dir_ / file).string();
        std::ofstream f(name, std::ios::binary);
        if (n == 13)
            f << "not a picture";
        else
            f << "P5\n4 4\n255\n" << std::string(16, '\x80');
    }
    const std::string junk = (dir_ / "f13.pgm").string();
    const std::string spec = "images:" + dir_.string();
    const std::optional<std::string> problem = readyFrameSource(spec);
    ASSERT_TRUE(problem);
    EXPECT_EQ(problem->rfind("cannot read the image " + junk + ": ", 0), 0u) << *problem;
    EXPECT_THROW(openImageFolder(dir_.string()), SourceError);
    fs::remove(junk);
    EXPECT_EQ(readyFrameSource(spec), std::nullopt);
    EXPECT_NE(openFrameSource(spec)->describe().find("12 images"), std::string::npos);
}

TEST_F(FrameSourceTest, TheDemoSourceMoves)
{
    auto demo = openFrameSource("demo");
    const LumaFrame first = demo->next();
    LumaFrame later;
    for (int n = 0; n < 15; ++n) later = demo->next();
    ASSERT_EQ(first.width, 160);
    EXPECT_GT(std::fabs(brightCentreX(later) - brightCentreX(first)), 10.0) << "the disc did not move in half a second";
}

}  // namespace
}  // namespace fluid::motion
