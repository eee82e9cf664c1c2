// Semi-Lagrangian advection: trace each cell centre back by dt u and read the
// source there. The bilinear weights are computed here from texelFetch, not by
// the sampler, so GPU and CPU do the same float math (hardware filtering of
// float textures uses low-precision weights on many GPUs). Mirror: reference::advect.
uniform sampler2D uVelocity;
uniform sampler2D uSource;
uniform float uDtOverCellSize;   // dt / h
uniform float uDecay;            // 1 / (1 + dissipation dt)

// The velocity's boundary rule or the scalars': compiled in (GpuSolver builds
// the velocity pass with SOURCE_IS_VELOCITY defined).
#ifdef SOURCE_IS_VELOCITY
vec4 sourceAt(ivec2 c) { return vec4(velocityAt(uSource, c), 0.0, 0.0); }
#else
vec4 sourceAt(ivec2 c) { return scalarAt(uSource, c); }
#endif

void main()
{
    ivec2 cell = thisCell();
    vec2 size = vec2(uGridSize);
    vec2 u = texelFetch(uVelocity, cell, 0).xy;
    vec2 pos = vec2(cell) - uDtOverCellSize * u;
#ifdef PERIODIC
    // Any distance wraps; the bound keeps the integers small. The base cell is
    // brought into the grid by an exact floor division (|c0| < 2^15, so
    // (c0 + 0.5) / n is never within rounding of an integer), which leaves its
    // neighbours at most one cell outside for wrapCell.
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
    vec4 a = sourceAt(c0);
    vec4 b = sourceAt(c0 + kRight);
    vec4 c = sourceAt(c0 + kTop);
    vec4 d = sourceAt(c0 + kRight + kTop);
    vec4 bottom = a * (1.0 - f.x) + b * f.x;
    vec4 top = c * (1.0 - f.x) + d * f.x;
    fragResult = (bottom * (1.0 - f.y) + top * f.y) * uDecay;
}
