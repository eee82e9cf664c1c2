// Semi-Lagrangian advection: trace each cell centre back by dt u and read the
// source there. Dye (uSource, scalar rule) and velocity (uVelocity itself,
// velocity rule) in one draw, outputs 0 and 1: one trace for both, and
// llvmpipe finishes one pass instead of two. Both read the velocity before
// this pass, as the dye must be carried by the same velocity as the velocity. The bilinear weights are computed here from texelFetch, not by
// the sampler, so GPU and CPU do the same float math (hardware filtering of
// float textures uses low-precision weights on many GPUs). Mirror: reference::advect.
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

// MacCormack's backward step (GpuSolver::advect) carries the forward result
// back along the same velocity: there the velocity carried is another texture.
#ifdef CARRIED_VELOCITY
uniform sampler2D uCarriedVelocity;
vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uCarriedVelocity, c), 0.0, 0.0); }
#else
vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uVelocity, c), 0.0, 0.0); }
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
    vec2 base = floor(pos);
    vec2 f = pos - base;
    ivec2 c0 = ivec2(base);
    c0 -= uGridSize * ivec2(floor((vec2(c0) + 0.5) / size));
#else
    // Stop the trace at the walls.
    pos = min(max(pos, vec2(-0.5)), size - 0.5);
    vec2 base = floor(pos);
    vec2 f = pos - base;
    ivec2 c0 = ivec2(base);
#endif
    fragResult = bilinear(scalarNear(uSource, c0), scalarNear(uSource, c0 + kRight), scalarNear(uSource, c0 + kTop),
                          scalarNear(uSource, c0 + kRight + kTop), f, uDyeDecay);
    fragResult1 = bilinear(velocity4Near(c0), velocity4Near(c0 + kRight), velocity4Near(c0 + kTop),
                           velocity4Near(c0 + kRight + kTop), f, uVelocityDecay);
}
