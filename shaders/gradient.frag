// Projection: u -= grad p by central differences, leaving u (nearly)
// divergence-free. Mirror: reference::gradient.
uniform sampler2D uVelocity;
uniform sampler2D uPressure;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
    float pl = pressureBeside(uPressure, kLeft);
    float pr = pressureBeside(uPressure, kRight);
    float pb = pressureBeside(uPressure, kBottom);
    float pt = pressureBeside(uPressure, kTop);
    vec2 g = vec2(pr - pl, pt - pb) * uHalfInverseCellSize;
    fragResult = fluidOnly(vec4(valueHere(uVelocity).xy - g, 0.0, 0.0));
}
