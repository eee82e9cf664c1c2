// splat.frag's CPU mirror: the Gaussian of a segment added to a field, its
// weight from the shader's own exp and erfc polynomials, the same float
// operations in the same order (the parity tests compare the two to the bit).
#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>

#include "reference/collocated.hpp"
#include "reference/passes.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

namespace {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// splatExp's body once k = round(x / ln 2) is known: e^r for r = x - k ln 2
// (ln 2 split in two floats, so k ln 2 loses no bits) by its Taylor polynomial
// of degree 7, times 2^k built from its exponent bits. Both forms of splatExp
// pick k their own way (and 0 below -87, where 2^k has no normal float) and
// share the rest, so the two are the same operations.
inline float expWithPowerOfTwo(float x, float k)
{
    const float r = (x - k * 0.693145752f) - k * 1.42860677e-06f;
    float p = 1.98412701e-04f;
    p = 1.38888892e-03f + r * p;
    p = 8.33333377e-03f + r * p;
    p = 4.16666679e-02f + r * p;
    p = 1.66666672e-01f + r * p;
    p = 0.5f + r * p;
    p = 1.0f + r * p;
    p = 1.0f + r * p;
    return p * std::bit_cast<float>((static_cast<int>(k) + 127) << 23);
}

// splat.frag's erfcPositive (Abramowitz and Stegun 7.1.26) with the exp
// given: splatExp per cell, its branch-free form along a row.
template <float (*Exp)(float)>
inline float erfcPositiveWith(float x)
{
    const float t = 1.0f / (1.0f + 0.3275911f * x);
    float poly = -1.453152027f + t * 1.061405429f;
    poly = 1.421413741f + t * poly;
    poly = -0.284496736f + t * poly;
    poly = 0.254829592f + t * poly;
    return (t * poly) * Exp(-(x * x));
}

// splat.frag's erfDifference, the same operations in the same order.
float erfDifference(float a, float b)
{
    constexpr auto erfcPositive = erfcPositiveWith<splatExp>;
    if (b >= 0.0f) return erfcPositive(b) - erfcPositive(a);
    if (a <= 0.0f) return erfcPositive(-a) - erfcPositive(-b);
    return (2.0f - erfcPositive(a)) - erfcPositive(-b);
}

}  // namespace

// splat.frag's splatExp: exp(x) for x <= 0 from +, -, * and a power of two,
// the same floats as the shader's (whose products are rounded once, as these
// are: this file is built without FMA contraction); 0 below -87.
float splatExp(float x)
{
    if (x < -87.0f) return 0.0f;
    return expWithPowerOfTwo(x, std::floor(x * 1.44269502f + 0.5f));
}

float splatWeightAt(const SplatInCells& s, glm::vec2 point)
{
    const glm::vec2 ap = point - s.from;
    const float along = ap.x * s.axis.x + ap.y * s.axis.y;
    const glm::vec2 across = ap - along * s.axis;
    const float scaled = along * s.inverseRadius;
    const float d = (across.x * across.x + across.y * across.y) * (s.inverseRadius * s.inverseRadius);
    const float alongWeight =
        s.length > 0.0f ? s.lineScale * erfDifference(scaled, scaled - s.length * s.inverseRadius) : 1.0f;
    return splatExp(-d) * alongWeight;
}

namespace {

// --- splatWeightAt along a row, branch-free -----------------------------------
// The same operations on the same values as splatExp, erfcPositive and
// erfDifference, each branch a select over values computed unconditionally,
// so that a row's weights run without a mispredicted branch. (The loop does
// not vectorise: under -ftrapping-math the compiler keeps a float compare
// that selects between computed floats as a branch in its vectoriser.)

// std::floor(y) for y in [-200, 1] that is not -0: the truncation, one less
// below it (a compare and a select: std::floor is a library call here).
inline float floorInRange(float y)
{
    const float t = static_cast<float>(static_cast<int>(y));
    const float below = t - 1.0f;
    return t > y ? below : t;
}

// splatExp. Below -87 it is 0: k is clamped at -200 there (x itself could be
// -inf, whose k has no int) and the value computed from it is dropped. A NaN
// x keeps its NaN through r as splatExp's does.
inline float splatExpSelect(float x)
{
    const float y = x * 1.44269502f + 0.5f;
    const float value = expWithPowerOfTwo(x, floorInRange(y > -200.0f ? y : -200.0f));
    return x < -87.0f ? 0.0f : value;
}

// erfDifference: its three branches differ in which two arguments they give
// erfcPositive and in whether the first is taken from 2.
inline float erfDifferenceSelect(float a, float b)
{
    const bool upper = b >= 0.0f;
    const bool lower = !upper & (a <= 0.0f);
    const float first = erfcPositiveWith<splatExpSelect>(upper ? b : lower ? -a : a);
    const float second = erfcPositiveWith<splatExpSelect>(upper ? a : -b);
    const float fromTwo = 2.0f - first;
    return ((upper | lower) ? first : fromTwo) - second;
}

}  // namespace

namespace {

// splatWeightsAlongRow for a segment (Segment) or a point, whose weight along
// the axis is 1: one loop each, so that neither holds a branch.
template <bool Segment>
void weightsAlongRow(const SplatInCells& s, glm::vec2 shift, int j, int begin, int end, float* __restrict out)
{
    const float y = static_cast<float>(j) - shift.y;
    const float inverseRadius2 = s.inverseRadius * s.inverseRadius;
    const float lengthInRadii = s.length * s.inverseRadius;
    for (int i = begin; i < end; ++i) {
        const glm::vec2 ap(static_cast<float>(i) - shift.x - s.from.x, y - s.from.y);
        const float along = ap.x * s.axis.x + ap.y * s.axis.y;
        const glm::vec2 across(ap.x - along * s.axis.x, ap.y - along * s.axis.y);
        const float d = (across.x * across.x + across.y * across.y) * inverseRadius2;
        if constexpr (Segment) {
            const float scaled = along * s.inverseRadius;
            out[i - begin] = splatExpSelect(-d) * (s.lineScale * erfDifferenceSelect(scaled, scaled - lengthInRadii));
        } else {
            out[i - begin] = splatExpSelect(-d) * 1.0f;
        }
    }
}

}  // namespace

void splatWeightsAlongRow(const SplatInCells& s, glm::vec2 shift, int j, int begin, int end, float* out)
{
    if (s.length > 0.0f)
        weightsAlongRow<true>(s, shift, j, begin, end, out);
    else
        weightsAlongRow<false>(s, shift, j, begin, end, out);
}

namespace {

float splatWeight(const SplatInCells& s, glm::ivec2 cell)
{
    return splatWeightAt(s, glm::vec2(cell));
}

// in + value * weight over the first Components floats of cells [begin, end)
// of one row, the row's other cells as they are.
template <int Components>
void splatRow(const float* __restrict in, float* __restrict out, const SplatInCells& s, glm::vec4 value, int j,
              int width, int begin, int end)
{
    std::copy(in, in + Components * width, out);
    for (int i = begin; i < end; ++i) {
        const float weight = splatWeight(s, glm::ivec2(i, j));
        for (int n = 0; n < Components; ++n) out[Components * i + n] = in[Components * i + n] + value[n] * weight;
    }
}

template <int Components>
void splatRows(const Field& in, const SplatInCells& s, glm::vec4 value, Field& out, const PassConstants& k, Exec exec)
{
    const CellBlock reach = splatReach(s, k.width, k.height);
    forEachRow(k, exec, [&](int j) {
        const bool reached = j >= reach.begin.y && j < reach.end.y;
        splatRow<Components>(rowOf(in, j), rowOf(out, j), s, value, j, k.width, reached ? reach.begin.x : 0,
                             reached ? reach.end.x : 0);
    });
}

}  // namespace

void splat(const Field& in, const SplatInCells& s, glm::vec4 value, Field& out, const PassConstants& k, Exec exec)
{
    assert(in.sameShape(out));
    switch (in.components()) {
        case 1:
            splatRows<1>(in, s, value, out, k, exec);
            break;
        case 2:
            splatRows<2>(in, s, value, out, k, exec);
            break;
        case 3:
            splatRows<3>(in, s, value, out, k, exec);
            break;
        default:
            splatRows<4>(in, s, value, out, k, exec);
            break;
    }
}

void collocated::splatVelocity(const Field& in, const SplatInCells& s, glm::vec2 value, Field& out,
                               const PassConstants& k, Exec exec)
{
    splat(in, s, {value.x, value.y, 0.0f, 0.0f}, out, k, exec);
}

}  // namespace fluid::reference
