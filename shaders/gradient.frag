// Projection: u -= grad p by central differences, leaving u (nearly)
// divergence-free. Mirror: reference::gradient.
uniform sampler2D uVelocity;
uniform sampler2D uPressure;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
    ivec2 cell = thisCell();
    float pl = scalarAt(uPressure, cell + kLeft).x;
    float pr = scalarAt(uPressure, cell + kRight).x;
    float pb = scalarAt(uPressure, cell + kBottom).x;
    float pt = scalarAt(uPressure, cell + kTop).x;
    vec2 g = vec2(pr - pl, pt - pb) * uHalfInverseCellSize;
    fragResult = vec4(texelFetch(uVelocity, cell, 0).xy - g, 0.0, 0.0);
}
