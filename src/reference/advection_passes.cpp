// CPU mirrors of the advection shaders: advect.frag, advect_scalar.frag and
// their SCHEME_STAGE variants (advection.glsl's stageOf, each scheme's
// stageValue), with the trace, the bilinear read and the obstacle rules of
// advection.glsl. The same float operations in the same order as the
// shaders; passes.cpp has the stencil passes, point_reads.cpp the reads at a
// point and the trace among solids.
#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <type_traits>
#include <variant>

#include "reference/bilinear.hpp"
#include "reference/boundary.hpp"
#include "reference/collocated.hpp"
#include "reference/face_rows.hpp"
#include "reference/float_ops.hpp"
#include "reference/passes.hpp"
#include "reference/staggered.hpp"
#include "reference/stencil.hpp"
#include "reference/velocity_kernels.hpp"

namespace fluid::reference {

namespace {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// --- advection ---------------------------------------------------------------

// advect.frag's inflowDye: the tunnel's dye beyond the inflow, 8 bands, each
// 1/32 of the height.
glm::vec4 inflowDye(int j, const PassConstants& k)
{
    const bool inside = j >= 0 && j < k.height;
    const int slot = inside ? (j * 32) / k.height : 0;
    return (slot & 3) == 2 ? glm::vec4(1.0f, 1.0f, 1.0f, 0.0f) : glm::vec4(0.0f);
}

// The source's value at cell c through its boundary rule, for back-traces whose
// bilinear footprint leaves the grid.
template <bool SourceIsVelocity>
glm::vec4 sourceAt(const Field& source, glm::ivec2 c, const PassConstants& k)
{
    if constexpr (SourceIsVelocity)
        return glm::vec4(velocityAt(source, c, k), 0.0f, 0.0f);
    else
        return k.tunnel && c.x < 0 ? inflowDye(c.y, k) : scalarAt(source, c, k);
}

// advect.frag with OBSTACLES, one cell: the trace stopped at solids, solid
// corners read as the ghost of the cell nearest the traced point.
template <int Components, bool SourceIsVelocity>
void advectCellAmongSolids(const Field& source, float decay, glm::ivec2 cell, glm::vec2 pos, float* out,
                           const PassConstants& k)
{
    if (solidAt(cell, k)) {  // fluidOnly
        for (int n = 0; n < Components; ++n) out[n] = 0.0f;
        return;
    }
    pos = stopAtSolids(glm::vec2(cell), pos, k);
    const glm::vec2 base(std::floor(pos.x), std::floor(pos.y));
    const glm::vec2 f = pos - base;
    const glm::ivec2 c0(base);
    glm::ivec2 nearest = c0 + glm::ivec2(f.x >= 0.5f ? 1 : 0, f.y >= 0.5f ? 1 : 0);
    if (!k.periodic) nearest = clampCell(nearest, k);
    glm::vec4 ghost = sourceAt<SourceIsVelocity>(source, nearest, k);
    if constexpr (SourceIsVelocity) ghost = glm::vec4(-ghost.x, -ghost.y, 0.0f, 0.0f);
    const auto corner = [&](glm::ivec2 c) { return solidAt(c, k) ? ghost : sourceAt<SourceIsVelocity>(source, c, k); };
    const glm::vec4 a = corner(c0);
    const glm::vec4 b = corner(c0 + kRight);
    const glm::vec4 c = corner(c0 + kTop);
    const glm::vec4 d = corner(c0 + kRight + kTop);
    blendBilinear<Components>(&a[0], &b[0], &c[0], &d[0], f, decay, out);
}

// advect_scalar.frag's besideWall: cell (i, j) of a scalar's own grid (k)
// lies within half a velocity cell of a wall, where a stage keeps the
// forward value and the cubic read is the bilinear one; never on the
// velocity's grid, nor on a periodic one.
bool besideWall(int i, int j, const PassConstants& k, const PassConstants& velocityGrid)
{
    if (k.onVelocityGrid || k.periodic) return false;
    const float x = (static_cast<float>(i) + 0.5f) * k.toVelocityCells;
    const float y = (static_cast<float>(j) + 0.5f) * k.toVelocityCells;
    return x < 0.5f || y < 0.5f || x > static_cast<float>(velocityGrid.width) - 0.5f ||
           y > static_cast<float>(velocityGrid.height) - 0.5f;
}

// advect_scalar.frag's cubicWeights: the Catmull-Rom weights of the cells at
// -1, 0, 1 and 2 for a point the fraction t past cell 0, each operation
// rounded on its own (the shader's opaque() products).
glm::vec4 cubicWeights(float t)
{
    const float halfT = 0.5f * t;
    return {t * (t * (1.0f - halfT) - 0.5f), 1.0f + (t * t) * (1.5f * t - 2.5f), t * (0.5f + t * (2.0f - 1.5f * t)),
            (t * t) * (halfT - 0.5f)};
}

// advect_scalar.frag's cubicSource on Components floats of one cell: the
// source at the traced point (c0, f) by the Catmull-Rom spline through the
// 4 x 4 cells around it, rows first, clamped to the range of the bilinear
// footprint's four cells, times decay. Cells through the scalar rule
// (sourceAt): a ghost at any distance repeats the edge, wraps, or is the
// inflow's.
template <int Components>
void cubicSource(const Field& source, glm::ivec2 c0, glm::vec2 f, float decay, const PassConstants& k, float* out)
{
    const glm::vec4 wx = cubicWeights(f.x);
    const glm::vec4 wy = cubicWeights(f.y);
    const auto at = [&](int di, int dj) { return sourceAt<false>(source, c0 + glm::ivec2(di, dj), k); };
    const auto blend = [&](glm::vec4 left, glm::vec4 here, glm::vec4 right, glm::vec4 farRight) {
        return wx.x * left + wx.y * here + wx.z * right + wx.w * farRight;
    };
    const auto row = [&](int dj) { return blend(at(-1, dj), at(0, dj), at(1, dj), at(2, dj)); };
    // The bilinear footprint, the middle of rows 0 and 1, read once.
    const glm::vec4 a = at(0, 0), b = at(1, 0), c = at(0, 1), d = at(1, 1);
    const glm::vec4 row0 = blend(at(-1, 0), a, b, at(2, 0));
    const glm::vec4 row1 = blend(at(-1, 1), c, d, at(2, 1));
    const glm::vec4 column = wy.x * row(-1) + wy.y * row0 + wy.z * row1 + wy.w * row(2);
    for (int n = 0; n < Components; ++n) {
        const float lo = glslMin(glslMin(a[n], b[n]), glslMin(c[n], d[n]));
        const float hi = glslMax(glslMax(a[n], b[n]), glslMax(c[n], d[n]));
        out[n] = glslMin(glslMax(column[n], lo), hi) * decay;
    }
}

// std::fmin(std::fmax(x, lo), hi): a NaN position lands on lo.
float clampTrace(float x, float lo, float hi)
{
    return atMost(atLeast(x, lo), hi);
}

// advection.glsl's velocityAtPoint: the velocity bilinearly interpolated at
// the point p of the simulation grid (whose constants are velocityGrid), by
// the layout's rule.
glm::vec2 velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& velocityGrid)
{
    return kernelsOf(velocityGrid).velocityAtPoint(velocity, p, velocityGrid);
}

// How a pass over the grid of k reads the velocity at its cells' centres:
// Own, the cell's own (the collocated velocity on its grid); FaceCentres, the
// staggered velocity on its grid, interpolated from the faces around the
// centre; Interpolated, read at the centre's point of another grid.
enum class VelocityRead { Own, FaceCentres, Interpolated };

// The centre of cell (i, j) of the grid of k at its point on the simulation
// grid, the velocity read there: a call, kept out of the loops that inline
// velocityHere.
[[gnu::noinline]] glm::vec2 velocityAtCentreOf(const Field& velocity, const PassConstants& velocityGrid, int i, int j,
                                               const PassConstants& k)
{
    const glm::vec2 p((static_cast<float>(i) + 0.5f) * k.toVelocityCells - 0.5f,
                      (static_cast<float>(j) + 0.5f) * k.toVelocityCells - 0.5f);
    return velocityAtPoint(velocity, p, velocityGrid);
}

// advect_scalar.frag's velocityHere: the velocity at cell (i, j) of the grid of
// k. u: row j of the velocity (Own), or of its centre values (FaceCentres:
// staggered::centreVelocities, velocityAtPoint at the centres).
template <VelocityRead Read>
[[gnu::always_inline]] inline glm::vec2 velocityHere(const Field& velocity, const PassConstants& velocityGrid,
                                                     const float* u, int i, int j, const PassConstants& k)
{
    if constexpr (Read == VelocityRead::Interpolated)
        return velocityAtCentreOf(velocity, velocityGrid, i, j, k);
    else
        return {u[2 * i], u[2 * i + 1]};
}

// The back-trace that advectRows and stageRows share, operation for
// operation (the stage's limiter must bound by the very cells the forward
// step read: advect.frag's SCHEME_STAGE variant): how far a trace may go (the
// one difference between the rules on this path), row j's velocities as Read
// says, and each cell's traced point.
template <VelocityRead Read>
struct BackTrace {
    BackTrace(const Field& velocityField, const PassConstants& simulationGrid, const PassConstants& grid)
        : velocity(velocityField), velocityGrid(simulationGrid), k(grid), faces(facesOf(velocityField, simulationGrid))
    {
        const glm::vec2 size(static_cast<float>(k.width), static_cast<float>(k.height));
        lo = k.periodic ? -4.0f * size : glm::vec2(-0.5f);
        hi = k.periodic ? 4.0f * size : size - 0.5f;
    }

    static auto facesOf(const Field& velocity, const PassConstants& grid)
    {
        if constexpr (Read == VelocityRead::FaceCentres)
            return FaceVelocity(velocity, grid);
        else
            return std::monostate{};
    }

    // Row j's velocities, or null where Read interpolates them cell by cell.
    const float* velocityRow(int j) const
    {
        if constexpr (Read == VelocityRead::FaceCentres)
            return staggered::centreVelocities(faces, j);
        else if constexpr (Read == VelocityRead::Own)
            return rowOf(velocity, j);
        else
            return nullptr;
    }

    // Where cell (i, j)'s trace ends; u: velocityRow(j).
    glm::vec2 pointOf(const float* u, int i, int j) const
    {
        const glm::vec2 here = velocityHere<Read>(velocity, velocityGrid, u, i, j, k);
        return {clampTrace(static_cast<float>(i) - k.dtOverCellSize * here.x, lo.x, hi.x),
                clampTrace(static_cast<float>(j) - k.dtOverCellSize * here.y, lo.y, hi.y)};
    }

    const Field& velocity;
    const PassConstants& velocityGrid;
    const PassConstants& k;
    glm::vec2 lo, hi;
    // The velocity as faces, where Read reads it so.
    [[no_unique_address]] std::conditional_t<Read == VelocityRead::FaceCentres, FaceVelocity, std::monostate> faces;
};

// One advection pass over the grid of k, the velocity read at each cell's
// centre as Read says (on the simulation grid, velocityGrid).
template <int Components, bool SourceIsVelocity, VelocityRead Read>
void advectRows(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay, Field& out,
                const PassConstants& k, Exec exec)
{
    const int width = k.width;
    const int height = k.height;
    const BackTrace<Read> trace(velocity, velocityGrid, k);
    forEachRow(k, exec, [&](int j) {
        const float* u = trace.velocityRow(j);
        float* result = rowOf(out, j);
        for (int i = 0; i < width; ++i) {
            const glm::vec2 pos = trace.pointOf(u, i, j);
            const glm::vec2 base(std::floor(pos.x), std::floor(pos.y));
            const glm::vec2 f = pos - base;
            const glm::ivec2 c0(base);
            float* cellOut = result + Components * i;
            if constexpr (!SourceIsVelocity) {
                if (k.cubicRead && !besideWall(i, j, k, velocityGrid)) {  // the dye on its own grid: no solids there
                    cubicSource<Components>(source, c0, f, decay, k, cellOut);
                    continue;
                }
            }
            // Among solids, unless the whole trace and footprint keep clear of
            // them (then the obstacle path gives this path's result to the bit;
            // the clearance does not wrap, so periodic grids always take it).
            if (k.solid != nullptr &&
                (k.periodic || !k.solid->clearWithin(i, j,
                                                     atLeast(std::fabs(pos.x - static_cast<float>(i)),
                                                             std::fabs(pos.y - static_cast<float>(j)))))) {
                advectCellAmongSolids<Components, SourceIsVelocity>(source, decay, glm::ivec2(i, j), pos, cellOut, k);
                continue;
            }
            // A footprint inside the grid reads the cells themselves under either
            // rule (wrapping changes nothing there, mirroring does not apply).
            if (c0.x >= 0 && c0.x < width - 1 && c0.y >= 0 && c0.y < height - 1) {
                const float* bottomRow = rowOf(source, c0.y) + Components * c0.x;
                const float* topRow = rowOf(source, c0.y + 1) + Components * c0.x;
                blendBilinear<Components>(bottomRow, bottomRow + Components, topRow, topRow + Components, f, decay,
                                          cellOut);
                continue;
            }
            const glm::vec4 a = sourceAt<SourceIsVelocity>(source, c0, k);
            const glm::vec4 b = sourceAt<SourceIsVelocity>(source, c0 + kRight, k);
            const glm::vec4 c = sourceAt<SourceIsVelocity>(source, c0 + kTop, k);
            const glm::vec4 d = sourceAt<SourceIsVelocity>(source, c0 + kRight + kTop, k);
            blendBilinear<Components>(&a[0], &b[0], &c[0], &d[0], f, decay, cellOut);
        }
    });
}

// f.template operator()<n>() for a field of n floats a cell (1 to 4).
template <typename F>
void forComponents(int n, const F& f)
{
    if (n == 1) return f.template operator()<1>();
    if (n == 2) return f.template operator()<2>();
    if (n == 3) return f.template operator()<3>();
    f.template operator()<4>();
}

// The simulation grid's constants for a field on a grid of its own, which
// reads the velocity there without the obstacle mask (docs/algorithm.md, the
// dye grid): its trace does not see the obstacles, and the velocity is zero
// in a solid because every velocity pass writes it so. A solid face is then
// read as stored, as advect_scalar.frag reads it (built without OBSTACLES on
// that grid); with the mask the staggered face rule would read it as 0.
PassConstants withoutSolids(PassConstants velocityGrid)
{
    velocityGrid.solid = nullptr;
    return velocityGrid;
}

template <VelocityRead Read>
void advectScalarRows(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay,
                      Field& out, const PassConstants& k, Exec exec)
{
    // Exec::perCell: the faces' centres through velocityAtPoint, as from another grid (tests).
    if (Read == VelocityRead::FaceCentres && exec.perCell)
        return advectScalarRows<VelocityRead::Interpolated>(velocity, velocityGrid, source, decay, out, k, exec);
    forComponents(source.components(), [&]<int Components>() {
        advectRows<Components, false, Read>(velocity, velocityGrid, source, decay, out, k, exec);
    });
}

// --- a scheme's stages ----------------------------------------------------------

// advection.glsl's stageOf on Components floats of one cell: a, b, c, d are
// phi^n at the four cells the forward back-trace read (bottom row, then top row).
template <int Components>
void stageCell(const float* __restrict forward, const float* __restrict original, const float* __restrict traced,
               const float* __restrict a, const float* __restrict b, const float* __restrict c,
               const float* __restrict d, float decay, StageValue value, float* __restrict out)
{
    for (int n = 0; n < Components; ++n) {
        const float lo = glslMin(glslMin(a[n], b[n]), glslMin(c[n], d[n])) * decay;
        const float hi = glslMax(glslMax(a[n], b[n]), glslMax(c[n], d[n])) * decay;
        out[n] = value(forward[n], original[n], traced[n], lo, hi, decay, false);
    }
}

// The stage where the forward footprint reads a ghost cell (no bounds).
template <int Components>
void stageCellAtGhost(const float* forward, const float* original, const float* traced, float decay, StageValue value,
                      float* out)
{
    for (int n = 0; n < Components; ++n) out[n] = value(forward[n], original[n], traced[n], 0.0f, 0.0f, decay, true);
}

// The stage among obstacles: advectCellAmongSolids' stopped trace and
// footprint.
template <int Components, bool SourceIsVelocity>
void stageCellAmongSolids(const Field& original, const float* forward, const float* here, const float* traced,
                          float decay, StageValue value, glm::ivec2 cell, glm::vec2 pos, float* out,
                          const PassConstants& k)
{
    if (solidAt(cell, k)) {  // fluidOnly
        for (int n = 0; n < Components; ++n) out[n] = 0.0f;
        return;
    }
    // The stopped trace's footprint; a ghost among its corners gives the
    // forward value, so the stage needs no ghost's value.
    pos = stopAtSolids(glm::vec2(cell), pos, k);
    const glm::ivec2 c0(glm::vec2(std::floor(pos.x), std::floor(pos.y)));
    const auto outside = [&](glm::ivec2 c) {
        return !k.periodic && (c.x < 0 || c.y < 0 || c.x >= k.width || c.y >= k.height);
    };
    for (const glm::ivec2 c : {c0, c0 + kRight, c0 + kTop, c0 + kRight + kTop})
        if (solidAt(c, k) || outside(c)) {  // a ghost cell (advection.glsl's readsGhost)
            stageCellAtGhost<Components>(forward, here, traced, decay, value, out);
            return;
        }
    const auto corner = [&](glm::ivec2 c) { return sourceAt<SourceIsVelocity>(original, c, k); };
    const glm::vec4 a = corner(c0);
    const glm::vec4 b = corner(c0 + kRight);
    const glm::vec4 c = corner(c0 + kTop);
    const glm::vec4 d = corner(c0 + kRight + kTop);
    stageCell<Components>(forward, here, traced, &a[0], &b[0], &c[0], &d[0], decay, value, out);
}

template <int Components, bool SourceIsVelocity, VelocityRead Read>
void stageRows(const Field& velocity, const PassConstants& velocityGrid, const Field& original, const Field& forward,
               const Field& traced, float decay, StageValue value, Field& out, const PassConstants& k, Exec exec)
{
    const int width = k.width;
    const int height = k.height;
    const BackTrace<Read> trace(velocity, velocityGrid, k);
    forEachRow(k, exec, [&](int j) {
        const float* u = trace.velocityRow(j);
        const float* forwardRow = rowOf(forward, j);
        const float* originalRow = rowOf(original, j);
        const float* tracedRow = rowOf(traced, j);
        float* result = rowOf(out, j);
        for (int i = 0; i < width; ++i) {
            const glm::vec2 pos = trace.pointOf(u, i, j);
            const glm::ivec2 c0(glm::vec2(std::floor(pos.x), std::floor(pos.y)));
            const float* cellValues[] = {forwardRow + Components * i, originalRow + Components * i,
                                         tracedRow + Components * i};
            float* cellOut = result + Components * i;
            if (!SourceIsVelocity && besideWall(i, j, k, velocityGrid)) {
                stageCellAtGhost<Components>(cellValues[0], cellValues[1], cellValues[2], decay, value, cellOut);
                continue;
            }
            if (k.solid != nullptr) {
                stageCellAmongSolids<Components, SourceIsVelocity>(original, cellValues[0], cellValues[1],
                                                                   cellValues[2], decay, value, glm::ivec2(i, j), pos,
                                                                   cellOut, k);
                continue;
            }
            if (c0.x >= 0 && c0.x < width - 1 && c0.y >= 0 && c0.y < height - 1) {
                const float* bottomRow = rowOf(original, c0.y) + Components * c0.x;
                const float* topRow = rowOf(original, c0.y + 1) + Components * c0.x;
                stageCell<Components>(cellValues[0], cellValues[1], cellValues[2], bottomRow, bottomRow + Components,
                                      topRow, topRow + Components, decay, value, cellOut);
                continue;
            }
            if (!k.periodic) {  // the footprint reads a ghost cell (advection.glsl's readsGhost)
                stageCellAtGhost<Components>(cellValues[0], cellValues[1], cellValues[2], decay, value, cellOut);
                continue;
            }
            const glm::vec4 a = sourceAt<SourceIsVelocity>(original, c0, k);
            const glm::vec4 b = sourceAt<SourceIsVelocity>(original, c0 + kRight, k);
            const glm::vec4 c = sourceAt<SourceIsVelocity>(original, c0 + kTop, k);
            const glm::vec4 d = sourceAt<SourceIsVelocity>(original, c0 + kRight + kTop, k);
            stageCell<Components>(cellValues[0], cellValues[1], cellValues[2], &a[0], &b[0], &c[0], &d[0], decay, value,
                                  cellOut);
        }
    });
}

}  // namespace

void advect(const Field& velocity, const Field& source, bool sourceIsVelocity, float decay, Field& out,
            const PassConstants& k, Exec exec)
{
    assert(source.sameShape(out));
    const VelocityKernels& kernels = kernelsOf(k);
    if (sourceIsVelocity)
        kernels.advectVelocity(velocity, source, decay, out, k, exec);
    else
        kernels.advectScalarHere(velocity, k, source, decay, out, k, exec);
}

void advectScalar(const Field& velocity, const PassConstants& velocityGrid, const Field& source, float decay,
                  Field& out, const PassConstants& k, Exec exec)
{
    assert(source.sameShape(out) && source.width() == k.width && source.height() == k.height);
    if (k.onVelocityGrid)
        kernelsOf(velocityGrid).advectScalarHere(velocity, velocityGrid, source, decay, out, k, exec);
    else
        advectScalarRows<VelocityRead::Interpolated>(velocity, withoutSolids(velocityGrid), source, decay, out, k,
                                                     exec);
}

Field velocityAtDyeCells(const Field& velocity, const PassConstants& velocityGrid, const PassConstants& k, Exec exec)
{
    Field out(k.width, k.height, 2);
    const PassConstants read = withoutSolids(velocityGrid);  // as advectScalar reads it
    forEachRow(k, exec, [&](int j) {
        for (int i = 0; i < k.width; ++i) {
            const glm::vec2 v = velocityAtCentreOf(velocity, read, i, j, k);
            out.at(i, j, 0) = v.x;
            out.at(i, j, 1) = v.y;
        }
    });
    return out;
}

void collocated::advectVelocity(const Field& velocity, const Field& carried, float decay, Field& out,
                                const PassConstants& k, Exec exec)
{
    advectRows<2, true, VelocityRead::Own>(velocity, k, carried, decay, out, k, exec);
}

void collocated::advectScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& source,
                                  float decay, Field& out, const PassConstants& k, Exec exec)
{
    advectScalarRows<VelocityRead::Own>(velocity, velocityGrid, source, decay, out, k, exec);
}

void staggered::advectScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& source,
                                 float decay, Field& out, const PassConstants& k, Exec exec)
{
    advectScalarRows<VelocityRead::FaceCentres>(velocity, velocityGrid, source, decay, out, k, exec);
}

namespace {

template <VelocityRead Read>
void stageScalarRows(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                     const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                     const PassConstants& k, Exec exec)
{
    if (Read == VelocityRead::FaceCentres && exec.perCell)
        return stageScalarRows<VelocityRead::Interpolated>(velocity, velocityGrid, original, forward, traced, decay,
                                                           value, out, k, exec);
    forComponents(original.components(), [&]<int Components>() {
        stageRows<Components, false, Read>(velocity, velocityGrid, original, forward, traced, decay, value, out, k,
                                           exec);
    });
}

}  // namespace

void schemeStage(const Field& velocity, const Field& original, const Field& forward, const Field& traced,
                 bool sourceIsVelocity, float decay, StageValue value, Field& out, const PassConstants& k, Exec exec)
{
    assert(original.sameShape(out) && forward.sameShape(out) && traced.sameShape(out));
    const VelocityKernels& kernels = kernelsOf(k);
    if (sourceIsVelocity)
        kernels.stageVelocity(velocity, original, forward, traced, decay, value, out, k, exec);
    else
        kernels.stageScalarHere(velocity, k, original, forward, traced, decay, value, out, k, exec);
}

void schemeStageScalar(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                       const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                       const PassConstants& k, Exec exec)
{
    assert(original.sameShape(out) && forward.sameShape(out) && traced.sameShape(out));
    assert(original.width() == k.width && original.height() == k.height);
    if (k.onVelocityGrid)
        kernelsOf(velocityGrid)
            .stageScalarHere(velocity, velocityGrid, original, forward, traced, decay, value, out, k, exec);
    else
        stageScalarRows<VelocityRead::Interpolated>(velocity, withoutSolids(velocityGrid), original, forward, traced,
                                                    decay, value, out, k, exec);
}

void maccormack(const Field& velocity, const Field& original, const Field& forward, const Field& backward,
                bool sourceIsVelocity, float decay, Field& out, const PassConstants& k, Exec exec)
{
    schemeStage(velocity, original, forward, backward, sourceIsVelocity, decay, maccormackStage, out, k, exec);
}

void maccormackScalar(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                      const Field& forward, const Field& backward, float decay, Field& out, const PassConstants& k,
                      Exec exec)
{
    schemeStageScalar(velocity, velocityGrid, original, forward, backward, decay, maccormackStage, out, k, exec);
}

void collocated::stageVelocity(const Field& velocity, const Field& original, const Field& forward, const Field& traced,
                               float decay, StageValue value, Field& out, const PassConstants& k, Exec exec)
{
    stageRows<2, true, VelocityRead::Own>(velocity, k, original, forward, traced, decay, value, out, k, exec);
}

void collocated::stageScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                                 const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                                 const PassConstants& k, Exec exec)
{
    stageScalarRows<VelocityRead::Own>(velocity, velocityGrid, original, forward, traced, decay, value, out, k, exec);
}

void staggered::stageScalarHere(const Field& velocity, const PassConstants& velocityGrid, const Field& original,
                                const Field& forward, const Field& traced, float decay, StageValue value, Field& out,
                                const PassConstants& k, Exec exec)
{
    stageScalarRows<VelocityRead::FaceCentres>(velocity, velocityGrid, original, forward, traced, decay, value, out, k,
                                               exec);
}

}  // namespace fluid::reference
