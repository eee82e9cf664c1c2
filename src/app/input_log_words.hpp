// The words of an input log's line and the readers of its fields: each reader
// takes the words it expects and, when one is missing or malformed, leaves a
// message that says what it expected (Reader::problem). The parser in
// input_log.cpp reads every line through them. GL-free.
#pragma once

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "app/input_log.hpp"

namespace fluid::app::log_words {

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

// The ten numbers, adds-dye flag and heat of a splat, from word `first` on.
Splat readSplat(Reader& r, std::size_t first);
// "grid W H DOMAIN DYE": the grid's fields over `p`.
SimParams readGrid(Reader& r, SimParams p);
// "obstacles W H VALUE*COUNT...": a mask written as runs.
Field readMask(Reader& r);
// One parameter row by key: its value into `p`, and into `event` when given.
void readParam(Reader& r, SimParams& p, InputEvent* event);

}  // namespace fluid::app::log_words
