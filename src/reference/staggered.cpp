// The staggered layout's passes, one face at a time through the rules (no
// interior fast path yet): the same float operations in the same order as the
// STAGGERED variants of the shaders, which the parity tests hold them to.
#include "reference/staggered.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "reference/boundary.hpp"
#include "reference/float_ops.hpp"
#include "reference/stencil.hpp"

namespace fluid::reference::staggered {

using stencil::kBottom;
using stencil::kLeft;
using stencil::kRight;
using stencil::kTop;

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

// One component's faces read bilinearly at q, a point in that component's own
// index space (face (i, j) at q = (i, j)); c0 and f: the footprint it used.
template <int component>
float faceAt(const Field& velocity, glm::vec2 q, float decay, const PassConstants& k, glm::ivec2& c0)
{
    constexpr FaceRule face = kRuleOf<component>;
    const glm::vec2 base(std::floor(q.x), std::floor(q.y));
    const glm::vec2 f = q - base;
    c0 = glm::ivec2(base);
    if (innerFootprint<component>(c0, k))  // the four faces are their stored values (faceU, faceV)
        return bilinear(velocity.at(c0.x, c0.y, component), velocity.at(c0.x + 1, c0.y, component),
                        velocity.at(c0.x, c0.y + 1, component), velocity.at(c0.x + 1, c0.y + 1, component), f, decay);
    return bilinear(face(velocity, c0, k), face(velocity, c0 + kRight, k), face(velocity, c0 + kTop, k),
                    face(velocity, c0 + kRight + kTop, k), f, decay);
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

// advectRows' trace from the point p by the velocity `here`: clamped at the
// walls, or kept near the grid when periodic, and stopped before a solid.
glm::vec2 traceFrom(glm::vec2 p, glm::vec2 here, const PassConstants& k)
{
    const glm::vec2 size(static_cast<float>(k.width), static_cast<float>(k.height));
    const glm::vec2 lo = k.periodic ? -4.0f * size : glm::vec2(-0.5f);
    const glm::vec2 hi = k.periodic ? 4.0f * size : size - 0.5f;
    const glm::vec2 pos(p.x - k.dtOverCellSize * here.x, p.y - k.dtOverCellSize * here.y);
    const glm::vec2 clamped(glslMin(glslMax(pos.x, lo.x), hi.x), glslMin(glslMax(pos.y, lo.y), hi.y));
    return k.solid != nullptr ? stopAtSolids(p, clamped, k) : clamped;
}

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

// maccormack.glsl's correction of one component, from the footprint at c0.
template <FaceRule face>
float corrected(const Field& original, glm::ivec2 c0, float forward, float here, float backward, float decay,
                bool ghost, const PassConstants& k)
{
    if (ghost) return forward;
    const float a = face(original, c0, k);
    const float b = face(original, c0 + kRight, k);
    const float c = face(original, c0 + kTop, k);
    const float d = face(original, c0 + kRight + kTop, k);
    const float lo = glslMin(glslMin(a, b), glslMin(c, d)) * decay;
    const float hi = glslMax(glslMax(a, b), glslMax(c, d)) * decay;
    return glslMin(glslMax(forward + 0.5f * (here * decay - backward), lo), hi);
}

// diffuse.frag's STAGGERED sweep of one component's face.
template <FaceRule face>
float diffusedFace(const Field& x, const Field& b, glm::ivec2 c, int component, const PassConstants& k)
{
    const float neighbours =
        (face(x, c + kLeft, k) + face(x, c + kRight, k)) + (face(x, c + kBottom, k) + face(x, c + kTop, k));
    return (b.at(c.x, c.y, component) + k.diffusionAlpha * neighbours) * k.diffusionInverseDenominator;
}

template <typename FaceBody>
void forEachFace(const PassConstants& k, Exec exec, FaceBody&& body)
{
    stencil::forEachRow(k.height, exec, [&](int j) {
        for (int i = 0; i < k.width; ++i) body(glm::ivec2(i, j));
    });
}

void store(Field& out, glm::ivec2 c, float u, float v)
{
    out.at(c.x, c.y, 0) = u;
    out.at(c.x, c.y, 1) = v;
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
    forEachFace(k, exec, [&](glm::ivec2 c) {
        if (!reach.contains(c)) {
            store(out, c, in.at(c.x, c.y, 0), in.at(c.x, c.y, 1));
            return;
        }
        const float u = in.at(c.x, c.y, 0) + value.x * splatWeightAt(s, pointOfFaceU(c));
        const float v = in.at(c.x, c.y, 1) + value.y * splatWeightAt(s, pointOfFaceV(c));
        store(out, c, shutU(c, k, u), shutV(c, k, v));
    });
}

void advect(const Field& velocity, const Field& carried, float decay, Field& out, const PassConstants& k, Exec exec)
{
    assert(carried.sameShape(out) && carried.components() == 2);
    forEachFace(k, exec, [&](glm::ivec2 c) {
        glm::ivec2 c0;
        const glm::vec2 atU = traceFrom(pointOfFaceU(c), velocityAtFaceU(velocity, c, k), k);
        const float u = faceAt<0>(carried, inUIndices(atU), decay, k, c0);
        const glm::vec2 atV = traceFrom(pointOfFaceV(c), velocityAtFaceV(velocity, c, k), k);
        const float v = faceAt<1>(carried, inVIndices(atV), decay, k, c0);
        store(out, c, shutU(c, k, u), shutV(c, k, v));
    });
}

void maccormack(const Field& velocity, const Field& original, const Field& forward, const Field& backward, float decay,
                Field& out, const PassConstants& k, Exec exec)
{
    assert(original.sameShape(out) && forward.sameShape(out) && backward.sameShape(out));
    forEachFace(k, exec, [&](glm::ivec2 c) {
        const glm::vec2 qU = inUIndices(traceFrom(pointOfFaceU(c), velocityAtFaceU(velocity, c, k), k));
        const glm::ivec2 u0(static_cast<int>(std::floor(qU.x)), static_cast<int>(std::floor(qU.y)));
        const float u = corrected<faceU>(original, u0, forward.at(c.x, c.y, 0), original.at(c.x, c.y, 0),
                                         backward.at(c.x, c.y, 0), decay, readsGhostU(u0, k), k);
        const glm::vec2 qV = inVIndices(traceFrom(pointOfFaceV(c), velocityAtFaceV(velocity, c, k), k));
        const glm::ivec2 v0(static_cast<int>(std::floor(qV.x)), static_cast<int>(std::floor(qV.y)));
        const float v = corrected<faceV>(original, v0, forward.at(c.x, c.y, 1), original.at(c.x, c.y, 1),
                                         backward.at(c.x, c.y, 1), decay, readsGhostV(v0, k), k);
        store(out, c, shutU(c, k, u), shutV(c, k, v));
    });
}

void diffuse(const Field& x, const Field& b, Field& out, const PassConstants& k, Exec exec)
{
    assert(x.sameShape(out) && b.sameShape(out));
    forEachFace(k, exec, [&](glm::ivec2 c) {
        store(out, c, shutU(c, k, diffusedFace<faceU>(x, b, c, 0, k)), shutV(c, k, diffusedFace<faceV>(x, b, c, 1, k)));
    });
}

void divergence(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    forEachFace(k, exec, [&](glm::ivec2 c) {
        const float du = faceU(velocity, c + kRight, k) - faceU(velocity, c, k);
        const float dv = faceV(velocity, c + kTop, k) - faceV(velocity, c, k);
        out.at(c.x, c.y) = (du + dv) * k.inverseCellSize;
    });
}

void gradient(const Field& velocity, const Field& p, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    forEachFace(k, exec, [&](glm::ivec2 c) {
        const float here = pressureAt(p, c, k);
        const float u = velocity.at(c.x, c.y, 0) - (here - pressureAt(p, c + kLeft, k)) * k.inverseCellSize;
        const float v = velocity.at(c.x, c.y, 1) - (here - pressureAt(p, c + kBottom, k)) * k.inverseCellSize;
        store(out, c, shutU(c, k, u), shutV(c, k, v));
    });
}

namespace {

// The compact circulation around the corner at (i - 1/2, j - 1/2), over h^2 h.
float cornerCurl(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    return ((faceV(velocity, c, k) - faceV(velocity, c + kLeft, k)) -
            (faceU(velocity, c, k) - faceU(velocity, c + kBottom, k))) *
           k.inverseCellSize;
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

// The stored component at c as the sampler returns it (clamped or wrapped, no ghost rule).
float rawComponent(const Field& velocity, glm::ivec2 c, int component, const PassConstants& k)
{
    const glm::ivec2 m = k.periodic ? wrapCell(c, k) : clampCell(c, k);
    return velocity.at(m.x, m.y, component);
}

// value capped at the largest magnitude of the component among c and its four neighbours.
float capped(const Field& velocity, glm::ivec2 c, int component, float value, float extra, const PassConstants& k)
{
    float limit = std::fabs(velocity.at(c.x, c.y, component));
    for (const glm::ivec2 offset : {kLeft, kRight, kBottom, kTop})
        limit = glslMax(limit, std::fabs(rawComponent(velocity, c + offset, component, k)));
    limit = glslMax(limit, extra);
    return glslMin(glslMax(value, -limit), limit);
}

}  // namespace

void curl(const Field& velocity, Field& out, const PassConstants& k, Exec exec)
{
    forEachFace(k, exec, [&](glm::ivec2 c) {
        out.at(c.x, c.y) = ((cornerCurl(velocity, c, k) + cornerCurl(velocity, c + kRight, k)) +
                            (cornerCurl(velocity, c + kTop, k) + cornerCurl(velocity, c + kRight + kTop, k))) *
                           0.25f;
    });
}

void vorticity(const Field& velocity, const Field& curlField, Field& out, const PassConstants& k, Exec exec)
{
    assert(velocity.sameShape(out));
    forEachFace(k, exec, [&](glm::ivec2 c) {
        const glm::vec2 here = confinementAt(curlField, c, k);
        const float fu = (confinementAt(curlField, c + kLeft, k).x + here.x) * 0.5f;
        const float fv = (confinementAt(curlField, c + kBottom, k).y + here.y) * 0.5f;
        // The lid can drive the top row's u faces up to its speed.
        const float lid = !k.periodic && !k.tunnel && c.y == k.height - 1 ? std::fabs(k.lidSpeed) : 0.0f;
        const float u = capped(velocity, c, 0, velocity.at(c.x, c.y, 0) + fu, lid, k);
        const float v = capped(velocity, c, 1, velocity.at(c.x, c.y, 1) + fv, 0.0f, k);
        store(out, c, shutU(c, k, u), shutV(c, k, v));
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
    forEachFace(k, exec, [&](glm::ivec2 c) {
        const float v = velocity.at(c.x, c.y, 1) + (liftAt(c + kBottom) + liftAt(c)) * 0.5f;
        store(out, c, shutU(c, k, velocity.at(c.x, c.y, 0)), shutV(c, k, v));
    });
}

void addForceField(const Field& velocity, const Field& force, Field& out, const ForceFieldConstants& f,
                   const PassConstants& k)
{
    assert(velocity.sameShape(out) && force.width() == k.width && force.height() == k.height);
    const auto forceAt = [&](glm::ivec2 c) {
        return glm::vec2(rawComponent(force, c, 0, k), rawComponent(force, c, 1, k));
    };
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
        const float u = velocity.at(c.x, c.y, 0);
        const float v = velocity.at(c.x, c.y, 1);
        store(out, c, shutU(c, k, u + weight(mU) * (mU.x - u)), shutV(c, k, v + weight(mV) * (mV.y - v)));
    });
}

glm::vec2 centredVelocity(const Field& velocity, glm::ivec2 c, const PassConstants& k)
{
    return {(faceU(velocity, c, k) + faceU(velocity, c + kRight, k)) * 0.5f,
            (faceV(velocity, c, k) + faceV(velocity, c + kTop, k)) * 0.5f};
}

}  // namespace fluid::reference::staggered
