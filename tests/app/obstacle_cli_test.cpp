// Obstacles from the command line: the headless frames show them where the
// flags put them, and a mask or a shape that cannot be made is one line and
// exit 2, headless and before a window opens.
#include <gtest/gtest.h>

#include <stb_image.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;

class ObstacleCli : public fluid::test::CliDirTest {
protected:
    ObstacleCli() : CliDir("obstacle-cli") {}
};

// kObstacleColour (src/app/view_colour.hpp) in 8 bits.
bool isObstacleColour(const unsigned char* rgb)
{
    return std::abs(rgb[0] - 115) <= 1 && std::abs(rgb[1] - 107) <= 1 && std::abs(rgb[2] - 102) <= 1;
}

TEST_F(ObstacleCli, HeadlessFramesShowTheShapeWhereTheFlagsPutIt)
{
    for (const char* view : {"", " --view velocity"}) {
        SCOPED_TRACE(view);
        fs::remove_all(dir_ / "frames");
        const auto r = run(std::string("--headless --backend cpu --threads 1 --grid 64 --steps 2 --obstacle circle "
                                       "--obstacle-size 0.25 --out frames") +
                           view);
        ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
        int w = 0, h = 0, n = 0;
        unsigned char* frame = stbi_load((dir_ / "frames" / "frame_000002.png").c_str(), &w, &h, &n, 3);
        ASSERT_NE(frame, nullptr) << r.out << r.err;
        const auto at = [&](int x, int y) { return frame + (y * w + x) * 3; };
        // The circle: centred at a quarter of the width, half the height, 0.25 m across (of 1 m).
        EXPECT_TRUE(isObstacleColour(at(w / 4, h / 2)));
        EXPECT_TRUE(isObstacleColour(at(w / 4 + w / 10, h / 2)));
        EXPECT_TRUE(isObstacleColour(at(w / 4, h / 2 - h / 10)));
        EXPECT_FALSE(isObstacleColour(at(w / 4 + w / 6, h / 2))) << "outside the circle";
        EXPECT_FALSE(isObstacleColour(at(3 * w / 4, h / 2)));
        stbi_image_free(frame);
    }
}

TEST_F(ObstacleCli, AMaskOrShapeThatCannotBeMadeIsOneLineAndExit2)
{
    std::ofstream(dir_ / "empty.png").close();
    std::ofstream(dir_ / "text.png") << "not a picture";
    const std::pair<std::string, std::string> cases[] = {
        {"--obstacles missing.png", "fluidsim: cannot read the obstacle mask missing.png: no such file"},
        {"--obstacles empty.png", "fluidsim: cannot read the obstacle mask empty.png: the file is empty"},
        {"--obstacles text.png", "fluidsim: cannot read the obstacle mask text.png: "},
        {"--obstacles .", "fluidsim: cannot read the obstacle mask .: it is a directory"},
        {"--obstacle circle --grid 8",
         "fluidsim: --obstacle circle: the circle (size 0.1 m at 0.25, 0.5 m) covers "
         "no cell of the 8x8 grid"},
        {"--obstacle circle --obstacle-size 1e6", "fluidsim: the obstacles leave no fluid"},
        {"--obstacle hexagon", "fluidsim: --obstacle expects circle, plate, wing"},
    };
    for (const auto& [args, line] : cases) {
        const auto r = run("--headless --backend cpu --threads 1 --grid 32 --steps 1 " + args);
        EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.err;
        EXPECT_EQ(r.err.rfind(line, 0), 0u) << args << "\n" << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    }
    // Where a window would open (a display that is not there): refused first.
    fluid::test::ProcessRequest request;
    request.argv = {FLUIDSIM_EXE, "--no-config", "--obstacles", "missing.png"};
    request.env = {{"HOME", dir_.string()}, {"DISPLAY", ":59999"}, {"WAYLAND_DISPLAY", ""}};
    request.workDir = dir_.string();
    const auto r = fluid::test::runProcess(request);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err, "fluidsim: cannot read the obstacle mask missing.png: no such file\n");
}

// A PNG that says it is width x height pixels (8-bit grey) and holds no pixel:
// its header is all that may be read before the size is refused. A real one
// of 20000x20000 zeros is 450 KB and decoded to 1.6 GB: were the pixels
// decoded first, this one would fail as corrupt instead of too large.
void writePngHeader(const fs::path& path, std::uint32_t width, std::uint32_t height)
{
    std::string bytes = "\x89PNG\r\n\x1a\n";
    const auto be32 = [](std::string& out, std::uint32_t v) {
        for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xffu);
    };
    std::string chunk = "IHDR";
    be32(chunk, width);
    be32(chunk, height);
    chunk += std::string("\x08\x00\x00\x00\x00", 5);  // 8 bits, grey, deflate, no filter, no interlace
    std::uint32_t crc = 0xffffffffu;
    for (const char c : chunk) {
        crc ^= static_cast<unsigned char>(c);
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    be32(bytes, 13);
    bytes += chunk;
    be32(bytes, crc ^ 0xffffffffu);
    std::ofstream(path, std::ios::binary) << bytes;
}

// A picture too large is refused by its header, before any pixel is decoded:
// one line, exit 2, for --obstacles and --background, headless and before a
// window opens.
TEST_F(ObstacleCli, AHugePictureIsRefusedByItsHeaderBeforeDecoding)
{
    writePngHeader(dir_ / "huge.png", 20000, 20000);
    const std::pair<std::string, std::string> cases[] = {
        {"--obstacles huge.png", "fluidsim: the obstacle mask huge.png is 20000x20000 pixels; at most 4096 per side\n"},
        {"--view water --background huge.png",
         "fluidsim: the background huge.png is 20000x20000 pixels; at most 4096 per side\n"},
    };
    for (const auto& [args, line] : cases) {
        const auto r = run("--headless --backend cpu --threads 1 --grid 16 --steps 1 " + args);
        EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.err;
        EXPECT_EQ(r.err, line) << args;
        EXPECT_EQ(r.out, "") << "the run started: " << args;

        fluid::test::ProcessRequest request;
        request.argv = {FLUIDSIM_EXE, "--no-config"};
        for (std::size_t at = 0, end = 0; at < args.size(); at = end + 1) {
            end = std::min(args.find(' ', at), args.size());
            request.argv.push_back(args.substr(at, end - at));
        }
        request.env = {{"HOME", dir_.string()}, {"DISPLAY", ":59999"}, {"WAYLAND_DISPLAY", ""}};
        request.workDir = dir_.string();
        const auto window = fluid::test::runProcess(request);
        EXPECT_EQ(window.exitCode, 2) << args << "\n" << window.err;
        EXPECT_EQ(window.err, line) << args;
    }
}

}  // namespace
