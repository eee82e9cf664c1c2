// Semi-Lagrangian advection of a scalar field (dye, temperature: scalar rule)
// on its own grid, which may be finer or coarser than the velocity's: trace
// this cell's centre back by dt u, u the velocity bilinearly interpolated at
// that centre on the simulation grid, and read the field there. Drawn before
// the velocity's own advection, so every field moves with the same velocity.
// One pass for every scalar field; a field is a uniform set and a variant:
// ON_VELOCITY_GRID: the field shares the velocity's grid, u is this cell's;
//   only then OBSTACLES (the mask lives on that grid): the trace stops before
//   a solid, a solid corner reads the cell nearest the traced point.
// MACCORMACK: MacCormack's correction (maccormack.glsl); the backward step
//   is this pass itself, its source the forward result, dt negated.
// INFLOW_DYE (the dye in a TUNNEL): beyond the inflow, 8 bands of dye, each
//   1/32 of the height, so the inflow carries streaklines in.
// Mirror: reference::advectScalar.
uniform sampler2D uVelocity;     // on the simulation grid
uniform sampler2D uSource;       // the field, on this pass's grid
uniform float uDtOverCellSize;   // dt / h, h this grid's cell size
uniform float uDecay;            // 1 / (1 + rate dt)
#ifndef ON_VELOCITY_GRID
uniform ivec2 uVelocityGridSize; // cells of the simulation grid
uniform float uToVelocityCells;  // simulation cells per cell of this grid
#endif

#ifdef INFLOW_DYE
vec4 inflowDye(int j)
{
    bool inside = j >= 0 && j < uGridSize.y;
    int slot = inside ? (j * 32) / uGridSize.y : 0;
    return (slot & 3) == 2 ? vec4(1.0, 1.0, 1.0, 0.0) : vec4(0.0);
}
vec4 sourceNear(ivec2 c) { return c.x < 0 ? inflowDye(c.y) : scalarNear(uSource, c); }
#else
vec4 sourceNear(ivec2 c) { return scalarNear(uSource, c); }
#endif

vec2 velocityHere()
{
#ifdef ON_VELOCITY_GRID
    return valueHere(uVelocity).xy;
#else
    // This cell's centre in the simulation grid's cells.
    vec2 p = (vec2(thisCell()) + 0.5) * uToVelocityCells - 0.5;
    return velocityAtPoint(uVelocity, p, uVelocityGridSize);
#endif
}

void main()
{
    ivec2 c0;
    vec2 f;
    traceCell(vec2(thisCell()) - uDtOverCellSize * velocityHere(), c0, f);
#ifdef OBSTACLES
    vec4 nearestValue = sourceNear(nearestOf(c0, f));
#define SOURCE_AT(c) (solidAt(c) ? nearestValue : sourceNear(c))
#else
#define SOURCE_AT(c) sourceNear(c)
#endif
#ifdef MACCORMACK
    // MacCormack's correction (maccormack.glsl), limited by the four values
    // this very footprint reads.
    fragResult = fluidOnly(maccormack(valueHere(uForward), valueHere(uSource), valueHere(uBackward), SOURCE_AT(c0),
                                      SOURCE_AT(c0 + kRight), SOURCE_AT(c0 + kTop), SOURCE_AT(c0 + kRight + kTop),
                                      uDecay, readsGhost(c0)));
#else
    fragResult = fluidOnly(bilinear(SOURCE_AT(c0), SOURCE_AT(c0 + kRight), SOURCE_AT(c0 + kTop),
                                    SOURCE_AT(c0 + kRight + kTop), f, uDecay));
#endif
}
