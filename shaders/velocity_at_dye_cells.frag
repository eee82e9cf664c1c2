// The velocity at the centres of the dye's cells, where the dye's grid is
// twice the velocity's each way, for the dye's advection passes to read
// (advect_scalar.frag's VELOCITY_AT_DYE_CELLS) instead of each interpolating
// it again: advection.glsl's velocityAtDyeCells, drawn on the velocity's
// grid into a target of four layers (layer a + 2b holds, at texel (i, j),
// the velocity at the centre of dye cell (2i + a, 2j + b)). Its 8 texels of
// faces serve four dye cells, where each dye cell's pass read 8 of its own
// (and a MacCormack step has two such passes). The step draws the same
// values in the velocity's forward pass (advect.frag's
// WITH_VELOCITY_AT_DYE_CELLS); this pass serves the dye's advection alone
// and the incremental projection's step. The staggered layout's alone: at
// the centres a dye cell reads 4, and this pass cost more than it saved.
// Mirror: reference::velocityAtDyeCells.
#ifndef STAGGERED
#error "the velocity at the dye's cells is the staggered layout's (at the centres it did not pay)"
#endif
uniform sampler2D uVelocity;
layout(location = 1) out vec4 fragResult1;
layout(location = 2) out vec4 fragResult2;
layout(location = 3) out vec4 fragResult3;

void main()
{
    vec4 atDyeCells[4];
    velocityAtDyeCells(uVelocity, thisCell(), atDyeCells);
    fragResult = atDyeCells[0];
    fragResult1 = atDyeCells[1];
    fragResult2 = atDyeCells[2];
    fragResult3 = atDyeCells[3];
}
