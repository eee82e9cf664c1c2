// Back and forth error compensation and correction (BFECC; Kim, Liu, Llamas
// and Rossignac, 2005; Dupont and Liu, 2003): the two stages of the scheme
// (core/advection_scheme.hpp), each drawn with advect.frag (the velocity) or
// advect_scalar.frag (dye, temperature) over the forward step's trace, with
// phi the field advected and A its advection pass:
//   forward           phi^   = A(phi^n)                  the pass itself
//   BFECC_ERROR       e      = (decay phi^n - A^R(phi^)) / 2
//                                                        A^R: A with dt negated, decay 1
//   BFECC_CORRECTION  phi^{n+1} = phi^ + A'(e), limited  A': A with decay 1
// A is linear in the field, so phi^ + A'(e) is the forward step from the
// corrected start phi^n + (phi^n - A^R A phi^n / decay) / 2, the textbook's
// BFECC, without a fourth pass or a division by decay. The round trip's error
// is twice the forward step's to leading order; halved and subtracted from
// the start, it cancels the first-order error of the bilinear read.
//
// The limiter is MacCormack's (maccormack.glsl): the result is clamped to
// decay times the range of phi^n at the four cells of the forward footprint,
// so the scheme makes no new maximum or minimum, and where that footprint
// reads a ghost cell the forward, semi-Lagrangian value stands. The error
// stage needs neither: e is only ever read by the correction. Mirror:
// reference::bfeccError and bfeccCorrection (src/reference/advection_passes.cpp).

#ifdef BFECC_ERROR
// traced: A^R(phi^) here.
vec4 stageValue(vec4 forward, vec4 original, vec4 traced, vec4 lo, vec4 hi, float decay, bool ghost)
{
    return 0.5 * (original * decay - traced);
}
#else
// traced: A'(e) here, read along the forward step's own trace.
vec4 stageValue(vec4 forward, vec4 original, vec4 traced, vec4 lo, vec4 hi, float decay, bool ghost)
{
    return ghost ? forward : clamp(forward + traced, lo, hi);
}
#endif
