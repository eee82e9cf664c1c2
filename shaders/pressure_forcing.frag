// The incremental projection's forcing (docs/algorithm.md §3.8a): the
// velocity less half of the last step's pressure gradient, w = u - grad(q) / 2,
// q the whole step's P = p dt / rho (m^2/s), by central differences with the
// pressure's boundary rule. advect() carries w along u; the projection after
// it supplies the other half of the step's gradient, at the arrival point:
// the pressure force is integrated along the path by the trapezoid rule, and
// the step is second order in dt. Mirror: reference::pressureForcing.
uniform sampler2D uVelocity;
uniform sampler2D uFullPressure;
uniform float uPressureForcingScale;  // (1 / 2) (0.5 / h); staggered: (1 / 2) (1 / h)

void main()
{
#ifdef STAGGERED
    // Each face less half the difference of q across it over h (gradient.frag's stencil).
    float q = pressureNear(uFullPressure, thisCell());
    vec2 u = valueHere(uVelocity).xy;
    vec2 g = vec2(q - pressureBeside(uFullPressure, kLeft), q - pressureBeside(uFullPressure, kBottom));
    fragResult = shutWallFaces(vec4(u.x - g.x * uPressureForcingScale, u.y - g.y * uPressureForcingScale, 0.0, 0.0));
#else
    float ql = pressureBeside(uFullPressure, kLeft);
    float qr = pressureBeside(uFullPressure, kRight);
    float qb = pressureBeside(uFullPressure, kBottom);
    float qt = pressureBeside(uFullPressure, kTop);
    vec2 g = vec2(qr - ql, qt - qb) * uPressureForcingScale;
    fragResult = fluidOnly(vec4(valueHere(uVelocity).xy - g, 0.0, 0.0));
#endif
}
