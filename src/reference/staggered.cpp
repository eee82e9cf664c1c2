// The staggered layout's face rules (FaceVelocity's out-of-line members) and
// its advection passes (splat.frag's, advect.frag's and maccormack.glsl's
// STAGGERED variants): the same float operations in the same order as the
// shaders, which the parity tests hold them to. The advection passes read
// the velocity at the faces away from walls and solids from the view's rows
// (face_rows.hpp); staggered_stencils.cpp has the stencil passes.
#include "reference/staggered.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "reference/boundary.hpp"
#include "reference/face_rows.hpp"
#include "reference/float_ops.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

// The tunnel's u: the inflow face (i = 0) and any left of it move at the
// inflow speed; the outflow face (i = width, not stored) and any right of it
// carry what makes the last column's divergence zero, so the outflow passes
// on whatever the column receives (and the projection stays exact there);
// beyond the top and bottom the slip walls mirror u, the no-slip ones negate it.
float FaceVelocity::tunnelU(glm::ivec2 c) const
{
    const PassConstants& k = *k_;
    const int j = std::clamp(c.y, 0, k.height - 1);
    float value;
    if (c.x <= 0) {
        value = k.lidSpeed;
    } else if (c.x >= k.width) {
        const int last = k.width - 1;
        value = u({last, j}) - (v({last, j + 1}) - v({last, j}));
    } else {
        value = storedU({c.x, j});
    }
    if ((c.y < 0 || c.y >= k.height) && k.tunnelWalls) value = -value;
    return value;
}

float FaceVelocity::uRule(glm::ivec2 c) const
{
    const PassConstants& k = *k_;
    if (solidU(c)) return 0.0f;
    if (k.periodic) return storedU(wrapCell(c, k));
    if (k.tunnel) return tunnelU(c);
    // The dye's slipping read: a side wall's face reads as the first face in,
    // and beyond the bottom and the lid u repeats its mirror.
    if (k.slipWalls) return storedU(clampCell({std::clamp(c.x, 1, k.width - 1), c.y}, k));
    if (c.x <= 0 || c.x >= k.width) return 0.0f;
    float value = storedU({c.x, std::clamp(c.y, 0, k.height - 1)});
    if (c.y < 0 || c.y >= k.height) value = -value;
    if (c.y >= k.height) value += 2.0f * k.lidSpeed;
    return value;
}

float FaceVelocity::vRule(glm::ivec2 c) const
{
    const PassConstants& k = *k_;
    if (solidV(c)) return 0.0f;
    if (k.periodic) return storedV(wrapCell(c, k));
    // The dye's slipping read in a box: the bottom's and the lid's faces read
    // as the first face in, and beyond the side walls v repeats its mirror.
    if (k.slipWalls && !k.tunnel) return storedV(clampCell({c.x, std::clamp(c.y, 1, k.height - 1)}, k));
    if (c.y <= 0 || c.y >= k.height) return 0.0f;
    float value = storedV({std::clamp(c.x, 0, k.width - 1), c.y});
    // Box: both side walls negate v; tunnel: the inflow's ghost does (the
    // inflow face moves along x only), the outflow repeats v.
    if (k.tunnel ? c.x < 0 : (c.x < 0 || c.x >= k.width)) value = -value;
    return value;
}

// Flattened: the rules' branches on the boundary mode do not change along
// the loop, and inlined into it they cost a fraction of a call per face.
[[gnu::flatten]] void FaceVelocity::ruled(glm::ivec2 first, glm::ivec2 step, int count, float* us, float* vs) const
{
    for (int n = 0; n < count; ++n) {
        const glm::ivec2 c = first + n * step;
        if (us != nullptr) us[n] = u(c);
        if (vs != nullptr) vs[n] = v(c);
    }
}

namespace staggered {

namespace {

// The bilinear blend of advection.glsl on one component.
float bilinear(float a, float b, float c, float d, glm::vec2 f, float decay)
{
    const float bottom = a * (1.0f - f.x) + b * f.x;
    const float top = c * (1.0f - f.x) + d * f.x;
    return (bottom * (1.0f - f.y) + top * f.y) * decay;
}

// Whether the 2x2 faces of a component from c0 are all inner faces away
// from solids, which the rule reads as stored.
template <int component>
bool innerFootprint(glm::ivec2 c0, const PassConstants& k)
{
    if (k.solid != nullptr) return false;
    if constexpr (component == 0) return c0.x > 0 && c0.x + 1 < k.width && c0.y >= 0 && c0.y + 1 < k.height;
    return c0.y > 0 && c0.y + 1 < k.height && c0.x >= 0 && c0.x + 1 < k.width;
}

// faceAt's read of a footprint that meets a wall or a solid: through the rules.
template <int component>
[[gnu::noinline]] float faceAtByRules(const FaceVelocity& velocity, glm::ivec2 c0, glm::vec2 f, float decay)
{
    return bilinear(velocity.face<component>(c0), velocity.face<component>(c0 + kRight),
                    velocity.face<component>(c0 + kTop), velocity.face<component>(c0 + kRight + kTop), f, decay);
}

// One component's faces read bilinearly at q, a point in that component's own
// index space (face (i, j) at q = (i, j)); c0 and f: the footprint it used.
// Inlined into the advection's loops, which call it for every face.
template <int component>
[[gnu::always_inline]] inline float faceAt(const FaceVelocity& velocity, glm::vec2 q, float decay, glm::ivec2& c0)
{
    const glm::vec2 base(std::floor(q.x), std::floor(q.y));
    const glm::vec2 f = q - base;
    c0 = glm::ivec2(base);
    if (innerFootprint<component>(c0, velocity.constants()))  // the four faces read as stored
        return bilinear(velocity.stored<component>(c0), velocity.stored<component>(c0 + kRight),
                        velocity.stored<component>(c0 + kTop), velocity.stored<component>(c0 + kRight + kTop), f,
                        decay);
    return faceAtByRules<component>(velocity, c0, f, decay);
}

// The point of u's face (i, j) in u's index space: x + 1/2.
glm::vec2 inUIndices(glm::vec2 p)
{
    return {p.x + 0.5f, p.y};
}
glm::vec2 inVIndices(glm::vec2 p)
{
    return {p.x, p.y + 0.5f};
}

// The velocity at u's face of cell c (its own u, v the mean of the four
// nearest v faces), and at v's face.
glm::vec2 velocityAtFaceU(const FaceVelocity& velocity, glm::ivec2 c)
{
    const float v =
        ((velocity.v(c + kLeft) + velocity.v(c)) + (velocity.v(c + kLeft + kTop) + velocity.v(c + kTop))) * 0.25f;
    return {velocity.u(c), v};
}
glm::vec2 velocityAtFaceV(const FaceVelocity& velocity, glm::ivec2 c)
{
    const float u =
        ((velocity.u(c + kBottom) + velocity.u(c + kRight + kBottom)) + (velocity.u(c) + velocity.u(c + kRight))) *
        0.25f;
    return {u, velocity.v(c)};
}

// On raw rows, for the cells away from walls and solids (face_rows.hpp):
// `below`, `row` and `above` are rows j - 1, j and j + 1 of the velocity.
glm::vec2 velocityAtFaceU(const float* __restrict row, const float* __restrict above, int i)
{
    return {row[2 * i], ((row[2 * i - 1] + row[2 * i + 1]) + (above[2 * i - 1] + above[2 * i + 1])) * 0.25f};
}
glm::vec2 velocityAtFaceV(const float* __restrict below, const float* __restrict row, int i)
{
    return {((below[2 * i] + below[2 * i + 2]) + (row[2 * i] + row[2 * i + 2])) * 0.25f, row[2 * i + 1]};
}

// advectRows' trace from a point p by the velocity `here`: clamped at the
// walls, or kept near the grid when periodic, and stopped before a solid.
class Tracer {
public:
    explicit Tracer(const PassConstants& k)
        : k_(k), lo_(k.periodic ? -4.0f * size(k) : glm::vec2(-0.5f)), hi_(k.periodic ? 4.0f * size(k) : size(k) - 0.5f)
    {
    }
    glm::vec2 operator()(glm::vec2 p, glm::vec2 here) const
    {
        const glm::vec2 pos(p.x - k_.dtOverCellSize * here.x, p.y - k_.dtOverCellSize * here.y);
        const glm::vec2 clamped(glslMin(glslMax(pos.x, lo_.x), hi_.x), glslMin(glslMax(pos.y, lo_.y), hi_.y));
        return k_.solid != nullptr ? stopAtSolids(p, clamped, k_) : clamped;
    }

private:
    static glm::vec2 size(const PassConstants& k)
    {
        return {static_cast<float>(k.width), static_cast<float>(k.height)};
    }
    const PassConstants& k_;
    glm::vec2 lo_;
    glm::vec2 hi_;
};

// Whether a footprint at c0 reads a ghost face (an extrapolation beyond a
// wall, not a value of the flow): u's faces run 0..width across (the walls'
// own zeros included) and 0..height-1 up; v's the other way round.
// Among obstacles, a solid face in the footprint is one too (its 0 is a wall's).
bool readsSolid(bool (FaceGrid::*solid)(glm::ivec2) const, const FaceGrid& faces, glm::ivec2 c0)
{
    return faces.constants().solid != nullptr && ((faces.*solid)(c0) || (faces.*solid)(c0 + kRight) ||
                                                  (faces.*solid)(c0 + kTop) || (faces.*solid)(c0 + kRight + kTop));
}
bool readsGhostU(const FaceGrid& faces, glm::ivec2 c0)
{
    const PassConstants& k = faces.constants();
    return (!k.periodic && (c0.x < 0 || c0.x + 1 > k.width || c0.y < 0 || c0.y + 1 >= k.height)) ||
           readsSolid(&FaceGrid::solidU, faces, c0);
}
bool readsGhostV(const FaceGrid& faces, glm::ivec2 c0)
{
    const PassConstants& k = faces.constants();
    return (!k.periodic && (c0.x < 0 || c0.x + 1 >= k.width || c0.y < 0 || c0.y + 1 > k.height)) ||
           readsSolid(&FaceGrid::solidV, faces, c0);
}

// advection.glsl's stageOf on one component, from the footprint's four faces of phi^n.
float stageFromFootprint(float a, float b, float c, float d, float forward, float here, float traced, float decay,
                         StageValue value)
{
    const float lo = glslMin(glslMin(a, b), glslMin(c, d)) * decay;
    const float hi = glslMax(glslMax(a, b), glslMax(c, d)) * decay;
    return value(forward, here, traced, lo, hi, decay, false);
}

// The same from the footprint at c0, read through the rules.
template <int component>
float corrected(const FaceVelocity& original, glm::ivec2 c0, float forward, float here, float traced, float decay,
                StageValue value, bool ghost)
{
    if (ghost) return value(forward, here, traced, 0.0f, 0.0f, decay, true);
    return stageFromFootprint(original.face<component>(c0), original.face<component>(c0 + kRight),
                              original.face<component>(c0 + kTop), original.face<component>(c0 + kRight + kTop),
                              forward, here, traced, decay, value);
}

}  // namespace

glm::vec2 velocityAtPoint(const FaceVelocity& velocity, glm::vec2 p)
{
    glm::ivec2 unused;
    return {faceAt<0>(velocity, inUIndices(p), 1.0f, unused), faceAt<1>(velocity, inVIndices(p), 1.0f, unused)};
}

glm::vec2 velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& k)
{
    return velocityAtPoint(FaceVelocity(velocity, k), p);
}

void splat(const Field& in, const SplatInCells& s, glm::vec2 value, Field& out, const PassConstants& k, Exec exec)
{
    assert(in.sameShape(out) && in.components() == 2);
    const FaceVelocity from(in, k);
    const FaceVelocityOut to(out, k);
    const CellBlock reach = splatReach(s, k.width, k.height);
    stencil::forEachRow(k.height, exec, [&](int j) {
        std::copy(from.row(j), from.row(j) + 2 * k.width, to.row(j));  // beyond the reach, as it was
        if (j >= reach.begin.y && j < reach.end.y) splatRow(from, s, value, to, j, reach.begin.x, reach.end.x, exec);
    });
}

namespace {

// Each face of `out` from its own trace: valueU(c, v) and valueV(c, v) give a
// face's value from the velocity at it; the border reads the velocity through
// the rules, interiorRow(j, begin, end, below, row, above) does the cells
// [begin, end) of an interior row from the velocity's rows j - 1, j, j + 1.
template <typename ValueU, typename ValueV, typename InteriorRow>
void forEachTracedFace(const FaceVelocity& velocity, const FaceVelocityOut& out, Exec exec, const ValueU& valueU,
                       const ValueV& valueV, const InteriorRow& interiorRow)
{
    forEachFaceSplitAtBorder(
        velocity.constants(), exec, Reach::One,
        [&](glm::ivec2 c) {
            const float u = valueU(c, velocityAtFaceU(velocity, c));
            const float v = valueV(c, velocityAtFaceV(velocity, c));
            out.write(c, u, v);
        },
        [&](int j, int begin, int end) {
            interiorRow(j, begin, end, velocity.row(j - 1), velocity.row(j), velocity.row(j + 1));
        });
}

// The same, the interior rows' faces one at a time through valueU and valueV.
template <typename ValueU, typename ValueV>
void forEachTracedFace(const FaceVelocity& velocity, const FaceVelocityOut& out, Exec exec, const ValueU& valueU,
                       const ValueV& valueV)
{
    forEachTracedFace(velocity, out, exec, valueU, valueV,
                      [&](int j, int begin, int end, const float* below, const float* row, const float* above) {
                          float* result = out.row(j);
                          for (int i = begin; i < end; ++i) {
                              result[2 * i] = valueU({i, j}, velocityAtFaceU(row, above, i));
                              result[2 * i + 1] = valueV({i, j}, velocityAtFaceV(below, row, i));
                          }
                      });
}

// An interior row of a pass whose faces read the footprint of their own
// trace, without solids: each component's footprints from one vectorised
// loop (traceFaceRow), then inner(i, at, f) for each face whose footprint
// is of inner faces (innerFootprint; `at` its lower left face's offset in
// the field's floats), else border(c, c0, f). The bounds, the field's
// stride and what the callables capture are values held outside the
// output's reach, so the loop keeps them in registers.
template <int component, typename Inner, typename Border>
void forEachFootprint(int j, int begin, int end, const float* below, const float* row, const float* above,
                      float* __restrict result, const PassConstants& k, Inner inner, const Border& border)
{
    const Footprints& at = traceFaceRow<component>(below, row, above, j, begin, end, k);
    const int* __restrict xs = at.x.data();
    const int* __restrict ys = at.y.data();
    const float* __restrict fxs = at.fx.data();
    const float* __restrict fys = at.fy.data();
    // innerFootprint's bounds as [low, low + span] on unsigned differences.
    const int lowX = component == 0 ? 1 : 0;
    const int lowY = component == 0 ? 0 : 1;
    const auto spanX = static_cast<unsigned>(k.width - 2 - lowX);
    const auto spanY = static_cast<unsigned>(k.height - 2 - lowY);
    const std::ptrdiff_t stride = 2 * static_cast<std::ptrdiff_t>(k.width);
    for (int i = begin; i < end; ++i) {
        const auto m = static_cast<std::size_t>(i - begin);
        const int x = xs[m];
        const int y = ys[m];
        const glm::vec2 f(fxs[m], fys[m]);
        const bool innerFaces = static_cast<unsigned>(x - lowX) <= spanX && static_cast<unsigned>(y - lowY) <= spanY;
        result[2 * i + component] =
            innerFaces ? inner(i, y * stride + 2 * x + component, f) : border(glm::ivec2(i, j), glm::ivec2(x, y), f);
    }
}

}  // namespace
void advect(const Field& velocity, const Field& carried, float decay, Field& out, const PassConstants& k, Exec exec)
{
    assert(carried.sameShape(out) && carried.components() == 2);
    const FaceVelocity faces(velocity, k);
    const FaceVelocity from(carried, k);
    const FaceVelocityOut to(out, k);
    const Tracer trace(k);
    // Each face's value read at the point its trace from `here` reached.
    const auto valueU = [&](glm::ivec2 c, glm::vec2 here) {
        glm::ivec2 c0;
        return faceAt<0>(from, inUIndices(trace(FaceGrid::pointOfU(c), here)), decay, c0);
    };
    const auto valueV = [&](glm::ivec2 c, glm::vec2 here) {
        glm::ivec2 c0;
        return faceAt<1>(from, inVIndices(trace(FaceGrid::pointOfV(c), here)), decay, c0);
    };
    if (k.solid != nullptr) return forEachTracedFace(faces, to, exec, valueU, valueV);
    // Away from solids, the interior rows' traces first, then faceAt's read of each footprint.
    const float* source = from.row(0);
    const std::ptrdiff_t stride = from.stride();
    const auto read = [source, stride, decay](int, std::ptrdiff_t at, glm::vec2 f) {
        const float* bottom = source + at;
        const float* top = bottom + stride;
        return bilinear(bottom[0], bottom[2], top[0], top[2], f, decay);
    };
    forEachTracedFace(faces, to, exec, valueU, valueV,
                      [&](int j, int begin, int end, const float* below, const float* row, const float* above) {
                          float* result = to.row(j);
                          forEachFootprint<0>(j, begin, end, below, row, above, result, k, read,
                                              [&](glm::ivec2, glm::ivec2 c0, glm::vec2 f) {
                                                  return faceAtByRules<0>(from, c0, f, decay);
                                              });
                          forEachFootprint<1>(j, begin, end, below, row, above, result, k, read,
                                              [&](glm::ivec2, glm::ivec2 c0, glm::vec2 f) {
                                                  return faceAtByRules<1>(from, c0, f, decay);
                                              });
                      });
}

void stage(const Field& velocity, const Field& original, const Field& forward, const Field& traced, float decay,
           StageValue value, Field& out, const PassConstants& k, Exec exec)
{
    assert(original.sameShape(out) && forward.sameShape(out) && traced.sameShape(out));
    const FaceVelocity faces(velocity, k);
    const FaceVelocity phiN(original, k);
    const FaceVelocity forwardFaces(forward, k);
    const FaceVelocity tracedFaces(traced, k);
    const FaceVelocityOut to(out, k);
    const Tracer trace(k);
    // Each face corrected from the footprint its trace from `here` read.
    const auto correctU = [&](glm::ivec2 c, glm::ivec2 c0) {
        return corrected<0>(phiN, c0, forwardFaces.storedU(c), phiN.storedU(c), tracedFaces.storedU(c), decay, value,
                            readsGhostU(phiN, c0));
    };
    const auto correctV = [&](glm::ivec2 c, glm::ivec2 c0) {
        return corrected<1>(phiN, c0, forwardFaces.storedV(c), phiN.storedV(c), tracedFaces.storedV(c), decay, value,
                            readsGhostV(phiN, c0));
    };
    const auto valueU = [&](glm::ivec2 c, glm::vec2 here) {
        const glm::vec2 q = inUIndices(trace(FaceGrid::pointOfU(c), here));
        return correctU(c, glm::ivec2(static_cast<int>(std::floor(q.x)), static_cast<int>(std::floor(q.y))));
    };
    const auto valueV = [&](glm::ivec2 c, glm::vec2 here) {
        const glm::vec2 q = inVIndices(trace(FaceGrid::pointOfV(c), here));
        return correctV(c, glm::ivec2(static_cast<int>(std::floor(q.x)), static_cast<int>(std::floor(q.y))));
    };
    if (k.solid != nullptr) return forEachTracedFace(faces, to, exec, valueU, valueV);
    // Away from solids, the interior rows' traces first; a footprint of inner
    // faces (no ghost among them) is read from the rows.
    const float* phi = phiN.row(0);
    const std::ptrdiff_t stride = phiN.stride();
    forEachTracedFace(
        faces, to, exec, valueU, valueV,
        [&](int j, int begin, int end, const float* below, const float* row, const float* above) {
            float* result = to.row(j);
            const float* forwardRow = forwardFaces.row(j);
            const float* originalRow = phiN.row(j);
            const float* tracedRow = tracedFaces.row(j);
            const auto stageAt = [=]<int component>(int i, std::ptrdiff_t at) {
                const float* bottom = phi + at;
                const float* top = bottom + stride;
                const int n = 2 * i + component;
                return stageFromFootprint(bottom[0], bottom[2], top[0], top[2], forwardRow[n], originalRow[n],
                                          tracedRow[n], decay, value);
            };
            forEachFootprint<0>(
                j, begin, end, below, row, above, result, k,
                [=](int i, std::ptrdiff_t at, glm::vec2) { return stageAt.template operator()<0>(i, at); },
                [&](glm::ivec2 c, glm::ivec2 c0, glm::vec2) { return correctU(c, c0); });
            forEachFootprint<1>(
                j, begin, end, below, row, above, result, k,
                [=](int i, std::ptrdiff_t at, glm::vec2) { return stageAt.template operator()<1>(i, at); },
                [&](glm::ivec2 c, glm::ivec2 c0, glm::vec2) { return correctV(c, c0); });
        });
}

}  // namespace staggered

}  // namespace fluid::reference
