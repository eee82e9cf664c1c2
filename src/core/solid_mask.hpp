// SolidMask: the obstacles of one grid (or one multigrid level): a 1-component
// field at the velocity grid, cell-centred, a cell solid where its value is
// above 0.5. Both solvers take the mask as an upload between steps
// (setObstacles); the boundary rules (shaders/common.glsl,
// src/reference/boundary.hpp) read it as part of their boundary context:
//   - a solid neighbour of a fluid cell is a ghost that mirrors that cell
//     across the face between them, as a wall's ghost does: velocity -u
//     (no-slip face), scalars and pressure the cell's own value (zero normal
//     gradient);
//   - a solid cell's own result is zero in every pass (no velocity, no dye);
//   - back-traces stop before they enter a solid.
#pragma once

#include <vector>

#include "core/field.hpp"
#include "core/multigrid.hpp"

namespace fluid {

// Columns [begin, end) of one row.
struct ColumnSpan {
    int begin = 0;
    int end = 0;
    bool empty() const { return begin >= end; }
};

class SolidMask {
public:
    SolidMask() = default;
    // cells: 1 component; > 0.5 is solid.
    explicit SolidMask(Field cells);

    const Field& cells() const { return cells_; }
    int width() const { return cells_.width(); }
    int height() const { return cells_.height(); }
    bool solid(int i, int j) const { return cells_.at(i, j) > kSolidAbove; }
    bool any() const { return any_; }
    // The columns of row j whose 5-point stencil may read a solid cell (rows
    // j-1 .. j+1, wrapping as the periodic rule does; a solid in the first or
    // last column makes it the whole row). Outside it the CPU passes keep
    // their branch-free interior loops.
    ColumnSpan nearSolid(int j) const { return near_[static_cast<std::size_t>(j)]; }

    // Whether every cell within `reach` + 2 cells of (i, j) (Chebyshev, not
    // wrapping) is fluid: a back-trace of that length from (i, j), its nearest
    // cells and its bilinear footprint then touch no solid.
    bool clearWithin(int i, int j, float reach) const
    {
        return reach + 2.0f < static_cast<float>(clearance_[cells_.index(i, j)]);
    }

    static constexpr float kSolidAbove = 0.5f;

private:
    Field cells_;
    bool any_ = false;
    std::vector<ColumnSpan> near_;
    std::vector<int> clearance_;  // per cell: Chebyshev distance to the nearest solid cell (large: none)
};

// The mask of the next multigrid level down: a coarse cell is solid only when
// every one of its children (restrict_residual.frag's 1 to 3 per axis) is
// solid, fluid when any child is fluid (McAdams, Sifakis, Teran 2010). So a
// fluid cell's parent is always fluid, and fluid passages stay connected on
// every level: a passage a single cell wide would vanish under a rule that
// made a coarse cell solid when any child is, and the coarse correction could
// not carry pressure through it. Thin solids vanish instead, which costs the
// coarse correction some accuracy next to them (the fine level's smoother,
// which sees the solid, corrects that; tests/reference/obstacle_multigrid_test.cpp
// measures the convergence with a plate across a channel).
//
// The viscous equation takes the opposite rule (CoarseSolid::AnyChild): a
// coarse cell is solid when any child is. Its unknown is a velocity held at 0
// on every solid, and a coarse level that does not see a thin plate corrects
// across it: with a plate one cell thick the viscous V-cycle diverged (the
// residual grew ~5x a cycle at a = 380; tests/reference/viscous_multigrid_test.cpp,
// ViscousPhysics.AThinPlateKeepsTheViscousStepWithinItsData). Under AnyChild the
// coarse correction stops short of every solid; the fine smoother, which sees
// the solid, does the rest there, more slowly. A velocity needs no passage
// kept open on the coarse levels: the pressure's global coupling is not its.
enum class CoarseSolid { AllChildren, AnyChild };
inline CoarseSolid coarseSolidRule(MultigridEquation equation)
{
    return equation == MultigridEquation::Viscous ? CoarseSolid::AnyChild : CoarseSolid::AllChildren;
}
Field coarserSolid(const Field& fine, int coarseWidth, int coarseHeight, CoarseSolid rule = CoarseSolid::AllChildren);

// Level 0 is `mask` itself; level l follows from level l - 1 by `rule`.
std::vector<Field> solidPyramid(const Field& mask, const std::vector<MultigridLevel>& levels,
                                CoarseSolid rule = CoarseSolid::AllChildren);

// Throws std::invalid_argument naming `who` unless mask is width x height x 1.
void requireMaskShape(const Field& mask, int width, int height, const char* who);

}  // namespace fluid
