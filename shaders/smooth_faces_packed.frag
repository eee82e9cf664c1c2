// smooth.frag's weighted viscous sweep on the staggered velocity's faces
// (STAGGERED VISCOUS: level 0 of the viscous solve, where the step runs its
// Chebyshev-weighted sweeps) on two cells a texel: texel I of a row holds
// the faces of cells 2I and 2I + 1 as (u, v, u, v), a (width / 2) x height
// RGBA32F target. Each face is the same float operations in the same order,
// x + w ((b + a S) / (1 + 4a) - x) with S = (left + right) + (below + above),
// each neighbour through common.glsl's faceU / faceV rule (the box, its lid)
// or the periodic wrap, and the box's walls shut as shutWallFaces shuts them;
// no obstacles and no tunnel. Its mirror is reference::staggered::smooth.
// A fragment reads 5 texels and b's for two cells, where the one-cell sweep
// reads 6 a cell.
//   FROM_CELLS: the first sweep of a solve, from x = b, b read as the
//     velocity is stored (one cell a texel, as smooth.frag reads it); it
//     writes x packed, and b packed (TWO_OUTPUTS) for the sweeps after it.
//   TO_CELLS: the last sweep, drawn one cell a fragment on the velocity's
//     own target (as stored), from x and b packed.
//   neither: packed to packed.
uniform sampler2D uIterate;  // x packed, or (FROM_CELLS) b as stored
uniform sampler2D uRhs;      // b packed (not read FROM_CELLS)
uniform float uWeight;       // w: the sweep's Chebyshev weight
uniform float uAlpha;        // a = nu dt / h^2
uniform float uInverseDenominator;  // 1 / (1 + 4a)

// faceU's and faceV's box rules on the value stored at (or, beyond a wall,
// clamped to) cell c; periodic, the value as it is.
float ruleU(float u, ivec2 c)
{
#ifndef PERIODIC
    if (c.y < 0 || c.y >= uGridSize.y) u = -u;
    if (c.y >= uGridSize.y) u += 2.0 * uLidSpeed;
    if (c.x <= 0 || c.x >= uGridSize.x) u = 0.0;
#endif
    return u;
}
float ruleV(float v, ivec2 c)
{
#ifndef PERIODIC
    if (c.x < 0 || c.x >= uGridSize.x) v = -v;
    if (c.y <= 0 || c.y >= uGridSize.y) v = 0.0;
#endif
    return v;
}

// The sweep of the faces of cell c, its stored faces x, b, and its
// neighbours as read (before the rule), in multigrid.glsl's faceNeighbourSum
// order; then the box's shut faces (shutWallFaces).
vec2 swept(ivec2 c, vec2 x, vec2 b, vec2 left, vec2 right, vec2 below, vec2 above)
{
    vec2 neighbours = vec2((ruleU(left.x, c + kLeft) + ruleU(right.x, c + kRight)) +
                               (ruleU(below.x, c + kBottom) + ruleU(above.x, c + kTop)),
                           (ruleV(left.y, c + kLeft) + ruleV(right.y, c + kRight)) +
                               (ruleV(below.y, c + kBottom) + ruleV(above.y, c + kTop)));
    vec2 next = x + uWeight * ((b + uAlpha * neighbours) * uInverseDenominator - x);
#ifndef PERIODIC
    if (c.x == 0) next.x = 0.0;
    if (c.y == 0) next.y = 0.0;
#endif
    return next;
}

// Texel t of a packed texture at its centre: the wrap mode clamps or wraps
// the rows as it does the stored velocity's; across the side walls the
// callers choose (a texel holds two cells).
vec4 packedAt(sampler2D field, ivec2 t) { return texture(field, (vec2(t) + 0.5) / vec2(uGridSize.x >> 1, uGridSize.y)); }

#ifdef FROM_CELLS
// The stored faces of cell c, read as common.glsl's texelAt reads them
// (the wrap mode clamping or wrapping beyond the grid).
vec2 storedAt(ivec2 c) { return texture(uIterate, (vec2(c) + 0.5) / vec2(uGridSize)).xy; }

void main()
{
    ivec2 t = thisCell();
    ivec2 a = ivec2(2 * t.x, t.y);  // the texel's first cell
    ivec2 b = a + kRight;
    vec2 xa = storedAt(a);
    vec2 xb = storedAt(b);
    fragResult = vec4(swept(a, xa, xa, storedAt(a + kLeft), xb, storedAt(a + kBottom), storedAt(a + kTop)),
                      swept(b, xb, xb, xa, storedAt(b + kRight), storedAt(b + kBottom), storedAt(b + kTop)));
    fragResult1 = vec4(xa, xb);
}
#elif defined(TO_CELLS)
void main()
{
    ivec2 c = thisCell();
    int texel = c.x >> 1;
    bool second = (c.x & 1) == 1;  // the texel's second cell (its z, w)
    vec4 here = packedAt(uIterate, ivec2(texel, c.y));
    vec4 side = packedAt(uIterate, ivec2(second ? texel + 1 : texel - 1, c.y));
    vec4 below = packedAt(uIterate, ivec2(texel, c.y - 1));
    vec4 above = packedAt(uIterate, ivec2(texel, c.y + 1));
    vec4 rhs = packedAt(uRhs, ivec2(texel, c.y));
    vec2 x = second ? here.zw : here.xy;
    vec2 left = second ? here.xy : side.zw;
    vec2 right = second ? side.xy : here.zw;
#ifndef PERIODIC
    // Beyond a side wall the stored read clamps to this cell.
    if (c.x == 0) left = x;
    if (c.x == uGridSize.x - 1) right = x;
#endif
    fragResult = vec4(swept(c, x, second ? rhs.zw : rhs.xy, left, right, second ? below.zw : below.xy,
                            second ? above.zw : above.xy),
                      0.0, 0.0);
}
#else
void main()
{
    ivec2 t = thisCell();
    ivec2 a = ivec2(2 * t.x, t.y);
    ivec2 b = a + kRight;
    vec4 here = packedAt(uIterate, t);
    vec4 left = packedAt(uIterate, t + kLeft);
    vec4 right = packedAt(uIterate, t + kRight);
    vec4 below = packedAt(uIterate, t + kBottom);
    vec4 above = packedAt(uIterate, t + kTop);
    vec4 rhs = packedAt(uRhs, t);
    vec2 leftOfA = left.zw;
    vec2 rightOfB = right.xy;
#ifndef PERIODIC
    // Beyond a side wall the stored read clamps to the edge cell.
    if (t.x == 0) leftOfA = here.xy;
    if (t.x == (uGridSize.x >> 1) - 1) rightOfB = here.zw;
#endif
    fragResult = vec4(swept(a, here.xy, rhs.xy, leftOfA, here.zw, below.xy, above.xy),
                      swept(b, here.zw, rhs.zw, here.xy, rightOfB, below.zw, above.zw));
}
#endif
