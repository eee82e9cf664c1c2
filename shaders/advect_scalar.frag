// Semi-Lagrangian advection of a scalar field (dye, temperature: scalar rule)
// on its own grid, which may be finer or coarser than the velocity's: trace
// this cell's centre back by dt u, u the velocity bilinearly interpolated at
// that centre on the simulation grid, and read the field there. Drawn before
// the velocity's own advection, so every field moves with the same velocity.
// One pass for every scalar field; a field is a uniform set and a variant:
// ON_VELOCITY_GRID: the field shares the velocity's grid, u is this cell's;
//   only then OBSTACLES (the mask lives on that grid): the trace stops before
//   a solid, a solid corner reads the cell nearest the traced point.
// SCHEME_STAGE: a pass of the advection scheme after this one (advection.glsl):
//   it traces again by STAGE_DT, reads STAGE_TRACED there, decay 1, and
//   combines (the scheme's header).
// INFLOW_DYE (the dye in a TUNNEL): streaklines beyond the inflow.
// Built with SCALAR_SOURCE (advection.glsl's uSource and its read).
// Mirror: reference::advectScalar.
uniform sampler2D uVelocity;     // on the simulation grid
uniform float uDtOverCellSize;   // dt / h, h this grid's cell size
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
    // This cell's centre in the simulation grid's cells. On a grid of its own
    // (no OBSTACLES) a solid face reads as stored, zero once a velocity pass
    // has shut it, as the mirror reads it.
    vec2 p = (vec2(thisCell()) + 0.5) * uToVelocityCells - 0.5;
    return velocityAtPoint(uVelocity, p, uVelocityGridSize);
#endif
}

#ifdef SCHEME_STAGE
// Whether this cell, on a grid of its own, lies within half a velocity cell
// of a wall, where a scheme's stage keeps the forward value (as where its
// footprint reads a ghost): the velocity there is the wall rule's, and where
// the flow presses onto a wall it thins the scalar into layers one cell thick
// along it, which the stage's correction kept as lines along every wall.
// Mirror: reference::besideWall.
bool besideWall()
{
#if defined(ON_VELOCITY_GRID) || defined(PERIODIC)
    return false;
#else
    vec2 centre = (vec2(thisCell()) + 0.5) * uToVelocityCells;
    return any(lessThan(centre, vec2(0.5))) || any(greaterThan(centre, vec2(uVelocityGridSize) - 0.5));
#endif
}
#endif

void main()
{
    ivec2 c0;
    vec2 f;
    vec2 u = velocityHere();
    traceCell(vec2(thisCell()) - uDtOverCellSize * u, c0, f);
#ifdef SCHEME_STAGE
    // The stage's trace, in its own draw: what this shader would write with
    // STAGE_TRACED as its source, by STAGE_DT and decay 1, at this cell,
    // computed the same way.
    ivec2 b0;
    vec2 fb;
    traceCell(vec2(thisCell()) - STAGE_DT * u, b0, fb);
    vec4 backward = advectedSource(STAGE_TRACED, b0, fb, 1.0);
    // The stage's value (its header's stageValue), bounded by the four values
    // this very footprint reads.
    vec4 a, b, c, d;
    sourceFootprint(uSource, c0, f, a, b, c, d);
    fragResult = fluidOnly(stageOf(valueHere(uForward), valueHere(uSource), backward, a, b, c, d, uDecay,
                                   readsGhost(c0) || besideWall()));
#else
    fragResult = advectedSource(uSource, c0, f, uDecay);
#endif
}
