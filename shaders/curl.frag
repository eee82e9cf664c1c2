// Vorticity w = dv/dx - du/dy by central differences. Mirror: reference::curl.
uniform sampler2D uVelocity;
uniform float uHalfInverseCellSize;  // 0.5 / h

#ifdef STAGGERED
// The compact circulation around the corner at c - (1/2, 1/2), over h^2 h;
// opaque() (common.glsl), or a compiler may add the four corners' differences
// before it scales them, as llvmpipe's did, where the mirror scales each.
float cornerCurl(ivec2 c)
{
    return opaque(((faceV(uVelocity, c, uGridSize) - faceV(uVelocity, c + kLeft, uGridSize)) -
                   (faceU(uVelocity, c, uGridSize) - faceU(uVelocity, c + kBottom, uGridSize))) *
                  uInverseCellSize);
}
#endif

void main()
{
#ifdef STAGGERED
    // The mean of this cell's four corners. Mirror: reference::staggered::curl.
    ivec2 c = thisCell();
    fragResult = vec4(((cornerCurl(c) + cornerCurl(c + kRight)) + (cornerCurl(c + kTop) + cornerCurl(c + kRight + kTop))) *
                          0.25,
                      0.0, 0.0, 0.0);
#else
    vec2 ul = velocityBeside(uVelocity, kLeft);
    vec2 ur = velocityBeside(uVelocity, kRight);
    vec2 ub = velocityBeside(uVelocity, kBottom);
    vec2 ut = velocityBeside(uVelocity, kTop);
    fragResult = fluidOnly(vec4(((ur.y - ul.y) - (ut.x - ub.x)) * uHalfInverseCellSize, 0.0, 0.0, 0.0));
#endif
}
