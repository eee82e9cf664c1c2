// InputLog: every event written reads back to the same bits, and a broken
// file is refused with its line number and what is wrong there. InputReplay:
// the solver gets the recorded calls in the recorded order.
#include "app/input_log.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/input_replay.hpp"
#include "core/parameters.hpp"

namespace fluid::app {
namespace {

Splat oddSplat()
{
    Splat s;
    s.from = {0.1f, 1.0f / 3.0f};
    s.to = {std::nextafter(0.5f, 1.0f), 7e-30f};
    s.radius = 0.0213f;
    s.velocity = {-1.5e-7f, 12345.678f};
    s.dye = {2.0f, 0.0f, 1.0f / 7.0f};
    s.addsDye = false;
    s.heat = 300.25f;
    return s;
}

std::string header()
{
    SimParams p;
    p.gridWidth = 16;
    p.gridHeight = 12;
    return formatInputLogHeader(p);
}

// The first line after the header: version, comment, grid, a line per
// parameter, begin.
int firstEventLine()
{
    return static_cast<int>(parameters().size()) + 5;
}

std::string errorOf(const std::string& body)
{
    return parseInputLog(header() + body, "in.rec").error;
}

TEST(InputLog, EveryEventReadsBackToTheSameBits)
{
    SimParams start;
    start.gridWidth = 16;
    start.gridHeight = 12;
    start.domainWidth = 4.0f / 3.0f;
    start.dt = 1.0f / 60.0f;
    start.viscosity = 3.3e-5f;
    std::vector<InputEvent> events(9);
    using K = InputEvent::Kind;
    events[0].kind = K::Splat;
    events[0].splat = oddSplat();
    events[1].kind = K::Step;
    events[2].kind = K::Paint;
    events[2].splat = oddSplat();
    events[3].kind = K::Reset;
    events[4].kind = K::ClearDye;
    events[5].kind = K::Param;
    events[5].key = "vorticity";
    events[5].value = static_cast<double>(0.1f);
    events[6].kind = K::Grid;
    events[6].grid = start;
    events[6].grid.gridWidth = 32;
    events[6].grid.gridHeight = 24;
    events[6].keepFluid = true;
    events[7].kind = K::Obstacles;
    events[7].mask = Field(32, 24, 1);
    events[7].mask.at(3, 4) = 1.0f;
    events[7].mask.at(4, 4) = 1.0f;
    events[7].mask.at(31, 23) = 0.25f;
    events[8].kind = K::Step;

    std::string text = formatInputLogHeader(start);
    int steps = 0;
    for (InputEvent e : events) {
        if (e.kind == K::Step) e.step = ++steps;
        text += formatInputEvent(e) + "\n";
    }
    text += "end 2\n";
    const InputLogParse parsed = parseInputLog(text, "in.rec");
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_TRUE(parsed.log.start == start);
    EXPECT_EQ(parsed.log.steps, 2);
    ASSERT_EQ(parsed.log.events.size(), events.size());
    const Splat& s = parsed.log.events[0].splat;
    const Splat o = oddSplat();
    EXPECT_EQ(s.from, o.from);
    EXPECT_EQ(s.to, o.to);  // a denormal-free tiny and a next-after survive
    EXPECT_EQ(s.radius, o.radius);
    EXPECT_EQ(s.velocity, o.velocity);
    EXPECT_EQ(s.dye, o.dye);
    EXPECT_EQ(s.addsDye, o.addsDye);
    EXPECT_EQ(s.heat, o.heat);
    EXPECT_EQ(parsed.log.events[5].key, "vorticity");
    EXPECT_EQ(parsed.log.events[5].value, static_cast<double>(0.1f));
    EXPECT_EQ(parsed.log.events[6].grid.gridWidth, 32);
    EXPECT_TRUE(parsed.log.events[6].keepFluid);
    EXPECT_EQ(parsed.log.events[7].mask.data()[0], 0.0f);
    EXPECT_EQ(parsed.log.events[7].mask.at(3, 4), 1.0f);
    EXPECT_EQ(parsed.log.events[7].mask.at(31, 23), 0.25f);
    EXPECT_EQ(parsed.log.events[7].line, firstEventLine() + 7);
    // Written again, the same text.
    std::string again = formatInputLogHeader(parsed.log.start);
    for (const InputEvent& e : parsed.log.events) again += formatInputEvent(e) + "\n";
    EXPECT_EQ(again + "end 2\n", text);
}

TEST(InputLog, EveryParameterRowIsPartOfTheStart)
{
    const std::string text = header();
    for (const Parameter& row : parameters())
        EXPECT_NE(text.find(std::string("\nparam ") + row.key + " "), std::string::npos) << row.key;
}

TEST(InputLog, BrokenFilesSayTheLineAndWhat)
{
    const int firstEvent = firstEventLine();
    const auto at = [&](int line, const std::string& what) { return "in.rec:" + std::to_string(line) + ": " + what; };
    EXPECT_EQ(parseInputLog("", "in.rec").error, "in.rec:0: empty: not a fluidsim input log");
    EXPECT_EQ(parseInputLog("hello\n", "in.rec").error,
              at(1, "not a fluidsim input log (it starts 'fluidsim-input 1')"));
    EXPECT_EQ(parseInputLog("fluidsim-input 2\n", "in.rec").error, at(1, "version 2; this fluidsim reads version 1"));
    EXPECT_EQ(parseInputLog("fluidsim-input 1\nbegin\n", "in.rec").error, at(2, "'begin' before the 'grid' line"));
    EXPECT_EQ(parseInputLog("fluidsim-input 1\ngrid 16 12 1 0\nparam dt -1\nbegin\nend 0\n", "in.rec").error,
              at(3, "dt -1 is out of range: " + findParameter("dt")->range()));
    EXPECT_EQ(parseInputLog("fluidsim-input 1\ngrid 16 12 0 0\nbegin\nend 0\n", "in.rec").error.substr(0, 33),
              at(3, "the settings at start: "));
    EXPECT_EQ(errorOf("step 1\nstep 3\nend 3\n"),
              at(firstEvent + 1, "step 3 after step 1 (steps are numbered one by one)"));
    EXPECT_EQ(errorOf("splat 1 2 3\nend 0\n"), at(firstEvent, "expected a number after '3'"));
    EXPECT_EQ(errorOf("splat 1 2 3 4 5 6 7 8 9 x 1 0\nend 0\n"), at(firstEvent, "expected a number, got 'x'"));
    EXPECT_EQ(errorOf("splat 1 2 3 4 5 6 7 8 9 10 2 0\nend 0\n"),
              at(firstEvent, "expected 0 or 1 (adds dye), got '2'"));
    EXPECT_EQ(errorOf("\n# a comment\nreset now\nend 0\n"),
              at(firstEvent + 2, "unexpected 'now' at the end of the line"));
    EXPECT_EQ(errorOf("param colour 3\nend 0\n"), at(firstEvent, "no parameter 'colour'"));
    EXPECT_EQ(errorOf("wiggle\nend 0\n"), at(firstEvent, "unknown event 'wiggle'"));
    EXPECT_EQ(errorOf("grid 32 24 1 0\nend 0\n"), at(firstEvent, "expected keep or fresh at the end of 'grid'"));
    EXPECT_EQ(errorOf("obstacles 2 2 0*3\nend 0\n"), at(firstEvent, "the runs cover 3 of the mask's 4 cells"));
    EXPECT_EQ(errorOf("obstacles 2 2 0*5\nend 0\n"),
              at(firstEvent, "expected a run VALUE*COUNT (VALUE in [0, 1]) within the mask's 4 cells, got '0*5'"));
    // Found by a bug hunt (2026-11-27): each of these was taken here and
    // failed where the replay reached it, with no line (a parameter, a mask
    // of another size), or played to the end and wrote black frames (1e38).
    EXPECT_EQ(errorOf("param viscosity nan\nend 0\n"),
              at(firstEvent, "viscosity nan is out of range: " + findParameter("viscosity")->range()));
    EXPECT_EQ(errorOf("obstacles 2 2 0*4\nend 0\n"), at(firstEvent, "a mask of 2x2 cells on the 16x12 grid"));
    EXPECT_EQ(errorOf("grid 32 24 1 0 fresh\nobstacles 16 12 0*192\nend 0\n"),
              at(firstEvent + 1, "a mask of 16x12 cells on the 32x24 grid"));
    EXPECT_EQ(errorOf("grid 32 24 1 0 fresh\nobstacles 32 24 0*768\nend 0\n"), "");
    EXPECT_EQ(errorOf("obstacles 16 12 2*192\nend 0\n"),
              at(firstEvent, "expected a run VALUE*COUNT (VALUE in [0, 1]) within the mask's 192 cells, got '2*192'"));
    EXPECT_EQ(errorOf("splat 1 2 3 4 5 1e38 7 8 9 10 1 0\nend 0\n"),
              at(firstEvent, "expected a number within +-1e12, got '1e38'"));
    EXPECT_EQ(errorOf("splat 1 2 3 4 5 6 7 nan 9 10 1 0\nend 0\n"),
              at(firstEvent, "expected a number within +-1e12, got 'nan'"));
    // What the window's own brush can record at its extremes (force 1000,
    // radius 0.001 m: about 1e6 m/s for a 0.2 m stroke) is taken.
    EXPECT_EQ(errorOf("splat 1 2 3 4 0.001 5.6e6 -5.6e6 2e6 9 10 1 0\nend 0\n"), "");
    // A value in range whose float is not: dt 1e-300 is a dt of 0.
    EXPECT_EQ(errorOf("param dt 1e-300\nend 0\n"),
              at(firstEvent, "dt 1e-300 is out of range: " + findParameter("dt")->range()));
    EXPECT_EQ(errorOf("splat 1 2 3 4 0 6 7 8 9 10 1 0\nend 0\n"),
              at(firstEvent, "a splat's radius must be above 0, not '0'"));
    EXPECT_EQ(errorOf("splat 1 2 3 4 5 6 7 8 9 10 1 inf\nend 0\n"),
              at(firstEvent, "expected a heat within +-1e12, got 'inf'"));
    EXPECT_EQ(errorOf("step 1\nend 2\n"), at(firstEvent + 1, "'end 2' after 1 steps"));
    EXPECT_EQ(errorOf("step 1\n"), at(firstEvent, "the log ends without its 'end' line (cut short?)"));
    EXPECT_EQ(errorOf("end 0\nreset\n"), at(firstEvent + 1, "'reset' after 'end'"));
}

// A solver that keeps the calls it got, in order.
struct CallLog {
    std::vector<std::string> calls;
};
struct FakeSolver {
    FakeSolver(const SimParams& p, CallLog& log) : params_(p), log_(log)
    {
        log_.calls.push_back("new " + std::to_string(p.gridWidth));
    }
    void step(std::span<const Splat> splats) { log_.calls.push_back("step " + std::to_string(splats.size())); }
    void splat(const Splat&) { log_.calls.push_back("splat"); }
    void reset() { log_.calls.push_back("reset"); }
    void clearDye() { log_.calls.push_back("clear-dye"); }
    void setParams(const SimParams& p)
    {
        params_ = p;
        log_.calls.push_back("params");
    }
    void setObstacles(const Field&) { log_.calls.push_back("obstacles"); }
    FluidState download() const
    {
        log_.calls.push_back("download");
        FluidState s;
        s.velocity = Field(params_.gridWidth, params_.gridHeight, 2);
        s.pressure = Field(params_.gridWidth, params_.gridHeight, 1);
        s.dye = Field(params_.gridWidth, params_.gridHeight, 3);
        s.temperature = Field(params_.gridWidth, params_.gridHeight, 1);
        return s;
    }
    void upload(const FluidState&) { log_.calls.push_back("upload"); }
    const FieldGrids& grids() const
    {
        static FieldGrids g;
        g = FieldGrids::uniform(params_.gridWidth, params_.gridHeight);
        return g;
    }
    SimParams params_;
    CallLog& log_;
};

// --replay /dev/zero read without end; a directory, a device or a FIFO is
// refused before anything is read (/dev/null here: the same refusal, and
// were it missing this test would fail, not hang).
TEST(InputLog, ADeviceOrADirectoryIsNoLog)
{
    EXPECT_EQ(loadInputLog("/dev/null").error, "cannot read the input log /dev/null: not a regular file");
    EXPECT_EQ(loadInputLog("/tmp").error, "cannot read the input log /tmp: it is a directory");
    // With the reason (it had none), as every file a flag names (src/app/path_check.hpp).
    EXPECT_EQ(loadInputLog("/no/such/log.rec").error,
              "cannot read the input log /no/such/log.rec: the directory /no does not exist");
    EXPECT_EQ(loadInputLog("/tmp/no-such-log.rec").error,
              "cannot read the input log /tmp/no-such-log.rec: no such file");
}

// A scratch file, removed with this object.
class TempLog {
public:
    explicit TempLog(const std::string& text)
        : path_((std::filesystem::temp_directory_path() /
                 ("fluidsim-input-log-" + std::to_string(getpid()) + "-" + std::to_string(next()++) + ".rec"))
                    .string())
    {
        std::ofstream(path_, std::ios::binary) << text;
    }
    ~TempLog() { std::filesystem::remove(path_); }
    TempLog(const TempLog&) = delete;
    TempLog& operator=(const TempLog&) = delete;
    const std::string& path() const { return path_; }

private:
    static int& next()
    {
        static int n = 0;
        return n;
    }
    std::string path_;
};

// A 100 MB log took 1.1 GB: the whole file was read into memory, then
// parsed (twice: by main's check and by the run). One over the limit is
// refused by its size, before a byte is read: this one is zeros, which read
// would be "not a fluidsim input log" (a sparse file: it takes no disk).
TEST(InputLog, ALogOverTheSizeLimitIsRefusedBeforeItIsRead)
{
    const TempLog big("");
    const std::uintmax_t bytes = InputLogLimits{}.bytes + 1;
    std::filesystem::resize_file(big.path(), bytes);
    EXPECT_EQ(loadInputLog(big.path()).error,
              "the input log " + big.path() + " is 67108865 bytes, over the 64 MiB an input log may hold");
    const TempLog small(header() + "step 1\nend 1\n");
    const InputLogParse limited = loadInputLog(small.path(), {100, kMaxInputLogEvents});
    EXPECT_EQ(limited.error, "the input log " + small.path() + " is " +
                                 std::to_string(std::filesystem::file_size(small.path())) +
                                 " bytes, over the 100 bytes an input log may hold");
}

// Every event is held until the replay ends (256 bytes each, a 7-byte 'step'
// line included): their number is bounded too.
TEST(InputLog, ALogWithTooManyEventsIsRefusedAtTheFirstOneOver)
{
    const TempLog log(header() + "step 1\nstep 2\nreset\nstep 3\nend 3\n");
    EXPECT_TRUE(loadInputLog(log.path(), {InputLogLimits{}.bytes, 4}).ok());
    EXPECT_EQ(
        loadInputLog(log.path(), {InputLogLimits{}.bytes, 3}).error,
        log.path() + ":" + std::to_string(firstEventLine() + 3) + ": more than 3 events, the most an input log holds");
}

// Streamed line by line, a file reads as its text parses: the same events,
// the same line numbers in an error, a last line without its newline.
TEST(InputLog, AFileReadsAsItsTextParses)
{
    const std::string body = "splat 1 1 1 1 0.1 0 0 1 1 1 1 0\r\nstep 1  # a comment\n\nparam dt 0.01\nstep 2\nend 2";
    const TempLog log(header() + body);
    const InputLogParse fromFile = loadInputLog(log.path());
    const InputLogParse fromText = parseInputLog(header() + body, log.path());
    ASSERT_TRUE(fromFile.ok()) << fromFile.error;
    ASSERT_EQ(fromFile.log.events.size(), fromText.log.events.size());
    for (std::size_t n = 0; n < fromText.log.events.size(); ++n)
        EXPECT_EQ(formatInputEvent(fromFile.log.events[n]), formatInputEvent(fromText.log.events[n])) << n;
    EXPECT_EQ(fromFile.log.steps, 2);
    const TempLog broken(header() + "step 1\nstep 3\nend 3\n");
    EXPECT_EQ(loadInputLog(broken.path()).error,
              parseInputLog(header() + "step 1\nstep 3\nend 3\n", broken.path()).error);
}

// main() checks the log before anything opens and keeps it; the run takes
// that one and reads nothing (the file may be gone by then). Taken once.
TEST(InputLog, AKeptLogIsTakenInsteadOfReadingTheFileAgain)
{
    auto log = std::make_unique<TempLog>(header() + "step 1\nstep 2\nend 2\n");
    const std::string path = log->path();
    InputLogParse checked = loadInputLog(path);
    ASSERT_TRUE(checked.ok()) << checked.error;
    keepInputLog(path, std::move(checked.log));
    log.reset();  // the file is gone
    EXPECT_EQ(loadInputLog("other.rec").error, "cannot read the input log other.rec: no such file");
    const InputLogParse taken = loadInputLog(path);
    ASSERT_TRUE(taken.ok()) << taken.error;
    EXPECT_EQ(taken.log.steps, 2);
    EXPECT_EQ(loadInputLog(path).error, "cannot read the input log " + path + ": no such file");
}

TEST(InputReplay, TheSolverGetsTheRecordedCallsInOrder)
{
    const std::string text = header() +
                             "splat 1 1 1 1 0.1 0 0 1 1 1 1 0\nsplat 1 1 1 1 0.1 0 0 1 1 1 1 0\nstep 1\n"
                             "paint 1 1 1 1 0.1 0 0 1 1 1 1 0\nreset\nstep 2\nparam dt 0.01\nclear-dye\n"
                             "grid 32 24 1 0 keep\nobstacles 32 24 1*768\nstep 3\nreset\nend 3\n";
    const InputLogParse parsed = parseInputLog(text, "in.rec");
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    CallLog calls;
    InputReplay<FakeSolver> replay(parsed.log,
                                   [&calls](const SimParams& p) { return std::make_unique<FakeSolver>(p, calls); });
    EXPECT_TRUE(replay.advance());
    EXPECT_EQ(replay.step(), 1);
    EXPECT_DOUBLE_EQ(replay.time(), static_cast<double>(1.0f / 60.0f));
    replay.playToEnd();
    EXPECT_TRUE(replay.finished());
    EXPECT_EQ(replay.step(), 3);
    EXPECT_DOUBLE_EQ(replay.time(), static_cast<double>(1.0f / 60.0f) * 2 + static_cast<double>(0.01f));
    EXPECT_EQ(replay.params().gridWidth, 32);
    EXPECT_EQ(replay.obstacles().size(), 768u);
    EXPECT_EQ(calls.calls,
              (std::vector<std::string>{"new 16", "step 2", "splat", "reset", "step 0", "params", "clear-dye", "new 32",
                                        "download", "upload", "obstacles", "step 0", "reset"}));
}

}  // namespace
}  // namespace fluid::app
