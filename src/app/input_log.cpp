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

// The words of a line, and readers of one word that say what they expected.
class Words {
public:
    explicit Words(std::string_view line)
    {
        std::size_t at = 0;
        while (at < line.size()) {
            while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) ++at;
            std::size_t end = at;
            while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
            if (end > at) words_.emplace_back(line.substr(at, end - at));
            at = end;
        }
    }
    std::size_t size() const { return words_.size(); }
    const std::string& operator[](std::size_t n) const { return words_[n]; }

private:
    std::vector<std::string> words_;
};

struct Reader {
    const Words& words;
    std::string problem;

    template <typename T>
    T read(std::size_t n, const char* what)
    {
        T value{};
        if (!problem.empty()) return value;
        if (n >= words.size()) {
            problem = std::string("expected ") + what + " after '" + words[n - 1] + "'";
            return value;
        }
        const std::string& w = words[n];
        const auto [end, error] = std::from_chars(w.data(), w.data() + w.size(), value);
        if (error != std::errc() || end != w.data() + w.size())
            problem = std::string("expected ") + what + ", got '" + w + "'";
        return value;
    }
    void expectEnd(std::size_t n)
    {
        if (problem.empty() && words.size() > n) problem = "unexpected '" + words[n] + "' at the end of the line";
    }
};

Splat readSplat(Reader& r, std::size_t first)
{
    Splat s;
    float* fields[] = {&s.from.x,     &s.from.y,     &s.to.x,  &s.to.y,  &s.radius,
                       &s.velocity.x, &s.velocity.y, &s.dye.r, &s.dye.g, &s.dye.b};
    std::size_t n = first;
    // Finite and far from overflow: a crafted 1e38 (or nan) played to the end
    // and wrote black frames, exit 0. The window's own strokes stay well
    // under 1e12 (at the brush's extremes, force 1000 and radius 0.001 m, a
    // 0.2 m stroke's velocity is about 1e6 m/s), and squares of 1e12 are
    // still floats.
    constexpr float kLargest = 1e12f;
    for (float* f : fields) {
        *f = r.read<float>(n++, "a number");
        if (r.problem.empty() && !(std::fabs(*f) <= kLargest))
            r.problem = "expected a number within +-1e12, got '" + r.words[n - 1] + "'";
    }
    if (r.problem.empty() && !(s.radius > 0.0f))
        r.problem = "a splat's radius must be above 0, not '" + r.words[first + 4] + "'";
    const int adds = r.read<int>(n++, "0 or 1 (adds dye)");
    if (r.problem.empty() && adds != 0 && adds != 1)
        r.problem = "expected 0 or 1 (adds dye), got '" + r.words[n - 1] + "'";
    s.addsDye = adds == 1;
    s.heat = r.read<float>(n++, "a number (heat)");
    if (r.problem.empty() && !(std::fabs(s.heat) <= kLargest))
        r.problem = "expected a heat within +-1e12, got '" + r.words[n - 1] + "'";
    r.expectEnd(n);
    return s;
}

SimParams readGrid(Reader& r, SimParams p)
{
    p.gridWidth = r.read<int>(1, "the grid's width");
    p.gridHeight = r.read<int>(2, "the grid's height");
    p.domainWidth = r.read<float>(3, "the domain's width");
    p.dyeGridWidth = r.read<int>(4, "the dye grid's width");
    return p;
}

Field readMask(Reader& r)
{
    const int width = r.read<int>(1, "the mask's width");
    const int height = r.read<int>(2, "the mask's height");
    if (!r.problem.empty()) return {};
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        r.problem = "a mask of " + std::to_string(width) + "x" + std::to_string(height) + " cells";
        return {};
    }
    Field mask(width, height, 1);
    float* cells = mask.data();
    const std::size_t total = mask.size();
    std::size_t filled = 0;
    for (std::size_t n = 3; n < r.words.size() && r.problem.empty(); ++n) {
        const std::string& run = r.words[n];
        const auto star = run.find('*');
        float value = 0.0f;
        std::size_t count = 0;
        const auto [valueEnd, e1] = std::from_chars(run.data(), run.data() + std::min(star, run.size()), value);
        const bool countOk = star != std::string::npos &&
                             std::from_chars(run.data() + star + 1, run.data() + run.size(), count).ec == std::errc();
        if (e1 != std::errc() || valueEnd != run.data() + star || !countOk || count == 0 || count > total - filled ||
            !(value >= 0.0f && value <= 1.0f)) {
            r.problem = "expected a run VALUE*COUNT (VALUE in [0, 1]) within the mask's " + std::to_string(total) +
                        " cells, got '" + run + "'";
            return {};
        }
        std::fill(cells + filled, cells + filled + count, value);
        filled += count;
    }
    if (r.problem.empty() && filled != total)
        r.problem = "the runs cover " + std::to_string(filled) + " of the mask's " + std::to_string(total) + " cells";
    return mask;
}

// One parameter row by key: its value into `p`.
void readParam(Reader& r, SimParams& p, InputEvent* event)
{
    if (r.words.size() < 2) {
        r.problem = "expected a parameter's name after 'param'";
        return;
    }
    const Parameter* row = findParameter(r.words[1]);
    if (!row) {
        r.problem = "no parameter '" + r.words[1] + "'";
        return;
    }
    const double value = r.read<double>(2, "a number");
    r.expectEnd(3);
    if (!r.problem.empty()) return;
    // As a float, as the row holds it (1e-300 is a dt of 0): else the replay
    // failed where it reached it, with no line.
    if (!row->accepts(value) || !row->accepts(static_cast<float>(value))) {
        r.problem = std::string(row->key) + " " + r.words[2] + " is out of range: " + row->range();
        return;
    }
    row->set(p, value);
    if (event) {
        event->key = row->key;
        event->value = value;
    }
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
        InputLog& log = result_.log;
        Reader r{words, ""};
        const std::string& word = words[0];
        if (part_ == Part::Version) {
            if (word != "fluidsim-input") return fail("not a fluidsim input log (it starts 'fluidsim-input 1')");
            const int version = r.read<int>(1, "a version number");
            if (!r.problem.empty()) return fail(r.problem);
            if (version != kInputLogVersion)
                return fail("version " + std::to_string(version) + "; this fluidsim reads version " +
                            std::to_string(kInputLogVersion));
            part_ = Part::Header;
            return true;
        }
        if (part_ == Part::Ended) return fail("'" + word + "' after 'end'");
        InputEvent e;
        e.line = lineNumber_;
        if (part_ == Part::Header) {
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
        using K = InputEvent::Kind;
        if (word == "splat" || word == "paint") {
            e.kind = word == "splat" ? K::Splat : K::Paint;
            e.splat = readSplat(r, 1);
        } else if (word == "step") {
            e.kind = K::Step;
            e.step = r.read<int>(1, "the step's number");
            r.expectEnd(2);
            if (r.problem.empty() && e.step != log.steps + 1)
                return fail("step " + words[1] + " after step " + std::to_string(log.steps) +
                            " (steps are numbered one by one)");
            if (r.problem.empty()) log.steps = e.step;
        } else if (word == "reset" || word == "clear-dye") {
            e.kind = word == "reset" ? K::Reset : K::ClearDye;
            r.expectEnd(1);
        } else if (word == "param") {
            e.kind = K::Param;
            SimParams scratch = log.start;
            readParam(r, scratch, &e);
        } else if (word == "grid") {
            e.kind = K::Grid;
            e.grid = readGrid(r, log.start);
            if (r.problem.empty() && (words.size() != 6 || (words[5] != "keep" && words[5] != "fresh")))
                return fail("expected keep or fresh at the end of 'grid'");
            e.keepFluid = words.size() == 6 && words[5] == "keep";
            if (r.problem.empty())
                if (auto problem = validate(e.grid)) return fail("the new grid: " + *problem);
            if (r.problem.empty()) grid_ = e.grid;
        } else if (word == "obstacles") {
            e.kind = K::Obstacles;
            e.mask = readMask(r);
            if (r.problem.empty() && (e.mask.width() != grid_.gridWidth || e.mask.height() != grid_.gridHeight))
                return fail("a mask of " + std::to_string(e.mask.width()) + "x" + std::to_string(e.mask.height()) +
                            " cells on the " + std::to_string(grid_.gridWidth) + "x" +
                            std::to_string(grid_.gridHeight) + " grid");
        } else if (word == "end") {
            const int steps = r.read<int>(1, "the number of steps");
            r.expectEnd(2);
            if (r.problem.empty() && steps != log.steps)
                return fail("'end " + words[1] + "' after " + std::to_string(log.steps) + " steps");
            if (!r.problem.empty()) return fail(r.problem);
            part_ = Part::Ended;
            return true;
        } else {
            return fail("unknown event '" + word + "'");
        }
        if (!r.problem.empty()) return fail(r.problem);
        if (static_cast<long>(log.events.size()) >= maxEvents_)
            return fail("more than " + std::to_string(maxEvents_) + " events, the most an input log holds");
        log.events.push_back(std::move(e));
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
