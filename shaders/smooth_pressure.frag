// One weighted Jacobi sweep on a multigrid level of the pressure solve, whose
// equation is (xL + xR + xB + xT) - 4 x = s (src/core/multigrid.hpp):
// x' = x + w ((xL + xR + xB + xT - s) / 4 - x). On level 0, s = h^2 div u and
// this is pressure.frag under-relaxed; below, s is the restricted residual.
// ZERO_GUESS (a coarse level's first sweep): x = 0 everywhere, so nothing but
// s is read and the level needs no clear. Mirror: reference::smoothPressure.
uniform sampler2D uPressure;  // the level's iterate x
uniform sampler2D uRhs;       // div u on level 0, s below
uniform float uRhsScale;      // h^2 on level 0, 1 below
uniform float uWeight;        // w

void main()
{
    ivec2 cell = thisCell();
    float s = uRhsScale * texelFetch(uRhs, cell, 0).x;
#ifdef ZERO_GUESS
    fragResult = vec4(uWeight * (-s * 0.25), 0.0, 0.0, 0.0);
#else
    float pl = scalarAt(uPressure, cell + kLeft).x;
    float pr = scalarAt(uPressure, cell + kRight).x;
    float pb = scalarAt(uPressure, cell + kBottom).x;
    float pt = scalarAt(uPressure, cell + kTop).x;
    float x = texelFetch(uPressure, cell, 0).x;
    fragResult = vec4(x + uWeight * (((pl + pr) + (pb + pt) - s) * 0.25 - x), 0.0, 0.0, 0.0);
#endif
}
