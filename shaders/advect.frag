// Semi-Lagrangian advection of the velocity by itself: trace each cell centre
// back by dt u and read the velocity there (velocity rule). The scalar fields
// (dye, temperature) are carried by advect_scalar.frag, before this pass, by
// the same velocity. The trace and the bilinear blend are advection.glsl's.
// WITH_DYE (with TWO_OUTPUTS and SCALAR_SOURCE; the dye on the velocity's
// grid): the dye too, output 1, from the same trace: one pass instead of
// two on llvmpipe, the same values as advect_scalar.frag's.
// WITH_VELOCITY_AT_DYE_CELLS (the staggered forward pass; the dye's grid
// twice the velocity's): the velocity at the dye's cells too, outputs 1 and
// 2 (velocity_at_dye_cells.frag's layers), drawn before the dye's passes
// that read it: its faces are the ones this pass reads but for one, and a
// pass of its own cost llvmpipe a hand-over and a quarter of a million
// fragments more.
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
// (pressure_forcing.frag), and in a scheme's stage (SCHEME_STAGE) phi^n,
// the velocity the forward step carried (itself, or the forced one).
#ifdef CARRIED_VELOCITY
uniform sampler2D uCarriedVelocity;
vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uCarriedVelocity, c), 0.0, 0.0); }
#define CARRIED_HERE valueHere(uCarriedVelocity).xy
#else
vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uVelocity, c), 0.0, 0.0); }
#define CARRIED_HERE u
#endif

#ifdef WITH_VELOCITY_AT_DYE_CELLS
#ifdef DYE_GRID_FOUR_TIMES
#error "the velocity at 16 dye cells a cell takes 8 outputs: the pass of its own"
#endif
// Dye cells (2i, 2j + b) and (2i + 1, 2j + b) at output b + 1.
layout(location = 1) out vec4 velocityAtDyeCells0;
layout(location = 2) out vec4 velocityAtDyeCells1;
#endif

#ifdef STAGGERED
// The staggered layout (common.glsl): each face traced back from its own
// point by the velocity there (its own component; the other the mean of the
// four nearest faces of that component), then its component read there from
// its own faces. Mirror: reference::staggered::advect and schemeStage.
#ifdef CARRIED_VELOCITY
#define CARRIED uCarriedVelocity
#else
#define CARRIED uVelocity
#endif

vec2 velocityAtFaceU(ivec2 c)
{
    float v = ((faceV(uVelocity, c + kLeft, uGridSize) + faceV(uVelocity, c, uGridSize)) +
               (faceV(uVelocity, c + kLeft + kTop, uGridSize) + faceV(uVelocity, c + kTop, uGridSize))) *
              0.25;
    return vec2(faceU(uVelocity, c, uGridSize), v);
}

vec2 velocityAtFaceV(ivec2 c)
{
    float u = ((faceU(uVelocity, c + kBottom, uGridSize) + faceU(uVelocity, c + kRight + kBottom, uGridSize)) +
               (faceU(uVelocity, c, uGridSize) + faceU(uVelocity, c + kRight, uGridSize))) *
              0.25;
    return vec2(u, faceV(uVelocity, c, uGridSize));
}

// traceCell's bounds without its cell arithmetic: stopped at the walls, or
// kept within a few grids when periodic (faceTexel wraps the rest); with
// OBSTACLES stopped before a solid as traceCell's. dtOverCellSize: the
// pass's uDtOverCellSize, or a scheme's stage's (STAGE_DT).
vec2 traceFace(vec2 p, vec2 here, float dtOverCellSize)
{
    vec2 size = vec2(uGridSize);
#ifdef PERIODIC
    vec2 pos = min(max(p - dtOverCellSize * here, -4.0 * size), 4.0 * size);
#else
    vec2 pos = min(max(p - dtOverCellSize * here, vec2(-0.5)), size - 0.5);
#endif
#ifdef OBSTACLES
    pos = stopAtSolids(p, pos);
#endif
    return pos;
}

#ifdef SCHEME_STAGE
// Whether a footprint at c0 reads a ghost face (an extrapolation beyond a
// wall): u's faces run 0..width across (the walls' own zeros included) and
// 0..height-1 up, v's the other way round.
// Among obstacles a solid face in the footprint is one too (its 0 is a wall's).
#ifdef OBSTACLES
#define READS_SOLID(solid, c0) (solid(c0) || solid(c0 + kRight) || solid(c0 + kTop) || solid(c0 + kRight + kTop))
#else
#define READS_SOLID(solid, c0) false
#endif
#ifdef PERIODIC
bool readsGhostU(ivec2 c0) { return READS_SOLID(solidFaceU, c0); }
bool readsGhostV(ivec2 c0) { return READS_SOLID(solidFaceV, c0); }
#else
bool readsGhostU(ivec2 c0)
{
    return c0.x < 0 || c0.x + 1 > uGridSize.x || c0.y < 0 || c0.y + 1 >= uGridSize.y || READS_SOLID(solidFaceU, c0);
}
bool readsGhostV(ivec2 c0)
{
    return c0.x < 0 || c0.x + 1 >= uGridSize.x || c0.y < 0 || c0.y + 1 > uGridSize.y || READS_SOLID(solidFaceV, c0);
}
#endif
// The stage's value (stageOf) of one component, bounded by the four faces of
// the forward read at c0.
#define CORRECTED_FACE(face, c0, forward, original, backward, ghost)                                             \
    stageOf(vec4(forward, 0.0, 0.0, 0.0), vec4(original, 0.0, 0.0, 0.0), vec4(backward, 0.0, 0.0, 0.0),        \
               vec4(face(CARRIED, c0, uGridSize), 0.0, 0.0, 0.0),                                               \
               vec4(face(CARRIED, c0 + kRight, uGridSize), 0.0, 0.0, 0.0),                                      \
               vec4(face(CARRIED, c0 + kTop, uGridSize), 0.0, 0.0, 0.0),                                        \
               vec4(face(CARRIED, c0 + kRight + kTop, uGridSize), 0.0, 0.0, 0.0), uVelocityDecay, ghost)         \
        .x
#endif

void main()
{
    ivec2 c = thisCell();
    vec2 pointU = vec2(c) - vec2(0.5, 0.0);
    vec2 pointV = vec2(c) - vec2(0.0, 0.5);
    vec2 hereU = velocityAtFaceU(c);
    vec2 hereV = velocityAtFaceV(c);
    vec2 qu = inUIndices(traceFace(pointU, hereU, uDtOverCellSize));
    vec2 qv = inVIndices(traceFace(pointV, hereV, uDtOverCellSize));
    ivec2 u0 = footprintOf(qu);
    ivec2 v0 = footprintOf(qv);
#ifdef SCHEME_STAGE
    vec2 forward = valueHere(uForward).xy;
    vec2 original = valueHere(CARRIED).xy;
    // The stage's trace, in its own draw: what this shader would write with
    // STAGE_TRACED carried, by STAGE_DT and decay 1, at these faces, computed
    // the same way.
    vec2 bu = inUIndices(traceFace(pointU, hereU, STAGE_DT));
    vec2 bv = inVIndices(traceFace(pointV, hereV, STAGE_DT));
    ivec2 bu0 = footprintOf(bu);
    ivec2 bv0 = footprintOf(bv);
    vec2 backward = shutWallFaces(vec4(FACE_AT(faceU, STAGE_TRACED, bu, uGridSize, 1.0, bu0),
                                       FACE_AT(faceV, STAGE_TRACED, bv, uGridSize, 1.0, bv0), 0.0, 0.0))
                        .xy;
    float u = CORRECTED_FACE(faceU, u0, forward.x, original.x, backward.x, readsGhostU(u0));
    float v = CORRECTED_FACE(faceV, v0, forward.y, original.y, backward.y, readsGhostV(v0));
#else
    float u = FACE_AT(faceU, CARRIED, qu, uGridSize, uVelocityDecay, u0);
    float v = FACE_AT(faceV, CARRIED, qv, uGridSize, uVelocityDecay, v0);
#ifdef WITH_VELOCITY_AT_DYE_CELLS
    vec4 pairs[kDyeCellPairs];
    velocityAtDyeCells(uVelocity, c, pairs);
    velocityAtDyeCells0 = pairs[0];
    velocityAtDyeCells1 = pairs[1];
#endif
#endif
    fragResult = shutWallFaces(vec4(u, v, 0.0, 0.0));
}
#else
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
#ifdef SCHEME_STAGE
    // The stage's trace, in its own draw: what this shader would write with
    // STAGE_TRACED carried, by STAGE_DT and decay 1, at this cell, computed
    // the same way.
    ivec2 b0;
    vec2 fb;
    traceCell(vec2(thisCell()) - STAGE_DT * u, b0, fb);
#ifdef OBSTACLES
    vec4 forwardGhost = -vec4(velocityNear(STAGE_TRACED, nearestOf(b0, fb)), 0.0, 0.0);
#define FORWARD_AT(c) (solidAt(c) ? forwardGhost : vec4(velocityNear(STAGE_TRACED, c), 0.0, 0.0))
#else
#define FORWARD_AT(c) vec4(velocityNear(STAGE_TRACED, c), 0.0, 0.0)
#endif
    vec4 backward = vec4(fluidOnly(bilinear(FORWARD_AT(b0), FORWARD_AT(b0 + kRight), FORWARD_AT(b0 + kTop),
                                            FORWARD_AT(b0 + kRight + kTop), fb, 1.0))
                             .xy,
                         0.0, 0.0);
    // The stage's value (its header's stageValue), bounded by the four values
    // this very footprint reads.
    fragResult = fluidOnly(stageOf(vec4(valueHere(uForward).xy, 0.0, 0.0), vec4(CARRIED_HERE, 0.0, 0.0), backward,
                                   VELOCITY_AT(c0), VELOCITY_AT(c0 + kRight), VELOCITY_AT(c0 + kTop),
                                   VELOCITY_AT(c0 + kRight + kTop), uVelocityDecay, readsGhost(c0)));
#else
    fragResult = fluidOnly(bilinear(VELOCITY_AT(c0), VELOCITY_AT(c0 + kRight), VELOCITY_AT(c0 + kTop),
                                    VELOCITY_AT(c0 + kRight + kTop), f, uVelocityDecay));
#ifdef WITH_DYE
    fragResult1 = advectedSource(uSource, c0, f, uDyeDecay);
#endif
#endif
}
#endif
