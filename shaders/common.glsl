// Prepended to every pass: the grid, the boundary rules and the cell this
// fragment computes. Mirrored by src/reference/boundary.hpp; keep them in step.
uniform ivec2 uGridSize;   // cells
uniform bool uPeriodic;    // false: closed box with no-slip walls
uniform float uLidSpeed;   // m/s, tangential speed of the top wall (box only)

out vec4 fragResult;

ivec2 thisCell() { return ivec2(gl_FragCoord.xy); }

// Periodic wrap of an index known to lie in [-8n, 8n): '%' is undefined for
// negative operands in GLSL 330, so shift to non-negative first.
ivec2 wrapCell(ivec2 c) { return (c + 8 * uGridSize) % uGridSize; }
ivec2 clampCell(ivec2 c) { return clamp(c, ivec2(0), uGridSize - 1); }

// Velocity: a ghost cell beyond a no-slip wall holds minus its mirror cell, so
// the wall face halfway between has zero velocity; beyond the moving lid it
// holds 2 U - u, so that face moves at the lid speed U. A corner ghost is
// mirrored across both walls (the sign flips twice), so the bilinear read at
// the corner point gives zero as well.
vec2 velocityAt(sampler2D velocity, ivec2 c)
{
    if (uPeriodic) return texelFetch(velocity, wrapCell(c), 0).xy;
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
vec4 scalarAt(sampler2D field, ivec2 c)
{
    return texelFetch(field, uPeriodic ? wrapCell(c) : clampCell(c), 0);
}

const ivec2 kLeft = ivec2(-1, 0);
const ivec2 kRight = ivec2(1, 0);
const ivec2 kBottom = ivec2(0, -1);
const ivec2 kTop = ivec2(0, 1);
