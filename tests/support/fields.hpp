// Helpers for comparing fields: seeded random inputs, error norms, and a dump
// of GPU, CPU and difference images when a comparison fails.
#pragma once

#include <cstdint>
#include <string>

#include "core/field.hpp"

namespace fluid::test {

// Uniform values in [-amplitude, amplitude], reproducible from the seed.
Field randomField(int width, int height, int components, std::uint32_t seed, float amplitude = 1.0f);
// Every field of kFieldSpecs random on its own grid, each from its own seed
// (seed, seed + 1, ... in table order); the velocity within +-velocityAmplitude.
FluidState randomState(const FieldGrids& grids, std::uint32_t seed, float velocityAmplitude = 1.0f);
FluidState randomState(int width, int height, std::uint32_t seed, float velocityAmplitude = 1.0f);

struct FieldError {
    double maxAbs = 0.0;      // max |a - b| over all cells and components
    double maxRef = 0.0;      // max |b|: the scale maxAbs is judged against
    double relativeL2 = 0.0;  // ||a - b|| / ||b|| (0 when both are zero)
    bool finite = true;       // false if any value of a or b is NaN or infinite
};

FieldError compareFields(const Field& actual, const Field& expected);
std::string describe(const FieldError& e);

// Writes <name>_gpu.pfm, <name>_cpu.pfm and <name>_diff.pfm (first component,
// or RGB of the first three) into the test's working directory; returns the
// path prefix written.
std::string dumpFields(const std::string& name, const Field& gpu, const Field& cpu);

// "" when every float has the same bits (any NaN matches any NaN: payloads are
// not part of the shaders' contract), else where the first difference is.
std::string firstBitDifference(const Field& actual, const Field& expected);

// Largest |value| over all cells and components.
double maxAbs(const Field& f);
// Root mean square over cells and components.
double rms(const Field& f);

}  // namespace fluid::test
