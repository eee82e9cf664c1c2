// Semi-Lagrangian advection of a scalar field (dye, temperature: scalar rule)
// on its own grid, which may be finer or coarser than the velocity's: trace
// this cell's centre back by dt u, u the velocity bilinearly interpolated at
// that centre on the simulation grid, and read the field there. Drawn before
// the velocity's own advection, so every field moves with the same velocity.
// One pass for every scalar field; a field is a uniform set and a variant:
// ON_VELOCITY_GRID: the field shares the velocity's grid, u is this cell's;
//   only then OBSTACLES (the mask lives on that grid): the trace stops before
//   a solid, a solid corner reads the cell nearest the traced point.
// MACCORMACK: MacCormack's backward step and correction (maccormack.glsl); the backward step
//   carries the forward result back along the same trace, dt negated, decay 1.
// INFLOW_DYE (the dye in a TUNNEL): streaklines beyond the inflow.
// Built with SCALAR_SOURCE (advection.glsl's uSource and its read).
// Mirror: reference::advectScalar.
uniform sampler2D uVelocity;     // on the simulation grid
uniform float uDtOverCellSize;   // dt / h, h this grid's cell size
#ifdef MACCORMACK
uniform float uBackwardDtOverCellSize;  // -dt / h, MacCormack's backward trace
#endif
uniform float uDecay;            // 1 / (1 + rate dt)
#ifndef ON_VELOCITY_GRID
uniform ivec2 uVelocityGridSize; // cells of the simulation grid
uniform float uToVelocityCells;  // simulation cells per cell of this grid
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
    vec2 u = velocityHere();
    traceCell(vec2(thisCell()) - uDtOverCellSize * u, c0, f);
#ifdef MACCORMACK
    // MacCormack's backward step, in the correction's own draw: what this
    // shader would write with the forward result as its source, dt negated
    // and decay 1, at this cell, computed the same way.
    ivec2 b0;
    vec2 fb;
    traceCell(vec2(thisCell()) - uBackwardDtOverCellSize * u, b0, fb);
    vec4 backward = advectedSource(uForward, b0, fb, 1.0);
    // MacCormack's correction (maccormack.glsl), limited by the four values
    // this very footprint reads.
    vec4 a, b, c, d;
    sourceFootprint(uSource, c0, f, a, b, c, d);
    fragResult = fluidOnly(maccormack(valueHere(uForward), valueHere(uSource), backward, a, b, c, d, uDecay,
                                      readsGhost(c0)));
#else
    fragResult = advectedSource(uSource, c0, f, uDecay);
#endif
}
