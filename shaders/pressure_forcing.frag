// The incremental projection's forcing (docs/algorithm.md §3.8a): the
// velocity less half a step of the last pressure gradient,
// w = u - (dt / 2) grad q, q = p / rho (m^2/s^2) by central differences, with
// the pressure's boundary rule. advect() carries w along u; the projection
// after it supplies the other half of the step's gradient, at the arrival
// point: the pressure force is integrated along the path by the trapezoid
// rule, and the step is second order in dt. Mirror: reference::pressureForcing.
uniform sampler2D uVelocity;
uniform sampler2D uKinematicPressure;
uniform float uPressureForcingScale;  // (dt / 2) (0.5 / h)

void main()
{
    float ql = pressureBeside(uKinematicPressure, kLeft);
    float qr = pressureBeside(uKinematicPressure, kRight);
    float qb = pressureBeside(uKinematicPressure, kBottom);
    float qt = pressureBeside(uKinematicPressure, kTop);
    vec2 g = vec2(qr - ql, qt - qb) * uPressureForcingScale;
    fragResult = fluidOnly(vec4(valueHere(uVelocity).xy - g, 0.0, 0.0));
}
