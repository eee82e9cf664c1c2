// One Jacobi sweep of the pressure Poisson equation Laplacian p = div u on the
// 5-point stencil: p' = (pL + pR + pB + pT - h^2 div) / 4. Mirror: reference::pressure.
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
    float div = texelFetch(uDivergence, cell, 0).x;
    fragResult = vec4(((pl + pr) + (pb + pt) - uCellSizeSquared * div) * 0.25, 0.0, 0.0, 0.0);
}
