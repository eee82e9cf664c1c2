// Projection: u -= grad p by central differences, leaving u (nearly)
// divergence-free. Mirror: reference::gradient.
uniform sampler2D uVelocity;
uniform sampler2D uPressure;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
    float pl = scalarBeside(uPressure, kLeft).x;
    float pr = scalarBeside(uPressure, kRight).x;
    float pb = scalarBeside(uPressure, kBottom).x;
    float pt = scalarBeside(uPressure, kTop).x;
    vec2 g = vec2(pr - pl, pt - pb) * uHalfInverseCellSize;
    fragResult = vec4(valueHere(uVelocity).xy - g, 0.0, 0.0);
}
