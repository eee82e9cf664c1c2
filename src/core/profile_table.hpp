// ProfileTable: what a profiled run measured, per named span (the groups of
// core/step_timer.hpp, and in the window the display, post-processing and
// panel): total milliseconds and calls over the measured frames. The headless
// runner's --profile and the panel's Profile group print it; both backends
// feed it (GPU timestamps, wall time), so their tables read alike.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fluid {

class ProfileTable {
public:
    // One span of `name`, `ms` long, in the frame being measured.
    void add(std::string_view name, double ms);
    // The frame is complete: its spans count towards the means.
    void endFrame() { ++frames_; }
    int frames() const { return frames_; }
    void clear();

    // A row of the table as printed: a group whose name has no '/' is a top
    // row; "a/b" is part b of group a, shown below it (depth 1). A group's
    // row holds its own spans plus its parts', so that the top rows add up to
    // the whole frame.
    struct Line {
        std::string name;  // a part's without its group: "level 0"
        int depth = 0;     // 0: a group, 1: a part of the group above
        double msPerFrame = 0.0;
        double share = 0.0;  // of the top rows' sum, 0..1
        double callsPerFrame = 0.0;
    };
    // In the order the groups were first seen; empty before the first frame.
    std::vector<Line> lines() const;
    // The spans' names as given, first seen first ("projection/level 0").
    std::vector<std::string> names() const;
    // Every top row's mean per frame, summed.
    double msPerFrame() const;
    // The table as text: a header naming the unit of a frame ("step"), a line
    // per row, and the total.
    std::string format(const char* frame) const;

private:
    struct Row {
        std::string name;
        double totalMs = 0.0;
        long calls = 0;
    };
    std::vector<Row> rows_;  // first seen first
    int frames_ = 0;
};

}  // namespace fluid
