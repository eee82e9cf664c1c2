// What the advection passes share (advect.frag: the velocity; advect_scalar.frag:
// dye, temperature): the semi-Lagrangian back-trace, the bilinear blend, and
// the velocity read at a point of the simulation grid from a pass on another
// grid. Mirror: the advection section of src/reference/passes.cpp.

// The cell c0 at the bottom-left of the point `pos` (cells of this pass's grid)
// and the fractions f of the way to its right and top neighbours, after the
// trace is stopped at the walls (box) or brought back into the grid (periodic).
void traceCell(vec2 pos, out ivec2 c0, out vec2 f)
{
    vec2 size = vec2(uGridSize);
#ifdef PERIODIC
    // Any distance wraps; the bound keeps the integers small. The base cell is
    // brought into the grid by an exact floor division (|c0| < 2^15, so
    // (c0 + 0.5) / n is never within rounding of an integer), which leaves its
    // neighbours at most one cell outside, where the REPEAT wrap finds them.
    pos = min(max(pos, -4.0 * size), 4.0 * size);
    vec2 base = floor(pos);
    f = pos - base;
    c0 = ivec2(base);
    c0 -= uGridSize * ivec2(floor((vec2(c0) + 0.5) / size));
#else
    // Stop the trace at the walls.
    pos = min(max(pos, vec2(-0.5)), size - 0.5);
    vec2 base = floor(pos);
    f = pos - base;
    c0 = ivec2(base);
#endif
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

// velocityAt's rule (common.glsl) on the simulation grid of `size` cells, for
// passes drawn on another grid (uGridSize is theirs): keep the two in step.
vec2 velocityOnGrid(sampler2D velocity, ivec2 c, ivec2 size)
{
#ifdef PERIODIC
    ivec2 inside = ivec2(c.x < 0 ? c.x + size.x : (c.x >= size.x ? c.x - size.x : c.x),
                         c.y < 0 ? c.y + size.y : (c.y >= size.y ? c.y - size.y : c.y));
    return texelFetch(velocity, inside, 0).xy;
#else
    ivec2 inside = clamp(c, ivec2(0), size - 1);
    vec2 v = texelFetch(velocity, inside, 0).xy;
    if (inside.x != c.x) v = -v;
    if (inside.y != c.y) {
        v = -v;
        if (c.y >= size.y) v.x += 2.0 * uLidSpeed;
    }
    return v;
#endif
}

// The velocity bilinearly interpolated at the point p (cells of the
// simulation grid of `size` cells; p at most half a cell outside it).
vec2 velocityAtPoint(sampler2D velocity, vec2 p, ivec2 size)
{
    vec2 base = floor(p);
    vec2 f = p - base;
    ivec2 c0 = ivec2(base);
    return bilinear(vec4(velocityOnGrid(velocity, c0, size), 0.0, 0.0),
                    vec4(velocityOnGrid(velocity, c0 + kRight, size), 0.0, 0.0),
                    vec4(velocityOnGrid(velocity, c0 + kTop, size), 0.0, 0.0),
                    vec4(velocityOnGrid(velocity, c0 + kRight + kTop, size), 0.0, 0.0), f, 1.0)
        .xy;
}

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
    return bilinear(scalarOnGrid(field, c0, size), scalarOnGrid(field, c0 + kRight, size),
                    scalarOnGrid(field, c0 + kTop, size), scalarOnGrid(field, c0 + kRight + kTop, size), f, 1.0);
}
