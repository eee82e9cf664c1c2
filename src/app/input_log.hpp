// InputLog: every input a window's fluid saw, in the order it saw it, for
// --record-input and --replay (docs/record-replay.md). The unit of time is
// the step: each `step` line runs one step of dt with the splats listed
// since the previous one, so a replay runs exactly the recorded steps with
// exactly the recorded splats, whatever the wall clock did. What reaches the
// solver between steps (a reset, cleared dye, a panel change of a parameter,
// a new grid, an obstacle mask, paint on a paused fluid) is a line of its own
// at its place among the steps.
//
// A text file: a version line, the settings the fluid started from, then the
// events, one per line. Numbers are written so that they read back to the
// same bits (floats with 9 significant digits, doubles with 17). GL-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/atomic_file.hpp"
#include "core/field.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::app {

constexpr int kInputLogVersion = 1;

struct InputEvent {
    enum class Kind {
        Splat,      // joins the next step
        Step,       // runs one step with the splats since the previous one
        Paint,      // a splat on the fluid now, without a step (a paused fluid)
        Reset,      // every field to zero
        ClearDye,   // the dye to zero
        Param,      // one parameter of the parameter table changed (the panel)
        Grid,       // a new grid; keepFluid: the fluid resampled onto it
        Obstacles,  // the solid mask handed to the solver
    };
    Kind kind = Kind::Step;
    Splat splat;             // Splat, Paint
    std::string key;         // Param: the row's key (core/parameters.hpp)
    double value = 0.0;      // Param
    SimParams grid;          // Grid: its grid sizes and domain width
    bool keepFluid = false;  // Grid
    Field mask;              // Obstacles
    int step = 0;            // Step: its number, from 1
    int line = 0;            // read from this line (0: not read)
};

struct InputLog {
    SimParams start;  // the settings the fluid started from (its grid included)
    std::vector<InputEvent> events;
    int steps = 0;  // the steps recorded
};

struct InputLogParse {
    InputLog log;
    std::string error;  // "NAME:LINE: what is wrong"; empty on success
    bool ok() const { return error.empty(); }
};

// How large an input log may be. Each event is held in memory (256 bytes,
// whatever the length of its line) until the replay ends, so both are
// bounded: 64 MiB of text and a million events (about 256 MB), a few hours
// of recording at 60 steps a second. A larger log is refused, naming the limit.
struct InputLogLimits {
    std::uintmax_t bytes = 64u << 20;
    long events = 1'000'000;
};
constexpr long kMaxInputLogEvents = InputLogLimits{}.events;

// `name` goes into the error messages (the file's path).
InputLogParse parseInputLog(std::string_view text, const std::string& name);
// The file at `path`, streamed a line at a time and parsed as it is read (the
// text is never held whole). One line when it cannot be: "cannot read the
// input log PATH: <why>" (src/app/path_check.hpp); "the input log PATH is N
// bytes, over the 64 MiB an input log may hold", by its size before a line is
// read; "PATH:LINE: <what>" for a wrong line or one event too many. A log
// handed to keepInputLog for the same path is taken instead.
InputLogParse loadInputLog(const std::string& path, const InputLogLimits& limits = {});

// The log main() checked before anything opened, kept for the run that plays
// it (the window's or the headless replay, whose loadInputLog takes it): the
// file is read and parsed once. Taken once; a later load reads the file.
void keepInputLog(const std::string& path, InputLog log);

std::string formatInputLogHeader(const SimParams& start);
std::string formatInputEvent(const InputEvent& event);

// Writes the log while it happens. The file appears under its name at close()
// (src/app/atomic_file.hpp); throws WriteError naming the path.
class InputLogWriter {
public:
    InputLogWriter(const std::string& path, const SimParams& start);
    void add(const InputEvent& event);
    // Every step has its own event; this counts them for the end line.
    void close();
    const std::string& path() const { return file_.path(); }
    int steps() const { return steps_; }
    long events() const { return events_; }

private:
    AtomicFile file_;
    int steps_ = 0;
    long events_ = 0;
};

}  // namespace fluid::app
