// The passes' fast paths (interior row loops, advection's in-grid footprint,
// the exp shortcut of splat) against the plain per-cell form of each shader:
// every cell through the boundary functions of boundary.hpp, exactly as
// passes.cpp read before the fast paths. They must agree bit for bit, on every
// grid shape (1 x 1 is all border, 3 x 3 has one interior cell), under every
// boundary rule, on any thread count. The GPU parity tests allow a few ulp for
// the GPU compiler's freedom; this test allows none, so a reordered sum in a
// row loop shows here even where a GPU comparison would let it pass.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>

#include "reference/boundary.hpp"
#include "reference/passes.hpp"
#include "support/fields.hpp"

namespace fluid::reference {
namespace {

// --- the per-cell oracle: the shaders of shaders/*.frag, one cell at a time ---

const glm::ivec2 kLeft{-1, 0};
const glm::ivec2 kRight{1, 0};
const glm::ivec2 kBottom{0, -1};
const glm::ivec2 kTop{0, 1};

void forEachCell(const PassConstants& k, const std::function<void(glm::ivec2)>& body)
{
    for (int j = 0; j < k.height; ++j)
        for (int i = 0; i < k.width; ++i) body({i, j});
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

float erfcPositive(float x)
{
    const float t = 1.0f / (1.0f + 0.3275911f * x);
    const float poly =
        t * (0.254829592f + t * (-0.284496736f + t * (1.421413741f + t * (-1.453152027f + t * 1.061405429f))));
    return poly * splatExp(-(x * x));
}

float erfDifference(float a, float b)
{
    if (b >= 0.0f) return erfcPositive(b) - erfcPositive(a);
    if (a <= 0.0f) return erfcPositive(-a) - erfcPositive(-b);
    return (2.0f - erfcPositive(a)) - erfcPositive(-b);
}

Field splatPerCell(const Field& in, const SplatInCells& s, glm::vec4 value, const PassConstants& k)
{
    Field out(in.width(), in.height(), in.components());
    const CellBlock reach = splatReach(s, k.width, k.height);  // beyond it, the cell as it was
    forEachCell(k, [&](glm::ivec2 cell) {
        if (!reach.contains(cell)) return store(out, cell, load(in, cell));
        const glm::vec2 ap = glm::vec2(cell) - s.from;
        const float along = ap.x * s.axis.x + ap.y * s.axis.y;
        const glm::vec2 across = ap - along * s.axis;
        const float scaled = along * s.inverseRadius;
        const float d = (across.x * across.x + across.y * across.y) * (s.inverseRadius * s.inverseRadius);
        const float alongWeight =
            s.length > 0.0f ? s.lineScale * erfDifference(scaled, scaled - s.length * s.inverseRadius) : 1.0f;
        const float weight = splatExp(-d) * alongWeight;
        store(out, cell, load(in, cell) + value * weight);
    });
    return out;
}

Field advectPerCell(const Field& velocity, const Field& source, bool sourceIsVelocity, float decay,
                    const PassConstants& k)
{
    Field out(source.width(), source.height(), source.components());
    const glm::vec2 size(static_cast<float>(k.width), static_cast<float>(k.height));
    const auto sourceAt = [&](glm::ivec2 c) {
        return sourceIsVelocity ? glm::vec4(velocityAt(source, c, k), 0.0f, 0.0f) : scalarAt(source, c, k);
    };
    forEachCell(k, [&](glm::ivec2 cell) {
        const glm::vec2 u = load2(velocity, cell);
        glm::vec2 pos = glm::vec2(cell) - k.dtOverCellSize * u;
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
    return out;
}

// The four neighbours of a cell through the boundary rules: left, right,
// bottom, top.
template <typename T>
struct Neighbours {
    T l, r, b, t;
};
Neighbours<glm::vec2> velocityNeighbours(const Field& velocity, glm::ivec2 cell, const PassConstants& k)
{
    return {velocityAt(velocity, cell + kLeft, k), velocityAt(velocity, cell + kRight, k),
            velocityAt(velocity, cell + kBottom, k), velocityAt(velocity, cell + kTop, k)};
}
Neighbours<float> scalarNeighbours(const Field& f, glm::ivec2 cell, const PassConstants& k)
{
    return {scalar1At(f, cell + kLeft, k), scalar1At(f, cell + kRight, k), scalar1At(f, cell + kBottom, k),
            scalar1At(f, cell + kTop, k)};
}

Field diffusePerCell(const Field& x, const Field& b, const PassConstants& k)
{
    Field out(x.width(), x.height(), 2);
    forEachCell(k, [&](glm::ivec2 cell) {
        const auto [xl, xr, xb, xt] = velocityNeighbours(x, cell, k);
        const glm::vec2 rhs = load2(b, cell);
        store2(out, cell, (rhs + k.diffusionAlpha * ((xl + xr) + (xb + xt))) * k.diffusionInverseDenominator);
    });
    return out;
}

Field curlPerCell(const Field& velocity, const PassConstants& k)
{
    Field out(velocity.width(), velocity.height(), 1);
    forEachCell(k, [&](glm::ivec2 cell) {
        const auto [ul, ur, ub, ut] = velocityNeighbours(velocity, cell, k);
        out.at(cell.x, cell.y) = ((ur.y - ul.y) - (ut.x - ub.x)) * k.halfInverseCellSize;
    });
    return out;
}

Field vorticityPerCell(const Field& velocity, const Field& curlField, const PassConstants& k)
{
    Field out(velocity.width(), velocity.height(), 2);
    forEachCell(k, [&](glm::ivec2 cell) {
        const Neighbours<float> w4 = scalarNeighbours(curlField, cell, k);
        const glm::vec2 g =
            glm::vec2(std::fabs(w4.r) - std::fabs(w4.l), std::fabs(w4.t) - std::fabs(w4.b)) * k.halfInverseCellSize;
        const glm::vec2 n = g / std::fmax(std::sqrt(g.x * g.x + g.y * g.y), 1e-5f);
        const float w = curlField.at(cell.x, cell.y);
        const glm::vec2 u = load2(velocity, cell);
        const glm::vec2 confined = u + k.vorticityScale * glm::vec2(n.y * w, -n.x * w);
        // The limiter: raw neighbours (clamped or wrapped), max as GLSL's.
        const auto speed2 = [&](glm::ivec2 c) {
            const glm::vec2 v = load2(velocity, k.periodic ? wrapCell(c, k) : clampCell(c, k));
            return v.x * v.x + v.y * v.y;
        };
        const auto maxOf = [](float a, float b) { return a < b ? b : a; };
        float limit2 = maxOf(maxOf(u.x * u.x + u.y * u.y, speed2(cell + kLeft)),
                             maxOf(speed2(cell + kRight), maxOf(speed2(cell + kBottom), speed2(cell + kTop))));
        if (!k.periodic && cell.y == k.height - 1) limit2 = maxOf(limit2, k.lidSpeed * k.lidSpeed);
        const float s2 = confined.x * confined.x + confined.y * confined.y;
        store2(out, cell, s2 > limit2 ? confined * (std::sqrt(limit2) / std::sqrt(s2)) : confined);
    });
    return out;
}

Field divergencePerCell(const Field& velocity, const PassConstants& k)
{
    Field out(velocity.width(), velocity.height(), 1);
    forEachCell(k, [&](glm::ivec2 cell) {
        const auto [ul, ur, ub, ut] = velocityNeighbours(velocity, cell, k);
        out.at(cell.x, cell.y) = ((ur.x - ul.x) + (ut.y - ub.y)) * k.halfInverseCellSize;
    });
    return out;
}

Field pressurePerCell(const Field& p, const Field& div, const PassConstants& k)
{
    Field out(p.width(), p.height(), 1);
    forEachCell(k, [&](glm::ivec2 cell) {
        const auto [pl, pr, pb, pt] = scalarNeighbours(p, cell, k);
        out.at(cell.x, cell.y) = ((pl + pr) + (pb + pt) - k.cellSizeSquared * div.at(cell.x, cell.y)) * 0.25f;
    });
    return out;
}

Field gradientPerCell(const Field& velocity, const Field& p, const PassConstants& k)
{
    Field out(velocity.width(), velocity.height(), 2);
    forEachCell(k, [&](glm::ivec2 cell) {
        const auto [pl, pr, pb, pt] = scalarNeighbours(p, cell, k);
        const glm::vec2 g = glm::vec2(pr - pl, pt - pb) * k.halfInverseCellSize;
        store2(out, cell, load2(velocity, cell) - g);
    });
    return out;
}

// --- comparison --------------------------------------------------------------

// --- cases ---------------------------------------------------------------------

enum class Walls { Box, Lid, Periodic };

struct Grid {
    int width;
    int height;
};

PassConstants constantsFor(Grid g, Walls walls)
{
    SimParams p;
    p.gridWidth = g.width;
    p.gridHeight = g.height;
    p.viscosity = 2e-3f;
    p.vorticity = 5.0f;
    p.velocityDissipation = 0.3f;
    p.dyeDissipation = 0.2f;
    p.boundary = walls == Walls::Periodic ? BoundaryMode::Periodic : BoundaryMode::Box;
    p.lidSpeed = walls == Walls::Lid ? 0.75f : 0.0f;
    return makePassConstants(p);
}

// Velocities of up to ~5 cells per step, so back-traces leave the grid through
// every wall and corner, plus values that take the odd branches: NaN and
// infinite velocities (the trace clamp), a far trace (the periodic bound), a
// curl of zero (the 1e-5 floor of |grad w|) and signed zeros.
struct Inputs {
    Field velocity;
    Field pressure;
    Field dye;
    Field scalar;  // divergence, curl
    Field scalar3;
};

Inputs inputsFor(Grid g, const PassConstants& k, std::uint32_t seed)
{
    Inputs in{test::randomField(g.width, g.height, 2, seed, 5.0f / k.dtOverCellSize),
              test::randomField(g.width, g.height, 1, seed + 1), test::randomField(g.width, g.height, 4, seed + 2),
              test::randomField(g.width, g.height, 1, seed + 3, 10.0f),
              test::randomField(g.width, g.height, 3, seed + 4)};
    const auto cellAt = [&](int n) { return glm::ivec2(n % g.width, (n / g.width) % g.height); };
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(),
                              1e9f,
                              -1e9f,
                              -0.0f,
                              0.0f};
    int n = 7;
    for (const float v : specials) {
        const glm::ivec2 c = cellAt(n);
        n += 13;
        in.velocity.at(c.x, c.y, n % 2) = v;
        in.scalar.at(c.x, c.y) = std::isfinite(v) ? 0.0f * v : v;
        in.dye.at(c.x, c.y, 1) = -0.0f;
        in.pressure.at(c.x, c.y) = -0.0f;
    }
    return in;
}

SplatInCells lineSplat(Grid g)
{
    SplatInCells s;
    s.from = {0.3f * static_cast<float>(g.width), 0.4f * static_cast<float>(g.height)};
    s.axis = {0.8f, 0.6f};
    s.length = 0.5f * static_cast<float>(g.width);
    s.inverseRadius = 1.0f / 1.5f;
    s.lineScale = 1.7724539f * 1.5f / (2.0f * s.length);
    return s;
}

SplatInCells pointSplat(Grid g)
{
    SplatInCells s;
    s.from = {0.6f * static_cast<float>(g.width), 0.5f * static_cast<float>(g.height)};
    s.inverseRadius = 1.0f / 0.7f;
    return s;
}

class FastPath : public ::testing::TestWithParam<std::tuple<Grid, Walls, int>> {
protected:
    Grid grid() const { return std::get<0>(GetParam()); }
    PassConstants constants() const { return constantsFor(grid(), std::get<1>(GetParam())); }
    Exec exec() const { return {std::get<2>(GetParam())}; }
    Field like(const Field& f) const { return Field(f.width(), f.height(), f.components(), 12345.0f); }
};

TEST_P(FastPath, SplatMatchesPerCellBitForBit)
{
    const PassConstants k = constants();
    const Inputs in = inputsFor(grid(), k, 11);
    const glm::vec4 value(0.5f, -0.25f, 2.0f, 0.0f);
    for (const SplatInCells& s : {pointSplat(grid()), lineSplat(grid())})
        for (const Field* field : {&in.velocity, &in.dye, &in.scalar, &in.scalar3}) {
            Field out = like(*field);
            splat(*field, s, value, out, k, exec());
            EXPECT_EQ(test::firstBitDifference(out, splatPerCell(*field, s, value, k)), "")
                << field->components() << " components, length " << s.length;
        }
}

TEST_P(FastPath, AdvectMatchesPerCellBitForBit)
{
    const PassConstants k = constants();
    const Inputs in = inputsFor(grid(), k, 21);
    Field velocityOut = like(in.velocity);
    advect(in.velocity, in.velocity, true, k.velocityDecay, velocityOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(velocityOut, advectPerCell(in.velocity, in.velocity, true, k.velocityDecay, k)),
              "")
        << "velocity";
    for (const Field* field : {&in.dye, &in.scalar, &in.scalar3, &in.velocity}) {
        Field out = like(*field);
        advect(in.velocity, *field, false, k.dyeDecay, out, k, exec());
        EXPECT_EQ(test::firstBitDifference(out, advectPerCell(in.velocity, *field, false, k.dyeDecay, k)), "")
            << field->components() << "-component scalar";
    }
}

TEST_P(FastPath, StencilsMatchPerCellBitForBit)
{
    const PassConstants k = constants();
    const Inputs in = inputsFor(grid(), k, 31);
    const Field rhs = test::randomField(grid().width, grid().height, 2, 41);

    Field velocityOut = like(in.velocity);
    Field scalarOut = like(in.scalar);
    diffuse(in.velocity, rhs, velocityOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(velocityOut, diffusePerCell(in.velocity, rhs, k)), "") << "diffuse";
    curl(in.velocity, scalarOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(scalarOut, curlPerCell(in.velocity, k)), "") << "curl";
    vorticity(in.velocity, in.scalar, velocityOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(velocityOut, vorticityPerCell(in.velocity, in.scalar, k)), "") << "vorticity";
    // Strong enough that the limiter binds at most cells, not only a few.
    PassConstants strong = k;
    strong.vorticityScale = 1e3f;
    vorticity(in.velocity, in.scalar, velocityOut, strong, exec());
    EXPECT_EQ(test::firstBitDifference(velocityOut, vorticityPerCell(in.velocity, in.scalar, strong)), "")
        << "vorticity, limited";
    divergence(in.velocity, scalarOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(scalarOut, divergencePerCell(in.velocity, k)), "") << "divergence";
    pressure(in.pressure, in.scalar, scalarOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(scalarOut, pressurePerCell(in.pressure, in.scalar, k)), "") << "pressure";
    gradient(in.velocity, in.pressure, velocityOut, k, exec());
    EXPECT_EQ(test::firstBitDifference(velocityOut, gradientPerCell(in.velocity, in.pressure, k)), "") << "gradient";
}

// The first diffusion sweep reads its right-hand side as its iterate too.
TEST_P(FastPath, DiffuseWithTheSameFieldAsIterateAndRightHandSide)
{
    const PassConstants k = constants();
    const Inputs in = inputsFor(grid(), k, 51);
    Field out = like(in.velocity);
    diffuse(in.velocity, in.velocity, out, k, exec());
    EXPECT_EQ(test::firstBitDifference(out, diffusePerCell(in.velocity, in.velocity, k)), "");
}

std::string caseName(const ::testing::TestParamInfo<FastPath::ParamType>& info)
{
    const Grid g = std::get<0>(info.param);
    const Walls w = std::get<1>(info.param);
    const char* walls = w == Walls::Box ? "Box" : (w == Walls::Lid ? "Lid" : "Periodic");
    return std::to_string(g.width) + "x" + std::to_string(g.height) + "_" + walls + "_threads" +
           std::to_string(std::get<2>(info.param));
}

INSTANTIATE_TEST_SUITE_P(GridsRulesThreads, FastPath,
                         ::testing::Combine(::testing::Values(Grid{1, 1}, Grid{2, 5}, Grid{5, 2}, Grid{3, 3},
                                                              Grid{4, 7}, Grid{37, 23}, Grid{64, 48}),
                                            ::testing::Values(Walls::Box, Walls::Lid, Walls::Periodic),
                                            ::testing::Values(1, 3)),
                         caseName);

}  // namespace
}  // namespace fluid::reference
