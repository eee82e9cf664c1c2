// MacCormack's correction of semi-Lagrangian advection (Selle, Fedkiw, Kim,
// Liu and Osher, J. Sci. Comput. 35, 2008): the one stage of the scheme
// (core/advection_scheme.hpp), drawn with advect.frag (the velocity) or
// advect_scalar.frag (dye, temperature) over the very back-trace and footprint
// of the forward step (walls, obstacles, the tunnel's inflow alike), with phi
// the field advected and A its advection pass:
//   forward   phi^^{n+1} = A(phi^n)                       the pass itself
//   this      phi^^n     = A^R(phi^^{n+1})                the backward step: A
//                                                         with dt negated, the
//                                                         same velocity u^n
//                                                         (advection.glsl's trace)
//             phi^{n+1}  = phi^^{n+1} + (phi^n - phi^^n) / 2, limited
//                                                         (stageValue)
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
// range (MACCORMACK_REVERT below is that other choice, for the window). Both are bounded the same way. Where the footprint reads a ghost cell
// (readsGhost) the forward value stands.
//
// Dissipation: the forward step multiplies by decay; the backward step runs
// with decay 1, so it returns decay phi^n, not phi^n, and the correction and
// the bounds use decay phi^n. Mirror: reference::maccormackStage.

// traced: phi^^n, the backward step's value here.
#ifdef MACCORMACK_REVERT
// The reverting limiter (maccormack-revert): a component whose corrected value
// leaves [lo, hi] takes the forward, semi-Lagrangian value instead. Where the
// clamp bites, its bounds are constant over each cell of the footprint and
// jump at the cell lines, so a clamped velocity is flat in steps along the
// grid's axes, which the dye carried by it shows as stair steps (the
// window's stroke on 172 x 128, tests/app/look_test.cpp: staircase 1.51
// clamped, 0.71 reverting). The semi-Lagrangian value is continuous in the
// traced point. The product is opaque (common.glsl): the test must see the
// mirror's corrected value to the bit, or a value at a bound would revert on
// one side only.
vec4 stageValue(vec4 forward, vec4 original, vec4 traced, vec4 lo, vec4 hi, float decay, bool ghost)
{
    vec4 corrected = forward + 0.5 * (opaque(original * decay) - traced);
    bvec4 outside = bvec4(vec4(lessThan(corrected, lo)) + vec4(greaterThan(corrected, hi)));
    return ghost ? forward : mix(corrected, forward, outside);
}
#else
vec4 stageValue(vec4 forward, vec4 original, vec4 traced, vec4 lo, vec4 hi, float decay, bool ghost)
{
    return ghost ? forward : clamp(forward + 0.5 * (original * decay - traced), lo, hi);
}
#endif
