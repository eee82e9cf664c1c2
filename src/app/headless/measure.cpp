#include "app/headless/measure.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

#include "core/velocity_layout.hpp"
#include "reference/passes.hpp"

namespace fluid::app::headless {

namespace {

// std::fmax drops a NaN (fmax(0, NaN) = 0); a diverged run must not read as 0.
double nanMax(double m, double x)
{
    if (std::isnan(m) || std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
    return std::fmax(m, x);
}

double component(const Field& f, int i, int j, int c)
{
    return static_cast<double>(f.at(i, j, c));
}

}  // namespace

double kineticEnergy(const Field& velocity, double cellSize)
{
    double sum = 0.0;
    for (float v : velocity.values()) sum += static_cast<double>(v) * static_cast<double>(v);
    return 0.5 * sum * cellSize * cellSize;
}

double maxSpeed(const Field& velocity)
{
    double m = 0.0;
    for (int j = 0; j < velocity.height(); ++j)
        for (int i = 0; i < velocity.width(); ++i)
            m = nanMax(m, std::hypot(component(velocity, i, j, 0), component(velocity, i, j, 1)));
    return m;
}

double maxDivergence(const Field& velocity, const PassConstants& constants)
{
    Field divergence(velocity.width(), velocity.height(), 1);
    reference::divergence(velocity, divergence, constants);
    double m = 0.0;
    for (float d : divergence.values()) m = nanMax(m, std::fabs(static_cast<double>(d)));
    return m;
}

double relativeDivergence(double maxDiv, double cellSize, double speed)
{
    if (std::isnan(maxDiv) || std::isnan(speed)) return std::numeric_limits<double>::quiet_NaN();
    return speed > 0.0 ? maxDiv * cellSize / speed : 0.0;
}

double maxDifference(const Field& a, const Field& b)
{
    assert(a.sameShape(b) && a.components() == 2);
    double m = 0.0;
    for (int j = 0; j < a.height(); ++j)
        for (int i = 0; i < a.width(); ++i)
            m = nanMax(m, std::hypot(component(a, i, j, 0) - component(b, i, j, 0),
                                     component(a, i, j, 1) - component(b, i, j, 1)));
    return m;
}

Centerlines centerlines(const Field& velocity, double lidSpeed, Layout layout)
{
    Centerlines c;
    const int w = velocity.width();
    const int h = velocity.height();
    // The centre line x = W h / 2 sits at cell coordinate W/2 - 0.5: between two
    // columns for even W, on a column for odd W; the same weights cover both.
    // Each component's samples sit where its layout puts them (on the
    // staggered one u's faces half a cell left of the centres): the line is at
    // the index whose sample point is n / 2 cells in.
    const VelocityLayout faces = velocityLayoutOf(layout);
    const auto across = [](int n, double samplePoint) {
        const double at = 0.5 * n - samplePoint;
        const int lo = static_cast<int>(std::floor(at));
        return std::pair<int, double>(lo, at - lo);
    };
    const auto [i0, fx] = across(w, faces.u.x);
    const auto [j0, fy] = across(h, faces.v.y);
    const int i1 = std::min(i0 + 1, w - 1);
    const int j1 = std::min(j0 + 1, h - 1);
    for (int j = 0; j < h; ++j) {
        c.s.push_back((j + 0.5) / h);
        const double u = (1.0 - fx) * component(velocity, i0, j, 0) + fx * component(velocity, i1, j, 0);
        c.uVertical.push_back(u / lidSpeed);
    }
    // Square cavity: the horizontal line has as many points; s = (i + 0.5) / W.
    for (int i = 0; i < w; ++i) {
        const double v = (1.0 - fy) * component(velocity, i, j0, 1) + fy * component(velocity, i, j1, 1);
        c.vHorizontal.push_back(v / lidSpeed);
    }
    return c;
}

double sampleProfile(const std::vector<double>& s, const std::vector<double>& values, double at, double wallAt0,
                     double wallAt1)
{
    assert(s.size() == values.size() && !s.empty());
    if (at <= s.front()) {
        const double f = at / s.front();
        return (1.0 - f) * wallAt0 + f * values.front();
    }
    if (at >= s.back()) {
        const double f = (at - s.back()) / (1.0 - s.back());
        return (1.0 - f) * values.back() + f * wallAt1;
    }
    std::size_t k = 1;
    while (s[k] < at) ++k;
    const double f = (at - s[k - 1]) / (s[k] - s[k - 1]);
    return (1.0 - f) * values[k - 1] + f * values[k];
}

}  // namespace fluid::app::headless
