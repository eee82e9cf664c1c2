// A grid chosen in the panel is saved only where it kept real time: fed
// frames (wall times and the fluid time each ran), as the window feeds it.
#include <gtest/gtest.h>

#include "app/chosen_grid.hpp"
#include "app/grid_watch.hpp"

namespace fluid::app {
namespace {

constexpr double kFrame = 1.0 / 60.0;

// `seconds` of frames from wall time `from`, each running `factor` times its
// wall time of fluid. Returns the wall time at the end.
double runFrames(ChosenGrid& chosen, double from, double seconds, double factor)
{
    double now = from;
    for (; now < from + seconds; now += kFrame) chosen.running(now, factor * kFrame);
    return now;
}

// The window as it exits: the grid the panel left (fromPanel), over a start
// with the auto grid.
Options exitAt(int shortSide)
{
    Options o = windowDefaults();
    o.autoGrid = false;
    o.params.gridWidth = o.params.gridHeight = shortSide;
    return o;
}

TEST(ChosenGrid, AGridBelowRealTimeIsNotSavedAndTheLineSaysHowToKeepIt)
{
    ChosenGrid chosen;
    chosen.chose(256, 10.0);
    runFrames(chosen, 10.0, GridWatch::kSettle + ChosenGrid::kJudgedAfter + 1.0, 0.3);
    ASSERT_TRUE(chosen.realTimeFactor());
    EXPECT_NEAR(*chosen.realTimeFactor(), 0.3, 0.01);
    EXPECT_TRUE(chosen.tooSlow());

    const Options start = windowDefaults();
    Options exit = exitAt(256);
    const std::string note = keepGridOnlyIfItKeptUp(exit, start, chosen, "/home/u/.config/fluidsim/settings.ini");
    EXPECT_EQ(note,
              "grid 256 not saved: it ran at 0.30x real time here; to keep it anyway, start with --grid 256 or "
              "write 'grid = 256' in /home/u/.config/fluidsim/settings.ini");
    // Back to the start's grid: the settings file gains no grid line.
    EXPECT_TRUE(exit.autoGrid);
    const std::string saved = settingsToSave(start, start, exit);
    EXPECT_EQ(saved.find("grid ="), std::string::npos) << saved;
}

TEST(ChosenGrid, AGridThatKeptRealTimeIsSaved)
{
    ChosenGrid chosen;
    chosen.chose(128, 0.0);
    // Slow while it settles (its shaders compile), then real time; a pause
    // (1000 s without frames) is not counted.
    double now = runFrames(chosen, 0.0, GridWatch::kSettle, 0.1);
    now = runFrames(chosen, now, 2.0, 1.0);
    chosen.held();
    runFrames(chosen, now + 1000.0, 2.0, 1.0);
    ASSERT_TRUE(chosen.realTimeFactor());
    EXPECT_NEAR(*chosen.realTimeFactor(), 1.0, 0.01);
    EXPECT_FALSE(chosen.tooSlow());

    const Options start = windowDefaults();
    Options exit = exitAt(128);
    EXPECT_EQ(keepGridOnlyIfItKeptUp(exit, start, chosen, "s.ini"), "");
    EXPECT_NE(settingsToSave(start, start, exit).find("\ngrid = 128\n"), std::string::npos);
}

// Too little running to judge (chosen, then paused or quit at once): the
// user's choice stands. Auto is never judged: its pick keeps real time.
TEST(ChosenGrid, AGridTooBrieflyRunOrAutoIsNotJudged)
{
    ChosenGrid chosen;
    chosen.chose(256, 0.0);
    runFrames(chosen, 0.0, GridWatch::kSettle + ChosenGrid::kJudgedAfter - 0.5, 0.1);
    EXPECT_FALSE(chosen.realTimeFactor());
    EXPECT_FALSE(chosen.tooSlow());
    Options exit = exitAt(256);
    EXPECT_EQ(keepGridOnlyIfItKeptUp(exit, windowDefaults(), chosen, "s.ini"), "");
    EXPECT_EQ(exit.params.gridWidth, 256);

    chosen.chose(0, 100.0);
    runFrames(chosen, 100.0, 20.0, 0.1);
    EXPECT_FALSE(chosen.tooSlow());
}

// A slow grid chosen over one from the settings file or --grid goes back to
// that one: the file keeps its own grid, and a flag's is not saved.
TEST(ChosenGrid, ASlowGridGoesBackToTheGridTheRunStartedWith)
{
    ChosenGrid chosen;
    chosen.chose(512, 0.0);
    runFrames(chosen, 0.0, 10.0, 0.5);
    const Options file = exitAt(96);
    Options start = file;
    start.params.gridWidth = start.params.gridHeight = 64;  // --grid 64
    Options exit = exitAt(512);
    EXPECT_NE(keepGridOnlyIfItKeptUp(exit, start, chosen, "s.ini"), "");
    EXPECT_EQ(exit.params.gridWidth, 64);
    EXPECT_NE(settingsToSave(file, start, exit).find("\ngrid = 96\n"), std::string::npos);
}

}  // namespace
}  // namespace fluid::app
