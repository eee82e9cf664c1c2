// One Jacobi sweep of the implicit viscous step (1 - nu dt Laplacian) x = b:
// x' = (b + a (xL + xR + xB + xT)) / (1 + 4a), a = nu dt / h^2. Written this way
// (not ch. 38's alpha = h^2 / (nu dt)) so that nu = 0 stays finite.
// Mirror: reference::diffuse.
uniform sampler2D uX;  // current iterate
uniform sampler2D uB;  // right-hand side: the advected velocity
uniform float uAlpha;
uniform float uInverseDenominator;  // 1 / (1 + 4a)

#ifdef STAGGERED
// One face's sweep, its neighbours through the face rules. Mirror:
// reference::staggered::diffuse.
#define FACE_SWEEP(face, c, rhs) \
    ((rhs + uAlpha * ((face(uX, c + kLeft, uGridSize) + face(uX, c + kRight, uGridSize)) + \
                      (face(uX, c + kBottom, uGridSize) + face(uX, c + kTop, uGridSize)))) * \
     uInverseDenominator)
#endif

void main()
{
#ifdef STAGGERED
    ivec2 c = thisCell();
    vec2 b = valueHere(uB).xy;
    fragResult = shutWallFaces(vec4(FACE_SWEEP(faceU, c, b.x), FACE_SWEEP(faceV, c, b.y), 0.0, 0.0));
#else
    vec2 xl = velocityBeside(uX, kLeft);
    vec2 xr = velocityBeside(uX, kRight);
    vec2 xb = velocityBeside(uX, kBottom);
    vec2 xt = velocityBeside(uX, kTop);
    vec2 rhs = valueHere(uB).xy;
    fragResult = fluidOnly(vec4((rhs + uAlpha * ((xl + xr) + (xb + xt))) * uInverseDenominator, 0.0, 0.0));
#endif
}
