#include "core/coarse_solve.hpp"

#include <cmath>
#include <compare>
#include <cstddef>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace fluid {

std::vector<MultigridLevel> pressureLevels(int width, int height)
{
    std::vector<MultigridLevel> levels = multigridLevels(width, height);
    for (std::size_t l = 1; l < levels.size(); ++l)
        if (levels[l].width * levels[l].height <= kDirectSolveMaxCells) {
            levels.resize(l + 1);
            break;
        }
    return levels;
}

std::vector<MultigridLevel> levelsFor(MultigridEquation equation, int width, int height)
{
    return equation == MultigridEquation::Pressure ? pressureLevels(width, height) : multigridLevels(width, height);
}

namespace {

// A dense n x n matrix in double, row-major.
struct Dense {
    int n = 0;
    std::vector<double> a;
    explicit Dense(int size) : n(size), a(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), 0.0) {}
    double& operator()(int i, int j)
    {
        return a[static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j)];
    }
};

// The inverse by Gauss-Jordan elimination with partial pivoting (n <= 128:
// ~2 million multiply-adds). `a` must be non-singular.
Dense inverse(Dense a)
{
    const int n = a.n;
    Dense inv(n);
    for (int i = 0; i < n; ++i) inv(i, i) = 1.0;
    for (int col = 0; col < n; ++col) {
        int pivot = col;
        for (int r = col + 1; r < n; ++r)
            if (std::abs(a(r, col)) > std::abs(a(pivot, col))) pivot = r;
        if (std::abs(a(pivot, col)) < 1e-12) throw std::logic_error("coarsestInverse: a singular operator");
        if (pivot != col)
            for (int c = 0; c < n; ++c) {
                std::swap(a(pivot, c), a(col, c));
                std::swap(inv(pivot, c), inv(col, c));
            }
        const double scale = 1.0 / a(col, col);
        for (int c = 0; c < n; ++c) {
            a(col, c) *= scale;
            inv(col, c) *= scale;
        }
        for (int r = 0; r < n; ++r) {
            const double f = a(r, col);
            if (r == col || f == 0.0) continue;
            for (int c = 0; c < n; ++c) {
                a(r, c) -= f * a(col, c);
                inv(r, c) -= f * inv(col, c);
            }
        }
    }
    return inv;
}

std::vector<float> computeCoarsestInverse(const MultigridLevel& level, BoundaryMode boundary, const Field* solid)
{
    const int w = level.width, h = level.height, n = w * h;
    const bool periodic = boundary == BoundaryMode::Periodic;
    const bool tunnel = isTunnel(boundary);
    const auto index = [w](int i, int j) { return i + w * j; };
    const auto isSolid = [&](int i, int j) { return solid != nullptr && solid->at(i, j) > 0.5f; };

    // A, with each ghost folded into the diagonal or the wrapped cell.
    Dense a(n);
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) {
            const int row = index(i, j);
            if (isSolid(i, j)) {
                a(row, row) = 1.0;  // x = 0 there: its row and column are cleared below
                continue;
            }
            a(row, row) -= 4.0;
            const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            for (const auto& o : offsets) {
                int ni = i + o[0], nj = j + o[1];
                const bool beyond = ni < 0 || ni >= w || nj < 0 || nj >= h;
                if (beyond && !periodic) {
                    a(row, row) += tunnel && ni >= w ? -1.0 : 1.0;  // the outflow's p = 0, else a wall
                    continue;
                }
                ni = (ni + w) % w;
                nj = (nj + h) % h;
                if (isSolid(ni, nj))
                    a(row, row) += 1.0;  // a solid neighbour is this cell
                else
                    a(row, index(ni, nj)) += 1.0;
            }
        }

    // The null space: the fluid cells' connected groups that do not reach the
    // outflow, each a constant. P = sum of 1_g 1_g^T / |g|.
    std::vector<int> group(static_cast<std::size_t>(n), -1);
    std::vector<std::vector<int>> floating;
    for (int start = 0; start < n; ++start) {
        if (group[static_cast<std::size_t>(start)] >= 0 || isSolid(start % w, start / w)) continue;
        std::vector<int> cells{start};
        group[static_cast<std::size_t>(start)] = start;
        bool anchored = false;
        for (std::size_t next = 0; next < cells.size(); ++next) {
            const int i = cells[next] % w, j = cells[next] / w;
            anchored = anchored || (tunnel && i == w - 1);
            const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            for (const auto& o : offsets) {
                int ni = i + o[0], nj = j + o[1];
                if (!periodic && (ni < 0 || ni >= w || nj < 0 || nj >= h)) continue;
                ni = (ni + w) % w;
                nj = (nj + h) % h;
                const int c = index(ni, nj);
                if (isSolid(ni, nj) || group[static_cast<std::size_t>(c)] >= 0) continue;
                group[static_cast<std::size_t>(c)] = start;
                cells.push_back(c);
            }
        }
        if (!anchored) floating.push_back(std::move(cells));
    }
    for (const std::vector<int>& g : floating)
        for (const int r : g)
            for (const int c : g) a(r, c) -= 1.0 / static_cast<double>(g.size());

    Dense m = inverse(std::move(a));
    for (const std::vector<int>& g : floating)
        for (const int r : g)
            for (const int c : g) m(r, c) += 1.0 / static_cast<double>(g.size());

    std::vector<float> out(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0f);
    for (int r = 0; r < n; ++r) {
        if (isSolid(r % w, r / w)) continue;
        for (int c = 0; c < n; ++c)
            if (!isSolid(c % w, c / w))
                out[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)] =
                    static_cast<float>(m(r, c));
    }
    return out;
}

}  // namespace

std::vector<float> coarsestInverse(const MultigridLevel& level, BoundaryMode boundary, const Field* solid)
{
    if (solid != nullptr) return computeCoarsestInverse(level, boundary, solid);
    // Without obstacles M depends on the level's size and on which of the
    // three ghost rules holds (a wall, the outflow, the wrap), and every
    // solver of a grid makes the same one: made once in the process and
    // copied after (a test run makes hundreds of solvers; under ASan the
    // elimination was a twentieth of the GPU suite's time). A mask is a
    // solver's own, so a masked level is made each time.
    struct Key {
        int width = 0, height = 0;
        bool periodic = false, tunnel = false;
        auto operator<=>(const Key&) const = default;
    };
    static std::mutex mutex;
    static std::map<Key, std::vector<float>> made;
    const Key key{level.width, level.height, boundary == BoundaryMode::Periodic, isTunnel(boundary)};
    const std::lock_guard lock(mutex);
    auto found = made.find(key);
    if (found == made.end()) found = made.emplace(key, computeCoarsestInverse(level, boundary, nullptr)).first;
    return found->second;
}

}  // namespace fluid
