// The window's default grid: the largest short side, from the panel's list,
// whose whole frame (the steps, and the display, bloom, panel and swap around
// them) the machine can run in real time, measured rather than guessed (the
// same step costs 4x more on one machine than another). GL-free: the window
// supplies the measurements. src/app/grid_watch.hpp says when to pick again.
#pragma once

#include <functional>
#include <span>
#include <vector>

namespace fluid::app {

// The short sides the panel offers (cells), smallest first.
std::span<const int> gridChoices();

// The share of wall time a frame's work may take at real time (1 s of fluid
// per s): the rest is slack for a busy machine (another core's load, the
// driver's threads), so the promise of 0.95x real time holds with a core busy.
constexpr double kFrameShareOfRealTime = 0.8;
// Frames per second the pick keeps for the pointer at least: a frame runs at
// most 1 / (kMinFramesPerSecond dt) steps (2 at dt = 1/60 s), so the frame's
// cost outside the steps is shared by no more steps than that.
constexpr double kMinFramesPerSecond = 30.0;

// What a frame costs besides its steps, and how many steps it may run.
struct FrameBudget {
    double dt = 1.0 / 60.0;        // s of fluid per step
    int maxStepsPerFrame = 4;      // the clock's cap (panel)
    double overheadSeconds = 0.0;  // wall s per frame outside the steps: display, bloom, panel, swap
    // A longer step the pick may take where `dt` does not keep up with a
    // larger grid (0: none): half as many steps, so a grid with twice the
    // cost. The window allows 2 dt when dt is its default (the user chose none).
    double longerDt = 0.0;
};

// Steps a frame runs at real time under `budget`: 1 / (kMinFramesPerSecond dt),
// within [1, maxStepsPerFrame].
int stepsPerFrame(const FrameBudget& budget);

// Whether a grid whose step takes `stepSeconds` keeps real time: a frame of
// stepsPerFrame() steps, with the overhead, takes at most
// kFrameShareOfRealTime of the fluid time it advances, and of a frame at
// kMinFramesPerSecond (the bound where dt is longer than such a frame).
bool keepsUp(double stepSeconds, const FrameBudget& budget, double share = kFrameShareOfRealTime);

struct GridPick {
    int shortSide = 0;          // cells
    double secondsPerStep = 0;  // measured at that size
    bool keepsUp = false;       // false: even the smallest grid is slower than real time
    double dt = 0.0;            // the step to run it with: budget.dt, or budget.longerDt where only that keeps up
    // The frame besides the steps as budget.overheadSeconds held it when this
    // grid was measured (a caller that measures it per candidate leaves the
    // last one measured in the budget, which is not the pick's after a break).
    double overheadSeconds = 0.0;
};

// Measures the candidates from the smallest up and returns the largest that
// keepsUp() at budget.dt or, failing that, at budget.longerDt (a finer grid
// at half the steps rather than a coarser one at all of them: resolution
// shows more than the step's length); at the same grid the shorter step. It
// stops at the first grid that keeps up at neither in two measurements (a
// larger grid costs more; another process may slow one measurement), so a
// slow machine measures few. When none keeps up, the smallest, at
// the longest step allowed.
// secondsPerStep(shortSide) runs and times steps at that size.
GridPick pickGrid(std::span<const int> candidates, const FrameBudget& budget,
                  const std::function<double(int)>& secondsPerStep);

// The dye grid factors, finest first: the auto dye grid's (autoDyeGrid), and
// the steps by which the window makes it coarser when even the smallest grid
// does not keep real time (coarserDyeGrid).
inline constexpr int kDyeGridFactors[] = {4, 2};

// The window's auto dye grid for a grid of `shortSide` cells, in a window
// whose short side is `pixels`: kDyeGridFactors[0] times finer (the colour's
// detail is what the eye sees, and carried semi-Lagrangian a dye cell costs a
// fraction of a grid cell's step), but no finer than the window's pixels,
// where finer cells are only paid for; 0 (the grid's own) when that is no
// finer than the grid. Part of the grid: the pick measures each candidate
// with its dye grid.
int autoDyeGrid(int shortSide, int pixels);

// The dye grids the pick tries, finest first, where the frame has room for
// them, on a grid whose auto dye grid is coarser: kFinerDyeGrids cells on the
// short side (the window's pixels at most), those finer than autoDyeGrid. On
// the smallest grid 4x leaves a dye cell 3 pixels wide in a 768-row window,
// where the filaments blur whatever carries them: 84 x 64 at 6 s with the
// cubic read, detail 0.094 on 672 x 512 against 0.029 on 336 x 256, at 43
// frames/s against 59 on a 2-core llvmpipe machine. 384 rows is the rung for
// a frame without room for 512: 0.054 at 6 s and 47.7 frames/s where 512
// ran at 31.7 (`--grid 64 --dt 0.033333 --dye-advection cubic`, one run each).
inline constexpr int kFinerDyeGrids[] = {512, 384};
std::vector<int> finerDyeGrids(int shortSide, int pixels);
// A rung of kFinerDyeGrids in a window whose short side is `pixels`: the
// rung or the pixels, or 0 where autoDyeGrid is already that fine.
int finerDyeGrid(int rung, int shortSide, int pixels);
// The rung that gives the finer dye grid `dyeShortSide` in that window (the
// largest, where the pixels cap several to one), or 0: what a pick keeps, so
// that a larger window gets the rung and not the pixels it was picked at.
int finerDyeRung(int dyeShortSide, int shortSide, int pixels);

// The candidates of at most `pixels` cells, the smallest always: cells finer
// than the window's pixels are not seen, only paid for (a 1024-row grid in a
// 480-pixel window).
std::span<const int> choicesWithin(std::span<const int> candidates, int pixels);

// The candidates below `shortSide` (the choices a second pick may make: it
// runs because the grid did not keep up, so it never grows the grid back).
std::span<const int> choicesBelow(std::span<const int> candidates, int shortSide);

// The next coarser auto dye grid below `dyeShortSide` for a grid of
// `shortSide` cells: the largest factor * shortSide under it, or 0 (the
// grid's own) when no factor is left. 0 stays 0.
int coarserDyeGrid(int shortSide, int dyeShortSide, std::span<const int> factors);

// What the window gives up when the fluid stays under real time
// (grid_watch.hpp), one thing each time, the loss least seen first: a finer
// dye grid the pick took with the sharp dye, one rung at a time down to the
// auto one, the sharp dye kept (carried plainly a finer grid blurs more than
// the auto grid carried sharply, kFinerDyeGrids); the sharp dye the pick
// added where the frame had room for it; a smaller grid
// (picked again by measuring, the dye grid with it); at the smallest grid, a
// coarser dye grid, one factor at a time; then the bloom.
enum class SpeedStep { PlainDye, SmallerGrid, CoarserDyeGrid, NoBloom, Nothing };
struct FrameLoad {
    bool sharpDyeDroppable = false;  // the pick carries the dye sharply (its extra, not the user's choice)
    bool finerDyeByPick = false;     // the dye grid is a rung of kFinerDyeGrids the pick took
    bool smallerGridExists = false;
    bool autoDyeGrid = false;  // the dye grid is the pick's (not the user's)
    int shortSide = 0;
    int dyeShortSide = 0;         // 0: the grid's own
    bool bloomDroppable = false;  // on, and the pick's to turn off (not the user's)
};
SpeedStep nextSpeedStep(const FrameLoad& load);

}  // namespace fluid::app
