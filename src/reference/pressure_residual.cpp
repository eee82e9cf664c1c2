#include "reference/pressure_residual.hpp"

#include <cassert>

#include <omp.h>

#include "reference/boundary.hpp"

namespace fluid::reference {

void pressureResidual(const Field& p, const Field& div, Field& out, const PassConstants& k, Exec exec)
{
    assert(out.components() == 2 && out.width() == k.width && out.height() == k.height);
    const int threads = exec.threads > 0 ? exec.threads : omp_get_max_threads();
#pragma omp parallel for schedule(static) num_threads(threads)
    for (int j = 0; j < k.height; ++j)
        for (int i = 0; i < k.width; ++i) {
            const glm::ivec2 c{i, j};
            const float pl = scalar1At(p, c + glm::ivec2(-1, 0), k);
            const float pr = scalar1At(p, c + glm::ivec2(1, 0), k);
            const float pb = scalar1At(p, c + glm::ivec2(0, -1), k);
            const float pt = scalar1At(p, c + glm::ivec2(0, 1), k);
            const float s = k.cellSizeSquared * div.at(i, j);
            out.at(i, j, 0) = s - ((pl + pr) + (pb + pt) - 4.0f * p.at(i, j));
            out.at(i, j, 1) = s;
        }
}

}  // namespace fluid::reference
