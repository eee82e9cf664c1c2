// Semi-Lagrangian advection: trace each cell centre back by dt u and read the
// source there. Dye (uSource, scalar rule) and velocity (uVelocity itself,
// velocity rule) in one draw, outputs 0 and 1: one trace for both, and
// llvmpipe finishes one pass instead of two. Both read the velocity before
// this pass, as the dye must be carried by the same velocity as the velocity. The bilinear weights are computed here from texelFetch, not by
// the sampler, so GPU and CPU do the same float math (hardware filtering of
// float textures uses low-precision weights on many GPUs). Mirror: reference::advect.
//
// OBSTACLES: the trace stops before it enters a solid (stopAtSolids), and a
// solid corner of the bilinear footprint reads as the ghost of the cell
// nearest the traced point (fluid, after the stop): -u for the velocity, the
// cell's own dye, as the rules of common.glsl mirror a cell across a face.
// TUNNEL: the dye beyond the inflow is a fixed set of thin bands
// (inflowDye), so the inflow carries streaklines in.
uniform sampler2D uVelocity;
uniform sampler2D uSource;       // the dye
uniform float uDtOverCellSize;   // dt / h
uniform float uDyeDecay;         // 1 / (1 + dissipation dt), each field its own
uniform float uVelocityDecay;

vec4 bilinear(vec4 a, vec4 b, vec4 c, vec4 d, vec2 f, float decay)
{
    vec4 bottom = a * (1.0 - f.x) + b * f.x;
    vec4 top = c * (1.0 - f.x) + d * f.x;
    return (bottom * (1.0 - f.y) + top * f.y) * decay;
}

vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uVelocity, c), 0.0, 0.0); }

#ifdef TUNNEL
// Row j of the inflow's dye: 8 bands, each 1/32 of the height (kInflowDyeSlots).
vec4 inflowDye(int j)
{
    bool inside = j >= 0 && j < uGridSize.y;
    int slot = inside ? (j * 32) / uGridSize.y : 0;
    return (slot & 3) == 2 ? vec4(1.0, 1.0, 1.0, 0.0) : vec4(0.0);
}
vec4 dyeNear(ivec2 c) { return c.x < 0 ? inflowDye(c.y) : scalarNear(uSource, c); }
#else
vec4 dyeNear(ivec2 c) { return scalarNear(uSource, c); }
#endif

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
        vec2 q = start + float(s) * stride;
        if (solidAt(nearestCell(q))) break;
        reached = q;
    }
    return reached;
}
#endif

void main()
{
    ivec2 cell = thisCell();
    vec2 size = vec2(uGridSize);
    vec2 u = valueHere(uVelocity).xy;
    vec2 pos = vec2(cell) - uDtOverCellSize * u;
#ifdef PERIODIC
    // Any distance wraps; the bound keeps the integers small. The base cell is
    // brought into the grid by an exact floor division (|c0| < 2^15, so
    // (c0 + 0.5) / n is never within rounding of an integer), which leaves its
    // neighbours at most one cell outside, where the REPEAT wrap finds them.
    pos = min(max(pos, -4.0 * size), 4.0 * size);
#ifdef OBSTACLES
    pos = stopAtSolids(vec2(cell), pos);
#endif
    vec2 base = floor(pos);
    vec2 f = pos - base;
    ivec2 c0 = ivec2(base);
    c0 -= uGridSize * ivec2(floor((vec2(c0) + 0.5) / size));
#else
    // Stop the trace at the walls.
    pos = min(max(pos, vec2(-0.5)), size - 0.5);
#ifdef OBSTACLES
    pos = stopAtSolids(vec2(cell), pos);
#endif
    vec2 base = floor(pos);
    vec2 f = pos - base;
    ivec2 c0 = ivec2(base);
#endif
#ifdef OBSTACLES
    ivec2 nearest = c0 + ivec2(greaterThanEqual(f, vec2(0.5)));
#ifndef PERIODIC
    nearest = clamp(nearest, ivec2(0), uGridSize - 1);
#endif
    vec4 nearestDye = dyeNear(nearest);
    vec4 nearestGhostVelocity = -velocity4Near(nearest);
#define DYE_AT(c) (solidAt(c) ? nearestDye : dyeNear(c))
#define VELOCITY_AT(c) (solidAt(c) ? nearestGhostVelocity : velocity4Near(c))
#else
#define DYE_AT(c) dyeNear(c)
#define VELOCITY_AT(c) velocity4Near(c)
#endif
    fragResult = fluidOnly(bilinear(DYE_AT(c0), DYE_AT(c0 + kRight), DYE_AT(c0 + kTop), DYE_AT(c0 + kRight + kTop), f,
                                    uDyeDecay));
    fragResult1 = fluidOnly(bilinear(VELOCITY_AT(c0), VELOCITY_AT(c0 + kRight), VELOCITY_AT(c0 + kTop),
                                     VELOCITY_AT(c0 + kRight + kTop), f, uVelocityDecay));
}
