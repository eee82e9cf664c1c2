#include "reference/pressure_residual.hpp"

#include <cassert>

#include "reference/boundary.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

void pressureResidual(const Field& p, const Field& div, Field& out, const PassConstants& k, Exec exec)
{
    assert(out.components() == 2 && out.width() == k.width && out.height() == k.height);
    using namespace stencil;
    forEachRow(k.height, exec, [&](int j) {
        for (int i = 0; i < k.width; ++i) {
            const glm::ivec2 c{i, j};
            if (solidAt(c, k)) {  // fluidOnly
                out.at(i, j, 0) = out.at(i, j, 1) = 0.0f;
                continue;
            }
            const float pl = pressureBeside(p, c, kLeft, k);
            const float pr = pressureBeside(p, c, kRight, k);
            const float pb = pressureBeside(p, c, kBottom, k);
            const float pt = pressureBeside(p, c, kTop, k);
            const float s = k.cellSizeSquared * div.at(i, j);
            out.at(i, j, 0) = s - ((pl + pr) + (pb + pt) - 4.0f * p.at(i, j));
            out.at(i, j, 1) = s;
        }
    });
}

}  // namespace fluid::reference
