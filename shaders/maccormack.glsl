// MacCormack's correction of semi-Lagrangian advection (Selle, Fedkiw, Kim,
// Liu and Osher, J. Sci. Comput. 35, 2008): the header of the MACCORMACK
// variants of advect.frag (the velocity) and advect_scalar.frag (dye,
// temperature), drawn over the very back-trace and footprint of the forward
// step (walls, obstacles, the tunnel's inflow alike). GpuSolver draws two
// passes per field, with phi the field advected and A its advection pass:
//   forward   phi^^{n+1} = A(phi^n)                       the pass itself
//   this      phi^^n     = A^R(phi^^{n+1})                the backward step: A
//                                                         with dt negated, the
//                                                         same velocity u^n
//             phi^{n+1}  = phi^^{n+1} + (phi^n - phi^^n) / 2, limited
//                                                         (the MACCORMACK variant)
// The round trip A^R A would be the identity if A were exact; half its error
// is the forward step's own to leading order, so adding it back cancels the
// first-order error of the bilinear read (docs/algorithm.md).
//
// The limiter. The correction can overshoot where phi is not smooth (a dye
// front, a jet's edge), and an overshoot fed back through the next steps
// grows: unlimited MacCormack is unstable at large CFL numbers. The result is
// therefore kept within the range of the four values of phi^n that the forward
// step's bilinear read used, the range the semi-Lagrangian value itself lies
// in, so the scheme can make no new maximum or minimum. Where the corrected
// value leaves that range it is clamped to it, rather than replaced by the
// semi-Lagrangian value (the other common choice): clamping is continuous in
// its inputs, where reverting switches between a second- and a first-order
// value from one cell to the next wherever the test flips, which shows as
// noise along fronts, and it keeps the part of the correction that stays in
// range. Both are bounded the same way.
//
// Dissipation: the forward step multiplies by decay; the backward step runs
// with decay 1, so it returns decay phi^n, not phi^n, and the correction and
// the bounds use decay phi^n. Mirror: reference::maccormack.
uniform sampler2D uForward;   // phi^^{n+1}; the pass's own source is phi^n

// Whether the forward footprint at c0 reads a ghost cell, whose value is an
// extrapolation (2 U - u beyond the lid, -u beyond a wall or in an obstacle,
// the inflow's), not a value of the flow: as a bound it would let the result
// reach 2 |U| + |u| (a fuzzed lid at 1e4 m/s made 1.7x the largest speed put
// in). There the forward, semi-Lagrangian value stands: first order in the
// layer of cells whose trace reaches a wall, and bounded as that scheme is.
bool readsGhost(ivec2 c0)
{
#ifdef PERIODIC
    bool ghost = false;
#else
    bool ghost = any(lessThan(c0, ivec2(0))) || any(greaterThanEqual(c0 + 1, uGridSize));
#endif
#ifdef OBSTACLES
    ghost = ghost || solidAt(c0) || solidAt(c0 + kRight) || solidAt(c0 + kTop) || solidAt(c0 + kRight + kTop);
#endif
    return ghost;
}

// forward, original, backward: phi^^{n+1}, phi^n, phi^^n here; a, b, c, d:
// phi^n at the four cells of the forward step's bilinear read.
vec4 maccormack(vec4 forward, vec4 original, vec4 backward, vec4 a, vec4 b, vec4 c, vec4 d, float decay, bool ghost)
{
    vec4 lo = min(min(a, b), min(c, d)) * decay;
    vec4 hi = max(max(a, b), max(c, d)) * decay;
    return ghost ? forward : clamp(forward + 0.5 * (original * decay - backward), lo, hi);
}
