// pressure.frag on four cells at once, in the layout of pack.frag (a texel
// holds four cells of a row): the same Jacobi sweep, the same float
// operations per cell in the same order, so its mirror is reference::pressure.
// A quarter of the fragments and 6 fetches per 4 cells instead of 5 per cell:
// on llvmpipe the fetches and the per-fragment work are most of a sweep.
// GpuSolver draws it on a (width / 4) x height target, uInverseGridSize being
// that target's, so scalarBeside steps whole texels; the wrap mode does the
// rule across rows and, periodic, across the side walls (texel 0's left is
// the last texel, whose w is the last cell). Box side walls need the
// Neumann ghost of the edge cell itself, which the edge texel's own x (w)
// holds, not its clamped neighbour's w (x): one select each.
//
// With TWO_SWEEPS it does two sweeps in one pass: the first sweep's values at
// this texel, the texels above and below it and the two cells beside it,
// then the second sweep from those (11 + 5 texels fetched for 8 cell-sweeps,
// 6 for 4 in one sweep; on llvmpipe the pass it saves costs more). Each first
// sweep value is that of a real cell; a ghost's is its mirror's (box).
//
// With WEIGHTED it is the multigrid's smoothing sweep on level 0 (smooth.frag,
// whose uRhsScale is h^2 there): x' = x + w (J - x), J the sweep above, in
// the same order; its mirror is reference::smooth.
uniform sampler2D uPressure;    // packed
uniform sampler2D uDivergence;  // packed
uniform float uCellSizeSquared;  // h^2
#ifdef WEIGHTED
uniform float uWeight;  // w
vec4 relaxed(vec4 old, vec4 jacobi) { return old + uWeight * (jacobi - old); }
float relaxed(float old, float jacobi) { return old + uWeight * (jacobi - old); }
#else
vec4 relaxed(vec4 old, vec4 jacobi) { return jacobi; }
float relaxed(float old, float jacobi) { return jacobi; }
#endif

#ifndef PERIODIC
bool firstTexel() { return int(gl_FragCoord.x) == 0; }
bool lastTexel() { return int(gl_FragCoord.x) == (uGridSize.x >> 2) - 1; }
#endif

// One sweep of the four cells of texel p, given the cells left of its first
// and right of its last (as they are: no rule applied), the texels below and
// above (rule applied) and the divergence.
vec4 sweep(vec4 p, float leftOfFirst, float rightOfLast, vec4 pb, vec4 pt, vec4 div)
{
#ifndef PERIODIC
    leftOfFirst = firstTexel() ? p.x : leftOfFirst;
    rightOfLast = lastTexel() ? p.w : rightOfLast;
#endif
    vec4 pl = vec4(leftOfFirst, p.xyz);
    vec4 pr = vec4(p.yzw, rightOfLast);
    return relaxed(p, ((pl + pr) + (pb + pt) - uCellSizeSquared * div) * 0.25);
}

void main()
{
    vec4 p = valueHere(uPressure);
    vec4 left = scalarBeside(uPressure, kLeft);
    vec4 right = scalarBeside(uPressure, kRight);
    vec4 below = scalarBeside(uPressure, kBottom);
    vec4 above = scalarBeside(uPressure, kTop);
    vec4 div = valueHere(uDivergence);
#ifndef TWO_SWEEPS
    fragResult = sweep(p, left.w, right.x, below, above, div);
#else
    vec4 leftBelow = scalarBeside(uPressure, ivec2(-1, -1));
    vec4 rightBelow = scalarBeside(uPressure, ivec2(1, -1));
    vec4 leftAbove = scalarBeside(uPressure, ivec2(-1, 1));
    vec4 rightAbove = scalarBeside(uPressure, ivec2(1, 1));
    vec4 twoBelow = scalarBeside(uPressure, ivec2(0, -2));
    vec4 twoAbove = scalarBeside(uPressure, ivec2(0, 2));
    vec4 divLeft = scalarBeside(uDivergence, kLeft);
    vec4 divRight = scalarBeside(uDivergence, kRight);
    vec4 divBelow = scalarBeside(uDivergence, kBottom);
    vec4 divAbove = scalarBeside(uDivergence, kTop);

    // The first sweep. The wrap mode gives the texels two rows away, and the
    // corners, their rule as it gives the direct neighbours theirs.
    vec4 p1 = sweep(p, left.w, right.x, below, above, div);
    vec4 p1Below = sweep(below, leftBelow.w, rightBelow.x, twoBelow, p, divBelow);
    vec4 p1Above = sweep(above, leftAbove.w, rightAbove.x, p, twoAbove, divAbove);
    // The cells left of the first and right of the last, as sweep() would:
    // (left + right) + (below + above) - h^2 div.
    float p1LeftOfFirst =
        relaxed(left.w, ((left.z + p.x) + (leftBelow.w + leftAbove.w) - uCellSizeSquared * divLeft.w) * 0.25);
    float p1RightOfLast =
        relaxed(right.x, ((p.w + right.y) + (rightBelow.x + rightAbove.x) - uCellSizeSquared * divRight.x) * 0.25);
#ifndef PERIODIC
    // Rows beyond the box: the first sweep's ghost row is its mirror, this
    // row (beside the side walls, sweep() takes the mirror cell itself).
    int row = int(gl_FragCoord.y);
    p1Below = row == 0 ? p1 : p1Below;
    p1Above = row == uGridSize.y - 1 ? p1 : p1Above;
#endif
    // opaque() (common.glsl): each first-sweep value ends in * 0.25 and the
    // second sweep adds them, which llvmpipe's compiler regrouped across the
    // two sweeps (1 ulp from the mirror, which rounds each sweep's values).
    fragResult = sweep(opaque(p1), opaque(p1LeftOfFirst), opaque(p1RightOfLast), opaque(p1Below), opaque(p1Above), div);
#endif
}
