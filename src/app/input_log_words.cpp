#include "app/input_log_words.hpp"

#include <algorithm>
#include <cmath>

#include "core/parameters.hpp"

namespace fluid::app::log_words {

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

}  // namespace fluid::app::log_words
