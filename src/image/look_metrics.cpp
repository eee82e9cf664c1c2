#include "image/look_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fluid {

namespace {

std::size_t at(int x, int y, int width)
{
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
}

// Which pixels count, in the image's own row order (bottom to top), from
// rectangles given top-down.
std::vector<char> measuredMask(int width, int height, const std::vector<PixelRect>& excluded)
{
    std::vector<char> measured(at(0, height, width), 1);
    for (const PixelRect& r : excluded)
        for (int top = std::max(r.y, 0); top < std::min(r.y + r.height, height); ++top) {
            const int row = height - 1 - top;
            for (int x = std::max(r.x, 0); x < std::min(r.x + r.width, width); ++x) measured[at(x, row, width)] = 0;
        }
    return measured;
}

// A separable Gaussian of `sigma` pixels, the edge pixel repeated beyond the
// edge.
std::vector<double> gaussianBlur(const std::vector<double>& in, int width, int height, double sigma)
{
    const int radius = static_cast<int>(std::ceil(3.0 * sigma));
    std::vector<double> kernel(static_cast<std::size_t>(2 * radius + 1));
    double sum = 0.0;
    for (int k = -radius; k <= radius; ++k)
        sum += kernel[static_cast<std::size_t>(k + radius)] = std::exp(-0.5 * k * k / (sigma * sigma));
    for (double& w : kernel) w /= sum;
    const auto weight = [&](int k) { return kernel[static_cast<std::size_t>(k + radius)]; };
    const auto value = [&](const std::vector<double>& f, int x, int y) {
        return f[at(std::clamp(x, 0, width - 1), std::clamp(y, 0, height - 1), width)];
    };
    std::vector<double> rows(in.size()), out(in.size());
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            double s = 0.0;
            for (int k = -radius; k <= radius; ++k) s += weight(k) * value(in, x + k, y);
            rows[at(x, y, width)] = s;
        }
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            double s = 0.0;
            for (int k = -radius; k <= radius; ++k) s += weight(k) * value(rows, x, y + k);
            out[at(x, y, width)] = s;
        }
    return out;
}

double variance(const std::vector<double>& values, const std::vector<char>& measured)
{
    double sum = 0.0, sumSquares = 0.0;
    long long n = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (measured[i]) {
            sum += values[i];
            sumSquares += values[i] * values[i];
            ++n;
        }
    if (n == 0) return 0.0;
    const double mean = sum / static_cast<double>(n);
    return std::max(sumSquares / static_cast<double>(n) - mean * mean, 0.0);
}

// The share of the edges' gradient energy along the axes over an isotropic
// picture's 1/6. Sobel gradients: their direction error is a few degrees at
// most, where plain central differences favour the diagonals.
double staircase(const std::vector<double>& lum, int width, int height, const std::vector<char>& measured)
{
    struct Gradient {
        double magnitude, angle;
    };
    std::vector<Gradient> edges;
    const auto L = [&](int x, int y) {
        return lum[at(std::clamp(x, 0, width - 1), std::clamp(y, 0, height - 1), width)];
    };
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            if (!measured[at(x, y, width)]) continue;
            const double gx = (L(x + 1, y - 1) + 2.0 * L(x + 1, y) + L(x + 1, y + 1)) -
                              (L(x - 1, y - 1) + 2.0 * L(x - 1, y) + L(x - 1, y + 1));
            const double gy = (L(x - 1, y + 1) + 2.0 * L(x, y + 1) + L(x + 1, y + 1)) -
                              (L(x - 1, y - 1) + 2.0 * L(x, y - 1) + L(x + 1, y - 1));
            edges.push_back({std::hypot(gx, gy), std::atan2(gy, gx)});
        }
    if (edges.empty()) return 0.0;
    std::vector<double> magnitudes(edges.size());
    std::transform(edges.begin(), edges.end(), magnitudes.begin(), [](const Gradient& g) { return g.magnitude; });
    const auto quartile = magnitudes.begin() + static_cast<std::ptrdiff_t>(3 * magnitudes.size() / 4);
    std::nth_element(magnitudes.begin(), quartile, magnitudes.end());
    const double threshold = *quartile;
    constexpr double kQuarterTurn = std::numbers::pi / 2.0;
    const double tolerance = kAxisToleranceDegrees * std::numbers::pi / 180.0;
    double energy = 0.0, alongAxes = 0.0;
    for (const Gradient& g : edges) {
        if (g.magnitude <= 0.0 || g.magnitude < threshold) continue;
        const double e = g.magnitude * g.magnitude;
        const double fromAxis = std::fmod(std::abs(g.angle), kQuarterTurn);
        energy += e;
        if (std::min(fromAxis, kQuarterTurn - fromAxis) <= tolerance) alongAxes += e;
    }
    const double isotropicShare = 4.0 * 2.0 * tolerance / (2.0 * std::numbers::pi);  // 1/6 at 7.5 degrees
    return energy > 0.0 ? alongAxes / energy / isotropicShare : 0.0;
}

}  // namespace

LookMetrics measureLook(const Image& image, const std::vector<PixelRect>& excluded)
{
    LookMetrics m;
    if (image.empty()) return m;
    const int width = image.width, height = image.height;
    const std::vector<char> measured = measuredMask(width, height, excluded);
    std::vector<double> lum(measured.size());
    double saturationSum = 0.0, lightnessSum = 0.0;
    long long lit = 0;
    for (std::size_t n = 0; n < measured.size(); ++n) {
        lum[n] = luminance(image, n);
        if (!measured[n]) continue;
        const float* p = &image.rgba[4 * n];
        const float hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
        ++m.pixels;
        lightnessSum += 0.5 * (hi + lo);
        if (hi > kLitThreshold) {
            ++lit;
            saturationSum += (hi - lo) / hi;
        }
    }
    if (m.pixels == 0) return m;
    m.lit = static_cast<double>(lit) / static_cast<double>(m.pixels);
    m.lightness = lightnessSum / static_cast<double>(m.pixels);
    m.saturation = lit > 0 ? saturationSum / static_cast<double>(lit) : 0.0;
    const std::vector<double> blurred = gaussianBlur(lum, width, height, kDetailSigmaPixels);
    std::vector<double> fine(lum.size());
    for (std::size_t n = 0; n < lum.size(); ++n) fine[n] = lum[n] - blurred[n];
    const double total = variance(lum, measured);
    m.detail = total > 0.0 ? variance(fine, measured) / total : 0.0;
    m.staircase = staircase(lum, width, height, measured);
    return m;
}

}  // namespace fluid
