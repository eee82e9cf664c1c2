// Projection: u -= grad p by central differences, leaving u (nearly)
// divergence-free. Mirror: reference::gradient.
uniform sampler2D uVelocity;
uniform sampler2D uPressure;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
#ifdef STAGGERED
    // Each face less the pressure difference across it over h. Mirror:
    // reference::staggered::gradient.
    float here = pressureNear(uPressure, thisCell());
    vec2 u = valueHere(uVelocity).xy;
    vec2 g = vec2(here - pressureBeside(uPressure, kLeft), here - pressureBeside(uPressure, kBottom));
    fragResult = shutWallFaces(vec4(u.x - g.x * uInverseCellSize, u.y - g.y * uInverseCellSize, 0.0, 0.0));
#else
    float pl = pressureBeside(uPressure, kLeft);
    float pr = pressureBeside(uPressure, kRight);
    float pb = pressureBeside(uPressure, kBottom);
    float pt = pressureBeside(uPressure, kTop);
    vec2 g = vec2(pr - pl, pt - pb) * uHalfInverseCellSize;
    fragResult = fluidOnly(vec4(valueHere(uVelocity).xy - g, 0.0, 0.0));
#endif
}
