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
// CUBIC_READ (the dye on a grid of its own, DyeAdvection::Cubic): the traced
//   point read by a clamped cubic instead of bilinearly (cubicSource).
// VELOCITY_AT_DYE_CELLS (a grid 2 or, DYE_GRID_FOUR_TIMES, 4 times the
//   velocity's each way): u read from velocity_at_dye_cells.frag's layers,
//   the value it would interpolate.
// Built with SCALAR_SOURCE (advection.glsl's uSource and its read).
// Mirror: reference::advectScalar.
uniform sampler2D uVelocity;     // on the simulation grid
uniform float uDtOverCellSize;   // dt / h, h this grid's cell size
uniform float uDecay;            // 1 / (1 + rate dt)
#ifndef ON_VELOCITY_GRID
uniform ivec2 uVelocityGridSize; // cells of the simulation grid
uniform float uToVelocityCells;  // simulation cells per cell of this grid
#endif

#ifdef VELOCITY_AT_DYE_CELLS
uniform sampler2DArray uVelocityAtDyeCells;  // velocity_at_dye_cells.frag's layers
#endif

vec2 velocityHere()
{
#if defined(ON_VELOCITY_GRID)
    return valueHere(uVelocity).xy;
#elif defined(VELOCITY_AT_DYE_CELLS)
    // The dye's grid 2 (or 4) times the velocity's each way: what
    // velocityAtPoint gives at this cell's centre, left by
    // velocity_at_dye_cells.frag in the layer and half of the texel of this
    // cell's place (a, b) among those of its velocity cell, at that cell's
    // texel (this centre on the array's grid of fewer cells).
    ivec2 place = thisCell() & (kDyeGridRatio - 1);
    vec4 pair = texture(uVelocityAtDyeCells, vec3(thisCentre(), float(place.y * (kDyeGridRatio / 2) + place.x / 2)));
    return (place.x & 1) == 0 ? pair.xy : pair.zw;
#else
    // This cell's centre in the simulation grid's cells. On a grid of its own
    // (no OBSTACLES) a solid face reads as stored, zero once a velocity pass
    // has shut it (the splats before this pass add nothing to it), as the
    // mirror reads it.
    vec2 p = (vec2(thisCell()) + 0.5) * uToVelocityCells - 0.5;
    return velocityAtPoint(uVelocity, p, uVelocityGridSize);
#endif
}

#if defined(SCHEME_STAGE) || defined(CUBIC_READ)
// Whether this cell, on a grid of its own, lies within half a velocity cell
// of a wall, where a scheme's stage keeps the forward value (as where its
// footprint reads a ghost) and the cubic read is the bilinear one: the
// velocity there comes from the wall's rule (or SLIP_WALLS'), and where the flow presses onto a wall
// it thins the scalar into layers one cell thick along it, which the stage's
// correction, and the cubic, kept as lines along every wall.
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

#ifdef CUBIC_READ
// The Catmull-Rom weights of the cells at -1, 0, 1 and 2 for a point the
// fraction t past cell 0. Each product that feeds a sum is opaque() so that
// no compiler contracts it (the mirror rounds twice). They sum to 1 within
// rounding, so a flat field reads flat.
vec4 cubicWeights(float t)
{
    float half_t = product(0.5, t);
    return vec4(t * (product(t, 1.0 - half_t) - 0.5), 1.0 + product(t * t, product(1.5, t) - 2.5),
                t * (0.5 + product(t, 2.0 - product(1.5, t))), product(t, t) * (half_t - 0.5));
}

// Four cells of a row, from the one left of the traced point's to two right
// of it, blended by w.
vec4 cubicBlend(vec4 left, vec4 here, vec4 right, vec4 farRight, vec4 w)
{
    return opaque(w.x * left) + opaque(w.y * here) + opaque(w.z * right) + opaque(w.w * farRight);
}
vec4 cubicRow(ivec2 c, vec4 w)
{
    return cubicBlend(sourceNear(uSource, c + kLeft), sourceNear(uSource, c), sourceNear(uSource, c + kRight),
                      sourceNear(uSource, c + 2 * kRight), w);
}

// The source at the traced point (c0, f): a Catmull-Rom spline through the
// 4 x 4 cells around it (rows, then the column of rows), clamped to the range
// of the four cells a bilinear read blends, so that, like that read, it makes
// no value outside them (no ringing, no new extremes); times decay. Where
// the field is smooth it is third order, where it turns at a cell it keeps
// the bilinear bound, so thin filaments keep their peak instead of smearing
// a fraction of a cell a step. Ghosts as the bilinear read's (sourceNear:
// the wrap mode repeats the edge or wraps at any distance, the inflow's).
// a, b, c, d: the bilinear footprint (sourceFootprint), the middle of rows 0
// and 1, read once by the caller for both reads.
// Mirror: reference's cubicSource (advection_passes.cpp).
vec4 cubicSource(ivec2 c0, vec2 f, vec4 a, vec4 b, vec4 c, vec4 d, float decay)
{
    vec4 wx = cubicWeights(f.x);
    vec4 wy = cubicWeights(f.y);
    vec4 row0 = cubicBlend(sourceNear(uSource, c0 + kLeft), a, b, sourceNear(uSource, c0 + 2 * kRight), wx);
    vec4 row1 =
        cubicBlend(sourceNear(uSource, c0 + kTop + kLeft), c, d, sourceNear(uSource, c0 + kTop + 2 * kRight), wx);
    vec4 column = opaque(wy.x * cubicRow(c0 + kBottom, wx)) + opaque(wy.y * row0) + opaque(wy.z * row1) +
                  opaque(wy.w * cubicRow(c0 + 2 * kTop, wx));
    vec4 lo = min(min(a, b), min(c, d));
    vec4 hi = max(max(a, b), max(c, d));
    return min(max(column, lo), hi) * decay;
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
#elif defined(CUBIC_READ)
    // The footprint read once for both sides: llvmpipe runs both sides of the
    // select, and reads in two branches are not shared.
    vec4 a, b, c, d;
    sourceFootprint(uSource, c0, f, a, b, c, d);
    fragResult = fluidOnly(besideWall() ? fluidOnly(bilinear(a, b, c, d, f, uDecay))
                                        : cubicSource(c0, f, a, b, c, d, uDecay));
#else
    fragResult = advectedSource(uSource, c0, f, uDecay);
#endif
}
