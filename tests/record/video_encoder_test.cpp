// VideoEncoder and VideoWriter: files a player reads, of the size and the
// frame count promised, and one clear error for every bad input.
#include "app/record/video_encoder.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <iterator>

#include <filesystem>

#include "app/record/video_writer.hpp"
#include "record/video_probe.hpp"
#include "support/temp_dir.hpp"

namespace fluid::app {
namespace {

namespace fs = std::filesystem;

class VideoEncoderTest : public test::TempDirTest {
protected:
    VideoEncoderTest() : TempDirTest("fluidsim-video-test") {}
};

// A picture with a gradient and a moving bar: something to compress.
VideoPicture testPicture(int width, int height, int n, long repeat = 1)
{
    VideoPicture p;
    p.width = width;
    p.height = height;
    p.repeat = repeat;
    p.rgba.resize(static_cast<std::size_t>(width * height * 4));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::uint8_t* px = &p.rgba[static_cast<std::size_t>((y * width + x) * 4)];
            px[0] = static_cast<std::uint8_t>(x * 255 / width);
            px[1] = static_cast<std::uint8_t>(y * 255 / height);
            px[2] = (x / 8 + n) % 4 == 0 ? 255 : 0;
            px[3] = 255;
        }
    return p;
}

TEST(VideoFormat, TheExtensionSaysTheFormat)
{
    EXPECT_EQ(videoFormatOf("a/b.mp4"), VideoFormat::Mp4);
    EXPECT_EQ(videoFormatOf("B.WEBM"), VideoFormat::Webm);
    EXPECT_EQ(videoFormatOf("x.gif"), VideoFormat::Gif);
    EXPECT_FALSE(videoFormatOf("x.avi"));
    EXPECT_FALSE(videoFormatOf("dir.mp4/video"));
    EXPECT_EQ(videoPathProblem("x.avi").value_or(""),
              "expects a video file name ending in .mp4, .webm or .gif (not .avi)");
    EXPECT_EQ(videoPathProblem("video").value_or(""),
              "expects a video file name ending in .mp4, .webm or .gif (it has no extension)");
    EXPECT_FALSE(videoPathProblem("v.mp4"));
}

TEST(VideoFormat, Yuv420NeedsEvenSidesAndAGifKeepsEveryPixel)
{
    EXPECT_EQ(videoSizeFor({641, 481}, VideoFormat::Mp4), glm::ivec2(640, 480));
    EXPECT_EQ(videoSizeFor({640, 480}, VideoFormat::Webm), glm::ivec2(640, 480));
    EXPECT_EQ(videoSizeFor({641, 481}, VideoFormat::Gif), glm::ivec2(641, 481));
    EXPECT_FALSE(videoSizeFor({1, 480}, VideoFormat::Mp4));
    EXPECT_FALSE(videoSizeFor({640, 0}, VideoFormat::Gif));
}

TEST_F(VideoEncoderTest, EachFormatWritesAFileAPlayerReads)
{
    for (const char* name : {"v.mp4", "v.webm", "v.gif"}) {
        SCOPED_TRACE(name);
        {
            VideoEncoder encoder(file(name), {96, 64}, 30);
            for (int n = 0; n < 10; ++n) encoder.write(testPicture(96, 64, n, n == 9 ? 3 : 1));
            encoder.finish();
            EXPECT_EQ(encoder.frames(), 12);
        }
        const test::VideoProbe probe = test::probeVideo(file(name));
        ASSERT_TRUE(probe.opened) << probe.error;
        EXPECT_EQ(probe.width, 96);
        EXPECT_EQ(probe.height, 64);
        EXPECT_EQ(probe.frames, 12);  // the repeats included
    }
}

TEST_F(VideoEncoderTest, AnOddPictureLosesOneColumnAndOneRow)
{
    {
        VideoEncoder encoder(file("odd.mp4"), {97, 63}, 30);
        EXPECT_EQ(encoder.size(), glm::ivec2(96, 62));
        for (int n = 0; n < 3; ++n) encoder.write(testPicture(97, 63, n));
    }  // the destructor finishes the file
    const test::VideoProbe probe = test::probeVideo(file("odd.mp4"));
    ASSERT_TRUE(probe.opened) << probe.error;
    EXPECT_EQ(probe.width, 96);
    EXPECT_EQ(probe.height, 62);
    EXPECT_EQ(probe.frames, 3);
}

TEST_F(VideoEncoderTest, AResizedWindowKeepsTheVideoSize)
{
    {
        VideoEncoder encoder(file("resized.mp4"), {64, 48}, 30);
        encoder.write(testPicture(64, 48, 0));
        encoder.write(testPicture(30, 20, 1));  // shrunk: on black
        encoder.write(testPicture(90, 70, 2));  // grown: cut
        encoder.write(testPicture(1, 1, 3));
        encoder.finish();
    }
    const test::VideoProbe probe = test::probeVideo(file("resized.mp4"));
    EXPECT_EQ(probe.width, 64);
    EXPECT_EQ(probe.height, 48);
    EXPECT_EQ(probe.frames, 4);
}

TEST_F(VideoEncoderTest, BadInputIsOneLineNamingThePath)
{
    const auto message = [](auto open) -> std::string {
        try {
            open();
        } catch (const VideoError& e) {
            return e.what();
        }
        return "no error";
    };
    EXPECT_EQ(message([&] {
                  VideoEncoder(file("v.avi"), {64, 48}, 30);
              }),
              "video " + file("v.avi") + ": expects a video file name ending in .mp4, .webm or .gif (not .avi)");
    EXPECT_EQ(message([&] {
                  VideoEncoder(file("small.mp4"), {1, 48}, 30);
              }),
              "video " + file("small.mp4") + ": a picture of 1x48 pixels is too small to record");
    const std::string missing = file("no/such/folder/v.mp4");
    EXPECT_EQ(message([&] {
                  VideoEncoder(missing, {64, 48}, 30);
              }).rfind("video " + missing + ": cannot create", 0),
              0u);
    EXPECT_FALSE(fs::exists(missing));
}

// A video that cannot be finished (every write past 1 KiB fails, as on a
// full disk) leaves the file that was there as it was, and no temporary: it
// left an unplayable file under the name (a bug hunt, 2026-11-27).
TEST_F(VideoEncoderTest, AVideoThatCannotBeFinishedLeavesTheOldFile)
{
    const std::string path = file("v.mp4");
    {
        std::ofstream(path) << "the old video";
    }
    const auto previousHandler = signal(SIGXFSZ, SIG_IGN);  // the write fails with EFBIG instead
    rlimit saved{};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
    rlimit limited = saved;
    limited.rlim_cur = 1024;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    std::string error = "no error";
    try {
        VideoEncoder video(path, {64, 48}, 30);
        for (int n = 0; n < 60; ++n) video.write(testPicture(64, 48, n));
        video.finish();
    } catch (const VideoError& e) {
        error = e.what();
    }
    setrlimit(RLIMIT_FSIZE, &saved);
    signal(SIGXFSZ, previousHandler);
    EXPECT_EQ(error.rfind("video " + path + ": ", 0), 0u) << error;
    EXPECT_NE(error.find("(the file is left as it was)"), std::string::npos) << error;
    std::ifstream in(path);
    const std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_TRUE(kept == "the old video") << "the old file was replaced by " << kept.size() << " bytes";
    for (const auto& entry : fs::directory_iterator(dir_)) EXPECT_EQ(entry.path().string(), path) << "left behind";
}

TEST_F(VideoEncoderTest, TheWriterEncodesOnItsThreadAndSaysWhatItWrote)
{
    VideoWriter writer(file("w.mp4"), {64, 48}, 30);
    for (int n = 0; n < 5; ++n) writer.offer(testPicture(64, 48, n, 2));
    const VideoSummary summary = writer.close();
    EXPECT_TRUE(summary.error.empty()) << summary.error;
    // Whatever was dropped, every frame is there (repeats stand in).
    EXPECT_EQ(summary.frames, 10);
    EXPECT_EQ(summary.pictures, 5);
    EXPECT_EQ(test::probeVideo(file("w.mp4")).frames, 10);
}

}  // namespace
}  // namespace fluid::app
