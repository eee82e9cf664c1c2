#include "support/fields.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <random>
#include <sstream>

namespace fluid::test {

Field randomField(int width, int height, int components, std::uint32_t seed, float amplitude)
{
    Field f(width, height, components);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-amplitude, amplitude);
    for (float& v : f.values()) v = dist(rng);
    return f;
}

FluidState randomState(const FieldGrids& grids, std::uint32_t seed, float velocityAmplitude)
{
    FluidState state;
    std::uint32_t fieldSeed = seed;
    for (const FieldSpec& spec : kFieldSpecs) {
        const GridSize g = grids.of(spec.grid);
        // The full pressure P = p dt / rho scales as dt u^2 (dt = 1/60 s
        // here): one out of scale with the velocity would make the
        // incremental projection's first forcing a noise far larger than the
        // flow.
        const float amplitude = &spec == &fieldSpec(FieldId::Velocity) ? velocityAmplitude
                                : &spec == &fieldSpec(FieldId::FullPressure)
                                    ? velocityAmplitude * velocityAmplitude / 60.0f
                                    : 1.0f;
        fieldOf(state, spec) = randomField(g.width, g.height, spec.components, fieldSeed++, amplitude);
    }
    return state;
}

FluidState randomState(int width, int height, std::uint32_t seed, float velocityAmplitude)
{
    return randomState(FieldGrids::uniform(width, height), seed, velocityAmplitude);
}

FieldError compareFields(const Field& a, const Field& b)
{
    FieldError e;
    if (!a.sameShape(b)) {
        e.finite = false;
        e.maxAbs = INFINITY;
        return e;
    }
    double diff2 = 0.0, ref2 = 0.0;
    for (std::size_t n = 0; n < a.size(); ++n) {
        const double x = a.values()[n], y = b.values()[n];
        if (!std::isfinite(x) || !std::isfinite(y)) e.finite = false;
        const double d = std::fabs(x - y);
        e.maxAbs = std::fmax(e.maxAbs, d);
        e.maxRef = std::fmax(e.maxRef, std::fabs(y));
        diff2 += d * d;
        ref2 += y * y;
    }
    e.relativeL2 = ref2 > 0.0 ? std::sqrt(diff2 / ref2) : (diff2 > 0.0 ? INFINITY : 0.0);
    return e;
}

std::string describe(const FieldError& e)
{
    std::ostringstream out;
    out << "max abs error " << e.maxAbs << " (max |reference| " << e.maxRef << "), relative L2 " << e.relativeL2
        << (e.finite ? "" : ", NON-FINITE VALUES");
    return out.str();
}

namespace {

void writePfm(const std::string& path, const Field& f, const Field* minus)
{
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) return;
    const bool rgb = f.components() >= 3;
    // PFM: negative scale means little-endian; rows bottom to top, like Field.
    std::fprintf(file, "%s\n%d %d\n-1.0\n", rgb ? "PF" : "Pf", f.width(), f.height());
    for (int j = 0; j < f.height(); ++j)
        for (int i = 0; i < f.width(); ++i)
            for (int c = 0; c < (rgb ? 3 : 1); ++c) {
                const float v = f.at(i, j, c) - (minus ? minus->at(i, j, c) : 0.0f);
                std::fwrite(&v, sizeof v, 1, file);
            }
    std::fclose(file);
}

}  // namespace

std::string dumpFields(const std::string& name, const Field& gpu, const Field& cpu)
{
    const std::string prefix = (std::filesystem::current_path() / ("failed_" + name)).string();
    writePfm(prefix + "_gpu.pfm", gpu, nullptr);
    writePfm(prefix + "_cpu.pfm", cpu, nullptr);
    if (gpu.sameShape(cpu)) writePfm(prefix + "_diff.pfm", gpu, &cpu);
    return prefix;
}

std::string firstBitDifference(const Field& actual, const Field& expected)
{
    if (!actual.sameShape(expected)) return "shapes differ";
    for (std::size_t n = 0; n < actual.size(); ++n) {
        const float a = actual.values()[n];
        const float e = expected.values()[n];
        if (std::isnan(a) && std::isnan(e)) continue;
        if (std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(e)) continue;
        const auto components = static_cast<std::size_t>(actual.components());
        const auto cell = n / components;
        const auto width = static_cast<std::size_t>(actual.width());
        std::ostringstream where;
        where << "cell (" << cell % width << ", " << cell / width << ") component " << n % components << ": "
              << std::setprecision(9) << a << " instead of " << e << " (" << std::hexfloat << a << " vs " << e << ")";
        return where.str();
    }
    return "";
}

// NaN must not hide: std::fmax(m, NaN) would return m, so a field gone NaN
// would pass every "small enough" check. Any non-finite value returns NaN.
double maxAbs(const Field& f)
{
    double m = 0.0;
    for (float v : f.values()) {
        if (!std::isfinite(v)) return NAN;
        m = std::fmax(m, std::fabs(static_cast<double>(v)));
    }
    return m;
}

double rms(const Field& f)
{
    double s = 0.0;
    for (float v : f.values()) s += static_cast<double>(v) * v;  // NaN propagates
    return f.size() ? std::sqrt(s / static_cast<double>(f.size())) : 0.0;
}

}  // namespace fluid::test
