// CPU mirrors of the multigrid shaders. Keep each body in step with its .frag
// file: the GPU-vs-CPU tests compare them to float32 rounding. The pressure's
// passes also have a fast form for the cells whose every read is inside the
// grid (plain indexing, no boundary rule, the same float operations in the
// same order); Exec::perCell turns it off, and tests/reference/multigrid_test.cpp
// holds the two forms to bitwise equality. Each pass is a
// template over the value a cell holds (shaders/multigrid.glsl's Value): float
// for the pressure, glm::vec2 for the viscous equation, whose operations run
// per component exactly as GLSL's vec2 ones do.
#include "reference/multigrid.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <type_traits>

#include "core/coarse_solve.hpp"
#include "reference/boundary.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

namespace {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// Runs body(j) for every row of `out`, rows shared out among threads.
template <typename RowBody>
void forEachRowOf(const Field& out, Exec exec, RowBody&& body)
{
    stencil::forEachRow(out.height(), exec, body);
}

// shaders/multigrid.glsl: valueAt (through the equation's boundary rule),
// valueIn (a cell inside the grid), and storing a result.
template <typename V>
V valueAt(const Field& f, glm::ivec2 c, const PassConstants& k);
template <>
float valueAt<float>(const Field& f, glm::ivec2 c, const PassConstants& k)
{
    return pressureAt(f, c, k);
}
template <>
glm::vec2 valueAt<glm::vec2>(const Field& f, glm::ivec2 c, const PassConstants& k)
{
    return velocityAt(f, c, k);
}

template <typename V>
V valueIn(const Field& f, glm::ivec2 c);
template <>
float valueIn<float>(const Field& f, glm::ivec2 c)
{
    return f.at(c.x, c.y);
}
template <>
glm::vec2 valueIn<glm::vec2>(const Field& f, glm::ivec2 c)
{
    return load2(f, c);
}

void store(Field& f, glm::ivec2 c, float v)
{
    f.at(c.x, c.y) = v;
}
void store(Field& f, glm::ivec2 c, glm::vec2 v)
{
    f.at(c.x, c.y, 0) = v.x;
    f.at(c.x, c.y, 1) = v.y;
}

// multigrid.glsl's solidGhost and neighbourOf: a solid neighbour of a cell
// holding `here` reads as the cell (pressure) or minus it (velocity).
float solidGhost(float here)
{
    return here;
}
glm::vec2 solidGhost(glm::vec2 here)
{
    return -here;
}

template <typename V>
V neighbourOf(const Field& f, glm::ivec2 c, V here, const PassConstants& k)
{
    return solidAt(c, k) ? solidGhost(here) : valueAt<V>(f, c, k);
}

template <typename V>
V neighbourSum(const Field& f, glm::ivec2 c, const PassConstants& k)
{
    if (k.solid != nullptr) {
        const V here = valueIn<V>(f, {std::min(c.x, k.width - 1), std::min(c.y, k.height - 1)});
        return (neighbourOf<V>(f, c + kLeft, here, k) + neighbourOf<V>(f, c + kRight, here, k)) +
               (neighbourOf<V>(f, c + kBottom, here, k) + neighbourOf<V>(f, c + kTop, here, k));
    }
    return (valueAt<V>(f, c + kLeft, k) + valueAt<V>(f, c + kRight, k)) +
           (valueAt<V>(f, c + kBottom, k) + valueAt<V>(f, c + kTop, k));
}

// smooth.frag's jacobiValue().
template <typename V>
V jacobiValue(V neighbours, V rhs, const LevelOperator& op)
{
    if (op.equation == MultigridEquation::Viscous) return (rhs + op.alpha * neighbours) * op.inverseDenominator;
    return (neighbours - op.rhsScale * rhs) * 0.25f;
}

// The pressure's interior rows on plain indexing: smoothAs<float>'s float
// operations in the same order, no boundary rule (every neighbour is inside).
void smoothPressureRow(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out, int j,
                       int begin, int end)
{
    const float* __restrict b = rowOf(rhs, j);
    float* __restrict o = rowOf(out, j);
    if (zeroGuess) {
        for (int i = begin; i < end; ++i) o[i] = op.weight * ((0.0f - op.rhsScale * b[i]) * 0.25f);
        return;
    }
    const float* __restrict below = rowOf(x, j - 1);
    const float* __restrict row = rowOf(x, j);
    const float* __restrict above = rowOf(x, j + 1);
    for (int i = begin; i < end; ++i) {
        const float centre = row[i];
        const float jacobi = (((row[i - 1] + row[i + 1]) + (below[i] + above[i])) - op.rhsScale * b[i]) * 0.25f;
        o[i] = centre + op.weight * (jacobi - centre);
    }
}

template <typename V>
void smoothAs(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
              const PassConstants& k, Exec exec)
{
    const auto cellAt = [&](glm::ivec2 cell) {
        if (solidAt(cell, k)) return store(out, cell, V(0.0f));  // fluidOnly
        const V b = valueIn<V>(rhs, cell);
        if (zeroGuess) {
            store(out, cell, op.weight * jacobiValue(V(0.0f), b, op));
            return;
        }
        const V centre = valueIn<V>(x, cell);
        store(out, cell, centre + op.weight * (jacobiValue(neighbourSum<V>(x, cell, k), b, op) - centre));
    };
    const bool fastPath = std::is_same_v<V, float> && op.equation == MultigridEquation::Pressure && !exec.perCell;
    const int width = out.width();
    forEachRowOf(out, exec, [&](int j) {
        if (!fastPath || j == 0 || j == out.height() - 1 || width < 3) {
            for (int i = 0; i < width; ++i) cellAt({i, j});
            return;
        }
        cellAt({0, j});
        const ColumnSpan near = k.solid != nullptr ? k.solid->nearSolid(j) : ColumnSpan{};
        if (near.empty()) {
            smoothPressureRow(x, rhs, op, zeroGuess, out, j, 1, width - 1);
        } else {
            const int begin = std::clamp(near.begin, 1, width - 1);
            const int end = std::clamp(near.end, begin, width - 1);
            smoothPressureRow(x, rhs, op, zeroGuess, out, j, 1, begin);
            for (int i = begin; i < end; ++i) cellAt({i, j});
            smoothPressureRow(x, rhs, op, zeroGuess, out, j, end, width - 1);
        }
        cellAt({width - 1, j});
    });
}

// restrict_residual.frag's residual().
template <typename V>
V residual(const Field& x, const Field& rhs, const LevelOperator& op, glm::ivec2 c, bool child, const PassConstants& k)
{
    const V n = neighbourSum<V>(x, c, k);
    const glm::ivec2 inside{std::min(c.x, k.width - 1), std::min(c.y, k.height - 1)};
    const V centre = valueIn<V>(x, inside);
    const V b = valueIn<V>(rhs, inside);
    const V r = op.equation == MultigridEquation::Viscous ? b - (centre - op.alpha * (n - 4.0f * centre))
                                                          : op.rhsScale * b - (n - 4.0f * centre);
    child = child && !solidAt(c, k);  // a solid child has no equation: no residual
    return child && c.x < k.width && c.y < k.height ? r : V(0.0f);
}

template <typename V>
void restrictAs(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut, const PassConstants& fineK,
                Exec exec)
{
    const glm::ivec2 extra{extraChild(fineK.width, coarseOut.width()), extraChild(fineK.height, coarseOut.height())};
    const glm::ivec2 k2{2, 0};
    const glm::ivec2 t2{0, 2};
    const auto cellAt = [&](glm::ivec2 cell) {
        const glm::ivec2 fine = 2 * cell;
        const bool thirdX = fine.x + 2 == extra.x;
        const bool thirdY = fine.y + 2 == extra.y;
        const auto r = [&](glm::ivec2 c, bool child) { return residual<V>(x, rhs, op, c, child, fineK); };
        const V square =
            (r(fine, true) + r(fine + kRight, true)) + (r(fine + kTop, true) + r(fine + kRight + kTop, true));
        const V column = r(fine + k2, thirdX) + r(fine + k2 + kTop, thirdX);
        const V row = r(fine + t2, thirdY) + r(fine + t2 + kRight, thirdY);
        const V corner = r(fine + k2 + t2, thirdX && thirdY);
        const V sum = ((square + column) + row) + corner;
        store(coarseOut, cell, op.equation == MultigridEquation::Viscous ? 0.25f * sum : sum);
    };
    // The pressure's inside cells on plain indexing: children 2I, 2I + 1 and
    // their neighbours 2I - 1 .. 2I + 2 lie in the fine grid, and there is no
    // third child (it would be fine index 2I + 2 = width - 1).
    // Around obstacles, cells whose children's stencils are clear of solids
    // (SolidMask::clearWithin; it does not wrap, so not when periodic).
    const bool fastPath = std::is_same_v<V, float> && op.equation == MultigridEquation::Pressure && !exec.perCell &&
                          (fineK.solid == nullptr || !fineK.periodic);
    const auto inside = [](int coarse, int fineCells) { return coarse >= 1 && 2 * coarse + 3 <= fineCells - 1; };
    const std::size_t fineWidth = static_cast<std::size_t>(fineK.width);
    forEachRowOf(coarseOut, exec, [&](int j) {
        const bool rowInside = fastPath && inside(j, fineK.height);
        for (int i = 0; i < coarseOut.width(); ++i) {
            if (!rowInside || !inside(i, fineK.width) ||
                (fineK.solid != nullptr && !fineK.solid->clearWithin(2 * i, 2 * j, 1.0f))) {
                cellAt({i, j});
                continue;
            }
            const auto r = [&](int fi, int fj) {
                const std::size_t c = static_cast<std::size_t>(fj) * fineWidth + static_cast<std::size_t>(fi);
                const float* xs = x.data();
                const float n = (xs[c - 1] + xs[c + 1]) + (xs[c - fineWidth] + xs[c + fineWidth]);
                return op.rhsScale * rhs.data()[c] - (n - 4.0f * xs[c]);
            };
            const int fi = 2 * i, fj = 2 * j;
            const float square = (r(fi, fj) + r(fi + 1, fj)) + (r(fi, fj + 1) + r(fi + 1, fj + 1));
            coarseOut.at(i, j) = ((square + 0.0f) + 0.0f) + 0.0f;  // the absent third row and column, as above
        }
    });
}

template <typename V>
void prolongAs(const Field& x, const Field& coarse, Field& out, const PassConstants& coarseK, Exec exec)
{
    const auto weightOfNext = [](int fine) { return (fine & 1) == 0 ? 0.75f : 0.25f; };
    const auto cellAt = [&](glm::ivec2 cell) {
        const glm::ivec2 base{(cell.x - 1) >> 1, (cell.y - 1) >> 1};  // C++20: >> extends the sign
        const glm::vec2 f{weightOfNext(cell.x), weightOfNext(cell.y)};
        // A solid coarse cell reads as the ghost of this cell's parent.
        const V parent =
            valueIn<V>(coarse, {std::min(cell.x >> 1, coarseK.width - 1), std::min(cell.y >> 1, coarseK.height - 1)});
        const V a = neighbourOf<V>(coarse, base, parent, coarseK);
        const V b = neighbourOf<V>(coarse, base + kRight, parent, coarseK);
        const V c = neighbourOf<V>(coarse, base + kTop, parent, coarseK);
        const V d = neighbourOf<V>(coarse, base + kRight + kTop, parent, coarseK);
        const V bottom = a * (1.0f - f.x) + b * f.x;
        const V top = c * (1.0f - f.x) + d * f.x;
        const V e = bottom * (1.0f - f.y) + top * f.y;
        store(out, cell, valueIn<V>(x, cell) + e);
    };
    // Scalars' inside cells on plain indexing: both coarse cells of the
    // interpolation lie in the coarse grid (for a scalar the rule inside is the
    // identity, whatever the equation).
    const bool fastPath = std::is_same_v<V, float> && !exec.perCell && (coarseK.solid == nullptr || !coarseK.periodic);
    const auto inside = [](int fine, int coarseCells) { return fine >= 1 && ((fine - 1) >> 1) + 1 <= coarseCells - 1; };
    const int width = out.width();
    const std::size_t coarseWidth = static_cast<std::size_t>(coarseK.width);
    forEachRowOf(out, exec, [&](int j) {
        if (!fastPath || !inside(j, coarseK.height)) {
            for (int i = 0; i < width; ++i) cellAt({i, j});
            return;
        }
        const float fy = weightOfNext(j);
        const float* __restrict lower = coarse.data() + static_cast<std::size_t>((j - 1) >> 1) * coarseWidth;
        const float* __restrict upper = lower + coarseWidth;
        const float* __restrict xs = rowOf(x, j);
        float* __restrict o = rowOf(out, j);
        for (int i = 0; i < width; ++i) {
            if (!inside(i, coarseK.width) ||
                (coarseK.solid != nullptr && !coarseK.solid->clearWithin((i - 1) >> 1, (j - 1) >> 1, 0.0f))) {
                cellAt({i, j});
                continue;
            }
            const std::size_t base = static_cast<std::size_t>((i - 1) >> 1);
            const float fx = weightOfNext(i);
            const float bottom = lower[base] * (1.0f - fx) + lower[base + 1] * fx;
            const float top = upper[base] * (1.0f - fx) + upper[base + 1] * fx;
            const float e = bottom * (1.0f - fy) + top * fy;
            o[i] = xs[i] + e;
        }
    });
}

}  // namespace

PassConstants levelConstants(const PassConstants& k, const MultigridLevel& level, const LevelOperator& op)
{
    PassConstants c = k;
    c.width = level.width;
    c.height = level.height;
    c.lidSpeed = op.lidSpeed;
    return c;
}

void smooth(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
            const PassConstants& k, Exec exec)
{
    assert(out.width() == k.width && out.height() == k.height && rhs.sameShape(out));
    if (out.components() == 2)
        smoothAs<glm::vec2>(x, rhs, op, zeroGuess, out, k, exec);
    else
        smoothAs<float>(x, rhs, op, zeroGuess, out, k, exec);
}

void restrictResidual(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut,
                      const PassConstants& fineK, Exec exec)
{
    if (coarseOut.components() == 2)
        restrictAs<glm::vec2>(x, rhs, op, coarseOut, fineK, exec);
    else
        restrictAs<float>(x, rhs, op, coarseOut, fineK, exec);
}

void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& coarseK, Exec exec)
{
    assert(x.sameShape(out) && coarse.width() == coarseK.width && coarse.height() == coarseK.height);
    if (out.components() == 2)
        prolongAs<glm::vec2>(x, coarse, out, coarseK, exec);
    else
        prolongAs<float>(x, coarse, out, coarseK, exec);
}

void solveCoarsest(const std::vector<float>& inverse, const Field& rhs, Field& out)
{
    const int width = rhs.width(), height = rhs.height();
    const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    assert(inverse.size() == cells * cells && rhs.sameShape(out) && rhs.components() == 1);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const float* row = inverse.data() + rhs.index(x, y) * cells;
            float sum = 0.0f;
            std::size_t j = 0;
            for (int sy = 0; sy < height; ++sy)
                for (int sx = 0; sx < width; ++sx, ++j) sum += row[j] * rhs.at(sx, sy);
            out.at(x, y) = sum;
        }
}

double relativePressureResidual(const Field& p, const Field& div, const PassConstants& k)
{
    const double h2 = k.cellSizeSquared;
    double residual = 0.0;
    double reference = 0.0;
    for (int j = 0; j < k.height; ++j)
        for (int i = 0; i < k.width; ++i) {
            const glm::ivec2 c{i, j};
            if (solidAt(c, k)) continue;  // no equation there
            const double neighbours = static_cast<double>(pressureBeside(p, c, kLeft, k)) +
                                      pressureBeside(p, c, kRight, k) + pressureBeside(p, c, kBottom, k) +
                                      pressureBeside(p, c, kTop, k);
            const double s = h2 * div.at(i, j);
            const double r = s - (neighbours - 4.0 * p.at(i, j));
            residual += r * r;
            reference += s * s;
        }
    return reference > 0.0 ? std::sqrt(residual / reference) : std::sqrt(residual);
}

double relativeViscousResidual(const Field& x, const Field& b, const PassConstants& k)
{
    const double a = k.diffusionAlpha;
    const Field zero(k.width, k.height, 2);
    // r(x) = b - (x - a (neighbours(x) - 4x)); the lid enters through the ghosts.
    const auto squaredResidual = [&](const Field& u) {
        double sum = 0.0;
        for (int j = 0; j < k.height; ++j)
            for (int i = 0; i < k.width; ++i) {
                const glm::ivec2 c{i, j};
                if (solidAt(c, k)) continue;
                for (int m = 0; m < 2; ++m) {
                    const double neighbours = static_cast<double>(velocityBeside(u, c, kLeft, k)[m]) +
                                              velocityBeside(u, c, kRight, k)[m] + velocityBeside(u, c, kBottom, k)[m] +
                                              velocityBeside(u, c, kTop, k)[m];
                    const double centre = u.at(i, j, m);
                    const double r = b.at(i, j, m) - (centre - a * (neighbours - 4.0 * centre));
                    sum += r * r;
                }
            }
        return sum;
    };
    const double reference = squaredResidual(zero);
    const double residual = squaredResidual(x);
    return reference > 0.0 ? std::sqrt(residual / reference) : std::sqrt(residual);
}

}  // namespace fluid::reference
