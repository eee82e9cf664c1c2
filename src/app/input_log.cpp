#include "app/input_log.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <system_error>

#include "app/input_log_words.hpp"
#include "app/path_check.hpp"
#include "core/parameters.hpp"

namespace fluid::app {

namespace {

std::string number(float v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(v));  // 9 digits: any float reads back exactly
    return text;
}

std::string number(double v)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);  // 17 digits: any double reads back exactly
    return text;
}

std::string formatSplat(const Splat& s)
{
    std::string line;
    for (float v :
         {s.from.x, s.from.y, s.to.x, s.to.y, s.radius, s.velocity.x, s.velocity.y, s.dye.r, s.dye.g, s.dye.b})
        line.append(1, ' ').append(number(v));  // (appends: GCC 12 warns falsely about " " + string)
    line.append(s.addsDye ? " 1 " : " 0 ").append(number(s.heat));
    return line;
}

std::string formatGrid(const SimParams& p)
{
    return "grid " + std::to_string(p.gridWidth) + " " + std::to_string(p.gridHeight) + " " + number(p.domainWidth) +
           " " + std::to_string(p.dyeGridWidth);
}

// A mask as runs of one value: "value*count".
std::string formatMask(const Field& mask)
{
    std::string line = "obstacles " + std::to_string(mask.width()) + " " + std::to_string(mask.height());
    const float* cells = mask.data();
    for (std::size_t n = 0; n < mask.size();) {
        std::size_t end = n + 1;
        while (end < mask.size() && cells[end] == cells[n]) ++end;
        line.append(1, ' ').append(number(cells[n])).append(1, '*').append(std::to_string(end - n));
        n = end;
    }
    return line;
}

}  // namespace

std::string formatInputLogHeader(const SimParams& start)
{
    std::string text = "fluidsim-input " + std::to_string(kInputLogVersion) +
                       "\n# fluidsim --record-input: the settings at start, then every input by step "
                       "(docs/record-replay.md)\n" +
                       formatGrid(start) + "\n";
    for (const Parameter& row : parameters())
        text += std::string("param ") + row.key + " " + number(row.get(start)) + "\n";
    return text + "begin\n";
}

std::string formatInputEvent(const InputEvent& e)
{
    using K = InputEvent::Kind;
    switch (e.kind) {
        case K::Splat:
            return "splat" + formatSplat(e.splat);
        case K::Step:
            return "step " + std::to_string(e.step);
        case K::Paint:
            return "paint" + formatSplat(e.splat);
        case K::Reset:
            return "reset";
        case K::ClearDye:
            return "clear-dye";
        case K::Param:
            return "param " + e.key + " " + number(e.value);
        case K::Grid:
            return formatGrid(e.grid).append(e.keepFluid ? " keep" : " fresh");
        case K::Obstacles:
            return formatMask(e.mask);
    }
    return "";
}

namespace {

using namespace log_words;

// The log's lines one at a time, as they are read: the file is never held
// whole, and each line is parsed once.
class InputLogParser {
public:
    InputLogParser(const std::string& name, long maxEvents) : name_(name), maxEvents_(maxEvents) {}

    // False once the log is refused (result().error says why).
    bool add(std::string_view line)
    {
        ++lineNumber_;
        const Words words(line.substr(0, std::min(line.find('#'), line.size())));
        if (words.size() == 0) return true;
        return read(words);
    }

    InputLogParse finish()
    {
        if (!result_.ok()) return std::move(result_);
        if (part_ == Part::Version)
            fail("empty: not a fluidsim input log");
        else if (part_ != Part::Ended)
            fail("the log ends without its 'end' line (cut short?)");
        return std::move(result_);
    }

private:
    enum class Part { Version, Header, Events, Ended };

    bool fail(const std::string& what)
    {
        result_.error = name_ + ":" + std::to_string(lineNumber_) + ": " + what;
        return false;
    }

    bool read(const Words& words)
    {
        Reader r{words, ""};
        const std::string& word = words[0];
        if (part_ == Part::Version) return readVersion(word, r);
        if (part_ == Part::Ended) return fail("'" + word + "' after 'end'");
        if (part_ == Part::Header) return readSetting(word, r);
        if (word == "end") return readEnd(words, r);
        InputEvent e;
        e.line = lineNumber_;
        if (!readEvent(words, r, e)) return false;
        if (!r.problem.empty()) return fail(r.problem);
        if (static_cast<long>(result_.log.events.size()) >= maxEvents_)
            return fail("more than " + std::to_string(maxEvents_) + " events, the most an input log holds");
        result_.log.events.push_back(std::move(e));
        return true;
    }

    // The first line: "fluidsim-input" and the one version this fluidsim reads.
    bool readVersion(const std::string& word, Reader& r)
    {
        if (word != "fluidsim-input") return fail("not a fluidsim input log (it starts 'fluidsim-input 1')");
        const int version = r.read<int>(1, "a version number");
        if (!r.problem.empty()) return fail(r.problem);
        if (version != kInputLogVersion)
            return fail("version " + std::to_string(version) + "; this fluidsim reads version " +
                        std::to_string(kInputLogVersion));
        part_ = Part::Header;
        return true;
    }

    // The settings at the start, up to 'begin', which checks them whole.
    bool readSetting(const std::string& word, Reader& r)
    {
        InputLog& log = result_.log;
        if (word == "grid") {
            log.start = readGrid(r, log.start);
            r.expectEnd(5);
            sawGrid_ = true;
        } else if (word == "param") {
            readParam(r, log.start, nullptr);
        } else if (word == "begin") {
            if (!sawGrid_) return fail("'begin' before the 'grid' line");
            if (auto problem = validate(log.start)) return fail("the settings at start: " + *problem);
            grid_ = log.start;
            part_ = Part::Events;
            return true;
        } else {
            return fail("'" + word + "' in the settings (expected grid, param or begin)");
        }
        if (!r.problem.empty()) return fail(r.problem);
        return true;
    }

    // One event into `e`; false once the log is refused. A problem left in
    // `r` is the caller's to report.
    bool readEvent(const Words& words, Reader& r, InputEvent& e)
    {
        using K = InputEvent::Kind;
        const std::string& word = words[0];
        if (word == "splat" || word == "paint") {
            e.kind = word == "splat" ? K::Splat : K::Paint;
            e.splat = readSplat(r, 1);
        } else if (word == "step") {
            return readStep(words, r, e);
        } else if (word == "reset" || word == "clear-dye") {
            e.kind = word == "reset" ? K::Reset : K::ClearDye;
            r.expectEnd(1);
        } else if (word == "param") {
            e.kind = K::Param;
            SimParams scratch = result_.log.start;
            readParam(r, scratch, &e);
        } else if (word == "grid") {
            return readGridChange(words, r, e);
        } else if (word == "obstacles") {
            return readObstacles(r, e);
        } else {
            return fail("unknown event '" + word + "'");
        }
        return true;
    }

    // Steps are numbered one by one from 1.
    bool readStep(const Words& words, Reader& r, InputEvent& e)
    {
        InputLog& log = result_.log;
        e.kind = InputEvent::Kind::Step;
        e.step = r.read<int>(1, "the step's number");
        r.expectEnd(2);
        if (r.problem.empty() && e.step != log.steps + 1)
            return fail("step " + words[1] + " after step " + std::to_string(log.steps) +
                        " (steps are numbered one by one)");
        if (r.problem.empty()) log.steps = e.step;
        return true;
    }

    // A new grid, checked whole; the events after it are on it.
    bool readGridChange(const Words& words, Reader& r, InputEvent& e)
    {
        e.kind = InputEvent::Kind::Grid;
        e.grid = readGrid(r, result_.log.start);
        if (r.problem.empty() && (words.size() != 6 || (words[5] != "keep" && words[5] != "fresh")))
            return fail("expected keep or fresh at the end of 'grid'");
        e.keepFluid = words.size() == 6 && words[5] == "keep";
        if (r.problem.empty())
            if (auto problem = validate(e.grid)) return fail("the new grid: " + *problem);
        if (r.problem.empty()) grid_ = e.grid;
        return true;
    }

    // A mask has the size of the grid the events are on.
    bool readObstacles(Reader& r, InputEvent& e)
    {
        e.kind = InputEvent::Kind::Obstacles;
        e.mask = readMask(r);
        if (r.problem.empty() && (e.mask.width() != grid_.gridWidth || e.mask.height() != grid_.gridHeight))
            return fail("a mask of " + std::to_string(e.mask.width()) + "x" + std::to_string(e.mask.height()) +
                        " cells on the " + std::to_string(grid_.gridWidth) + "x" + std::to_string(grid_.gridHeight) +
                        " grid");
        return true;
    }

    // 'end' and the number of steps the log holds, which must match.
    bool readEnd(const Words& words, Reader& r)
    {
        const int steps = r.read<int>(1, "the number of steps");
        r.expectEnd(2);
        if (r.problem.empty() && steps != result_.log.steps)
            return fail("'end " + words[1] + "' after " + std::to_string(result_.log.steps) + " steps");
        if (!r.problem.empty()) return fail(r.problem);
        part_ = Part::Ended;
        return true;
    }

    std::string name_;
    long maxEvents_;
    InputLogParse result_;
    Part part_ = Part::Version;
    bool sawGrid_ = false;
    SimParams grid_;  // the grid the events are on: the start's, then each 'grid' event's
    int lineNumber_ = 0;
};

// The log kept by keepInputLog for the run that plays it.
struct KeptLog {
    std::string path;
    InputLog log;
};
std::optional<KeptLog>& keptLog()
{
    static std::optional<KeptLog> kept;
    return kept;
}

// "64 MiB" for a whole number of MiB, else bytes.
std::string sizeText(std::uintmax_t bytes)
{
    constexpr std::uintmax_t kMiB = 1u << 20;
    if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace

InputLogParse parseInputLog(std::string_view text, const std::string& name)
{
    InputLogParser parser(name, kMaxInputLogEvents);
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        if (!parser.add(text.substr(at, end - at))) break;
        at = end + 1;
    }
    return parser.finish();
}

InputLogParse loadInputLog(const std::string& path, const InputLogLimits& limits)
{
    if (std::optional<KeptLog>& kept = keptLog(); kept && kept->path == path) {
        InputLogParse result;
        result.log = std::move(kept->log);
        kept.reset();
        return result;
    }
    InputLogParse result;
    const std::string prefix = "cannot read the input log " + path + ": ";
    // A device or a pipe is no log: /dev/zero was read without end (4 GB in
    // 28 s), a FIFO blocks. Missing, no permission, ...: app/path_check.hpp.
    if (auto why = inputFileProblem(path)) {
        result.error = prefix + *why;
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    if (!in || error) {
        result.error = prefix + (error ? error.message() : std::string(std::strerror(errno)));
        return result;
    }
    // Refused by its size before a line is read.
    const std::string limit = sizeText(limits.bytes) + " an input log may hold";
    if (bytes > limits.bytes) {
        result.error = "the input log " + path + " is " + std::to_string(bytes) + " bytes, over the " + limit;
        return result;
    }
    InputLogParser parser(path, limits.events);
    std::string line;
    std::uintmax_t read = 0;
    while (std::getline(in, line)) {
        // A file that grows while it is read stops at the limit all the same.
        read += line.size() + 1;
        if (read > limits.bytes + 1) {
            result.error = "the input log " + path + " grew over the " + limit + " while it was read";
            return result;
        }
        if (!parser.add(line)) break;
    }
    if (in.bad()) {
        result.error = prefix + std::strerror(errno);
        return result;
    }
    return parser.finish();
}

void keepInputLog(const std::string& path, InputLog log)
{
    keptLog() = KeptLog{path, std::move(log)};
}

InputLogWriter::InputLogWriter(const std::string& path, const SimParams& start) : file_(path)
{
    file_.write(formatInputLogHeader(start));
}

void InputLogWriter::add(const InputEvent& event)
{
    InputEvent e = event;
    if (e.kind == InputEvent::Kind::Step) e.step = ++steps_;
    file_.write(formatInputEvent(e) + "\n");
    ++events_;
}

void InputLogWriter::close()
{
    file_.write("end " + std::to_string(steps_) + "\n");
    file_.commit();
}

}  // namespace fluid::app
