// One Jacobi sweep of the pressure Poisson equation Laplacian p = div u on the
// 5-point stencil: p' = (pL + pR + pB + pT - h^2 div) / 4. Mirror: reference::pressure.
// WEIGHTED: the sweep damped, p + w (p' - p): the first sweep of an odd count
// (dampsFirstPressureSweep, core/sim_params.hpp, says why).
uniform sampler2D uPressure;
uniform sampler2D uDivergence;
uniform float uCellSizeSquared;  // h^2
#ifdef WEIGHTED
uniform float uWeight;  // w
float relaxed(float old, float jacobi) { return old + uWeight * (jacobi - old); }
#else
float relaxed(float old, float jacobi) { return jacobi; }
#endif

void main()
{
    float pl = pressureBeside(uPressure, kLeft);
    float pr = pressureBeside(uPressure, kRight);
    float pb = pressureBeside(uPressure, kBottom);
    float pt = pressureBeside(uPressure, kTop);
    float div = valueHere(uDivergence).x;
    float jacobi = ((pl + pr) + (pb + pt) - uCellSizeSquared * div) * 0.25;
    fragResult = fluidOnly(vec4(relaxed(valueHere(uPressure).x, jacobi), 0.0, 0.0, 0.0));
}
