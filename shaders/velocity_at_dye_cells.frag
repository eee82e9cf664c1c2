// The velocity at the centres of the dye's cells, where the dye's grid is
// twice (or, DYE_GRID_FOUR_TIMES, four times) the velocity's each way, for
// the dye's advection passes to read (advect_scalar.frag's
// VELOCITY_AT_DYE_CELLS) instead of each interpolating it again:
// advection.glsl's velocityAtDyeCells, drawn on the velocity's grid into a
// target of layers, two dye cells a texel (2 layers, or 8). Its 8 texels
// of faces serve the 4 (or 16) dye cells of a velocity cell, where each dye
// cell's pass read 8 of its own (and a MacCormack step has two such
// passes). On a grid twice the velocity's the step draws the same values in
// the velocity's forward pass (advect.frag's WITH_VELOCITY_AT_DYE_CELLS);
// this pass serves the dye's advection alone, the slipping read, obstacles
// and the incremental projection's step, and the grid four times the
// velocity's (whose 8 outputs leave none for the velocity). The staggered
// layout's alone: at the centres a dye cell reads 4, and this pass cost
// more than it saved. Mirror: reference::velocityAtDyeCells.
#ifndef STAGGERED
#error "the velocity at the dye's cells is the staggered layout's (at the centres it did not pay)"
#endif
uniform sampler2D uVelocity;
layout(location = 1) out vec4 fragResult1;
#ifdef DYE_GRID_FOUR_TIMES
layout(location = 2) out vec4 fragResult2;
layout(location = 3) out vec4 fragResult3;
layout(location = 4) out vec4 fragResult4;
layout(location = 5) out vec4 fragResult5;
layout(location = 6) out vec4 fragResult6;
layout(location = 7) out vec4 fragResult7;
#endif

void main()
{
    vec4 pairs[kDyeCellPairs];
    velocityAtDyeCells(uVelocity, thisCell(), pairs);
    fragResult = pairs[0];
    fragResult1 = pairs[1];
#ifdef DYE_GRID_FOUR_TIMES
    fragResult2 = pairs[2];
    fragResult3 = pairs[3];
    fragResult4 = pairs[4];
    fragResult5 = pairs[5];
    fragResult6 = pairs[6];
    fragResult7 = pairs[7];
#endif
}
