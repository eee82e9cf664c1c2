// Semi-Lagrangian advection: trace each cell centre back by dt u and read the
// source there. The bilinear weights are computed here from texelFetch, not by
// the sampler, so GPU and CPU do the same float math (hardware filtering of
// float textures uses low-precision weights on many GPUs). Mirror: reference::advect.
uniform sampler2D uVelocity;
uniform sampler2D uSource;
uniform bool uSourceIsVelocity;  // velocity boundary rule instead of the scalar one
uniform float uDtOverCellSize;   // dt / h
uniform float uDecay;            // 1 / (1 + dissipation dt)

vec4 sourceAt(ivec2 c)
{
    return uSourceIsVelocity ? vec4(velocityAt(uSource, c), 0.0, 0.0) : scalarAt(uSource, c);
}

void main()
{
    ivec2 cell = thisCell();
    vec2 size = vec2(uGridSize);
    vec2 u = texelFetch(uVelocity, cell, 0).xy;
    vec2 pos = vec2(cell) - uDtOverCellSize * u;
    // Box: stop the trace at the walls. Periodic: any distance wraps, the bound
    // only keeps the integer wrap in range.
    vec2 lo = uPeriodic ? -4.0 * size : vec2(-0.5);
    vec2 hi = uPeriodic ? 4.0 * size : size - 0.5;
    pos = min(max(pos, lo), hi);
    vec2 base = floor(pos);
    vec2 f = pos - base;
    ivec2 c0 = ivec2(base);
    vec4 a = sourceAt(c0);
    vec4 b = sourceAt(c0 + kRight);
    vec4 c = sourceAt(c0 + kTop);
    vec4 d = sourceAt(c0 + kRight + kTop);
    vec4 bottom = a * (1.0 - f.x) + b * f.x;
    vec4 top = c * (1.0 - f.x) + d * f.x;
    fragResult = (bottom * (1.0 - f.y) + top * f.y) * uDecay;
}
