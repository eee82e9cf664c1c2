// One weighted Jacobi sweep on a multigrid level (src/core/multigrid.hpp):
// x' = x + w (J(x) - x), J the point-Jacobi value of the level's equation.
// Pressure, (xL + xR + xB + xT) - 4 x = s: J = (xL + xR + xB + xT - s) / 4; on
// level 0, s = h^2 div u and this is pressure.frag under-relaxed; below, s is
// the restricted residual.
// VISCOUS, x - a ((xL + xR + xB + xT) - 4 x) = b: J = (b + a (xL + ...)) / (1 + 4a),
// diffuse.frag's sweep, under-relaxed.
// ZERO_GUESS (a coarse level's first sweep): x = 0 everywhere, so nothing but
// the right-hand side is read and the level needs no clear.
// OBSTACLES: uSolid is this level's mask; solid cells hold 0.
// STAGGERED (level 0 of the viscous solve on the staggered layout): the same
// sweep on each face, its neighbours through the face rules (multigrid.glsl's
// faceNeighbourSum), and what it writes through shutWallFaces (shut and solid
// faces 0, the tunnel's inflow face at its speed): diffuse.frag's STAGGERED
// sweep, under-relaxed.
// Mirror: reference::smooth (STAGGERED: reference::staggered::smooth).
uniform sampler2D uIterate;   // the level's iterate x
uniform sampler2D uRhs;       // div u / b on level 0, the restricted residual below
uniform float uWeight;        // w
#ifdef VISCOUS
uniform float uAlpha;               // a_l
uniform float uInverseDenominator;  // 1 / (1 + 4 a_l)
#else
uniform float uRhsScale;      // h^2 on level 0, 1 below
#endif

Value jacobiValue(Value neighbours, Value rhs)
{
#ifdef VISCOUS
    return (rhs + uAlpha * neighbours) * uInverseDenominator;
#else
    return (neighbours - uRhsScale * rhs) * 0.25;
#endif
}

// The neighbours of a cell (or of a texel's faces) and what a sweep writes.
#ifdef STAGGERED
Value neighboursOf(ivec2 cell) { return faceNeighbourSum(uIterate, cell); }
vec4 written(Value x) { return shutWallFaces(asResult(x)); }
#else
Value neighboursOf(ivec2 cell) { return neighbourSum(uIterate, cell); }
vec4 written(Value x) { return fluidOnly(asResult(x)); }
#endif

void main()
{
    ivec2 cell = thisCell();
    Value rhs = valueIn(uRhs, cell);
#ifdef ZERO_GUESS
    fragResult = written(uWeight * jacobiValue(Value(0.0), rhs));
#else
    Value x = valueIn(uIterate, cell);
    fragResult = written(x + uWeight * (jacobiValue(neighboursOf(cell), rhs) - x));
#endif
}
