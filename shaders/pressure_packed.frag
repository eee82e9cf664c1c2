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
uniform sampler2D uPressure;    // packed
uniform sampler2D uDivergence;  // packed
uniform float uCellSizeSquared;  // h^2

void main()
{
    vec4 p = valueHere(uPressure);
    vec4 left = scalarBeside(uPressure, kLeft);
    vec4 right = scalarBeside(uPressure, kRight);
    vec4 pb = scalarBeside(uPressure, kBottom);
    vec4 pt = scalarBeside(uPressure, kTop);
    vec4 div = valueHere(uDivergence);
    float leftOfFirst = left.w;
    float rightOfLast = right.x;
#ifndef PERIODIC
    int texel = int(gl_FragCoord.x);
    leftOfFirst = texel == 0 ? p.x : leftOfFirst;
    rightOfLast = texel == (uGridSize.x >> 2) - 1 ? p.w : rightOfLast;
#endif
    vec4 pl = vec4(leftOfFirst, p.xyz);
    vec4 pr = vec4(p.yzw, rightOfLast);
    fragResult = ((pl + pr) + (pb + pt) - uCellSizeSquared * div) * 0.25;
}
