// Prepended to every pass: the grid, the boundary rules and the cell this
// fragment computes. Mirrored by src/reference/boundary.hpp; keep them in step.
//
// The boundary rule is compiled in, not a uniform: GpuSolver builds each pass
// with PERIODIC defined or not (a "variant" source before this file). A
// runtime branch in every fetch would be paid on both sides on SIMD
// rasterisers like llvmpipe, which run both arms of an if under a mask.
// Likewise TUNNEL (inflow left, outflow right, slip top and bottom) and
// OBSTACLES (a solid mask, uSolid: the passes are built with it only once a
// solver has obstacles, so the plain box pays nothing for them).
uniform ivec2 uGridSize;   // cells
uniform float uLidSpeed;   // m/s, tangential speed of the top wall (box), or the inflow's (tunnel)
uniform vec2 uInverseGridSize;  // 1 / cells
// 0, from a uniform (set with the grid's uniforms, or per draw on the
// multigrid's levels), which no compiler can fold. opaque(v) is v, but no
// compiler sees through it, so it can neither contract a product into the sum
// that uses it (an FMA: one rounding where the mirror makes two) nor regroup
// (a s + b s into (a + b) s, x - k c1 - k c2 into x - k (c1 + c2)), which
// Mesa's llvmpipe does. Where a pass would otherwise differ from its mirror
// by such an ulp, each product that feeds a sum goes through product().
uniform float uZero;
float opaque(float v) { return intBitsToFloat(floatBitsToInt(v) | floatBitsToInt(uZero)); }
vec2 opaque(vec2 v) { return intBitsToFloat(floatBitsToInt(v) | floatBitsToInt(uZero)); }
vec4 opaque(vec4 v) { return intBitsToFloat(floatBitsToInt(v) | floatBitsToInt(uZero)); }
float product(float a, float b) { return opaque(a * b); }

layout(location = 0) out vec4 fragResult;
#ifdef TWO_OUTPUTS
layout(location = 1) out vec4 fragResult1;  // the second field of a pass that writes two
#endif

ivec2 thisCell() { return ivec2(gl_FragCoord.xy); }

#ifndef PERIODIC
// velocityNear's rule applied to v, the mirror cell's velocity that the
// sampler returned for cell c (any cell: the rule changes only ghosts).
// Box: a ghost cell beyond a no-slip wall holds minus its mirror cell, so the
// wall face halfway between has zero velocity; beyond the moving lid it holds
// 2 U - u, so that face moves at the lid speed U. A corner ghost is mirrored
// across both walls (the sign flips twice), so the bilinear read at the
// corner point gives zero as well.
// Tunnel: beyond the inflow (left) the ghost is (2 U - u, -v), so the face
// moves at (U, 0); beyond the outflow (right) it repeats its mirror (zero
// normal gradient); beyond the top and bottom (slip) only v flips, or with
// TUNNEL_WALLS (no-slip) both components do, as at the box's walls.
// mirroredVelocityOn: the same on a grid of `size` cells whose lid (or
// inflow) moves at `lid`: the staggered viscous prolongation reads the coarse
// level's correction (lid 0) while drawing on level 0.
vec2 mirroredVelocityOn(vec2 v, ivec2 c, ivec2 size, float lid)
{
#ifdef TUNNEL
    if (c.x < 0) v = vec2(2.0 * lid - v.x, -v.y);
#ifdef TUNNEL_WALLS
    if (c.y < 0 || c.y >= size.y) v = -v;
#else
    if (c.y < 0 || c.y >= size.y) v.y = -v.y;
#endif
#elif defined(SLIP_WALLS)
    // The dye's slipping read (reference::mirroredVelocity's slipWalls): the
    // ghost repeats its mirror, both components.
#else
    // Selects, not nested branches (on llvmpipe the rule was some 3% of the
    // demo's configuration, read 14 times a fragment by the packed
    // divergence): a ghost across one wall flips the sign, a corner ghost's
    // two flips cancel (the same bits as flipping twice), and beyond the lid
    // the ghost is 2 U - u. A negative c wraps to a uint above any size.
    bvec2 ghost = greaterThanEqual(uvec2(c), uvec2(size));
    v = ghost.x != ghost.y ? -v : v;
    v = c.y >= size.y ? vec2(v.x + 2.0 * lid, v.y) : v;
#endif
    return v;
}
vec2 mirroredVelocity(vec2 v, ivec2 c) { return mirroredVelocityOn(v, c, uGridSize, uLidSpeed); }
#endif

// Scalars (pressure, dye, curl): zero normal derivative at walls; the ghost
// cell repeats its mirror cell (pure Neumann), or wraps (periodic).

// The same rules through the sampler: texture() at a cell's centre, with a
// constant texel offset for this cell's neighbours. GpuSolver gives every
// field texture the wrap mode of the rule: CLAMP_TO_EDGE returns the edge
// texel for a ghost cell, which is the Neumann ghost itself and the mirror
// cell the velocity rule negates; REPEAT is the periodic ghost. NEAREST at a
// texel centre returns the texel exactly, so these give the values of
// reference::scalarAt and velocityAt. On llvmpipe this path is cheaper than texelFetch,
// which looks up the level's stride and checks bounds per lane.
vec2 thisCentre() { return gl_FragCoord.xy * uInverseGridSize; }
vec2 centreOf(ivec2 c) { return (vec2(c) + 0.5) * uInverseGridSize; }

// The packed layout of the pressure solve (pack.frag): texel (I, j) holds
// cells 4I .. 4I+3 of row j in x, y, z, w.
// fourCells: those four cells of an unpacked R32F field, `first` the first,
// through the sampler at their centres (uInverseGridSize the unpacked grid's)
// rather than texelFetch: the same texels.
vec4 fourCells(sampler2D source, ivec2 first)
{
    vec2 at = centreOf(first);
    return vec4(texture(source, at).x, textureOffset(source, at, ivec2(1, 0)).x,
                textureOffset(source, at, ivec2(2, 0)).x, textureOffset(source, at, ivec2(3, 0)).x);
}
// cellOf: cell k (0..3) of a packed texel, picked by selects, not by indexing
// with k, which a compiler may turn into a local array in memory (on an H100
// the indexed packed gradient took 0.363 ms at 1024x768, the selects 0.177).
float cellOf(vec4 texel, int k) { return k == 0 ? texel.x : k == 1 ? texel.y : k == 2 ? texel.z : texel.w; }

#if defined(PAIRED) || defined(READS_PAIRS)
// The packed layout as the paired sweeps leave it (pressure_packed.frag's
// PAIRED): row j of texel column t in layer j & 1 of `pairs`, at row j >> 1.
// `packedWidth`: texels a row of the packed layout; the rows are the
// fragment's own grid's (uInverseGridSize, unpacked). A ghost row beyond a
// box's wall is the caller's: the layer's wrap mode gives another row.
vec4 pairedTexel(sampler2DArray pairs, ivec2 t, int packedWidth)
{
    vec2 at = (vec2(t.x, t.y >> 1) + 0.5) * vec2(1.0 / float(packedWidth), 2.0 * uInverseGridSize.y);
    return texture(pairs, vec3(at, float(t.y & 1)));
}
#endif

// Any field at this cell (no ghost involved).
#define valueHere(field) texture(field, thisCentre())
vec4 scalarNear(sampler2D field, ivec2 c) { return texture(field, centreOf(c)); }

#ifdef PERIODIC
#define fluidVelocityBeside(field, offset) textureOffset(field, thisCentre(), offset).xy
vec2 velocityNear(sampler2D field, ivec2 c) { return texture(field, centreOf(c)).xy; }
#else
#define fluidVelocityBeside(field, offset) \
    mirroredVelocity(textureOffset(field, thisCentre(), offset).xy, thisCell() + (offset))
vec2 velocityNear(sampler2D field, ivec2 c) { return mirroredVelocity(texture(field, centreOf(c)).xy, c); }
#endif
#define fluidScalarBeside(field, offset) textureOffset(field, thisCentre(), offset)

// Obstacles: a solid neighbour of this cell is a ghost that mirrors this cell
// across the face between them, as a wall's ghost mirrors the cell beside the
// wall: velocity -u (no-slip face), scalars and pressure this cell's own
// value (zero normal gradient). A solid cell's own result is zero (fluidOnly).
// The mask texture has the fields' wrap mode, so a neighbour beyond a wall
// reads this cell's own flag (never solid for a fluid cell) and a periodic
// one its wrapped cell's.
#ifdef OBSTACLES
uniform sampler2D uSolid;  // 1 = solid, 0 = fluid; this level's size
bool solidAt(ivec2 c) { return texture(uSolid, centreOf(c)).x > 0.5; }
#define solidHere() (valueHere(uSolid).x > 0.5)
#define solidBeside(offset) (textureOffset(uSolid, thisCentre(), offset).x > 0.5)
#define velocityBeside(field, offset) (solidBeside(offset) ? -valueHere(field).xy : fluidVelocityBeside(field, offset))
#define scalarBeside(field, offset) (solidBeside(offset) ? valueHere(field) : fluidScalarBeside(field, offset))
vec4 fluidOnly(vec4 result) { return solidHere() ? vec4(0.0) : result; }
#else
#define velocityBeside(field, offset) fluidVelocityBeside(field, offset)
#define scalarBeside(field, offset) fluidScalarBeside(field, offset)
vec4 fluidOnly(vec4 result) { return result; }
#endif

// Pressure: the scalar rule, except at the tunnel's outflow, where p = 0 on
// the face (Dirichlet): the ghost is minus its mirror.
#ifdef TUNNEL
float pressureGhost(float p, ivec2 c) { return c.x >= uGridSize.x ? -p : p; }
#define pressureBeside(field, offset) pressureGhost(scalarBeside(field, offset).x, thisCell() + (offset))
float pressureNear(sampler2D field, ivec2 c) { return pressureGhost(scalarNear(field, c).x, c); }
#else
#define pressureBeside(field, offset) scalarBeside(field, offset).x
float pressureNear(sampler2D field, ivec2 c) { return scalarNear(field, c).x; }
#endif

const ivec2 kLeft = ivec2(-1, 0);
const ivec2 kRight = ivec2(1, 0);
const ivec2 kBottom = ivec2(0, -1);
const ivec2 kTop = ivec2(0, 1);

#ifdef STAGGERED
// The staggered (MAC) layout: the velocity texture's texel c holds u on the
// face left of cell c, at the point c - (1/2, 0), and v on the face below it,
// at c - (0, 1/2). The faces on the right and top walls are not stored; these
// rules give every face, on a velocity grid of `size` cells (uGridSize, or
// the simulation grid's from a pass on the dye's). Box: a wall's own faces
// (i <= 0 or i >= width for u) are shut, 0 whatever is stored; beyond the
// bottom wall the tangential ghost is -u, beyond the lid 2 U - u, as
// mirroredVelocity's (SLIP_WALLS, the dye's read: a wall's face reads as the
// first face in, and no sign flips). Periodic: every face wraps. Mirror:
// reference::FaceVelocity's u and v (src/reference/face_velocity.hpp).
uniform float uInverseCellSize;  // 1 / h: the layout's differences span one cell

#ifdef PERIODIC
ivec2 faceTexel(ivec2 c, ivec2 size) { return (c + 8 * size) % size; }
#else
ivec2 faceTexel(ivec2 c, ivec2 size) { return clamp(c, ivec2(0), size - 1); }
#endif
// The texel at c through the sampler, whose wrap mode is the rule's (clamped,
// or repeated when periodic): cheaper on llvmpipe than texelFetch, and exact
// at a texel's centre with NEAREST filtering.
vec4 texelAt(sampler2D field, ivec2 c, ivec2 size) { return texture(field, (vec2(c) + 0.5) / vec2(size)); }

#ifdef OBSTACLES
// A face between two cells of which one is an obstacle is solid: no fluid
// crosses it, it reads 0 (only on the velocity's own grid, where the mask is).
bool solidFaceU(ivec2 c) { return solidAt(c + kLeft) || solidAt(c); }
bool solidFaceV(ivec2 c) { return solidAt(c + kBottom) || solidAt(c); }
#endif

float faceV(sampler2D velocity, ivec2 c, ivec2 size);

#ifdef TUNNEL
// The tunnel's u (reference::staggered's tunnelFaceU): the inflow face (i = 0)
// and any left of it move at the inflow speed; the outflow face (i = width,
// not stored) and any right of it carry what makes the last column's
// divergence zero; beyond the top and bottom the slip walls mirror u, the
// no-slip ones (TUNNEL_WALLS) negate it.
float tunnelFaceU(sampler2D velocity, ivec2 c, ivec2 size)
{
    int j = clamp(c.y, 0, size.y - 1);
    float u;
    if (c.x <= 0) {
        u = uLidSpeed;
    } else if (c.x >= size.x) {
        ivec2 last = ivec2(size.x - 1, j);
        float stored = texelAt(velocity, last, size).x;
#ifdef OBSTACLES
        if (solidFaceU(last)) stored = 0.0;
#endif
        u = stored - (faceV(velocity, last + kTop, size) - faceV(velocity, last, size));
    } else {
        u = texelAt(velocity, ivec2(c.x, j), size).x;
    }
#ifdef TUNNEL_WALLS
    if (c.y < 0 || c.y >= size.y) u = -u;
#endif
    return u;
}
#endif

// The box's and the periodic rules read the texel whatever the face (the
// sampler's clamp keeps the read inside) and pick the wall's 0 afterwards:
// with no read inside a branch, the compiler reads a texel once for the reads
// of both components at one c (a staggered pass's u and v faces share texels)
// and turns the rules into selects. The same values as reading only where needed.
float faceU(sampler2D velocity, ivec2 c, ivec2 size)
{
#if defined(TUNNEL)
#ifdef OBSTACLES
    if (solidFaceU(c)) return 0.0;
#endif
    return tunnelFaceU(velocity, c, size);
#else
#if defined(SLIP_WALLS) && !defined(PERIODIC)
    // The dye's slipping read (reference's uRule): a side wall's face reads
    // as the first face in, and beyond the bottom and the lid u repeats its
    // mirror (docs/algorithm.md §3.2a).
    float u = texelAt(velocity, ivec2(clamp(c.x, 1, size.x - 1), c.y), size).x;
#else
    float u = texelAt(velocity, c, size).x;
#ifndef PERIODIC
    if (c.y < 0 || c.y >= size.y) u = -u;
    if (c.y >= size.y) u += 2.0 * uLidSpeed;
    if (c.x <= 0 || c.x >= size.x) u = 0.0;
#endif
#endif
#ifdef OBSTACLES
    if (solidFaceU(c)) u = 0.0;
#endif
    return u;
#endif
}

float faceV(sampler2D velocity, ivec2 c, ivec2 size)
{
#if defined(SLIP_WALLS) && !defined(PERIODIC) && !defined(TUNNEL)
    // The dye's slipping read in a box (reference's vRule): the bottom's and
    // the lid's faces read as the first face in, and beyond the side walls v
    // repeats its mirror.
    float v = texelAt(velocity, ivec2(c.x, clamp(c.y, 1, size.y - 1)), size).y;
#else
    float v = texelAt(velocity, c, size).y;
#ifndef PERIODIC
    // Box: both side walls negate v; tunnel: the inflow's ghost does (the
    // inflow face moves along x only), the outflow repeats v.
#ifdef TUNNEL
    if (c.x < 0) v = -v;
#else
    if (c.x < 0 || c.x >= size.x) v = -v;
#endif
    if (c.y <= 0 || c.y >= size.y) v = 0.0;
#endif
#endif
#ifdef OBSTACLES
    if (solidFaceV(c)) v = 0.0;
#endif
    return v;
}

// Which of this texel's faces shutWallFaces below fixes (u, v): a box's
// walls, the tunnel's inflow face (u at i = 0), solid faces. A pass that adds
// to the velocity (splat.frag) adds nothing to them.
bvec2 fixedFaces()
{
    ivec2 c = thisCell();
#ifdef PERIODIC
    bvec2 fixedFace = bvec2(false);
#else
    bvec2 fixedFace = bvec2(c.x == 0, c.y == 0);
#endif
#ifdef OBSTACLES
    fixedFace = bvec2(fixedFace.x || solidFaceU(c), fixedFace.y || solidFaceV(c));
#endif
    return fixedFace;
}

// This texel's faces with the shut ones at 0: a box's walls (u at i = 0, v at
// j = 0) and solid faces; the tunnel's inflow face (u at i = 0) at the inflow
// speed. Every pass that computes the velocity writes so; the splat, which
// adds to it in place, adds nothing there (fixedFaces) and leaves those faces
// as the last such pass wrote them.
vec4 shutWallFaces(vec4 velocity)
{
    bvec2 fixedFace = fixedFaces();
    float u = fixedFace.x ? 0.0 : velocity.x;
#ifdef TUNNEL
    // The inflow face (u at i = 0) moves at the inflow speed, unless solid.
    bool inflow = thisCell().x == 0;
#ifdef OBSTACLES
    inflow = inflow && !solidFaceU(thisCell());
#endif
    if (inflow) u = uLidSpeed;
#endif
    return vec4(u, fixedFace.y ? 0.0 : velocity.y, 0.0, 0.0);
}
#endif
