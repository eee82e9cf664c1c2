// What the advection passes share (advect.frag: the velocity; advect_scalar.frag:
// dye, temperature): the semi-Lagrangian back-trace, the bilinear blend, and
// the velocity read at a point of the simulation grid from a pass on another
// grid; a scheme's stage (SCHEME_STAGE). Mirror: src/reference/advection_passes.cpp.

#ifdef OBSTACLES
// The cell whose centre is nearest to p (ties up), from floor and the fraction
// exactly as the bilinear read splits p.
ivec2 nearestCell(vec2 p)
{
    vec2 base = floor(p);
    return ivec2(base) + ivec2(greaterThanEqual(p - base, vec2(0.5)));
}

// Walks the trace from this cell's centre to pos in equal steps of at most
// half a cell along each axis (at most kMaxTraceSteps = 16) and returns the
// last point whose nearest cell is fluid: a trace stops before a solid instead
// of ending inside it or jumping over a thin one (traces up to 8 cells long).
vec2 stopAtSolids(vec2 start, vec2 pos)
{
    vec2 d = pos - start;
    float steps = clamp(ceil(2.0 * max(abs(d.x), abs(d.y))), 1.0, 16.0);
    vec2 stride = d / steps;
    vec2 reached = start;
    int n = int(steps);
    for (int s = 1; s <= n; ++s) {
        // The last step lands on pos itself (n stride is not pos to the bit):
        // a trace that meets no solid ends where it would without OBSTACLES.
        vec2 q = s == n ? pos : start + float(s) * stride;
        if (solidAt(nearestCell(q))) break;
        reached = q;
    }
    return reached;
}
#endif

// The cell c0 at the bottom-left of the point `pos` (cells of this pass's grid)
// traced back from this cell, and the fractions f of the way to its right and
// top neighbours, after the trace is stopped at the walls (box) or brought
// back into the grid (periodic), and with OBSTACLES before a solid.
void traceCell(vec2 pos, out ivec2 c0, out vec2 f)
{
    vec2 size = vec2(uGridSize);
#ifdef PERIODIC
    // Any distance wraps; the bound keeps the integers small. The base cell is
    // brought into the grid by an exact floor division (|c0| < 2^15, so
    // (c0 + 0.5) / n is never within rounding of an integer), which leaves its
    // neighbours at most one cell outside, where the REPEAT wrap finds them.
    pos = min(max(pos, -4.0 * size), 4.0 * size);
#ifdef OBSTACLES
    pos = stopAtSolids(vec2(thisCell()), pos);
#endif
    vec2 base = floor(pos);
    f = pos - base;
    c0 = ivec2(base);
    c0 -= uGridSize * ivec2(floor((vec2(c0) + 0.5) / size));
#else
    // Stop the trace at the walls.
    pos = min(max(pos, vec2(-0.5)), size - 0.5);
#ifdef OBSTACLES
    pos = stopAtSolids(vec2(thisCell()), pos);
#endif
    vec2 base = floor(pos);
    f = pos - base;
    c0 = ivec2(base);
#endif
}

// With OBSTACLES: the cell nearest the traced point (fluid, after the stop),
// whose ghost a solid corner of the bilinear footprint reads.
ivec2 nearestOf(ivec2 c0, vec2 f)
{
    ivec2 nearest = c0 + ivec2(greaterThanEqual(f, vec2(0.5)));
#ifndef PERIODIC
    nearest = clamp(nearest, ivec2(0), uGridSize - 1);
#endif
    return nearest;
}

// The weights are computed here from exact texel values, not by the sampler,
// so GPU and CPU do the same float math (hardware filtering of float textures
// uses low-precision weights on many GPUs).
vec4 bilinear(vec4 a, vec4 b, vec4 c, vec4 d, vec2 f, float decay)
{
    vec4 bottom = a * (1.0 - f.x) + b * f.x;
    vec4 top = c * (1.0 - f.x) + d * f.x;
    return (bottom * (1.0 - f.y) + top * f.y) * decay;
}

// reference::velocityAt's rule (common.glsl's mirroredVelocityOn, the one
// function) on the simulation grid of `size` cells, for passes drawn on
// another grid (uGridSize is theirs). Solids do not enter: a solid cell's
// velocity is zero already.
// The cell is read by texture() at its centre (inverseSize: 1 / size), the
// texture's wrap mode finding the mirror cell of a ghost (CLAMP_TO_EDGE) or
// the periodic one (REPEAT), as common.glsl's reads do: on llvmpipe cheaper
// than texelFetch with the clamp written out. c is at most one cell outside.
vec2 velocityOnGrid(sampler2D velocity, ivec2 c, ivec2 size, vec2 inverseSize)
{
    vec2 v = texture(velocity, (vec2(c) + 0.5) * inverseSize).xy;
#ifdef PERIODIC
    return v;
#else
    return mirroredVelocityOn(v, c, size, uLidSpeed);  // common.glsl's rule, on the simulation grid's size
#endif
}

#ifdef STAGGERED
// The bilinear blend on one component (bilinear's operations, in its order).
float bilinear1(float a, float b, float c, float d, vec2 f, float decay)
{
    float bottom = a * (1.0 - f.x) + b * f.x;
    float top = c * (1.0 - f.x) + d * f.x;
    return (bottom * (1.0 - f.y) + top * f.y) * decay;
}

// One component's faces read bilinearly at q, a point in that component's
// own index space (face (i, j) at q = (i, j)); c0: the footprint's corner.
#define FACE_AT(face, velocity, q, size, decay, c0) \
    bilinear1(face(velocity, c0, size), face(velocity, c0 + kRight, size), face(velocity, c0 + kTop, size), \
              face(velocity, c0 + kRight + kTop, size), (q) - floor(q), decay)
ivec2 footprintOf(vec2 q) { return ivec2(floor(q)); }
vec2 inUIndices(vec2 p) { return vec2(p.x + 0.5, p.y); }
vec2 inVIndices(vec2 p) { return vec2(p.x, p.y + 0.5); }

// The velocity at the point p (cells of the simulation grid of `size`
// cells): each component from its own faces. Mirror:
// reference::staggered::velocityAtPoint.
vec2 velocityAtPoint(sampler2D velocity, vec2 p, ivec2 size)
{
    vec2 qu = inUIndices(p);
    vec2 qv = inVIndices(p);
    ivec2 u0 = footprintOf(qu);
    ivec2 v0 = footprintOf(qv);
    return vec2(FACE_AT(faceU, velocity, qu, size, 1.0, u0), FACE_AT(faceV, velocity, qv, size, 1.0, v0));
}

// velocityAtPoint at the centres of the dye's cells in velocity cell c, the
// dye's grid R = 2 (or, DYE_GRID_FOUR_TIMES, 4) times the velocity's each
// way: dye cell (R i + a, R j + b) is the point (i, j) + s - 1/2 with
// s = (a + 1/2, b + 1/2) / R, whose u lies between the faces of columns i
// and i + 1 in rows j - 1 and j (s.y < 1/2) or j and j + 1, and whose v
// between those of rows j and j + 1 in columns i - 1 and i (s.x < 1/2) or
// i and i + 1, at fractions that are multiples of 1/8 (exact). So the dye
// cells of c share 8 texels of faces, each read once at a constant offset,
// where velocityAtPoint at each reads 8: the same texels, rule and float
// operations, so the same bits. Two dye cells a texel: pairs[b R/2 + a/2]
// holds (u, v) of the even a in xy, of the odd in zw.
// velocity_at_dye_cells.frag's values, and advect.frag's with
// WITH_VELOCITY_AT_DYE_CELLS. Mirror: reference::velocityAtDyeCells.
#ifdef DYE_GRID_FOUR_TIMES
const int kDyeGridRatio = 4;
#else
const int kDyeGridRatio = 2;
#endif
const int kDyeCellPairs = kDyeGridRatio * kDyeGridRatio / 2;
#define U_AT(dx, dy) faceU(velocity, c + ivec2(dx, dy), uGridSize)
#define V_AT(dx, dy) faceV(velocity, c + ivec2(dx, dy), uGridSize)
void velocityAtDyeCells(sampler2D velocity, ivec2 c, out vec4 pairs[kDyeCellPairs])
{
    float u0m1 = U_AT(0, -1), u1m1 = U_AT(1, -1), u00 = U_AT(0, 0), u10 = U_AT(1, 0), u01 = U_AT(0, 1),
          u11 = U_AT(1, 1);
    float vm10 = V_AT(-1, 0), v00 = V_AT(0, 0), v10 = V_AT(1, 0), vm11 = V_AT(-1, 1), v01 = V_AT(0, 1),
          v11 = V_AT(1, 1);
    for (int b = 0; b < kDyeGridRatio; ++b)
        for (int a = 0; a < kDyeGridRatio; ++a) {
            vec2 s = (vec2(a, b) + 0.5) / float(kDyeGridRatio);
            float u = s.y < 0.5 ? bilinear1(u0m1, u1m1, u00, u10, vec2(s.x, s.y + 0.5), 1.0)
                                : bilinear1(u00, u10, u01, u11, vec2(s.x, s.y - 0.5), 1.0);
            float v = s.x < 0.5 ? bilinear1(vm10, v00, vm11, v01, vec2(s.x + 0.5, s.y), 1.0)
                                : bilinear1(v00, v10, v01, v11, vec2(s.x - 0.5, s.y), 1.0);
            int n = b * (kDyeGridRatio / 2) + a / 2;
            if ((a & 1) == 0)
                pairs[n].xy = vec2(u, v);
            else
                pairs[n].zw = vec2(u, v);
        }
}
#undef U_AT
#undef V_AT
#else
// The velocity bilinearly interpolated at the point p (cells of the
// simulation grid of `size` cells; p at most half a cell outside it).
vec2 velocityAtPoint(sampler2D velocity, vec2 p, ivec2 size)
{
    vec2 base = floor(p);
    vec2 f = p - base;
    ivec2 c0 = ivec2(base);
    vec2 inverseSize = 1.0 / vec2(size);
    return bilinear(vec4(velocityOnGrid(velocity, c0, size, inverseSize), 0.0, 0.0),
                    vec4(velocityOnGrid(velocity, c0 + kRight, size, inverseSize), 0.0, 0.0),
                    vec4(velocityOnGrid(velocity, c0 + kTop, size, inverseSize), 0.0, 0.0),
                    vec4(velocityOnGrid(velocity, c0 + kRight + kTop, size, inverseSize), 0.0, 0.0), f, 1.0)
        .xy;
}

#endif

// scalarAt's rule (common.glsl) on a grid of `size` cells other than this pass's.
vec4 scalarOnGrid(sampler2D field, ivec2 c, ivec2 size)
{
#ifdef PERIODIC
    ivec2 inside = ivec2(c.x < 0 ? c.x + size.x : (c.x >= size.x ? c.x - size.x : c.x),
                         c.y < 0 ? c.y + size.y : (c.y >= size.y ? c.y - size.y : c.y));
    return texelFetch(field, inside, 0);
#else
    return texelFetch(field, clamp(c, ivec2(0), size - 1), 0);
#endif
}

// A scalar field of `size` cells bilinearly interpolated at its point p
// (p at most half a cell outside it).
vec4 scalarAtPoint(sampler2D field, vec2 p, ivec2 size)
{
    vec2 base = floor(p);
    vec2 f = p - base;
    ivec2 c0 = ivec2(base);
    vec4 a = scalarOnGrid(field, c0, size);
    vec4 b = scalarOnGrid(field, c0 + kRight, size);
    vec4 c = scalarOnGrid(field, c0 + kTop, size);
    vec4 d = scalarOnGrid(field, c0 + kRight + kTop, size);
    // bilinear's operations with decay 1, each product opaque() (common.glsl):
    // the compiler contracted them into the sums here (the smoke of the
    // buoyancy on a coarser dye grid parted from its mirror by an ulp).
    vec4 bottom = opaque(a * (1.0 - f.x)) + opaque(b * f.x);
    vec4 top = opaque(c * (1.0 - f.x)) + opaque(d * f.x);
    return opaque(bottom * (1.0 - f.y)) + opaque(top * f.y);
}

#ifdef SCALAR_SOURCE
// The advected scalar field (dye, temperature) on this pass's grid, and its
// read at cell c through the scalar rule. INFLOW_DYE (the dye in a TUNNEL):
// beyond the inflow, 8 bands of dye, each 1/32 of the height, so the inflow
// carries streaklines in.
uniform sampler2D uSource;
#ifdef INFLOW_DYE
vec4 inflowDye(int j)
{
    bool inside = j >= 0 && j < uGridSize.y;
    int slot = inside ? (j * 32) / uGridSize.y : 0;
    return (slot & 3) == 2 ? vec4(1.0, 1.0, 1.0, 0.0) : vec4(0.0);
}
vec4 sourceNear(sampler2D field, ivec2 c) { return c.x < 0 ? inflowDye(c.y) : scalarNear(field, c); }
#else
vec4 sourceNear(sampler2D field, ivec2 c) { return scalarNear(field, c); }
#endif

// The four values of `field` (uSource, or in a scheme's stage what it traces)
// the footprint (c0, f) of a trace reads (bottom row, then top); with
// OBSTACLES a solid corner reads the cell nearest the traced point. A
// scheme's limiter (stageOf) bounds by the same four.
void sourceFootprint(sampler2D field, ivec2 c0, vec2 f, out vec4 a, out vec4 b, out vec4 c, out vec4 d)
{
#ifdef OBSTACLES
    vec4 nearestValue = sourceNear(field, nearestOf(c0, f));
#define SOURCE_AT(c) (solidAt(c) ? nearestValue : sourceNear(field, c))
#else
#define SOURCE_AT(c) sourceNear(field, c)
#endif
    a = SOURCE_AT(c0);
    b = SOURCE_AT(c0 + kRight);
    c = SOURCE_AT(c0 + kTop);
    d = SOURCE_AT(c0 + kRight + kTop);
}

// The field advected from the footprint (c0, f) of a trace, times decay.
vec4 advectedSource(sampler2D field, ivec2 c0, vec2 f, float decay)
{
    vec4 a, b, c, d;
    sourceFootprint(field, c0, f, a, b, c, d);
    return fluidOnly(bilinear(a, b, c, d, f, decay));
}
#endif

#ifdef SCHEME_STAGE
// A pass of an advection scheme after the forward step (core/advection_scheme.hpp,
// SchemeStage; the scheme's header, built after this file, defines its
// stageValue()). It traces again along the forward step's velocity, by -dt or
// (STAGE_FORWARD_IN_TIME) by the forward step's own +dt, and reads STAGE_TRACED
// there bilinearly, decay 1: the forward result phi^, or (STAGE_READS_INTERMEDIATE)
// the previous stage's result. Mirror: reference::schemeStage.
uniform sampler2D uForward;  // phi^, the forward step's result; the pass's own source is phi^n
#ifdef STAGE_READS_INTERMEDIATE
uniform sampler2D uIntermediate;
#define STAGE_TRACED uIntermediate
#else
#define STAGE_TRACED uForward
#endif
#ifdef STAGE_FORWARD_IN_TIME
#define STAGE_DT uDtOverCellSize
#else
uniform float uBackwardDtOverCellSize;  // -dt / h
#define STAGE_DT uBackwardDtOverCellSize
#endif

// Whether the forward footprint at c0 reads a ghost cell, whose value is an
// extrapolation (2 U - u beyond the lid, -u beyond a wall or in an obstacle,
// the inflow's), not a value of the flow: as a bound it would let the result
// reach 2 |U| + |u| (a fuzzed lid at 1e4 m/s made 1.7x the largest speed put
// in). A stage is then told so (`ghost`): a limited one keeps the forward,
// semi-Lagrangian value there, first order in the layer of cells whose trace
// reaches a wall, and bounded as that scheme is.
bool readsGhost(ivec2 c0)
{
#ifdef PERIODIC
    bool ghost = false;
#else
    bool ghost = any(lessThan(c0, ivec2(0))) || any(greaterThanEqual(c0 + 1, uGridSize));
#endif
#ifdef OBSTACLES
    ghost = ghost || solidAt(c0) || solidAt(c0 + kRight) || solidAt(c0 + kTop) || solidAt(c0 + kRight + kTop);
#endif
    return ghost;
}

// The scheme's combination at this cell (its header): forward phi^, original
// phi^n, traced T here; lo and hi: decay phi^n's range over the four cells of
// the forward footprint, the range the semi-Lagrangian value lies in.
vec4 stageValue(vec4 forward, vec4 original, vec4 traced, vec4 lo, vec4 hi, float decay, bool ghost);

// stageValue() with the bounds of a, b, c, d: phi^n at the forward footprint.
vec4 stageOf(vec4 forward, vec4 original, vec4 traced, vec4 a, vec4 b, vec4 c, vec4 d, float decay, bool ghost)
{
    vec4 lo = min(min(a, b), min(c, d)) * decay;
    vec4 hi = max(max(a, b), max(c, d)) * decay;
    return stageValue(forward, original, traced, lo, hi, decay, ghost);
}
#endif
