#include "core/profile_table.hpp"

#include <algorithm>
#include <cstdio>

namespace fluid {

namespace {

std::string_view groupOf(std::string_view name)
{
    return name.substr(0, std::min(name.find('/'), name.size()));
}

}  // namespace

void ProfileTable::add(std::string_view name, double ms)
{
    // A step has some twenty groups: a linear search is cheaper than a map here.
    auto row = std::find_if(rows_.begin(), rows_.end(), [name](const Row& r) { return r.name == name; });
    if (row == rows_.end()) row = rows_.insert(rows_.end(), Row{std::string(name)});
    row->totalMs += ms;
    ++row->calls;
}

void ProfileTable::clear()
{
    rows_.clear();
    frames_ = 0;
}

std::vector<ProfileTable::Line> ProfileTable::lines() const
{
    std::vector<Line> out;
    if (frames_ == 0) return out;
    const double frames = frames_;
    // Groups in the order first seen (by themselves or through a part), each
    // followed by its parts.
    std::vector<std::string_view> groups;
    for (const Row& r : rows_)
        if (std::find(groups.begin(), groups.end(), groupOf(r.name)) == groups.end()) groups.push_back(groupOf(r.name));
    for (std::string_view g : groups) {
        Line group{std::string(g), 0, 0.0, 0.0, 0.0};
        std::vector<Line> parts;
        for (const Row& r : rows_) {
            if (groupOf(r.name) != g) continue;
            group.msPerFrame += r.totalMs / frames;
            if (r.name.size() == g.size()) {
                group.callsPerFrame = static_cast<double>(r.calls) / frames;
                continue;
            }
            parts.push_back(
                {r.name.substr(g.size() + 1), 1, r.totalMs / frames, 0.0, static_cast<double>(r.calls) / frames});
        }
        // A group known only by its parts is called as often as its first part.
        if (group.callsPerFrame == 0.0 && !parts.empty()) group.callsPerFrame = parts.front().callsPerFrame;
        out.push_back(group);
        out.insert(out.end(), parts.begin(), parts.end());
    }
    const double total = msPerFrame();
    for (Line& l : out) l.share = total > 0.0 ? l.msPerFrame / total : 0.0;
    return out;
}

std::vector<std::string> ProfileTable::names() const
{
    std::vector<std::string> out;
    for (const Row& r : rows_) out.push_back(r.name);
    return out;
}

double ProfileTable::msPerFrame() const
{
    if (frames_ == 0) return 0.0;
    double total = 0.0;
    for (const Row& r : rows_) total += r.totalMs;
    return total / frames_;
}

std::string ProfileTable::format(const char* frame) const
{
    std::string text;
    char line[160];
    std::snprintf(line, sizeof line, "  %-24s %12s %8s %10s\n", "group", "ms/", "share", "calls/");
    text += line;
    std::snprintf(line, sizeof line, "  %-24s %12s %8s %10s\n", "", frame, "", frame);
    text += line;
    for (const Line& l : lines()) {
        const std::string name = (l.depth > 0 ? "  " : "") + l.name;
        std::snprintf(line, sizeof line, "  %-24s %12.4f %7.1f%% %10.2f\n", name.c_str(), l.msPerFrame, 100.0 * l.share,
                      l.callsPerFrame);
        text += line;
    }
    std::snprintf(line, sizeof line, "  %-24s %12.4f %7.1f%%\n", "total", msPerFrame(), frames_ > 0 ? 100.0 : 0.0);
    text += line;
    return text;
}

}  // namespace fluid
