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

// Runs body(cell) for every cell of `out`, rows shared out among threads.
template <typename CellBody>
void forEachCellOf(const Field& out, Exec exec, CellBody&& body)
{
    const int height = out.height();
    const int width = out.width();
#pragma omp parallel for schedule(static) num_threads(threadCount(exec))
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) body(glm::ivec2(i, j));
}

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

void smoothPressure(const Field& x, const Field& rhs, float rhsScale, float weight, bool zeroGuess, Field& out,
                    const PassConstants& k, Exec exec)
{
    assert(out.width() == k.width && out.height() == k.height && rhs.sameShape(out));
    forEachCellOf(out, exec, [&](glm::ivec2 cell) {
        const float s = rhsScale * rhs.at(cell.x, cell.y);
        if (zeroGuess) {
            out.at(cell.x, cell.y) = weight * (-s * 0.25f);
            return;
        }
        const float pl = scalar1At(x, cell + kLeft, k);
        const float pr = scalar1At(x, cell + kRight, k);
        const float pb = scalar1At(x, cell + kBottom, k);
        const float pt = scalar1At(x, cell + kTop, k);
        const float centre = x.at(cell.x, cell.y);
        out.at(cell.x, cell.y) = centre + weight * (((pl + pr) + (pb + pt) - s) * 0.25f - centre);
    });
}

void restrictResidual(const Field& x, const Field& rhs, float rhsScale, Field& coarseOut, const PassConstants& fineK,
                      Exec exec)
{
    const glm::ivec2 extra{extraChild(fineK.width, coarseOut.width()), extraChild(fineK.height, coarseOut.height())};
    const glm::ivec2 k2{2, 0};
    const glm::ivec2 t2{0, 2};
    forEachCellOf(coarseOut, exec, [&](glm::ivec2 cell) {
        const glm::ivec2 fine = 2 * cell;
        const bool thirdX = fine.x + 2 == extra.x;
        const bool thirdY = fine.y + 2 == extra.y;
        const auto r = [&](glm::ivec2 c, bool child) { return scaledResidual(x, rhs, rhsScale, c, child, fineK); };
        const float square = (r(fine, true) + r(fine + kRight, true)) + (r(fine + kTop, true) + r(fine + kRight + kTop, true));
        const float column = r(fine + k2, thirdX) + r(fine + k2 + kTop, thirdX);
        const float row = r(fine + t2, thirdY) + r(fine + t2 + kRight, thirdY);
        const float corner = r(fine + k2 + t2, thirdX && thirdY);
        coarseOut.at(cell.x, cell.y) = ((square + column) + row) + corner;
    });
}

void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& coarseK, Exec exec)
{
    assert(x.sameShape(out) && coarse.width() == coarseK.width && coarse.height() == coarseK.height);
    forEachCellOf(out, exec, [&](glm::ivec2 cell) {
        const glm::ivec2 base{(cell.x - 1) >> 1, (cell.y - 1) >> 1};  // C++20: >> extends the sign
        const glm::vec2 f{(cell.x & 1) == 0 ? 0.75f : 0.25f, (cell.y & 1) == 0 ? 0.75f : 0.25f};
        const float a = scalar1At(coarse, base, coarseK);
        const float b = scalar1At(coarse, base + kRight, coarseK);
        const float c = scalar1At(coarse, base + kTop, coarseK);
        const float d = scalar1At(coarse, base + kRight + kTop, coarseK);
        const float bottom = a * (1.0f - f.x) + b * f.x;
        const float top = c * (1.0f - f.x) + d * f.x;
        const float e = bottom * (1.0f - f.y) + top * f.y;
        out.at(cell.x, cell.y) = x.at(cell.x, cell.y) + e;
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
