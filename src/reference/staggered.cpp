// The staggered layout's face rules and its advection passes (splat.frag's,
// advect.frag's and maccormack.glsl's STAGGERED variants): the same float
// operations in the same order as the shaders, which the parity tests hold
// them to. The advection passes read the velocity at the faces away from
// walls and solids from raw rows (face_rows.hpp); staggered_stencils.cpp has
// the stencil passes.
#include "reference/staggered.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "reference/boundary.hpp"
#include "reference/face_rows.hpp"
#include "reference/float_ops.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference::staggered {

using namespace stencil;  // the offsets kLeft .. kTop, rowOf, forEachRow

bool solidFaceU(glm::ivec2 c, const PassConstants& k)
{
    return k.solid != nullptr && (solidAt(c + kLeft, k) || solidAt(c, k));
}

bool solidFaceV(glm::ivec2 c, const PassConstants& k)
{
    return k.solid != nullptr && (solidAt(c + kBottom, k) || solidAt(c, k));
}

namespace {

// The tunnel's u: the inflow face (i = 0) and any left of it move at the
// inflow speed; the outflow face (i = width, not stored) and any right of it
// carry what makes the last column's divergence zero, so the outflow passes
// on whatever the column receives (and the projection stays exact there);
// beyond the top and bottom the slip walls mirror u, the no-slip ones negate it.
float tunnelFaceU(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    const int j = std::clamp(c.y, 0, k.height - 1);
    float u;
    if (c.x <= 0) {
        u = k.lidSpeed;
    } else if (c.x >= k.width) {
        const int last = k.width - 1;
        u = faceU(velocity, {last, j}, k) - (faceV(velocity, {last, j + 1}, k) - faceV(velocity, {last, j}, k));
    } else {
        u = velocity.at(c.x, j, 0);
    }
    if ((c.y < 0 || c.y >= k.height) && k.tunnelWalls) u = -u;
    return u;
}

}  // namespace

float faceURule(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    if (solidFaceU(c, k)) return 0.0f;
    if (k.periodic) {
        const glm::ivec2 m = wrapCell(c, k);
        return velocity.at(m.x, m.y, 0);
    }
    if (k.tunnel) return tunnelFaceU(velocity, c, k);
    if (c.x <= 0 || c.x >= k.width) return 0.0f;
    float u = velocity.at(c.x, std::clamp(c.y, 0, k.height - 1), 0);
    if (c.y < 0 || c.y >= k.height) u = -u;
    if (c.y >= k.height) u += 2.0f * k.lidSpeed;
    return u;
}

float faceVRule(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    if (solidFaceV(c, k)) return 0.0f;
    if (k.periodic) {
        const glm::ivec2 m = wrapCell(c, k);
        return velocity.at(m.x, m.y, 1);
    }
    if (c.y <= 0 || c.y >= k.height) return 0.0f;
    float v = velocity.at(std::clamp(c.x, 0, k.width - 1), c.y, 1);
    // Box: both side walls negate v; tunnel: the inflow's ghost does (the
    // inflow face moves along x only), the outflow repeats v.
    if (c.x < 0 || (c.x >= k.width && !k.tunnel)) v = -v;
    return v;
}

// Flattened: the rules' branches on the boundary mode do not change along
// the loop, and inlined into it they cost a fraction of a call per face.
[[gnu::flatten]] void ruledFaces(const Field& velocity, glm::ivec2 first, glm::ivec2 step, int count,
                                 const PassConstants& k, float* u, float* v)
{
    for (int n = 0; n < count; ++n) {
        const glm::ivec2 c = first + n * step;
        if (u != nullptr) u[n] = faceU(velocity, c, k);
        if (v != nullptr) v[n] = faceV(velocity, c, k);
    }
}

namespace {

using FaceRule = float (*)(const Field&, glm::ivec2, const PassConstants&);

// The bilinear blend of advection.glsl on one component.
float bilinear(float a, float b, float c, float d, glm::vec2 f, float decay)
{
    const float bottom = a * (1.0f - f.x) + b * f.x;
    const float top = c * (1.0f - f.x) + d * f.x;
    return (bottom * (1.0f - f.y) + top * f.y) * decay;
}

// The rule of a component's faces (0: u, faceU; 1: v, faceV), and whether
// the 2x2 faces from c0 are all inner faces away from solids, which the rule
// reads as stored. (By component, not by comparing the rules: the address of
// an inline function is no constant expression under the sanitizers.)
template <int component>
constexpr FaceRule kRuleOf = component == 0 ? faceU : faceV;
template <int component>
bool innerFootprint(glm::ivec2 c0, const PassConstants& k)
{
    if (k.solid != nullptr) return false;
    if constexpr (component == 0) return c0.x > 0 && c0.x + 1 < k.width && c0.y >= 0 && c0.y + 1 < k.height;
    return c0.y > 0 && c0.y + 1 < k.height && c0.x >= 0 && c0.x + 1 < k.width;
}

// faceAt's read of a footprint that meets a wall or a solid: through the rules.
template <int component>
[[gnu::noinline]] float faceAtByRules(const Field& velocity, glm::ivec2 c0, glm::vec2 f, float decay,
                                      const PassConstants& k)
{
    constexpr FaceRule face = kRuleOf<component>;
    return bilinear(face(velocity, c0, k), face(velocity, c0 + kRight, k), face(velocity, c0 + kTop, k),
                    face(velocity, c0 + kRight + kTop, k), f, decay);
}

// One component's faces read bilinearly at q, a point in that component's own
// index space (face (i, j) at q = (i, j)); c0 and f: the footprint it used.
// Inlined into the advection's loops, which call it for every face.
template <int component>
[[gnu::always_inline]] inline float faceAt(const Field& velocity, glm::vec2 q, float decay, const PassConstants& k,
                                           glm::ivec2& c0)
{
    const glm::vec2 base(std::floor(q.x), std::floor(q.y));
    const glm::vec2 f = q - base;
    c0 = glm::ivec2(base);
    if (innerFootprint<component>(c0, k))  // the four faces are their stored values (faceU, faceV)
        return bilinear(velocity.at(c0.x, c0.y, component), velocity.at(c0.x + 1, c0.y, component),
                        velocity.at(c0.x, c0.y + 1, component), velocity.at(c0.x + 1, c0.y + 1, component), f, decay);
    return faceAtByRules<component>(velocity, c0, f, decay, k);
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
glm::vec2 velocityAtFaceU(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    const float v = ((faceV(velocity, c + kLeft, k) + faceV(velocity, c, k)) +
                     (faceV(velocity, c + kLeft + kTop, k) + faceV(velocity, c + kTop, k))) *
                    0.25f;
    return {faceU(velocity, c, k), v};
}
glm::vec2 velocityAtFaceV(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    const float u = ((faceU(velocity, c + kBottom, k) + faceU(velocity, c + kRight + kBottom, k)) +
                     (faceU(velocity, c, k) + faceU(velocity, c + kRight, k))) *
                    0.25f;
    return {u, faceV(velocity, c, k)};
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

// The points of cell c's faces.
glm::vec2 pointOfFaceU(glm::ivec2 c)
{
    return {static_cast<float>(c.x) - 0.5f, static_cast<float>(c.y)};
}
glm::vec2 pointOfFaceV(glm::ivec2 c)
{
    return {static_cast<float>(c.x), static_cast<float>(c.y) - 0.5f};
}

// Whether a footprint at c0 reads a ghost face (an extrapolation beyond a
// wall, not a value of the flow): u's faces run 0..width across (the walls'
// own zeros included) and 0..height-1 up; v's the other way round.
// Among obstacles, a solid face in the footprint is one too (its 0 is a wall's).
bool readsSolid(bool (*solid)(glm::ivec2, const PassConstants&), glm::ivec2 c0, const PassConstants& k)
{
    return k.solid != nullptr &&
           (solid(c0, k) || solid(c0 + kRight, k) || solid(c0 + kTop, k) || solid(c0 + kRight + kTop, k));
}
bool readsGhostU(glm::ivec2 c0, const PassConstants& k)
{
    return (!k.periodic && (c0.x < 0 || c0.x + 1 > k.width || c0.y < 0 || c0.y + 1 >= k.height)) ||
           readsSolid(solidFaceU, c0, k);
}
bool readsGhostV(glm::ivec2 c0, const PassConstants& k)
{
    return (!k.periodic && (c0.x < 0 || c0.x + 1 >= k.width || c0.y < 0 || c0.y + 1 > k.height)) ||
           readsSolid(solidFaceV, c0, k);
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
template <FaceRule face>
float corrected(const Field& original, glm::ivec2 c0, float forward, float here, float traced, float decay,
                StageValue value, bool ghost, const PassConstants& k)
{
    if (ghost) return value(forward, here, traced, 0.0f, 0.0f, decay, true);
    return stageFromFootprint(face(original, c0, k), face(original, c0 + kRight, k), face(original, c0 + kTop, k),
                              face(original, c0 + kRight + kTop, k), forward, here, traced, decay, value);
}

}  // namespace

glm::vec2 velocityAtPoint(const Field& velocity, glm::vec2 p, const PassConstants& k)
{
    glm::ivec2 unused;
    return {faceAt<0>(velocity, inUIndices(p), 1.0f, k, unused), faceAt<1>(velocity, inVIndices(p), 1.0f, k, unused)};
}

void splat(const Field& in, const SplatInCells& s, glm::vec2 value, Field& out, const PassConstants& k, Exec exec)
{
    assert(in.sameShape(out) && in.components() == 2);
    const CellBlock reach = splatReach(s, k.width, k.height);
    stencil::forEachRow(k.height, exec, [&](int j) {
        std::copy(rowOf(in, j), rowOf(in, j) + 2 * k.width, rowOf(out, j));  // beyond the reach, as it was
        if (j >= reach.begin.y && j < reach.end.y) splatRow(in, s, value, out, j, reach.begin.x, reach.end.x, k, exec);
    });
}

namespace {

// Each face of `out` from its own trace: faceU(c, v) and faceV(c, v) give a
// face's value from the velocity at it; the border reads the velocity through
// the rules, interiorRow(j, begin, end, below, row, above) does the cells
// [begin, end) of an interior row from the velocity's rows j - 1, j, j + 1.
template <typename FaceU, typename FaceV, typename InteriorRow>
void forEachTracedFace(const Field& velocity, Field& out, const PassConstants& k, Exec exec, const FaceU& faceU,
                       const FaceV& faceV, const InteriorRow& interiorRow)
{
    forEachFaceSplitAtBorder(
        k, exec, Reach::One,
        [&](glm::ivec2 c) {
            const float u = faceU(c, velocityAtFaceU(velocity, c, k));
            const float v = faceV(c, velocityAtFaceV(velocity, c, k));
            store(out, c, shutU(c, k, u), shutV(c, k, v));
        },
        [&](int j, int begin, int end) {
            interiorRow(j, begin, end, rowOf(velocity, j - 1), rowOf(velocity, j), rowOf(velocity, j + 1));
        });
}

// The same, the interior rows' faces one at a time through faceU and faceV.
template <typename FaceU, typename FaceV>
void forEachTracedFace(const Field& velocity, Field& out, const PassConstants& k, Exec exec, const FaceU& faceU,
                       const FaceV& faceV)
{
    forEachTracedFace(velocity, out, k, exec, faceU, faceV,
                      [&](int j, int begin, int end, const float* below, const float* row, const float* above) {
                          float* result = rowOf(out, j);
                          for (int i = begin; i < end; ++i) {
                              result[2 * i] = faceU({i, j}, velocityAtFaceU(row, above, i));
                              result[2 * i + 1] = faceV({i, j}, velocityAtFaceV(below, row, i));
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
    const Tracer trace(k);
    // Each face's value read at the point its trace from `here` reached.
    const auto faceU = [&](glm::ivec2 c, glm::vec2 here) {
        glm::ivec2 c0;
        return faceAt<0>(carried, inUIndices(trace(pointOfFaceU(c), here)), decay, k, c0);
    };
    const auto faceV = [&](glm::ivec2 c, glm::vec2 here) {
        glm::ivec2 c0;
        return faceAt<1>(carried, inVIndices(trace(pointOfFaceV(c), here)), decay, k, c0);
    };
    if (k.solid != nullptr) return forEachTracedFace(velocity, out, k, exec, faceU, faceV);
    // Away from solids, the interior rows' traces first, then faceAt's read of each footprint.
    const float* source = carried.data();
    const std::ptrdiff_t stride = 2 * static_cast<std::ptrdiff_t>(k.width);
    const auto read = [source, stride, decay](int, std::ptrdiff_t at, glm::vec2 f) {
        const float* bottom = source + at;
        const float* top = bottom + stride;
        return bilinear(bottom[0], bottom[2], top[0], top[2], f, decay);
    };
    forEachTracedFace(velocity, out, k, exec, faceU, faceV,
                      [&](int j, int begin, int end, const float* below, const float* row, const float* above) {
                          float* result = rowOf(out, j);
                          forEachFootprint<0>(j, begin, end, below, row, above, result, k, read,
                                              [&](glm::ivec2, glm::ivec2 c0, glm::vec2 f) {
                                                  return faceAtByRules<0>(carried, c0, f, decay, k);
                                              });
                          forEachFootprint<1>(j, begin, end, below, row, above, result, k, read,
                                              [&](glm::ivec2, glm::ivec2 c0, glm::vec2 f) {
                                                  return faceAtByRules<1>(carried, c0, f, decay, k);
                                              });
                      });
}

void stage(const Field& velocity, const Field& original, const Field& forward, const Field& traced, float decay,
           StageValue value, Field& out, const PassConstants& k, Exec exec)
{
    assert(original.sameShape(out) && forward.sameShape(out) && traced.sameShape(out));
    const Tracer trace(k);
    // Each face corrected from the footprint its trace from `here` read.
    const auto correctU = [&](glm::ivec2 c, glm::ivec2 c0) {
        return corrected<staggered::faceU>(original, c0, forward.at(c.x, c.y, 0), original.at(c.x, c.y, 0),
                                           traced.at(c.x, c.y, 0), decay, value, readsGhostU(c0, k), k);
    };
    const auto correctV = [&](glm::ivec2 c, glm::ivec2 c0) {
        return corrected<staggered::faceV>(original, c0, forward.at(c.x, c.y, 1), original.at(c.x, c.y, 1),
                                           traced.at(c.x, c.y, 1), decay, value, readsGhostV(c0, k), k);
    };
    const auto faceU = [&](glm::ivec2 c, glm::vec2 here) {
        const glm::vec2 q = inUIndices(trace(pointOfFaceU(c), here));
        return correctU(c, glm::ivec2(static_cast<int>(std::floor(q.x)), static_cast<int>(std::floor(q.y))));
    };
    const auto faceV = [&](glm::ivec2 c, glm::vec2 here) {
        const glm::vec2 q = inVIndices(trace(pointOfFaceV(c), here));
        return correctV(c, glm::ivec2(static_cast<int>(std::floor(q.x)), static_cast<int>(std::floor(q.y))));
    };
    if (k.solid != nullptr) return forEachTracedFace(velocity, out, k, exec, faceU, faceV);
    // Away from solids, the interior rows' traces first; a footprint of inner
    // faces (no ghost among them) is read from the rows.
    const float* phi = original.data();
    const std::ptrdiff_t stride = 2 * static_cast<std::ptrdiff_t>(k.width);
    forEachTracedFace(
        velocity, out, k, exec, faceU, faceV,
        [&](int j, int begin, int end, const float* below, const float* row, const float* above) {
            float* result = rowOf(out, j);
            const float* forwardRow = rowOf(forward, j);
            const float* originalRow = rowOf(original, j);
            const float* tracedRow = rowOf(traced, j);
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

}  // namespace fluid::reference::staggered
