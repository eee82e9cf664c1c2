// The pressure solve's residual, for the panel: per cell the scaled residual
// s - ((pL + pR + pB + pT) - 4p) of the Poisson equation, s = h^2 div u, and s
// beside it, so that their largest magnitudes give the relative residual.
// Mirror: reference::pressureResidual.
uniform sampler2D uPressure;
uniform sampler2D uDivergence;
uniform float uCellSizeSquared;  // h^2

void main()
{
    ivec2 cell = thisCell();
    float pl = scalarAt(uPressure, cell + kLeft).x;
    float pr = scalarAt(uPressure, cell + kRight).x;
    float pb = scalarAt(uPressure, cell + kBottom).x;
    float pt = scalarAt(uPressure, cell + kTop).x;
    float s = uCellSizeSquared * texelFetch(uDivergence, cell, 0).x;
    float r = s - ((pl + pr) + (pb + pt) - 4.0 * texelFetch(uPressure, cell, 0).x);
    fragResult = vec4(r, s, 0.0, 0.0);
}
