// The pressure solve's residual, for the panel: per cell the scaled residual
// s - ((pL + pR + pB + pT) - 4p) of the Poisson equation, s = h^2 div u, and s
// beside it, so that their largest magnitudes give the relative residual.
// Mirror: reference::pressureResidual.
uniform sampler2D uPressure;
uniform sampler2D uDivergence;
uniform float uCellSizeSquared;  // h^2

void main()
{
    float pl = pressureBeside(uPressure, kLeft);
    float pr = pressureBeside(uPressure, kRight);
    float pb = pressureBeside(uPressure, kBottom);
    float pt = pressureBeside(uPressure, kTop);
    float s = uCellSizeSquared * valueHere(uDivergence).x;
    float r = s - ((pl + pr) + (pb + pt) - 4.0 * valueHere(uPressure).x);
    fragResult = fluidOnly(vec4(r, s, 0.0, 0.0));
}
