// The water view from the command line: headless frames of it, over the tiles
// or over a picture, and a picture that cannot be read.
#include <gtest/gtest.h>

#include <stb_image.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;

class WaterCli : public fluid::test::CliDirTest {
protected:
    WaterCli() : CliDir("water-cli") {}
};

// A picture whose left half is pure red and right half pure green: the frame
// over it must be reddish on the left and greenish on the right (refraction
// shifts the picture by a little, the water and light tint it a little).
TEST_F(WaterCli, HeadlessFramesOfTheWaterOverAPicture)
{
    std::vector<unsigned char> pixels(64 * 32 * 3, 0);
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 64; ++x) pixels[static_cast<std::size_t>((y * 64 + x) * 3 + (x < 32 ? 0 : 1))] = 255;
    ASSERT_NE(stbi_write_png((dir_ / "picture.png").c_str(), 64, 32, 3, pixels.data(), 64 * 3), 0);
    std::string output;
    ASSERT_EQ(run("--headless --backend cpu --threads 1 --grid 32 --steps 3 --view water --background picture.png "
                  "--out frames",
                  output),
              0)
        << output;
    EXPECT_NE(output.find("PNG frame of the water"), std::string::npos) << output;
    int w = 0, h = 0, n = 0;
    unsigned char* frame = stbi_load((dir_ / "frames" / "frame_000003.png").c_str(), &w, &h, &n, 3);
    ASSERT_NE(frame, nullptr) << output;
    const auto at = [&](int x, int y, int c) { return static_cast<int>(frame[(y * w + x) * 3 + c]); };
    EXPECT_GT(at(w / 8, h / 2, 0), at(w / 8, h / 2, 1) + 60) << "left is not red";
    EXPECT_GT(at(7 * w / 8, h / 2, 1), at(7 * w / 8, h / 2, 0) + 60) << "right is not green";
    stbi_image_free(frame);
}

// Bad input, like any flag's: exit 2, before the run (it was exit 1 after
// the GL context was made).
TEST_F(WaterCli, APictureThatCannotBeReadIsOneLine)
{
    std::string output;
    EXPECT_EQ(
        run("--headless --backend cpu --grid 16 --steps 1 --view water --background none.png --out frames", output), 2);
    EXPECT_NE(output.find("fluidsim: cannot read the background none.png"), std::string::npos) << output;
    std::ofstream(dir_ / "text.png") << "not a picture";
    EXPECT_EQ(
        run("--headless --backend cpu --grid 16 --steps 1 --view water --background text.png --out frames", output), 2);
    EXPECT_NE(output.find("cannot read the background text.png"), std::string::npos) << output;
}

}  // namespace
