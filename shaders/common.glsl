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
vec2 mirroredVelocity(vec2 v, ivec2 c)
{
#ifdef TUNNEL
    if (c.x < 0) v = vec2(2.0 * uLidSpeed - v.x, -v.y);
#ifdef TUNNEL_WALLS
    if (c.y < 0 || c.y >= uGridSize.y) v = -v;
#else
    if (c.y < 0 || c.y >= uGridSize.y) v.y = -v.y;
#endif
#else
    if (c.x < 0 || c.x >= uGridSize.x) v = -v;
    if (c.y < 0 || c.y >= uGridSize.y) {
        v = -v;
        if (c.y >= uGridSize.y) v.x += 2.0 * uLidSpeed;
    }
#endif
    return v;
}
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
// mirroredVelocity's. Periodic: every face wraps. Mirror:
// reference::staggered::faceU and faceV (src/reference/staggered.cpp).
uniform float uInverseCellSize;  // 1 / h: the layout's differences span one cell

#ifdef PERIODIC
ivec2 faceTexel(ivec2 c, ivec2 size) { return (c + 8 * size) % size; }
#else
ivec2 faceTexel(ivec2 c, ivec2 size) { return clamp(c, ivec2(0), size - 1); }
#endif

float faceU(sampler2D velocity, ivec2 c, ivec2 size)
{
#ifdef PERIODIC
    return texelFetch(velocity, faceTexel(c, size), 0).x;
#else
    if (c.x <= 0 || c.x >= size.x) return 0.0;
    float u = texelFetch(velocity, faceTexel(c, size), 0).x;
    if (c.y < 0 || c.y >= size.y) u = -u;
#ifndef TUNNEL
    if (c.y >= size.y) u += 2.0 * uLidSpeed;
#endif
    return u;
#endif
}

float faceV(sampler2D velocity, ivec2 c, ivec2 size)
{
#ifdef PERIODIC
    return texelFetch(velocity, faceTexel(c, size), 0).y;
#else
    if (c.y <= 0 || c.y >= size.y) return 0.0;
    float v = texelFetch(velocity, faceTexel(c, size), 0).y;
    if (c.x < 0 || c.x >= size.x) v = -v;
    return v;
#endif
}

// Whether this texel's faces are a box's walls (u at i = 0, v at j = 0): every
// pass that writes the velocity writes 0 there.
#ifdef PERIODIC
vec4 shutWallFaces(vec4 velocity) { return velocity; }
#else
vec4 shutWallFaces(vec4 velocity)
{
    return vec4(thisCell().x == 0 ? 0.0 : velocity.x, thisCell().y == 0 ? 0.0 : velocity.y, 0.0, 0.0);
}
#endif
#endif
