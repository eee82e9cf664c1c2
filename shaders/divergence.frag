// Divergence du/dx + dv/dy by central differences (ch. 38). Mirror: reference::divergence.
uniform sampler2D uVelocity;
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
#ifdef STAGGERED
    // Compact: the cell's own four faces. Mirror: reference::staggered::divergence.
    ivec2 c = thisCell();
    float du = faceU(uVelocity, c + kRight, uGridSize) - faceU(uVelocity, c, uGridSize);
    float dv = faceV(uVelocity, c + kTop, uGridSize) - faceV(uVelocity, c, uGridSize);
    fragResult = vec4((du + dv) * uInverseCellSize, 0.0, 0.0, 0.0);
#else
    vec2 ul = velocityBeside(uVelocity, kLeft);
    vec2 ur = velocityBeside(uVelocity, kRight);
    vec2 ub = velocityBeside(uVelocity, kBottom);
    vec2 ut = velocityBeside(uVelocity, kTop);
    fragResult = fluidOnly(vec4(((ur.x - ul.x) + (ut.y - ub.y)) * uHalfInverseCellSize, 0.0, 0.0, 0.0));
#endif
}
