// Level 0 of the viscous multigrid on the staggered layout: the STAGGERED
// variants of the multigrid shaders, the same float operations in the same
// order (tests/sim/staggered_parity_test.cpp holds them to it). The smoother
// runs whole rows on the rules' rows (face_rows.hpp), the faces near solids
// one at a time through FaceVelocity's rules, as the residual's restriction
// and the correction's prolongation do everywhere. Level 1 and the coarser
// levels are cell-centred: the restriction writes and the prolongation reads
// them as cells.
#include <cassert>
#include <cmath>

#include "reference/boundary.hpp"
#include "reference/face_rows.hpp"
#include "reference/staggered.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference::staggered {

namespace {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// multigrid.glsl's faceSumU / faceSumV.
template <int component>
float faceSum(const FaceVelocity& x, glm::ivec2 c)
{
    return (x.face<component>(c + kLeft) + x.face<component>(c + kRight)) +
           (x.face<component>(c + kBottom) + x.face<component>(c + kTop));
}

// smooth.frag's jacobiValue(), per component as GLSL's vec2 runs it.
glm::vec2 jacobiValue(glm::vec2 neighbours, glm::vec2 rhs, const LevelOperator& op)
{
    return (rhs + op.alpha * neighbours) * op.inverseDenominator;
}

// restrict_residual.frag's fixedFaceU / fixedFaceV: the faces that are not
// unknowns of the solve (a box's or the tunnel's walls, its inflow and outflow
// faces included, and solid faces).
template <int component>
bool fixedFace(const FaceGrid& faces, glm::ivec2 c)
{
    const PassConstants& k = faces.constants();
    if constexpr (component == 0)
        return (!k.periodic && (c.x <= 0 || c.x >= k.width)) || faces.solidU(c);
    else
        return (!k.periodic && (c.y <= 0 || c.y >= k.height)) || faces.solidV(c);
}

// restrict_residual.frag's residualU / residualV: one face's residual.
template <int component>
float faceResidual(const FaceVelocity& x, const FaceVelocity& rhs, const LevelOperator& op, glm::ivec2 c)
{
    if (fixedFace<component>(x, c)) return 0.0f;
    const float here = x.face<component>(c);
    return rhs.texel<component>(c) - (here - op.alpha * (faceSum<component>(x, c) - 4.0f * here));
}

float bilinear(float a, float b, float c, float d, glm::vec2 f)
{
    const float bottom = a * (1.0f - f.x) + b * f.x;
    const float top = c * (1.0f - f.x) + d * f.x;
    return bottom * (1.0f - f.y) + top * f.y;
}

// body(c) for every cell of a cell-centred level.
template <typename CellBody>
void forEachCell(const Field& out, Exec exec, CellBody&& body)
{
    stencil::forEachRow(out.height(), exec, [&](int j) {
        for (int i = 0; i < out.width(); ++i) body(glm::ivec2(i, j));
    });
}

// smooth's faces of one row as a flat array of n floats (u, v per cell),
// `here` the row as stored (the smoother's own value is the texel's, not
// the rule's), xs the rules' rows around it (face_rows.hpp).
void smoothRow(const RuledRows& xs, const float* __restrict here, const float* __restrict rhs, const LevelOperator& op,
               bool zeroGuess, float* __restrict out, int n)
{
    if (zeroGuess) {
        for (int m = 0; m < n; ++m) out[m] = op.weight * ((rhs[m] + op.alpha * 0.0f) * op.inverseDenominator);
        return;
    }
    const float* __restrict below = xs.below;
    const float* __restrict row = xs.row;
    const float* __restrict above = xs.above;
    for (int m = 0; m < n; ++m) {
        const float neighbours = (row[m - 2] + row[m + 2]) + (below[m] + above[m]);
        out[m] = here[m] + op.weight * ((rhs[m] + op.alpha * neighbours) * op.inverseDenominator - here[m]);
    }
}

// A cell of level 1, whose velocity is cell-centred.
void storeCell(Field& out, glm::ivec2 c, glm::vec2 v)
{
    out.at(c.x, c.y, 0) = v.x;
    out.at(c.x, c.y, 1) = v.y;
}

}  // namespace

void smooth(const Field& x, const Field& rhs, const LevelOperator& op, bool zeroGuess, Field& out,
            const PassConstants& k, Exec exec)
{
    assert(x.sameShape(out) && rhs.sameShape(out) && out.components() == 2);
    const FaceVelocity xs(x, k);
    const FaceVelocity b(rhs, k);
    const FaceVelocityOut to(out, k);
    // Both components have the same formula: the rows run as flat arrays.
    forEachRuledRow(
        xs, to, exec,
        [&](glm::ivec2 c) {
            glm::vec2 next;
            if (zeroGuess) {
                next = op.weight * jacobiValue(glm::vec2(0.0f), b.storedFaces(c), op);
            } else {
                const glm::vec2 here = xs.storedFaces(c);
                const glm::vec2 neighbours(faceSum<0>(xs, c), faceSum<1>(xs, c));
                next = here + op.weight * (jacobiValue(neighbours, b.storedFaces(c), op) - here);
            }
            to.write(c, next.x, next.y);
        },
        [&](int j, const RuledRows& rows) {
            smoothRow(rows, xs.row(j), b.row(j), op, zeroGuess, to.row(j), 2 * k.width);
        });
}

void restrictResidual(const Field& x, const Field& rhs, const LevelOperator& op, Field& coarseOut,
                      const PassConstants& fineK, Exec exec)
{
    // Level 1 has round(n / 2) cells (multigridLevels): no third child here.
    assert(extraChild(fineK.width, coarseOut.width()) < 0 && extraChild(fineK.height, coarseOut.height()) < 0);
    const FaceVelocity xs(x, fineK);
    const FaceVelocity b(rhs, fineK);
    const auto child = [&](glm::ivec2 c) {
        const float u = faceResidual<0>(xs, b, op, c) + faceResidual<0>(xs, b, op, c + kRight);
        const float v = faceResidual<1>(xs, b, op, c) + faceResidual<1>(xs, b, op, c + kTop);
        const bool inside = c.x < fineK.width && c.y < fineK.height;
        return inside ? 0.5f * glm::vec2(u, v) : glm::vec2(0.0f);
    };
    forEachCell(coarseOut, exec, [&](glm::ivec2 cell) {
        const glm::ivec2 fine = 2 * cell;
        const glm::vec2 sum = (child(fine) + child(fine + kRight)) + (child(fine + kTop) + child(fine + kRight + kTop));
        storeCell(coarseOut, cell, 0.25f * sum);
    });
}

void prolongCorrection(const Field& x, const Field& coarse, Field& out, const PassConstants& fineK,
                       const PassConstants& coarseK, Exec exec)
{
    assert(x.sameShape(out) && coarse.width() == coarseK.width && coarse.height() == coarseK.height);
    const FaceVelocity xs(x, fineK);
    const FaceVelocityOut to(out, fineK);
    const auto coarseAt = [&](glm::ivec2 c) { return velocityAt(coarse, c, coarseK); };
    forEachFace(fineK, exec, [&](glm::ivec2 cell) {
        const glm::ivec2 base{(cell.x - 1) >> 1, (cell.y - 1) >> 1};  // C++20: >> extends the sign
        const glm::vec2 even((cell.x & 1) == 0 ? 1.0f : 0.0f, (cell.y & 1) == 0 ? 1.0f : 0.0f);
        const glm::vec2 across = even * 0.5f + 0.25f;
        const glm::vec2 along = even * 0.5f;
        const glm::vec2 a = coarseAt(base);
        const glm::vec2 b = coarseAt(base + kRight);
        const glm::vec2 c = coarseAt(base + kTop);
        const glm::vec2 d = coarseAt(base + kRight + kTop);
        const glm::vec2 e(bilinear(a.x, b.x, c.x, d.x, {along.x, across.y}),
                          bilinear(a.y, b.y, c.y, d.y, {across.x, along.y}));
        const glm::vec2 next = xs.storedFaces(cell) + e;
        to.write(cell, next.x, next.y);
    });
}

double relativeViscousResidual(const Field& x, const Field& b, const PassConstants& k)
{
    const double a = k.diffusionAlpha;
    const Field zero(k.width, k.height, 2);
    const FaceVelocity rhs(b, k);
    // r(u) = b - (u - a (neighbours(u) - 4u)) on every unknown face, in double.
    const auto faceSquare = [&]<int component>(const FaceVelocity& u, glm::ivec2 c) {
        if (fixedFace<component>(u, c)) return 0.0;
        const double neighbours = static_cast<double>(u.face<component>(c + kLeft)) + u.face<component>(c + kRight) +
                                  u.face<component>(c + kBottom) + u.face<component>(c + kTop);
        const double here = u.face<component>(c);
        const double r = rhs.stored<component>(c) - (here - a * (neighbours - 4.0 * here));
        return r * r;
    };
    const auto squaredResidual = [&](const FaceVelocity& u) {
        double sum = 0.0;
        for (int j = 0; j < k.height; ++j)
            for (int i = 0; i < k.width; ++i)
                sum += faceSquare.template operator()<0>(u, {i, j}) + faceSquare.template operator()<1>(u, {i, j});
        return sum;
    };
    const double reference = squaredResidual(FaceVelocity(zero, k));
    const double residual = squaredResidual(FaceVelocity(x, k));
    return reference > 0.0 ? std::sqrt(residual / reference) : std::sqrt(residual);
}

}  // namespace fluid::reference::staggered
