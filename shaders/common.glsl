// Prepended to every pass: the grid, the boundary rules and the cell this
// fragment computes. Mirrored by src/reference/boundary.hpp; keep them in step.
//
// The boundary rule is compiled in, not a uniform: GpuSolver builds each pass
// with PERIODIC defined or not (a "variant" source before this file). A
// runtime branch in every fetch would be paid on both sides on SIMD
// rasterisers like llvmpipe, which run both arms of an if under a mask.
uniform ivec2 uGridSize;   // cells
uniform float uLidSpeed;   // m/s, tangential speed of the top wall (box only)
uniform vec2 uInverseGridSize;  // 1 / cells

layout(location = 0) out vec4 fragResult;
#ifdef TWO_OUTPUTS
layout(location = 1) out vec4 fragResult1;  // the second field of a pass that writes two
#endif

ivec2 thisCell() { return ivec2(gl_FragCoord.xy); }

#ifdef PERIODIC

// Periodic wrap of an index at most one grid away from the grid: a compare and
// a select per axis (integer '%' runs lane by lane, with divide-by-zero checks).
int wrapIndex(int c, int n) { return c < 0 ? c + n : (c >= n ? c - n : c); }
ivec2 wrapCell(ivec2 c) { return ivec2(wrapIndex(c.x, uGridSize.x), wrapIndex(c.y, uGridSize.y)); }

vec2 velocityAt(sampler2D velocity, ivec2 c) { return texelFetch(velocity, wrapCell(c), 0).xy; }
vec4 scalarAt(sampler2D field, ivec2 c) { return texelFetch(field, wrapCell(c), 0); }

#else  // closed box

ivec2 clampCell(ivec2 c) { return clamp(c, ivec2(0), uGridSize - 1); }

// Velocity: a ghost cell beyond a no-slip wall holds minus its mirror cell, so
// the wall face halfway between has zero velocity; beyond the moving lid it
// holds 2 U - u, so that face moves at the lid speed U. A corner ghost is
// mirrored across both walls (the sign flips twice), so the bilinear read at
// the corner point gives zero as well.
vec2 velocityAt(sampler2D velocity, ivec2 c)
{
    ivec2 inside = clampCell(c);
    vec2 v = texelFetch(velocity, inside, 0).xy;
    if (inside.x != c.x) v = -v;
    if (inside.y != c.y) {
        v = -v;
        if (c.y >= uGridSize.y) v.x += 2.0 * uLidSpeed;
    }
    return v;
}

// Scalars (pressure, dye, curl): zero normal derivative at walls; the ghost
// cell repeats its mirror cell (pure Neumann).
vec4 scalarAt(sampler2D field, ivec2 c) { return texelFetch(field, clampCell(c), 0); }

#endif

// The same rules through the sampler: texture() at a cell's centre, with a
// constant texel offset for this cell's neighbours. GpuSolver gives every
// field texture the wrap mode of the rule: CLAMP_TO_EDGE returns the edge
// texel for a ghost cell, which is the Neumann ghost itself and the mirror
// cell the velocity rule negates; REPEAT is the periodic ghost. NEAREST at a
// texel centre returns the texel exactly, so these give the values of
// scalarAt and velocityAt. On llvmpipe this path is cheaper than texelFetch,
// which looks up the level's stride and checks bounds per lane.
vec2 thisCentre() { return gl_FragCoord.xy * uInverseGridSize; }
vec2 centreOf(ivec2 c) { return (vec2(c) + 0.5) * uInverseGridSize; }

// Any field at this cell (no ghost involved).
#define valueHere(field) texture(field, thisCentre())
#define scalarBeside(field, offset) textureOffset(field, thisCentre(), offset)
vec4 scalarNear(sampler2D field, ivec2 c) { return texture(field, centreOf(c)); }

#ifdef PERIODIC
#define velocityBeside(field, offset) textureOffset(field, thisCentre(), offset).xy
vec2 velocityNear(sampler2D field, ivec2 c) { return texture(field, centreOf(c)).xy; }
#else
// velocityAt's rule applied to v, the mirror cell's velocity that the sampler
// returned for cell c.
vec2 mirroredVelocity(vec2 v, ivec2 c)
{
    if (c.x < 0 || c.x >= uGridSize.x) v = -v;
    if (c.y < 0 || c.y >= uGridSize.y) {
        v = -v;
        if (c.y >= uGridSize.y) v.x += 2.0 * uLidSpeed;
    }
    return v;
}
#define velocityBeside(field, offset) \
    mirroredVelocity(textureOffset(field, thisCentre(), offset).xy, thisCell() + (offset))
vec2 velocityNear(sampler2D field, ivec2 c) { return mirroredVelocity(texture(field, centreOf(c)).xy, c); }
#endif

const ivec2 kLeft = ivec2(-1, 0);
const ivec2 kRight = ivec2(1, 0);
const ivec2 kBottom = ivec2(0, -1);
const ivec2 kTop = ivec2(0, 1);
