// Vorticity w = dv/dx - du/dy by central differences. Mirror: reference::curl.
uniform sampler2D uVelocity;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
    vec2 ul = velocityBeside(uVelocity, kLeft);
    vec2 ur = velocityBeside(uVelocity, kRight);
    vec2 ub = velocityBeside(uVelocity, kBottom);
    vec2 ut = velocityBeside(uVelocity, kTop);
    fragResult = fluidOnly(vec4(((ur.y - ul.y) - (ut.x - ub.x)) * uHalfInverseCellSize, 0.0, 0.0, 0.0));
}
