// One Jacobi sweep of the pressure Poisson equation Laplacian p = div u on the
// 5-point stencil: p' = (pL + pR + pB + pT - h^2 div) / 4. Mirror: reference::pressure.
uniform sampler2D uPressure;
uniform sampler2D uDivergence;
uniform float uCellSizeSquared;  // h^2

void main()
{
    float pl = pressureBeside(uPressure, kLeft);
    float pr = pressureBeside(uPressure, kRight);
    float pb = pressureBeside(uPressure, kBottom);
    float pt = pressureBeside(uPressure, kTop);
    float div = valueHere(uDivergence).x;
    fragResult = fluidOnly(vec4(((pl + pr) + (pb + pt) - uCellSizeSquared * div) * 0.25, 0.0, 0.0, 0.0));
}
