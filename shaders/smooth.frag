// One weighted Jacobi sweep on a multigrid level (src/core/multigrid.hpp):
// x' = x + w (J(x) - x), J the point-Jacobi value of the level's equation.
// Pressure, (xL + xR + xB + xT) - 4 x = s: J = (xL + xR + xB + xT - s) / 4; on
// level 0, s = h^2 div u and this is pressure.frag under-relaxed; below, s is
// the restricted residual.
// VISCOUS, x - a ((xL + xR + xB + xT) - 4 x) = b: J = (b + a (xL + ...)) / (1 + 4a),
// diffuse.frag's sweep, under-relaxed.
// ZERO_GUESS (a coarse level's first sweep): x = 0 everywhere, so nothing but
// the right-hand side is read and the level needs no clear.
// TWO_SWEEPS: two sweeps in one draw (below), the first from zero with
// ZERO_GUESS.
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

#if defined(ZERO_GUESS) && defined(TWO_SWEEPS)
// The first sweep from zero is a product, w J; a compiler may contract a
// product into the sums of the second sweep that use it (llvmpipe does,
// 1-ulp differences from two draws, which the step parity tests saw), but not
// uZero + w J (common.glsl), whose value is the same: that sum is what the
// second sweep reads.
#define FIRST_FROM_ZERO(v) (uZero + (v))
#else
#define FIRST_FROM_ZERO(v) (v)
#endif

// One sweep's value at cell m (inside the grid), before the mask.
Value sweptAt(ivec2 m)
{
    Value rhs = valueIn(uRhs, m);
#ifdef ZERO_GUESS
    return FIRST_FROM_ZERO(uWeight * jacobiValue(Value(0.0), rhs));
#else
    Value x = valueIn(uIterate, m);
    return x + uWeight * (jacobiValue(neighboursOf(m), rhs) - x);
#endif
}

#ifdef TWO_SWEEPS
// Two sweeps in one draw: the first sweep's value at this cell and at its
// four neighbours, then the second sweep from those, each neighbour's through
// the rule as the second sweep would read it from the first's output: a solid
// neighbour is the ghost of this cell's value; beyond a wall (box, tunnel) the
// sampler would return this cell's, to which the rule's ghost applies
// (valueAt); periodic, the wrapped cell.
// Cheaper than two draws on the small levels, where a draw's fixed cost is
// most of it. Not on the staggered faces (level 0 only).
#ifdef STAGGERED
#error "TWO_SWEEPS is for the cell-centred levels"
#endif
Value ruleGhost(Value v, ivec2 beyond)
{
#if defined(VISCOUS) && !defined(PERIODIC)
    return mirroredVelocity(v, beyond);
#elif !defined(VISCOUS) && defined(TUNNEL)
    return pressureGhost(v, beyond);
#else
    return v;
#endif
}
Value sweptBeside(ivec2 n, Value here)
{
#ifdef OBSTACLES
    if (solidAt(n)) return solidGhost(here);
#endif
#ifdef PERIODIC
    return sweptAt((n + uGridSize) % uGridSize);  // wrapped: neighbourSum clamps a cell beyond the grid
#else
    if (any(lessThan(n, ivec2(0))) || any(greaterThanEqual(n, uGridSize))) return ruleGhost(here, n);
    return sweptAt(n);
#endif
}
#endif

void main()
{
    ivec2 cell = thisCell();
#ifdef TWO_SWEEPS
    Value x = sweptAt(cell);
    Value neighbours = (sweptBeside(cell + kLeft, x) + sweptBeside(cell + kRight, x)) +
                       (sweptBeside(cell + kBottom, x) + sweptBeside(cell + kTop, x));
    fragResult = written(x + uWeight * (jacobiValue(neighbours, valueIn(uRhs, cell)) - x));
#else
    fragResult = written(sweptAt(cell));
#endif
}
