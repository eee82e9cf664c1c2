// The velocity at the centres of the dye's cells, where the dye's grid is
// twice the velocity's each way, for the dye's advection passes to read
// (advect_scalar.frag's VELOCITY_AT_DYE_CELLS) instead of each interpolating
// it again. Drawn on the velocity's grid into a target of four layers: layer
// a + 2b holds, at texel (i, j), the velocity at the centre of dye cell
// (2i + a, 2j + b), which is the point (i + a/2 - 1/4, j + b/2 - 1/4) of the
// velocity's grid. The four points of a cell share their footprints: 8
// texels of faces serve the four, where each dye cell's pass read 8 of its
// own (and a MacCormack step has two such passes). The staggered layout's
// alone: at the centres a dye cell reads 4, and this pass cost more than it
// saved. Each value is advection.glsl's velocityAtPoint at its point:
// the same texels through the same rule, blended by the same operations with
// the fractions the point's place fixes (1/4 or 3/4, exact), so the dye's
// passes read what they would have interpolated, to the bit.
// Mirror: reference::velocityAtDyeCells.
uniform sampler2D uVelocity;
layout(location = 1) out vec4 fragResult1;
layout(location = 2) out vec4 fragResult2;
layout(location = 3) out vec4 fragResult3;

#ifdef STAGGERED
// The faces around this cell's four dye cells, at constant offsets from it,
// so that each is read once: u on the left and right faces of rows j - 1 to
// j + 1, v on the bottom and top faces of columns i - 1 to i + 1.
#define U_AT(dx, dy) faceU(uVelocity, c + ivec2(dx, dy), uGridSize)
#define V_AT(dx, dy) faceV(uVelocity, c + ivec2(dx, dy), uGridSize)

void main()
{
    ivec2 c = thisCell();
    float u0m1 = U_AT(0, -1), u1m1 = U_AT(1, -1), u00 = U_AT(0, 0), u10 = U_AT(1, 0), u01 = U_AT(0, 1),
          u11 = U_AT(1, 1);
    float vm10 = V_AT(-1, 0), v00 = V_AT(0, 0), v10 = V_AT(1, 0), vm11 = V_AT(-1, 1), v01 = V_AT(0, 1),
          v11 = V_AT(1, 1);
    // velocityAtPoint's footprints: u's corner (i, j - 1 + b) at the fraction
    // (1/4 + a/2, 3/4 - b/2), v's (i - 1 + a, j) at (3/4 - a/2, 1/4 + b/2).
    fragResult = vec4(bilinear1(u0m1, u1m1, u00, u10, vec2(0.25, 0.75), 1.0),
                      bilinear1(vm10, v00, vm11, v01, vec2(0.75, 0.25), 1.0), 0.0, 0.0);
    fragResult1 = vec4(bilinear1(u0m1, u1m1, u00, u10, vec2(0.75, 0.75), 1.0),
                       bilinear1(v00, v10, v01, v11, vec2(0.25, 0.25), 1.0), 0.0, 0.0);
    fragResult2 = vec4(bilinear1(u00, u10, u01, u11, vec2(0.25, 0.25), 1.0),
                       bilinear1(vm10, v00, vm11, v01, vec2(0.75, 0.75), 1.0), 0.0, 0.0);
    fragResult3 = vec4(bilinear1(u00, u10, u01, u11, vec2(0.75, 0.25), 1.0),
                       bilinear1(v00, v10, v01, v11, vec2(0.25, 0.75), 1.0), 0.0, 0.0);
}
#else
#error "the velocity at the dye's cells is the staggered layout's (at the centres it did not pay)"
#endif
