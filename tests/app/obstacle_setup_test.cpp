// The run's obstacles from its flags (src/app/obstacle_setup.hpp): mask
// pictures (which pixels are solid, resampling, refusals), shape defaults,
// the flags themselves; and the window's obstacle brush
// (src/app/obstacle_brush.hpp): which gestures paint or erase, and the edits.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/atomic_file.hpp"
#include "app/obstacle_brush.hpp"
#include "app/obstacle_setup.hpp"
#include "app/options.hpp"
#include "app/png.hpp"
#include "support/temp_dir.hpp"

namespace fluid::app {
namespace {

namespace fs = std::filesystem;

class ObstacleFileTest : public test::TempDirTest {
protected:
    ObstacleFileTest() : TempDirTest("fluidsim-obstacle-test") {}

    // A PNG of w x h RGBA pixels, rows top to bottom as in the file.
    std::string png(const std::string& name, int w, int h, const std::vector<unsigned char>& rgba)
    {
        const std::string path = (dir_ / name).string();
        writeFileAtomically(path, encodePng(w, h, 4, rgba.data()));
        return path;
    }
};

SimParams grid(int w, int h)
{
    return SimParams{.gridWidth = w, .gridHeight = h};
}

TEST_F(ObstacleFileTest, OpaqueDarkPixelsAreSolidWhiteOrTransparentAreFluid)
{
    // One row of four pixels, one per cell: black, white, transparent black, dark grey.
    const std::string path = png("row.png", 4, 1, {0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 60, 60, 60, 255});
    const Field m = loadObstacleMask(path, 4, 1);
    EXPECT_EQ(m.values(), (std::vector<float>{1, 0, 0, 1}));
    // Half-transparent black is solidity 0.5: not above one half, fluid.
    const Field half = loadObstacleMask(png("half.png", 1, 1, {0, 0, 0, 127}), 1, 1);
    EXPECT_EQ(half.at(0, 0), 0.0f);
}

TEST_F(ObstacleFileTest, TheTopRowOfThePictureIsTheTopOfTheDomainAndItIsResampled)
{
    // 4x4 pixels: the top-left 2x2 black; on a 2x2 grid, cell (0, 1) (top left).
    std::vector<unsigned char> rgba(4 * 4 * 4, 255);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x)
            for (int c = 0; c < 3; ++c) rgba[static_cast<std::size_t>((y * 4 + x) * 4 + c)] = 0;
    const Field m = loadObstacleMask(png("corner.png", 4, 4, rgba), 2, 2);
    EXPECT_EQ(m.values(), (std::vector<float>{0, 0, 1, 0}));
    // Upsampled to 8x8: a 4x4 block at the top left.
    const Field fine = loadObstacleMask(png("corner.png", 4, 4, rgba), 8, 8);
    EXPECT_EQ(countSolid(fine), 16);
    EXPECT_EQ(fine.at(0, 7), 1.0f);
    EXPECT_EQ(fine.at(3, 4), 1.0f);
    EXPECT_EQ(fine.at(4, 4), 0.0f);
    EXPECT_EQ(fine.at(3, 3), 0.0f);
}

TEST_F(ObstacleFileTest, FilesThatCannotBeReadAreOneLineNamingTheFile)
{
    const auto message = [&](const std::string& path) {
        try {
            loadObstacleMask(path, 8, 8);
        } catch (const ObstacleError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string missing = (dir_ / "missing.png").string();
    EXPECT_EQ(message(missing), "cannot read the obstacle mask " + missing + ": no such file");
    std::ofstream(dir_ / "empty.png").close();
    EXPECT_EQ(message((dir_ / "empty.png").string()),
              "cannot read the obstacle mask " + (dir_ / "empty.png").string() + ": the file is empty");
    std::ofstream(dir_ / "text.png") << "not a picture\n";
    EXPECT_NE(message((dir_ / "text.png").string()).find("cannot read the obstacle mask"), std::string::npos);
    EXPECT_NE(message(dir_.string()).find("it is a directory"), std::string::npos);
    EXPECT_NE(message("/dev/zero").find("not a regular file"), std::string::npos);
    for (const std::string& m : {message(missing), message((dir_ / "text.png").string())})
        EXPECT_EQ(m.find('\n'), std::string::npos) << m;

    ObstacleOptions o;
    o.file = missing;
    EXPECT_TRUE(obstacleFileProblem(o));
    o.file = png("ok.png", 1, 1, {0, 0, 0, 255});
    EXPECT_FALSE(obstacleFileProblem(o));
}

TEST_F(ObstacleFileTest, APictureThatLeavesNoFluidIsRefused)
{
    ObstacleOptions o;
    o.file = png("black.png", 2, 2, {0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255});
    try {
        buildObstacleMask(o, grid(16, 16));
        ADD_FAILURE() << "an all-solid mask was accepted";
    } catch (const ObstacleError& e) {
        EXPECT_NE(std::string(e.what()).find("leave no fluid"), std::string::npos) << e.what();
    }
}

TEST_F(ObstacleFileTest, APictureAndAShapeTogether)
{
    // The top half black, and the default circle low in the bottom half: both solid.
    ObstacleOptions o;
    o.file = png("top.png", 1, 2, {0, 0, 0, 255, 255, 255, 255, 255});
    o.shape = "circle";
    o.size = 0.2f;
    const Field m = buildObstacleMask(o, grid(64, 64));
    EXPECT_EQ(m.at(40, 60), 1.0f) << "the picture";
    EXPECT_EQ(m.at(16, 28), 1.0f) << "the circle";
    EXPECT_EQ(m.at(40, 20), 0.0f);
    // The union, cell by cell.
    const Field circle = obstacleMask(shapeFor(o, grid(64, 64)), grid(64, 64)).mask;
    for (int j = 0; j < 64; ++j)
        for (int i = 0; i < 64; ++i) EXPECT_EQ(m.at(i, j), j >= 32 || circle.at(i, j) > 0.5f ? 1.0f : 0.0f);
}

TEST(ObstacleSetupTest, ShapeDefaults)
{
    SimParams p = grid(200, 100);
    p.domainWidth = 2.0f;  // 2 x 1 m, h = 0.01 m
    ObstacleOptions o;
    EXPECT_EQ(buildObstacleMask(o, p).size(), 0u) << "nothing asked for: no mask";
    o.shape = "circle";
    const Obstacle c = shapeFor(o, p);
    EXPECT_EQ(c.shape, ObstacleShape::Circle);
    EXPECT_FLOAT_EQ(c.centre.x, 0.5f);  // a quarter of the width
    EXPECT_FLOAT_EQ(c.centre.y, 0.5f);  // half the height
    EXPECT_FLOAT_EQ(c.size, 0.1f);      // 0.1 of the short side
    const Field mask = buildObstacleMask(o, p);
    EXPECT_EQ(mask.at(50, 50), 1.0f);
    EXPECT_EQ(mask.at(150, 50), 0.0f);

    o.shape = "plate";
    const Obstacle plate = shapeFor(o, p);
    EXPECT_FLOAT_EQ(plate.angle, 90.0f);
    EXPECT_FLOAT_EQ(plate.thickness, 2.0f * p.cellSize()) << "1/20 of 0.15 m is under 2 cells here";
    o.size = 1.0f;
    EXPECT_FLOAT_EQ(shapeFor(o, p).thickness, 0.05f);

    o.shape = "naca0012";
    o.angle = -3.0f;
    const Obstacle w = shapeFor(o, p);
    EXPECT_EQ(w.shape, ObstacleShape::Wing);
    EXPECT_FLOAT_EQ(w.section.camber, 0.0f);
    EXPECT_FLOAT_EQ(w.section.thickness, 0.12f);
    EXPECT_FLOAT_EQ(w.angle, -3.0f);
    o.shape = "wing";
    o.angle.reset();
    EXPECT_FLOAT_EQ(shapeFor(o, p).section.camber, 0.02f);
    EXPECT_FLOAT_EQ(shapeFor(o, p).angle, 5.0f);

    // Too small for the grid: one line naming the flag.
    o.shape = "circle";
    o.size = 0.001f;
    try {
        buildObstacleMask(o, p);
        ADD_FAILURE() << "a circle smaller than a cell was accepted";
    } catch (const ObstacleError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("--obstacle circle: ", 0), 0u) << e.what();
        EXPECT_NE(std::string(e.what()).find("covers no cell"), std::string::npos) << e.what();
    }
}

// The window's panel covers the left of the domain: the shape moves right
// until it is clear of it, but never past the middle.
TEST(ObstacleSetupTest, TheShapeKeepsClearOfThePanel)
{
    SimParams p = grid(200, 150);
    p.domainWidth = 4.0f / 3.0f;  // 4:3, the short side 1 m
    ObstacleOptions o;
    o.shape = "circle";  // 0.1 m across, at 1/3 m by default
    EXPECT_FLOAT_EQ(obstacleCentreClearOf(0.0f, o, p), p.domainWidth / 4.0f) << "no panel: the default";
    EXPECT_FLOAT_EQ(obstacleCentreClearOf(0.3f, o, p), 0.375f) << "0.3 m covered: 0.3 + 0.075";
    EXPECT_FLOAT_EQ(obstacleCentreClearOf(0.9f, o, p), p.domainWidth / 2.0f) << "never past the middle";
    o.centreX = obstacleCentreClearOf(0.3f, o, p);
    EXPECT_FLOAT_EQ(shapeFor(o, p).centre.x, 0.375f);
    const Field mask = buildObstacleMask(o, p);
    EXPECT_EQ(mask.at(56, 75), 1.0f) << "the centre cell (0.375 m at 150 cells/m)";
    EXPECT_EQ(mask.at(44, 75), 0.0f) << "0.297 m: inside the circle at its default 0.333 m, fluid now";
    o.centreX.reset();
    EXPECT_EQ(buildObstacleMask(o, p).at(44, 75), 1.0f);
}

ParseResult parse(std::vector<const char*> args)
{
    args.insert(args.begin(), "fluidsim");
    return parseCommandLine(static_cast<int>(args.size()), args.data());
}

TEST(ObstacleFlagsTest, GoodAndBadValues)
{
    const ParseResult r = parse({"--obstacles", "mask.png", "--obstacle", "naca4412", "--obstacle-size", "0.3",
                                 "--obstacle-angle", "-12", "--obstacle-brush", "0.05"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.obstacles.file, "mask.png");
    EXPECT_EQ(r.options.obstacles.shape, "naca4412");
    EXPECT_FLOAT_EQ(*r.options.obstacles.size, 0.3f);
    EXPECT_FLOAT_EQ(*r.options.obstacles.angle, -12.0f);
    EXPECT_FLOAT_EQ(r.options.obstacleBrushRadius, 0.05f);
    for (const char* shape : {"circle", "plate", "wing", "naca0012"}) EXPECT_TRUE(parse({"--obstacle", shape}).ok());
    EXPECT_EQ(parse({"--obstacle", "hexagon"}).error,
              "--obstacle expects circle, plate, wing (a NACA 2412 section) or naca followed by 4 digits (e.g. "
              "naca0012), got 'hexagon'");
    EXPECT_FALSE(parse({"--obstacle", "naca012"}).ok());
    EXPECT_FALSE(parse({"--obstacle", ""}).ok());
    EXPECT_NE(parse({"--obstacle-size", "0"}).error.find("--obstacle-size expects a number in (0, 1e+06] m"),
              std::string::npos);
    EXPECT_FALSE(parse({"--obstacle-size", "nan"}).ok());
    EXPECT_FALSE(parse({"--obstacle-angle", "181"}).ok());
    EXPECT_FALSE(parse({"--obstacle-brush", "0"}).ok());
    EXPECT_FALSE(parse({"--obstacles", ""}).ok());
    // Window and headless alike: not refused without --headless.
    EXPECT_FALSE(headlessOnlyFlagProblem(parse({"--obstacle", "circle", "--obstacles", "m.png"}).options));
}

TEST(ObstaclePainterTest, CtrlOrThePanelSwitchPaintsShiftOrRightErases)
{
    using B = MouseButton;
    using T = ObstacleTool;
    EXPECT_EQ(obstacleToolFor(B::Left, false, false, false), T::None) << "a plain drag is the dye brush's";
    EXPECT_EQ(obstacleToolFor(B::Right, false, false, false), T::None);
    EXPECT_EQ(obstacleToolFor(B::Left, false, true, false), T::None) << "Shift alone is no obstacle gesture";
    EXPECT_EQ(obstacleToolFor(B::Left, true, false, false), T::Solid);
    EXPECT_EQ(obstacleToolFor(B::Left, true, true, false), T::Erase);
    EXPECT_EQ(obstacleToolFor(B::Right, true, false, false), T::Erase);
    EXPECT_EQ(obstacleToolFor(B::Left, false, false, true), T::Solid);
    EXPECT_EQ(obstacleToolFor(B::Right, false, false, true), T::Erase);
}

TEST(ObstaclePainterTest, StrokesEditTheMaskAndSayWhenToUpload)
{
    const float h = 0.01f;  // 100 x 100 cells over 1 m
    ObstaclePainter painter;
    painter.reset(Field(100, 100, 1), h);
    EXPECT_TRUE(painter.takeChanged()) << "a new mask must reach the solver";
    EXPECT_FALSE(painter.takeChanged());
    EXPECT_FALSE(painter.edited());

    painter.press({0.2f, 0.5f}, ObstacleTool::Solid, 0.03f);
    EXPECT_TRUE(painter.stroking());
    const int disc = countSolid(painter.mask());
    EXPECT_GT(disc, 0);
    painter.moveTo({0.8f, 0.5f});
    painter.release();
    EXPECT_FALSE(painter.stroking());
    painter.moveTo({0.8f, 0.9f});  // released: moves paint nothing
    EXPECT_TRUE(painter.takeChanged());
    EXPECT_TRUE(painter.edited());
    // A 0.6 m line 0.06 m wide with round ends: every cell centre along it solid.
    for (int i = 20; i <= 80; ++i) EXPECT_EQ(painter.mask().at(i, 49), 1.0f) << i;
    EXPECT_EQ(painter.mask().at(80, 89), 0.0f);
    const int line = countSolid(painter.mask());
    EXPECT_NEAR(line, (0.6 * 0.06 + 3.14159 * 0.03 * 0.03) / (h * h), 2.0 * (1.2 + 0.19) / h);

    // Painting solid over solid changes nothing: no upload.
    painter.press({0.5f, 0.5f}, ObstacleTool::Solid, 0.02f);
    painter.release();
    EXPECT_FALSE(painter.takeChanged());

    // Erasing the right half.
    painter.press({0.5f, 0.5f}, ObstacleTool::Erase, 0.05f);
    painter.moveTo({0.9f, 0.5f});
    painter.release();
    EXPECT_TRUE(painter.takeChanged());
    EXPECT_EQ(painter.mask().at(30, 49), 1.0f);
    EXPECT_EQ(painter.mask().at(70, 49), 0.0f);
    EXPECT_LT(countSolid(painter.mask()), line);

    painter.clear();
    EXPECT_EQ(countSolid(painter.mask()), 0);
    EXPECT_TRUE(painter.takeChanged());
    painter.clear();
    EXPECT_FALSE(painter.takeChanged()) << "clearing an empty mask changes nothing";

    painter.reset(Field(50, 50, 1), 0.02f, true);
    EXPECT_TRUE(painter.edited()) << "a regridded edited mask stays edited";
}

// The window draws the run's shape by its outline (round on any grid) and the
// brush's strokes by the cells they set: a stroke sets the same cells of both.
TEST(ObstaclePainterTest, TheOutlineFollowsTheShapeAndTheStrokes)
{
    SimParams p;
    p.gridWidth = p.gridHeight = 40;
    ObstacleOptions o;
    o.shape = "circle";
    o.size = 0.3f;
    ObstacleFields built = buildObstacles(o, p);
    EXPECT_EQ(built.mask.values(), buildObstacleMask(o, p).values());
    for (std::size_t n = 0; n < built.mask.size(); ++n)
        EXPECT_EQ(isSolid(built.outline.values()[n]), isSolid(built.mask.values()[n])) << n;
    EXPECT_NE(built.outline.values(), built.mask.values());  // a ramp, not the 0/1 cells

    ObstaclePainter painter;
    painter.reset(built.mask, p.cellSize(), false, built.outline);
    EXPECT_EQ(painter.outline().values(), built.outline.values());
    painter.press({0.8f, 0.5f}, ObstacleTool::Solid, 0.05f);
    painter.moveTo({0.8f, 0.8f});
    painter.release();
    for (std::size_t n = 0; n < built.mask.size(); ++n)
        EXPECT_EQ(isSolid(painter.outline().values()[n]), isSolid(painter.mask().values()[n])) << n;
    EXPECT_EQ(painter.outline().at(32, 26), 1.0f);  // painted: the cell's own value
    painter.clear();
    EXPECT_EQ(countSolid(painter.outline()), 0);

    painter.reset(built.mask, p.cellSize());  // no outline: the mask is drawn as it is
    EXPECT_EQ(painter.outline().values(), built.mask.values());
}

}  // namespace
}  // namespace fluid::app
