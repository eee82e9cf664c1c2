// Helpers of the physics tests on both solvers (physics_test.cpp,
// pressure_direct_test.cpp): fields sampled at cell centres, maxima that keep
// a NaN, the divergence of either solver.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <type_traits>
#include <utility>

#include "core/field.hpp"
#include "support/backends.hpp"

namespace fluid::test {

inline constexpr double kPi = std::numbers::pi;

// The divergence of the last run(passes::divergence), from either solver.
template <typename Solver>
Field divergenceOf(const Solver& solver)
{
    if constexpr (std::is_same_v<Solver, GpuSolver>)
        return solver.downloadDivergence();
    else
        return solver.divergenceField();
}

template <typename Solver>
const char* backendName()
{
    return std::is_same_v<Solver, GpuSolver> ? "gpu" : "cpu";
}

inline std::size_t toSize(int n)
{
    return static_cast<std::size_t>(n);
}

// Centre of cell index i along an axis of cell size h (the walls lie on the
// domain edge, cell 0 spans [0, h]).
inline double centre(int i, double h)
{
    return (static_cast<double>(i) + 0.5) * h;
}

// A 2-component field sampled at cell centres: fn(x, y) -> std::pair(u, v).
template <typename Fn>
Field sampleVelocity(int width, int height, double h, Fn&& fn)
{
    Field f(width, height, 2);
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const auto [u, v] = fn(centre(i, h), centre(j, h));
            f.at(i, j, 0) = static_cast<float>(u);
            f.at(i, j, 1) = static_cast<float>(v);
        }
    return f;
}

// max(m, x) that keeps a NaN: std::fmax drops it (fmax(0, NaN) = 0), so a
// field gone NaN would read as "max error 0" and pass every bound below.
inline double nanMax(double m, double x)
{
    if (std::isnan(m) || std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
    return std::fmax(m, x);
}

// max |value| over every value; NaN if any is NaN.
inline double maxAbs(const Field& f)
{
    double m = 0.0;
    for (float v : f.values()) m = nanMax(m, std::fabs(static_cast<double>(v)));
    return m;
}

// max |a - b| over every value, in double; NaN if any is NaN.
inline double maxDifference(const Field& a, const Field& b)
{
    EXPECT_TRUE(a.sameShape(b));
    double m = 0.0;
    for (std::size_t n = 0; n < a.size(); ++n)
        m = nanMax(m, std::fabs(static_cast<double>(a.values()[n]) - static_cast<double>(b.values()[n])));
    return m;
}

}  // namespace fluid::test
