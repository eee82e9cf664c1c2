// Prepended (after common.glsl) to the three multigrid passes: the value a
// level holds for the equation the pass was built for (src/core/multigrid.hpp).
// Pressure: one float, read through the scalar rule. VISCOUS: a velocity
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
Value valueAt(sampler2D field, ivec2 c) { return scalarNear(field, c).x; }
Value valueIn(sampler2D field, ivec2 c) { return texture(field, centreOf(c)).x; }
Value valueFetched(sampler2D field, ivec2 c) { return texelFetch(field, c, 0).x; }
#endif

// The sum of the four neighbours, in the order every pass adds them.
Value neighbourSum(sampler2D field, ivec2 cell)
{
    return (valueAt(field, cell + kLeft) + valueAt(field, cell + kRight))
         + (valueAt(field, cell + kBottom) + valueAt(field, cell + kTop));
}

vec4 asResult(Value v) { return vec4(v, vec3(0.0)); }
