// CPU mirrors of the multigrid shaders. Keep each body in step with its .frag
// file: the GPU-vs-CPU tests compare them to float32 rounding.
#include "reference/multigrid.hpp"

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

// Runs body(j) for every row of `out`, rows shared out among threads.
template <typename RowBody>
void forEachRowOf(const Field& out, Exec exec, RowBody&& body)
{
    const int height = out.height();
#pragma omp parallel for schedule(static) num_threads(threadCount(exec))
    for (int j = 0; j < height; ++j) body(j);
}

const float* rowOf(const Field& f, int j) { return f.data() + f.index(0, j); }
float* rowOf(Field& f, int j) { return f.data() + f.index(0, j); }

// restrict_residual.frag's scaledResidual().
float scaledResidual(const Field& x, const Field& rhs, float rhsScale, glm::ivec2 c, bool child,
                     const PassConstants& k)
{
    const float pl = scalar1At(x, c + kLeft, k);
    const float pr = scalar1At(x, c + kRight, k);
    const float pb = scalar1At(x, c + kBottom, k);
    const float pt = scalar1At(x, c + kTop, k);
    const glm::ivec2 inside{std::min(c.x, k.width - 1), std::min(c.y, k.height - 1)};
    const float centre = x.at(inside.x, inside.y);
    const float s = rhsScale * rhs.at(inside.x, inside.y);
    const float r = s - ((pl + pr) + (pb + pt) - 4.0f * centre);
    return child && c.x < k.width && c.y < k.height ? r : 0.0f;
}

}  // namespace

PassConstants levelConstants(const PassConstants& k, const MultigridLevel& level)
{
    PassConstants c = k;
    c.width = level.width;
    c.height = level.height;
    return c;
}

// Each pass below has two forms that compute the same float operations in the
// same order: per cell through the boundary rules (the shader line for line),
// and, where every value it reads lies inside the grid, with plain indexing,
// which needs no branch and vectorises. Exec::perCell forces the first form;
// tests/reference/multigrid_test.cpp holds the two to bitwise equality.

void smoothPressure(const Field& x, const Field& rhs, float rhsScale, float weight, bool zeroGuess, Field& out,
                    const PassConstants& k, Exec exec)
{
    assert(out.width() == k.width && out.height() == k.height && rhs.sameShape(out));
    const int width = k.width;
    if (zeroGuess) {
        forEachRowOf(out, exec, [&](int j) {
            const float* __restrict b = rowOf(rhs, j);
            float* __restrict o = rowOf(out, j);
            for (int i = 0; i < width; ++i) o[i] = weight * (-(rhsScale * b[i]) * 0.25f);
        });
        return;
    }
    const auto cellAt = [&](glm::ivec2 cell) {
        const float s = rhsScale * rhs.at(cell.x, cell.y);
        const float pl = scalar1At(x, cell + kLeft, k);
        const float pr = scalar1At(x, cell + kRight, k);
        const float pb = scalar1At(x, cell + kBottom, k);
        const float pt = scalar1At(x, cell + kTop, k);
        const float centre = x.at(cell.x, cell.y);
        out.at(cell.x, cell.y) = centre + weight * (((pl + pr) + (pb + pt) - s) * 0.25f - centre);
    };
    forEachRowOf(out, exec, [&](int j) {
        if (exec.perCell || j == 0 || j == k.height - 1 || width < 3) {
            for (int i = 0; i < width; ++i) cellAt({i, j});
            return;
        }
        cellAt({0, j});
        const float* __restrict below = rowOf(x, j - 1);
        const float* __restrict row = rowOf(x, j);
        const float* __restrict above = rowOf(x, j + 1);
        const float* __restrict b = rowOf(rhs, j);
        float* __restrict o = rowOf(out, j);
        for (int i = 1; i < width - 1; ++i) {
            const float s = rhsScale * b[i];
            const float centre = row[i];
            o[i] = centre + weight * (((row[i - 1] + row[i + 1]) + (below[i] + above[i]) - s) * 0.25f - centre);
        }
        cellAt({width - 1, j});
    });
}

void restrictResidual(const Field& x, const Field& rhs, float rhsScale, Field& coarseOut, const PassConstants& fineK,
                      Exec exec)
{
    const glm::ivec2 extra{extraChild(fineK.width, coarseOut.width()), extraChild(fineK.height, coarseOut.height())};
    const glm::ivec2 k2{2, 0};
    const glm::ivec2 t2{0, 2};
    const auto cellAt = [&](glm::ivec2 cell) {
        const glm::ivec2 fine = 2 * cell;
        const bool thirdX = fine.x + 2 == extra.x;
        const bool thirdY = fine.y + 2 == extra.y;
        const auto r = [&](glm::ivec2 c, bool child) { return scaledResidual(x, rhs, rhsScale, c, child, fineK); };
        const float square = (r(fine, true) + r(fine + kRight, true)) + (r(fine + kTop, true) + r(fine + kRight + kTop, true));
        const float column = r(fine + k2, thirdX) + r(fine + k2 + kTop, thirdX);
        const float row = r(fine + t2, thirdY) + r(fine + t2 + kRight, thirdY);
        const float corner = r(fine + k2 + t2, thirdX && thirdY);
        coarseOut.at(cell.x, cell.y) = ((square + column) + row) + corner;
    };
    // Inside: the children 2I, 2I + 1 and their neighbours 2I - 1 .. 2I + 2 lie
    // in the fine grid, and no third child (fine index 2I + 2 < width - 1).
    const auto inside = [](int coarse, int fineCells) { return coarse >= 1 && 2 * coarse + 3 <= fineCells - 1; };
    const int fineWidth = fineK.width;
    forEachRowOf(coarseOut, exec, [&](int j) {
        const bool rowInside = !exec.perCell && inside(j, fineK.height);
        const float* xs = x.data();
        const float* bs = rhs.data();
        for (int i = 0; i < coarseOut.width(); ++i) {
            if (!rowInside || !inside(i, fineWidth)) {
                cellAt({i, j});
                continue;
            }
            const auto r = [&](int fi, int fj) {
                const std::size_t c = static_cast<std::size_t>(fj) * static_cast<std::size_t>(fineWidth)
                    + static_cast<std::size_t>(fi);
                const std::size_t w = static_cast<std::size_t>(fineWidth);
                const float s = rhsScale * bs[c];
                return s - ((xs[c - 1] + xs[c + 1]) + (xs[c - w] + xs[c + w]) - 4.0f * xs[c]);
            };
            const int fi = 2 * i, fj = 2 * j;
            const float square = (r(fi, fj) + r(fi + 1, fj)) + (r(fi, fj + 1) + r(fi + 1, fj + 1));
            coarseOut.at(i, j) = ((square + 0.0f) + 0.0f) + 0.0f;  // the absent third row and column, as above
        }
    });
}

void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& coarseK, Exec exec)
{
    assert(x.sameShape(out) && coarse.width() == coarseK.width && coarse.height() == coarseK.height);
    const auto weightOfNext = [](int fine) { return (fine & 1) == 0 ? 0.75f : 0.25f; };
    const auto cellAt = [&](glm::ivec2 cell) {
        const glm::ivec2 base{(cell.x - 1) >> 1, (cell.y - 1) >> 1};  // C++20: >> extends the sign
        const glm::vec2 f{weightOfNext(cell.x), weightOfNext(cell.y)};
        const float a = scalar1At(coarse, base, coarseK);
        const float b = scalar1At(coarse, base + kRight, coarseK);
        const float c = scalar1At(coarse, base + kTop, coarseK);
        const float d = scalar1At(coarse, base + kRight + kTop, coarseK);
        const float bottom = a * (1.0f - f.x) + b * f.x;
        const float top = c * (1.0f - f.x) + d * f.x;
        const float e = bottom * (1.0f - f.y) + top * f.y;
        out.at(cell.x, cell.y) = x.at(cell.x, cell.y) + e;
    };
    // Inside: both coarse cells of the interpolation lie in the coarse grid.
    const auto inside = [](int fine, int coarseCells) { return fine >= 1 && ((fine - 1) >> 1) + 1 <= coarseCells - 1; };
    const int width = out.width();
    const std::size_t coarseWidth = static_cast<std::size_t>(coarseK.width);
    forEachRowOf(out, exec, [&](int j) {
        if (exec.perCell || !inside(j, coarseK.height)) {
            for (int i = 0; i < width; ++i) cellAt({i, j});
            return;
        }
        const float fy = weightOfNext(j);
        const float* __restrict lower = coarse.data() + static_cast<std::size_t>((j - 1) >> 1) * coarseWidth;
        const float* __restrict upper = lower + coarseWidth;
        const float* __restrict xs = rowOf(x, j);
        float* __restrict o = rowOf(out, j);
        for (int i = 0; i < width; ++i) {
            if (!inside(i, coarseK.width)) {
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

double relativePressureResidual(const Field& p, const Field& div, const PassConstants& k)
{
    const double h2 = k.cellSizeSquared;
    double residual = 0.0;
    double reference = 0.0;
    for (int j = 0; j < k.height; ++j)
        for (int i = 0; i < k.width; ++i) {
            const glm::ivec2 c{i, j};
            const double neighbours = static_cast<double>(scalar1At(p, c + kLeft, k)) + scalar1At(p, c + kRight, k)
                + scalar1At(p, c + kBottom, k) + scalar1At(p, c + kTop, k);
            const double s = h2 * div.at(i, j);
            const double r = s - (neighbours - 4.0 * p.at(i, j));
            residual += r * r;
            reference += s * s;
        }
    return reference > 0.0 ? std::sqrt(residual / reference) : std::sqrt(residual);
}

CpuMultigrid::CpuMultigrid(int width, int height) : levels_(multigridLevels(width, height))
{
    for (const MultigridLevel& l : levels_) {
        iterate_.emplace_back(l.width, l.height, 1);
        scratch_.emplace_back(l.width, l.height, 1);
        rhs_.emplace_back(l.width, l.height, 1);
    }
    // Level 0 lives in the solver: drop its copies.
    iterate_[0] = scratch_[0] = rhs_[0] = Field();
}

void CpuMultigrid::bind(Field& pressure, Field& scratch, const Field& divergence, const PassConstants& k, Exec exec)
{
    pressure_ = &pressure;
    pressureScratch_ = &scratch;
    divergence_ = &divergence;
    k_ = k;
    exec_ = exec;
}

void CpuMultigrid::vCycle(Field& pressure, Field& scratch, const Field& divergence, const PassConstants& k, Exec exec)
{
    bind(pressure, scratch, divergence, k, exec);
    runVCycle(*this, levelCount());
}

Field& CpuMultigrid::iterateOf(int level) { return level == 0 ? *pressure_ : iterate_[static_cast<std::size_t>(level)]; }
Field& CpuMultigrid::scratchOf(int level)
{
    return level == 0 ? *pressureScratch_ : scratch_[static_cast<std::size_t>(level)];
}
const Field& CpuMultigrid::rhsOf(int level) const
{
    return level == 0 ? *divergence_ : rhs_[static_cast<std::size_t>(level)];
}
float CpuMultigrid::rhsScaleOf(int level) const { return level == 0 ? k_.cellSizeSquared : 1.0f; }

void CpuMultigrid::smoothPressure(int level, bool zeroGuess)
{
    const PassConstants k = levelConstants(k_, levels_[static_cast<std::size_t>(level)]);
    Field& x = iterateOf(level);
    Field& out = scratchOf(level);
    reference::smoothPressure(x, rhsOf(level), rhsScaleOf(level), MultigridSchedule::kWeight, zeroGuess, out, k,
                              exec_);
    x.swap(out);
}

void CpuMultigrid::restrictResidual(int level)
{
    const PassConstants fineK = levelConstants(k_, levels_[static_cast<std::size_t>(level)]);
    reference::restrictResidual(iterateOf(level), rhsOf(level), rhsScaleOf(level),
                                rhs_[static_cast<std::size_t>(level + 1)], fineK, exec_);
}

void CpuMultigrid::prolongCorrection(int level)
{
    const PassConstants coarseK = levelConstants(k_, levels_[static_cast<std::size_t>(level + 1)]);
    Field& x = iterateOf(level);
    Field& out = scratchOf(level);
    reference::prolongCorrection(x, iterate_[static_cast<std::size_t>(level + 1)], out, coarseK, exec_);
    x.swap(out);
}

}  // namespace fluid::reference
