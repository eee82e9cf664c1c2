// CPU mirrors of the shaders. Keep each body in step with its .frag file: the
// GPU-vs-CPU tests compare them to float32 rounding, so a reordered sum shows.
#include "reference/passes.hpp"

#include <cassert>
#include <cmath>

#include <omp.h>

#include "reference/boundary.hpp"

namespace fluid::reference {

namespace {

const glm::ivec2 kLeft{-1, 0};
const glm::ivec2 kRight{1, 0};
const glm::ivec2 kBottom{0, -1};
const glm::ivec2 kTop{0, 1};

int threadCount(Exec exec) { return exec.threads > 0 ? exec.threads : omp_get_max_threads(); }

// Runs cellBody(cell) for every cell, rows shared out statically among threads.
template <typename CellBody>
void forEachCell(const PassConstants& k, Exec exec, CellBody&& cellBody)
{
    const int height = k.height;
    const int width = k.width;
#pragma omp parallel for schedule(static) num_threads(threadCount(exec))
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) cellBody(glm::ivec2(i, j));
}

void store(Field& f, glm::ivec2 c, glm::vec4 v)
{
    for (int n = 0; n < f.components(); ++n) f.at(c.x, c.y, n) = v[n];
}

void store2(Field& f, glm::ivec2 c, glm::vec2 v)
{
    f.at(c.x, c.y, 0) = v.x;
    f.at(c.x, c.y, 1) = v.y;
}

float dot2(glm::vec2 a, glm::vec2 b) { return a.x * b.x + a.y * b.y; }

// splat.frag's erfcPositive and erfDifference, the same operations in the same order.
float erfcPositive(float x)
{
    const float t = 1.0f / (1.0f + 0.3275911f * x);
    const float poly =
        t * (0.254829592f + t * (-0.284496736f + t * (1.421413741f + t * (-1.453152027f + t * 1.061405429f))));
    return poly * std::exp(-(x * x));
}

float erfDifference(float a, float b)
{
    if (b >= 0.0f) return erfcPositive(b) - erfcPositive(a);
    if (a <= 0.0f) return erfcPositive(-a) - erfcPositive(-b);
    return (2.0f - erfcPositive(a)) - erfcPositive(-b);
}

}  // namespace

void splat(const Field& in, const SplatInCells& s, glm::vec4 value, Field& out, const PassConstants& k, Exec exec)
{
    assert(in.sameShape(out));
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const glm::vec2 ap = glm::vec2(cell) - s.from;
        const float along = ap.x * s.axis.x + ap.y * s.axis.y;
        const glm::vec2 across = ap - along * s.axis;
        const float scaled = along * s.inverseRadius;
        const float d = (across.x * across.x + across.y * across.y) * (s.inverseRadius * s.inverseRadius);
        const float alongWeight =
            s.length > 0.0f ? s.lineScale * erfDifference(scaled, scaled - s.length * s.inverseRadius) : 1.0f;
        const float weight = std::exp(-d) * alongWeight;
        store(out, cell, load(in, cell) + value * weight);
    });
}

void advect(const Field& velocity, const Field& source, bool sourceIsVelocity, float decay, Field& out,
            const PassConstants& k, Exec exec)
{
    assert(source.sameShape(out));
    const glm::vec2 size(static_cast<float>(k.width), static_cast<float>(k.height));
    const auto sourceAt = [&](glm::ivec2 c) {
        return sourceIsVelocity ? glm::vec4(velocityAt(source, c, k), 0.0f, 0.0f) : scalarAt(source, c, k);
    };
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const glm::vec2 u = load2(velocity, cell);
        glm::vec2 pos = glm::vec2(cell) - k.dtOverCellSize * u;
        // fmin/fmax rather than clamp: a NaN position lands on a bound instead of
        // turning into an undefined integer conversion.
        const glm::vec2 lo = k.periodic ? -4.0f * size : glm::vec2(-0.5f);
        const glm::vec2 hi = k.periodic ? 4.0f * size : size - 0.5f;
        pos = glm::vec2(std::fmin(std::fmax(pos.x, lo.x), hi.x), std::fmin(std::fmax(pos.y, lo.y), hi.y));
        const glm::vec2 base(std::floor(pos.x), std::floor(pos.y));
        const glm::vec2 f = pos - base;
        const glm::ivec2 c0(base);
        const glm::vec4 a = sourceAt(c0);
        const glm::vec4 b = sourceAt(c0 + kRight);
        const glm::vec4 c = sourceAt(c0 + kTop);
        const glm::vec4 d = sourceAt(c0 + kRight + kTop);
        const glm::vec4 bottom = a * (1.0f - f.x) + b * f.x;
        const glm::vec4 top = c * (1.0f - f.x) + d * f.x;
        store(out, cell, (bottom * (1.0f - f.y) + top * f.y) * decay);
    });
}

void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec)
{
    assert(x.sameShape(out) && b.sameShape(out));
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const glm::vec2 xl = velocityAt(x, cell + kLeft, k);
        const glm::vec2 xr = velocityAt(x, cell + kRight, k);
        const glm::vec2 xb = velocityAt(x, cell + kBottom, k);
        const glm::vec2 xt = velocityAt(x, cell + kTop, k);
        const glm::vec2 rhs = load2(b, cell);
        store2(out, cell, (rhs + k.diffusionAlpha * ((xl + xr) + (xb + xt))) * k.diffusionInverseDenominator);
    });
}

void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const glm::vec2 ul = velocityAt(velocity, cell + kLeft, k);
        const glm::vec2 ur = velocityAt(velocity, cell + kRight, k);
        const glm::vec2 ub = velocityAt(velocity, cell + kBottom, k);
        const glm::vec2 ut = velocityAt(velocity, cell + kTop, k);
        out.at(cell.x, cell.y) = ((ur.y - ul.y) - (ut.x - ub.x)) * k.halfInverseCellSize;
    });
}

void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const float wl = std::fabs(scalar1At(curlField, cell + kLeft, k));
        const float wr = std::fabs(scalar1At(curlField, cell + kRight, k));
        const float wb = std::fabs(scalar1At(curlField, cell + kBottom, k));
        const float wt = std::fabs(scalar1At(curlField, cell + kTop, k));
        const glm::vec2 g = glm::vec2(wr - wl, wt - wb) * k.halfInverseCellSize;
        const glm::vec2 n = g / std::fmax(std::sqrt(dot2(g, g)), 1e-5f);
        const float w = curlField.at(cell.x, cell.y);
        store2(out, cell, load2(velocity, cell) + k.vorticityScale * glm::vec2(n.y * w, -n.x * w));
    });
}

void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const glm::vec2 ul = velocityAt(velocity, cell + kLeft, k);
        const glm::vec2 ur = velocityAt(velocity, cell + kRight, k);
        const glm::vec2 ub = velocityAt(velocity, cell + kBottom, k);
        const glm::vec2 ut = velocityAt(velocity, cell + kTop, k);
        out.at(cell.x, cell.y) = ((ur.x - ul.x) + (ut.y - ub.y)) * k.halfInverseCellSize;
    });
}

void pressure(const Field& p, const Field& div, Field& out, const PassConstants& k, Exec exec)
{
    assert(p.sameShape(out));
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const float pl = scalar1At(p, cell + kLeft, k);
        const float pr = scalar1At(p, cell + kRight, k);
        const float pb = scalar1At(p, cell + kBottom, k);
        const float pt = scalar1At(p, cell + kTop, k);
        out.at(cell.x, cell.y) = ((pl + pr) + (pb + pt) - k.cellSizeSquared * div.at(cell.x, cell.y)) * 0.25f;
    });
}

void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    forEachCell(k, exec, [&](glm::ivec2 cell) {
        const float pl = scalar1At(p, cell + kLeft, k);
        const float pr = scalar1At(p, cell + kRight, k);
        const float pb = scalar1At(p, cell + kBottom, k);
        const float pt = scalar1At(p, cell + kTop, k);
        const glm::vec2 g = glm::vec2(pr - pl, pt - pb) * k.halfInverseCellSize;
        store2(out, cell, load2(velocity, cell) - g);
    });
}

}  // namespace fluid::reference
