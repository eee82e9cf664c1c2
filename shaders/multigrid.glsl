// Prepended (after common.glsl) to the three multigrid passes: the value a
// level holds for the equation the pass was built for (src/core/multigrid.hpp).
// Pressure: one float, read through the pressure rule (the scalar rule; the
// tunnel's outflow is Dirichlet on every level). VISCOUS: a velocity
// correction, two floats read through the velocity rule, whose lid term is
// uLidSpeed (the grid's on level 0, zero below).
// valueAt (any cell, ghosts by the rule) and valueIn (a cell inside) read
// through the sampler at the level whose uGridSize and uInverseGridSize are
// set (common.glsl: the texture's wrap mode is the rule); valueFetched reads
// a cell of any level by texelFetch, needing neither.
#ifdef VISCOUS
#define Value vec2
Value valueAt(sampler2D field, ivec2 c) { return velocityNear(field, c); }
Value valueIn(sampler2D field, ivec2 c) { return texture(field, centreOf(c)).xy; }
Value valueFetched(sampler2D field, ivec2 c) { return texelFetch(field, c, 0).xy; }
#else
#define Value float
Value valueAt(sampler2D field, ivec2 c) { return pressureNear(field, c); }
Value valueIn(sampler2D field, ivec2 c) { return texture(field, centreOf(c)).x; }
Value valueFetched(sampler2D field, ivec2 c) { return texelFetch(field, c, 0).x; }
#endif

#ifdef OBSTACLES
// The ghost a solid neighbour of a cell holding `here` is (common.glsl's
// rule): the cell itself for the pressure, minus it for a velocity.
#ifdef VISCOUS
Value solidGhost(Value here) { return -here; }
#else
Value solidGhost(Value here) { return here; }
#endif
// Neighbour c of a cell holding `here`, on the level whose uSolid is bound.
Value neighbourOf(sampler2D field, ivec2 c, Value here) { return solidAt(c) ? solidGhost(here) : valueAt(field, c); }

// The sum of the four neighbours, in the order every pass adds them. `cell`
// may lie beyond the grid (a restriction's missing child, whose result is
// dropped): `here` is then read at the clamped cell, as residual() reads it.
Value neighbourSum(sampler2D field, ivec2 cell)
{
    Value here = valueIn(field, min(cell, uGridSize - 1));
    return (neighbourOf(field, cell + kLeft, here) + neighbourOf(field, cell + kRight, here))
         + (neighbourOf(field, cell + kBottom, here) + neighbourOf(field, cell + kTop, here));
}
#else
// The sum of the four neighbours, in the order every pass adds them.
Value neighbourSum(sampler2D field, ivec2 cell)
{
    return (valueAt(field, cell + kLeft) + valueAt(field, cell + kRight))
         + (valueAt(field, cell + kBottom) + valueAt(field, cell + kTop));
}
#endif

vec4 asResult(Value v) { return vec4(v, vec3(0.0)); }

#ifdef STAGGERED
// Level 0 of the viscous solve on the staggered layout (only level 0's passes
// are built with STAGGERED; the coarser levels keep the cell-centred VISCOUS
// operator above). That is enough because a coarse level only has to correct
// the error the sweeps leave, which is smooth: for a smooth error the face
// operator and the cell-centred one agree to O(h^2) (the same Laplacian, the
// walls' zero in the same place: a shut face on the wall, a ghost mirrored
// across it), and level 0's restriction and prolongation carry it between
// the two grids at each component's own points. What it costs: the coarse
// levels do not see what only the faces have (the tunnel's outflow face
// extrapolated from the last column's divergence, which couples u to v; the
// inflow face held), so near those the correction is a little off and the
// cycle converges more slowly on small tunnels (vCyclesFor's staggered column).
// The iterate is the face grid:
// u at texel c lives on cell c's left face, v on its bottom face, and each
// component's neighbours are read through its own face rule (common.glsl's
// faceU, faceV: shut and solid faces read 0, the lid's ghost 2U - u, the
// tunnel's inflow face its speed). Mirror: src/reference/staggered_multigrid.cpp.
float faceSumU(sampler2D x, ivec2 c)
{
    return (faceU(x, c + kLeft, uGridSize) + faceU(x, c + kRight, uGridSize))
         + (faceU(x, c + kBottom, uGridSize) + faceU(x, c + kTop, uGridSize));
}
float faceSumV(sampler2D x, ivec2 c)
{
    return (faceV(x, c + kLeft, uGridSize) + faceV(x, c + kRight, uGridSize))
         + (faceV(x, c + kBottom, uGridSize) + faceV(x, c + kTop, uGridSize));
}
// The faces of cell c, both components, from their neighbours.
Value faceNeighbourSum(sampler2D x, ivec2 c) { return Value(faceSumU(x, c), faceSumV(x, c)); }
#endif
