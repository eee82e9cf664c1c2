// Semi-Lagrangian advection of the velocity by itself: trace each cell centre
// back by dt u and read the velocity there (velocity rule). The scalar fields
// (dye, temperature) are carried by advect_scalar.frag, before this pass, by
// the same velocity. The trace and the bilinear blend are advection.glsl's.
// WITH_DYE (with TWO_OUTPUTS and SCALAR_SOURCE; the dye on the velocity's
// grid): the dye too, output 1, from the same trace: one pass instead of
// two on llvmpipe, the same values as advect_scalar.frag's.
//
// OBSTACLES: the trace stops before it enters a solid (stopAtSolids), and a
// solid corner of the bilinear footprint reads as the ghost of the cell
// nearest the traced point (fluid, after the stop): -u, as the rules of
// common.glsl mirror a cell across a face. Mirror: reference::advect.
uniform sampler2D uVelocity;
uniform float uDtOverCellSize;   // dt / h
uniform float uVelocityDecay;    // 1 / (1 + dissipation dt)
#ifdef WITH_DYE
uniform float uDyeDecay;
#endif

// CARRIED_VELOCITY: the velocity carried is another texture than the one that
// traces: the forced velocity of the incremental projection
// (pressure_forcing.frag), and in MacCormack's backward step the forward
// result, carried back along the same velocity (GpuSolver::advect).
#ifdef CARRIED_VELOCITY
uniform sampler2D uCarriedVelocity;
vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uCarriedVelocity, c), 0.0, 0.0); }
#define CARRIED_HERE valueHere(uCarriedVelocity).xy
#else
vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uVelocity, c), 0.0, 0.0); }
#define CARRIED_HERE u
#endif

void main()
{
    vec2 u = valueHere(uVelocity).xy;
    ivec2 c0;
    vec2 f;
    traceCell(vec2(thisCell()) - uDtOverCellSize * u, c0, f);
#ifdef OBSTACLES
    vec4 nearestGhostVelocity = -velocity4Near(nearestOf(c0, f));
#define VELOCITY_AT(c) (solidAt(c) ? nearestGhostVelocity : velocity4Near(c))
#else
#define VELOCITY_AT(c) velocity4Near(c)
#endif
#ifdef MACCORMACK
    // MacCormack's correction (maccormack.glsl), limited by the four values
    // this very footprint reads.
    fragResult = fluidOnly(maccormack(vec4(valueHere(uForward).xy, 0.0, 0.0), vec4(CARRIED_HERE, 0.0, 0.0),
                                      vec4(valueHere(uBackward).xy, 0.0, 0.0), VELOCITY_AT(c0),
                                      VELOCITY_AT(c0 + kRight), VELOCITY_AT(c0 + kTop),
                                      VELOCITY_AT(c0 + kRight + kTop), uVelocityDecay, readsGhost(c0)));
#else
    fragResult = fluidOnly(bilinear(VELOCITY_AT(c0), VELOCITY_AT(c0 + kRight), VELOCITY_AT(c0 + kTop),
                                    VELOCITY_AT(c0 + kRight + kTop), f, uVelocityDecay));
#ifdef WITH_DYE
    fragResult1 = advectedSource(c0, f, uDyeDecay);
#endif
#endif
}
