// The staggered layout's stencil passes (the STAGGERED variants of
// diffuse.frag, divergence.frag, gradient.frag, curl.frag, vorticity.frag,
// buoyancy.frag and add_force.frag): the same float operations in the same
// order as the shaders, which the parity tests hold them to. Each stencil
// pass is written twice, as passes.cpp's are: once a face at a time through
// FaceVelocity's rules, for the faces near a wall or a solid, and once as a
// loop on the view's rows for the others (face_rows.hpp has the seam);
// tests/reference/staggered_fast_path_test.cpp holds the two to bitwise
// equality. The curl and the limited confinement force are computed once per
// corner and per cell first (their stencils share them), then read by the
// faces; the confinement reads raw texels only and needs no second form.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <utility>
#include <vector>

#include "reference/boundary.hpp"
#include "reference/face_rows.hpp"
#include "reference/float_ops.hpp"
#include "reference/staggered.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference::staggered {

namespace {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// diffuse.frag's STAGGERED sweep of one component's face.
template <int component>
float diffusedFace(const FaceVelocity& x, const FaceVelocity& b, glm::ivec2 c)
{
    const PassConstants& k = x.constants();
    const float neighbours = (x.face<component>(c + kLeft) + x.face<component>(c + kRight)) +
                             (x.face<component>(c + kBottom) + x.face<component>(c + kTop));
    return (b.stored<component>(c) + k.diffusionAlpha * neighbours) * k.diffusionInverseDenominator;
}

// --- interior rows -------------------------------------------------------------
// Cells [begin, end) of one row j away from walls and solids (face_rows.hpp),
// where every face reads as stored and no face is shut. Velocity rows
// interleave (u, v) per cell: the u face left of cell i is [2 i], the v face
// below it [2 i + 1].

// (u_right - u_left + v_top - v_bottom) / h; `row` and `above` are rows j and
// j + 1 of the velocity.
void divergenceInterior(const float* __restrict row, const float* __restrict above, float* __restrict out,
                        float inverseCellSize, int begin, int end)
{
    for (int i = begin; i < end; ++i)
        out[i] = ((row[2 * i + 2] - row[2 * i]) + (above[2 * i + 1] - row[2 * i + 1])) * inverseCellSize;
}

// Each face less the pressure difference across it over h; `below` and `row`
// are rows j - 1 and j of the pressure.
void gradientInterior(const float* __restrict below, const float* __restrict row, const float* __restrict velocity,
                      float* __restrict out, float inverseCellSize, int begin, int end)
{
    for (int i = begin; i < end; ++i) {
        const float here = row[i];
        out[2 * i] = velocity[2 * i] - (here - row[i - 1]) * inverseCellSize;
        out[2 * i + 1] = velocity[2 * i + 1] - (here - below[i]) * inverseCellSize;
    }
}

}  // namespace

void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec)
{
    assert(x.sameShape(out) && b.sameShape(out));
    const FaceVelocity xs(x, k);
    const FaceVelocity rhs(b, k);
    const FaceVelocityOut to(out, k);
    forEachRuledRow(
        xs, to, exec,
        [&](glm::ivec2 c) {
            const float u = diffusedFace<0>(xs, rhs, c);
            const float v = diffusedFace<1>(xs, rhs, c);
            to.write(c, u, v);
        },
        [&](int j, const RuledRows& rows) {
            stencil::diffuseInterior(rows.below, rows.row, rows.above, rhs.row(j), to.row(j), k.diffusionAlpha,
                                     k.diffusionInverseDenominator, 0, k.width);
        });
}

void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    const FaceVelocity faces(velocity, k);
    forEachFaceSplitAtBorder(
        k, exec, Reach::One,
        [&](glm::ivec2 c) {
            const float du = faces.u(c + kRight) - faces.u(c);
            const float dv = faces.v(c + kTop) - faces.v(c);
            out.at(c.x, c.y) = (du + dv) * k.inverseCellSize;
        },
        [&](int j, int begin, int end) {
            divergenceInterior(faces.row(j), faces.row(j + 1), rowOf(out, j), k.inverseCellSize, begin, end);
        });
}

void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    const FaceVelocity faces(velocity, k);
    const FaceVelocityOut to(out, k);
    forEachFaceSplitAtBorder(
        k, exec, Reach::One,
        [&](glm::ivec2 c) {
            const float here = pressureAt(p, c, k);
            const float u = faces.storedU(c) - (here - pressureAt(p, c + kLeft, k)) * k.inverseCellSize;
            const float v = faces.storedV(c) - (here - pressureAt(p, c + kBottom, k)) * k.inverseCellSize;
            to.write(c, u, v);
        },
        [&](int j, int begin, int end) {
            gradientInterior(rowOf(p, j - 1), rowOf(p, j), faces.row(j), to.row(j), k.inverseCellSize, begin, end);
        });
}

namespace {

// The compact circulation around the corner at (i - 1/2, j - 1/2), over h^2 h.
float cornerCurl(const FaceVelocity& velocity, glm::ivec2 c)
{
    return ((velocity.v(c) - velocity.v(c + kLeft)) - (velocity.u(c) - velocity.u(c + kBottom))) *
           velocity.constants().inverseCellSize;
}

// The confinement force of cell c (vorticity.frag's collocated formula).
glm::vec2 confinementAt(const Field& curlField, glm::ivec2 c, const PassConstants& k)
{
    const float wl = std::fabs(scalar1At(curlField, c + kLeft, k));
    const float wr = std::fabs(scalar1At(curlField, c + kRight, k));
    const float wb = std::fabs(scalar1At(curlField, c + kBottom, k));
    const float wt = std::fabs(scalar1At(curlField, c + kTop, k));
    const glm::vec2 g = glm::vec2(wr - wl, wt - wb) * k.halfInverseCellSize;
    const glm::vec2 n = g / std::fmax(std::sqrt(g.x * g.x + g.y * g.y), 1e-5f);
    const float w = scalar1At(curlField, c, k);
    return {k.vorticityScale * (n.y * w), k.vorticityScale * (-n.x * w)};
}

// The velocity at cell c's centre from the raw texels of its four faces
// (clamped or wrapped as the sampler reads them, no ghost rule): the
// limiter's view of the cell, as vorticity.frag reads it.
glm::vec2 rawCentred(const FaceVelocity& velocity, glm::ivec2 c)
{
    return {(velocity.texel<0>(c) + velocity.texel<0>(c + kRight)) * 0.5f,
            (velocity.texel<1>(c) + velocity.texel<1>(c + kTop)) * 0.5f};
}

float speedSquared(glm::vec2 v)
{
    return v.x * v.x + v.y * v.y;
}

// What remains of `force` at a cell whose centred velocity is u once u plus
// the force is scaled back to a speed of sqrt(limit2) if it is faster.
glm::vec2 limitedForce(glm::vec2 u, glm::vec2 force, float limit2)
{
    glm::vec2 confined = u + force;
    const float s2 = speedSquared(confined);
    if (s2 > limit2) confined *= std::sqrt(limit2) / std::sqrt(s2);
    return confined - u;
}

// Whether cell c's limit counts the lid's speed (the top row of a box) or the
// inflow's (the tunnel's first column).
bool drivenCell(glm::ivec2 c, const PassConstants& k)
{
    return k.tunnel ? c.x == 0 : !k.periodic && c.y == k.height - 1;
}

// The faces' own limit (vorticity.frag's faceLimit) for the two faces of
// cell c (its left u, its bottom v): the largest magnitude of each component
// on the face and its four neighbours of that component (raw texels), and
// the lid's or the inflow's speed where c is driven. The cell-centred limiter
// bounds the speed at the centres, which a face between two cells whose
// sides cancel (an odd-even pattern) does not show: the confinement then
// added to such a face step after step (the parameter fuzz's set 20261240:
// 9x the speed bound after 19 steps at a vorticity of 1e4, 40x after 50).
// Clamped to its limit, no face component outgrows the largest of its
// neighbourhood, as a cell's speed cannot on the collocated layout.
glm::vec2 faceLimits(const FaceVelocity& velocity, glm::ivec2 c)
{
    const PassConstants& k = velocity.constants();
    float limitU = std::abs(velocity.texel<0>(c));
    float limitV = std::abs(velocity.texel<1>(c));
    for (const glm::ivec2 offset : {kLeft, kRight, kBottom, kTop}) {
        limitU = glslMax(limitU, std::abs(velocity.texel<0>(c + offset)));
        limitV = glslMax(limitV, std::abs(velocity.texel<1>(c + offset)));
    }
    if (drivenCell(c, k)) {
        limitU = glslMax(limitU, std::abs(k.lidSpeed));
        limitV = glslMax(limitV, std::abs(k.lidSpeed));
    }
    return {limitU, limitV};
}

// A face's value after the confinement, clamped to its limit (GLSL's clamp).
float withinLimit(float value, float limit)
{
    return glslMin(glslMax(value, -limit), limit);
}

// Cell c's confinement force after the collocated limiter at the cell's
// centre: the limit is the largest centred speed among the cell and its four
// neighbours (and the lid's or the inflow's on their row or column).
glm::vec2 limitedForceAt(const FaceVelocity& velocity, const Field& curlField, glm::ivec2 c)
{
    const PassConstants& k = velocity.constants();
    const glm::vec2 u = rawCentred(velocity, c);
    float limit2 = speedSquared(u);
    for (const glm::ivec2 offset : {kLeft, kRight, kBottom, kTop})
        limit2 = glslMax(limit2, speedSquared(rawCentred(velocity, c + offset)));
    if (drivenCell(c, k)) limit2 = glslMax(limit2, k.lidSpeed * k.lidSpeed);
    return limitedForce(u, confinementAt(curlField, c, k), limit2);
}

// confinementAt on raw rows of the curl (rows j - 1, j, j + 1), into forces
// (two floats a cell) for the cells [begin, end) of row j.
void confinementInterior(const float* __restrict below, const float* __restrict row, const float* __restrict above,
                         float* __restrict forces, float halfInverseCellSize, float vorticityScale, int begin, int end)
{
    for (int i = begin; i < end; ++i) {
        const glm::vec2 force = confinementForceAt(below, row, above, i, halfInverseCellSize, vorticityScale);
        forces[2 * i] = force.x;
        forces[2 * i + 1] = force.y;
    }
}

// limitedForceAt for every cell into `forces` (two floats a cell, a row after
// another): each cell's centred velocity and its speed squared computed once
// (cells -1 .. width and -1 .. height), its unlimited force on raw rows of
// the curl away from the edges, then limited in place.
void limitedForces(const FaceVelocity& velocity, const Field& curlField, std::vector<float>& forces, Exec exec)
{
    const PassConstants& k = velocity.constants();
    struct Centred {
        glm::vec2 u;
        float speed2;
    };
    const std::size_t across = static_cast<std::size_t>(k.width) + 2;
    // Every entry is written below: the calling thread's buffer, kept between
    // passes (a fresh one per pass is a page fault per 4 KiB, every pass),
    // and named by a reference, which the row threads share.
    thread_local std::vector<Centred> buffer;
    std::vector<Centred>& centred = buffer;
    if (centred.size() < across * static_cast<std::size_t>(k.height + 2))
        centred.resize(across * static_cast<std::size_t>(k.height + 2));
    stencil::forEachRow(k.height + 2, exec, [&](int r) {
        Centred* row = centred.data() + across * static_cast<std::size_t>(r) + 1;  // row[i]: cell (i, r - 1)
        const int j = r - 1;
        const auto put = [&](int i, glm::vec2 u) { row[i] = {u, speedSquared(u)}; };
        // Cells whose right and top faces are stored: the raw rows alone.
        int first = -1;
        if (j >= 0 && j < k.height - 1 && k.width > 1) {
            const float* here = velocity.row(j);
            const float* above = velocity.row(j + 1);
            for (int i = 0; i < k.width - 1; ++i)
                put(i, glm::vec2((here[2 * i] + here[2 * i + 2]) * 0.5f, (here[2 * i + 1] + above[2 * i + 1]) * 0.5f));
            put(-1, rawCentred(velocity, {-1, j}));
            first = k.width - 1;
        }
        for (int i = first; i <= k.width; ++i) put(i, rawCentred(velocity, {i, j}));
    });
    stencil::forEachRow(k.height, exec, [&](int j) {
        float* f = forces.data() + 2 * static_cast<std::size_t>(k.width) * static_cast<std::size_t>(j);
        const bool inner = j > 0 && j < k.height - 1 && k.width > 2;
        for (int i = 0; i < k.width; ++i) {
            if (inner && i > 0 && i < k.width - 1) continue;
            const glm::vec2 force = confinementAt(curlField, {i, j}, k);
            f[2 * i] = force.x;
            f[2 * i + 1] = force.y;
        }
        if (inner)
            confinementInterior(rowOf(curlField, j - 1), rowOf(curlField, j), rowOf(curlField, j + 1), f,
                                k.halfInverseCellSize, k.vorticityScale, 1, k.width - 1);
        const Centred* below = centred.data() + across * static_cast<std::size_t>(j) + 1;
        const Centred* here = below + across;
        const Centred* above = here + across;
        for (int i = 0; i < k.width; ++i) {
            float limit2 = here[i].speed2;
            limit2 = glslMax(limit2, here[i - 1].speed2);
            limit2 = glslMax(limit2, here[i + 1].speed2);
            limit2 = glslMax(limit2, below[i].speed2);
            limit2 = glslMax(limit2, above[i].speed2);
            if (drivenCell({i, j}, k)) limit2 = glslMax(limit2, k.lidSpeed * k.lidSpeed);
            const glm::vec2 limited = limitedForce(here[i].u, glm::vec2(f[2 * i], f[2 * i + 1]), limit2);
            f[2 * i] = limited.x;
            f[2 * i + 1] = limited.y;
        }
    });
}

}  // namespace

namespace {

// cornerCurl of the corners 0 .. width of row j (corner i at the lower left
// of cell (i, j)) from its faces as the rules read them: u[i] = u(i, j),
// uBelow[i] = u(i, j - 1), v[i] = v(i, j), for i from -1 (v) or 0.
void cornersFromFaces(const float* __restrict uBelow, const float* __restrict u, const float* __restrict v,
                      float* __restrict corners, float inverseCellSize, int width)
{
    for (int i = 0; i <= width; ++i) corners[i] = ((v[i] - v[i - 1]) - (u[i] - uBelow[i])) * inverseCellSize;
}

// The same on raw rows (row j and the one below it), for the corners whose faces are all stored.
void cornersFromRows(const float* __restrict below, const float* __restrict row, float* __restrict corners,
                     float inverseCellSize, int begin, int end)
{
    for (int i = begin; i < end; ++i)
        corners[i] = ((row[2 * i + 1] - row[2 * i - 1]) - (row[2 * i] - below[2 * i])) * inverseCellSize;
}

// Each cell's curl, the mean of its four corners (`lower`: its row's, `upper`: the row above's).
void curlFromCorners(const float* __restrict lower, const float* __restrict upper, float* __restrict out, int width)
{
    for (int i = 0; i < width; ++i) out[i] = ((lower[i] + lower[i + 1]) + (upper[i] + upper[i + 1])) * 0.25f;
}

// The rows of corners of a run of cell rows [begin, end): corner rows begin
// .. end. A corner reads the faces of cells i-1 .. i and rows j-1 .. j: the
// ones of the inner corner rows (1 .. height-1) are stored but in columns -1,
// 0 and width, which the rules give once for the run (the edge columns), and
// near solids, whose corners go one at a time; the two corner rows on the top
// and bottom walls read rows of faces through the rules (FaceVelocity::ruled).
class CornerRows {
public:
    CornerRows(const FaceVelocity& velocity, int begin, int end)
        : velocity_(velocity), k_(velocity.constants()), first_(begin - 1)
    {
        const PassConstants& k = k_;
        const auto across = static_cast<std::size_t>(k.width) + 2;
        const auto rows = static_cast<std::size_t>(end - begin) + 2;
        buffer_.resize(5 * across + 4 * rows);
        float* next = buffer_.data();
        const auto take = [&](std::size_t n) { return std::exchange(next, next + n); };
        for (float** row : {&uBelow_, &u_, &v_}) *row = take(across) + 1;  // from cell -1
        lower = take(across);
        upper = take(across);
        for (float** column : {&leftV_, &firstU_, &lastU_, &lastV_}) *column = take(rows);
        // The faces of cells -1, 0 and width of rows begin - 1 .. end.
        const int n = end - begin + 2;
        velocity.ruled({-1, first_}, kTop, n, nullptr, leftV_);
        velocity.ruled({0, first_}, kTop, n, firstU_, nullptr);
        velocity.ruled({k.width, first_}, kTop, n, lastU_, lastV_);
    }

    // Corner row j into `corners` (width + 1 floats).
    void compute(int j, float* corners)
    {
        const int width = k_.width;
        if (width < 2) {
            for (int i = 0; i <= width; ++i) corners[i] = cornerCurl(velocity_, {i, j});
            return;
        }
        if (j < 1 || j >= k_.height) {
            velocity_.ruled({-1, j - 1}, kRight, width + 2, uBelow_ - 1, nullptr);
            velocity_.ruled({-1, j}, kRight, width + 2, u_ - 1, v_ - 1);
            cornersFromFaces(uBelow_, u_, v_, corners, k_.inverseCellSize, width);
            return;
        }
        const float* below = velocity_.row(j - 1);
        const float* row = velocity_.row(j);
        const auto r = static_cast<std::size_t>(j - first_);
        const float inverse = k_.inverseCellSize;
        corners[0] = ((row[1] - leftV_[r]) - (firstU_[r] - firstU_[r - 1])) * inverse;
        cornersFromRows(below, row, corners, inverse, 1, width);
        corners[width] = ((lastV_[r] - row[2 * width - 1]) - (lastU_[r] - lastU_[r - 1])) * inverse;
        // A solid cell's faces shut the corners at its left and right: one
        // more on the right than the cells near it.
        const ColumnSpan near = k_.solid != nullptr ? k_.solid->nearSolid(j) : ColumnSpan{};
        if (near.empty()) return;
        for (int i = std::clamp(near.begin, 0, width + 1); i < std::clamp(near.end + 1, 0, width + 1); ++i)
            corners[i] = cornerCurl(velocity_, {i, j});
    }

    float* lower;
    float* upper;

private:
    const FaceVelocity& velocity_;
    const PassConstants& k_;
    int first_;
    std::vector<float> buffer_;
    float* uBelow_;
    float* u_;
    float* v_;
    float* leftV_;
    float* firstU_;
    float* lastU_;
    float* lastV_;
};

}  // namespace

void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    const FaceVelocity faces(velocity, k);
    const auto curlAt = [&](glm::ivec2 c) {
        out.at(c.x, c.y) = ((cornerCurl(faces, c) + cornerCurl(faces, c + kRight)) +
                            (cornerCurl(faces, c + kTop) + cornerCurl(faces, c + kRight + kTop))) *
                           0.25f;
    };
    if (exec.perCell) return forEachFace(k, exec, curlAt);
    // Each row's curl from two rows of corners (its cells' lower and upper
    // ones): a run of rows computes each row of corners once.
    RowPool::shared().run(k.height, stencil::threadCount(exec), [&](int begin, int end) {
        CornerRows corners(faces, begin, end);
        corners.compute(begin, corners.lower);
        for (int j = begin; j < end; ++j) {
            corners.compute(j + 1, corners.upper);
            curlFromCorners(corners.lower, corners.upper, rowOf(out, j), k.width);
            std::swap(corners.lower, corners.upper);
        }
    });
}

void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    const FaceVelocity faces(velocity, k);
    const FaceVelocityOut to(out, k);
    // Each cell's limited force once (a face reads its own cell's and its
    // left or lower neighbour's): two floats a cell. The faces on the left
    // and bottom edges compute their outside cell's in place.
    const std::size_t row = 2 * static_cast<std::size_t>(k.width);
    // Every cell's force is written below: the calling thread's buffer, kept between passes.
    thread_local std::vector<float> buffer;
    std::vector<float>& forces = buffer;  // the calling thread's, also on the row threads
    if (forces.size() < row * static_cast<std::size_t>(k.height))
        forces.resize(row * static_cast<std::size_t>(k.height));
    const auto forceIndex = [&](glm::ivec2 c) {
        return row * static_cast<std::size_t>(c.y) + 2 * static_cast<std::size_t>(c.x);
    };
    if (exec.perCell) {
        forEachFace(k, exec, [&](glm::ivec2 c) {
            const glm::vec2 force = limitedForceAt(faces, curlField, c);
            forces[forceIndex(c)] = force.x;
            forces[forceIndex(c) + 1] = force.y;
        });
    } else {
        limitedForces(faces, curlField, forces, exec);
    }
    const auto forceAt = [&](glm::ivec2 c) {
        if (c.x < 0 || c.y < 0) return limitedForceAt(faces, curlField, c);
        return glm::vec2(forces[forceIndex(c)], forces[forceIndex(c) + 1]);
    };
    forEachFaceSplitAtBorder(
        k, exec, Reach::One,
        [&](glm::ivec2 c) {
            // The faces on the left and bottom walls, which the shut rule
            // fixes whatever it is given, need no force from beyond the wall.
            const bool leftWall = !k.periodic && c.x == 0;
            const bool bottomWall = !k.periodic && c.y == 0;
            const glm::vec2 here = forceAt(c);
            const glm::vec2 limit = faceLimits(faces, c);
            const float u =
                leftWall ? 0.0f : withinLimit(faces.storedU(c) + (forceAt(c + kLeft).x + here.x) * 0.5f, limit.x);
            const float v =
                bottomWall ? 0.0f : withinLimit(faces.storedV(c) + (forceAt(c + kBottom).y + here.y) * 0.5f, limit.y);
            to.write(c, u, v);
        },
        [&](int j, int begin, int end) {
            // Rows away from the walls and the lid's row: every neighbour
            // face is stored, none is driven.
            const float* here = faces.row(j);
            const float* facesBelow = faces.row(j - 1);
            const float* facesAbove = faces.row(j + 1);
            float* result = to.row(j);
            const float* f = forces.data() + row * static_cast<std::size_t>(j);
            const float* below = f - row;
            for (int i = begin; i < end; ++i) {
                const auto limitOf = [&](int component) {
                    const int at = 2 * i + component;
                    float limit = std::abs(here[at]);
                    limit = glslMax(limit, std::abs(here[at - 2]));
                    limit = glslMax(limit, std::abs(here[at + 2]));
                    limit = glslMax(limit, std::abs(facesBelow[at]));
                    return glslMax(limit, std::abs(facesAbove[at]));
                };
                result[2 * i] = withinLimit(here[2 * i] + (f[2 * i - 2] + f[2 * i]) * 0.5f, limitOf(0));
                result[2 * i + 1] = withinLimit(here[2 * i + 1] + (below[2 * i + 1] + f[2 * i + 1]) * 0.5f, limitOf(1));
            }
        });
}

void buoyancy(const Field& velocity, const Field& temperature, const Field& dye, Field& out, const PassConstants& k,
              const PassConstants& dyeGrid, Exec exec)
{
    assert(velocity.sameShape(out));
    const auto liftAt = [&](glm::ivec2 c) {
        glm::vec4 d;
        if (dyeGrid.onVelocityGrid) {
            d = scalarAt(dye, c, k);
        } else {
            const glm::vec2 p((static_cast<float>(c.x) + 0.5f) * dyeGrid.fromVelocityCells - 0.5f,
                              (static_cast<float>(c.y) + 0.5f) * dyeGrid.fromVelocityCells - 0.5f);
            d = scalarAtPoint(dye, p, dyeGrid);
        }
        const float smoke = ((d.r + d.g) + d.b) * (1.0f / 3.0f);
        return k.buoyancyPerKelvin * scalar1At(temperature, c, k) - k.buoyancyPerSmoke * smoke;
    };
    const FaceVelocity faces(velocity, k);
    const FaceVelocityOut to(out, k);
    forEachFace(k, exec, [&](glm::ivec2 c) {
        const float v = faces.storedV(c) + (liftAt(c + kBottom) + liftAt(c)) * 0.5f;
        to.write(c, faces.storedU(c), v);
    });
}

void addForceField(const Field& velocity, const Field& force, Field& out, const ForceFieldConstants& f,
                   const PassConstants& k)
{
    assert(velocity.sameShape(out) && force.width() == k.width && force.height() == k.height);
    const FaceVelocity faces(velocity, k);
    const FaceVelocityOut to(out, k);
    // The motion at the cells' centres, as the sampler returns it (clamped or wrapped).
    const auto forceAt = [&](glm::ivec2 c) { return load2(force, k.periodic ? wrapCell(c, k) : clampCell(c, k)); };
    const auto weight = [&](glm::vec2 m) {
        const float speed = std::sqrt(m.x * m.x + m.y * m.y);
        return f.blend * (speed / (speed + f.fullSpeed));
    };
    forEachFace(k, {1}, [&](glm::ivec2 c) {
        const glm::vec2 here = forceAt(c);
        const glm::vec2 left = forceAt(c + kLeft);
        const glm::vec2 below = forceAt(c + kBottom);
        const glm::vec2 mU((left.x + here.x) * 0.5f, (left.y + here.y) * 0.5f);
        const glm::vec2 mV((below.x + here.x) * 0.5f, (below.y + here.y) * 0.5f);
        const float u = faces.storedU(c);
        const float v = faces.storedV(c);
        to.write(c, u + weight(mU) * (mU.x - u), v + weight(mV) * (mV.y - v));
    });
}

glm::vec2 centredVelocity(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    const FaceVelocity faces(velocity, k);
    return {(faces.u(c) + faces.u(c + kRight)) * 0.5f, (faces.v(c) + faces.v(c + kTop)) * 0.5f};
}
}  // namespace fluid::reference::staggered
