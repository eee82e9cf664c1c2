// Divergence du/dx + dv/dy by central differences (ch. 38). Mirror: reference::divergence.
uniform sampler2D uVelocity;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
    ivec2 cell = thisCell();
    vec2 ul = velocityAt(uVelocity, cell + kLeft);
    vec2 ur = velocityAt(uVelocity, cell + kRight);
    vec2 ub = velocityAt(uVelocity, cell + kBottom);
    vec2 ut = velocityAt(uVelocity, cell + kTop);
    fragResult = vec4(((ur.x - ul.x) + (ut.y - ub.y)) * uHalfInverseCellSize, 0.0, 0.0, 0.0);
}
