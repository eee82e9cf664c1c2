// Projection: u -= grad p by central differences, leaving u (nearly)
// divergence-free. Mirror: reference::gradient.
uniform sampler2D uVelocity;
uniform sampler2D uPressure;
uniform float uHalfInverseCellSize;  // 0.5 / h

#if defined(PACKED_PRESSURE) && defined(PAIRED)
// PAIRED: the packed texels as the paired sweeps left them, the even rows
// and the odd in two layers (pressure_packed.frag, common.glsl's pairedTexel).
uniform sampler2DArray uPressurePairs;
#endif

void main()
{
#ifdef STAGGERED
    // Each face less the pressure difference across it over h. Mirror:
    // reference::staggered::gradient.
    float here = pressureNear(uPressure, thisCell());
    vec2 u = valueHere(uVelocity).xy;
    vec2 g = vec2(here - pressureBeside(uPressure, kLeft), here - pressureBeside(uPressure, kBottom));
    fragResult = shutWallFaces(vec4(u.x - g.x * uInverseCellSize, u.y - g.y * uInverseCellSize, 0.0, 0.0));
#elif defined(PACKED_PRESSURE)
    // The pressure as the packed Jacobi sweeps left it (pack.frag's layout:
    // cells 4t..4t+3 of a row in texel t), read here instead of after an
    // unpacking pass; output 1 is this cell's pressure, unpacked, what that
    // pass wrote. The same four neighbours as below, to the bit: the rows
    // above and below through the wrap mode (the rule, as for the unpacked
    // texture), the cells beside from this texel or the next, and beyond a
    // side wall (box) the cell itself, the Neumann ghost. Only where the
    // sweeps pack: no obstacles, no tunnel (GpuSolver::packsPressure).
    ivec2 cell = thisCell();
    int k = cell.x & 3;
    // The texel beside this one that holds a neighbour: the left one's w for
    // the first cell of a texel, the right one's x for the last; the middle
    // two need neither (one read, not two: on llvmpipe a read is most of a
    // fragment's cost).
#ifdef PAIRED
    ivec2 texel = ivec2(cell.x >> 2, cell.y);
    int packedWidth = uGridSize.x >> 2;
    vec4 here = pairedTexel(uPressurePairs, texel, packedWidth);
    vec4 below = pairedTexel(uPressurePairs, texel + kBottom, packedWidth);
    vec4 above = pairedTexel(uPressurePairs, texel + kTop, packedWidth);
    vec4 beside = pairedTexel(uPressurePairs, texel + (k == 0 ? kLeft : kRight), packedWidth);
#ifndef PERIODIC
    // A box's ghost row is the edge row itself, which the layers' wrap mode
    // cannot give (each holds every other row).
    below = cell.y == 0 ? here : below;
    above = cell.y == uGridSize.y - 1 ? here : above;
#endif
#else
    vec2 texel = vec2(float(cell.x >> 2) + 0.5, float(cell.y) + 0.5);
    vec2 inverseSize = vec2(1.0 / float(uGridSize.x >> 2), uInverseGridSize.y);
    vec4 here = texture(uPressure, texel * inverseSize);
    vec4 below = texture(uPressure, (texel + vec2(0.0, -1.0)) * inverseSize);
    vec4 above = texture(uPressure, (texel + vec2(0.0, 1.0)) * inverseSize);
    vec4 beside = texture(uPressure, (texel + vec2(k == 0 ? -1.0 : 1.0, 0.0)) * inverseSize);
#endif
#ifndef PERIODIC
    if (cell.x == 0) beside.w = here.x;
    if (cell.x == uGridSize.x - 1) beside.x = here.w;
#endif
    // Components picked by selects (common.glsl's cellOf): on llvmpipe
    // 0.63 -> 0.59 ms at 256^2 against indexing with k.
    float p = cellOf(here, k);
    float pl = k == 0 ? beside.w : cellOf(here, k - 1);
    float pr = k == 3 ? beside.x : cellOf(here, k + 1);
    float pb = cellOf(below, k);
    float pt = cellOf(above, k);
    vec2 g = vec2(pr - pl, pt - pb) * uHalfInverseCellSize;
    fragResult = vec4(valueHere(uVelocity).xy - g, 0.0, 0.0);
    fragResult1 = vec4(p, 0.0, 0.0, 0.0);
#else
    float pl = pressureBeside(uPressure, kLeft);
    float pr = pressureBeside(uPressure, kRight);
    float pb = pressureBeside(uPressure, kBottom);
    float pt = pressureBeside(uPressure, kTop);
    vec2 g = vec2(pr - pl, pt - pb) * uHalfInverseCellSize;
    fragResult = fluidOnly(vec4(valueHere(uVelocity).xy - g, 0.0, 0.0));
#endif
}
