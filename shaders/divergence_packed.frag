// The step's divergence pass and the packing of the pressure solve in one
// draw, on the packed grid (pack.frag's layout: texel (K, j) holds cells
// 4K .. 4K+3 of row j): output 0 is the pressure packed, as pack.frag writes
// it; output 1 the divergence of the four cells, the same float operations as
// divergence.frag's, so its mirror is reference::divergence (STAGGERED:
// reference::staggered::divergence). Drawn where the solve packs (no
// obstacles, no tunnel); the unpacked divergence is written later, only when
// something reads it (GpuSolver::divergenceAndPack). Collocated: 14 velocity
// reads for four cells where the two passes make 16 and 8 more.
// STAGGERED: each cell's divergence from its own four faces, as
// divergence.frag's STAGGERED variant computes it: the u faces 4K .. 4K+4 of
// row j, the v faces of rows j and j + 1 (9 texels for four cells).
uniform sampler2D uVelocity;  // unpacked, uGridSize cells
uniform sampler2D uPressure;  // unpacked
uniform float uHalfInverseCellSize;  // 0.5 / h

void main()
{
    ivec2 texel = thisCell();
    ivec2 first = ivec2(4 * texel.x, texel.y);
    fragResult = fourCells(uPressure, first);  // as pack.frag packs them

#ifdef STAGGERED
    float u[5];
    for (int i = 0; i < 5; ++i) u[i] = faceU(uVelocity, first + ivec2(i, 0), uGridSize);
    vec4 vHere = vec4(faceV(uVelocity, first, uGridSize), faceV(uVelocity, first + ivec2(1, 0), uGridSize),
                      faceV(uVelocity, first + ivec2(2, 0), uGridSize), faceV(uVelocity, first + ivec2(3, 0), uGridSize));
    vec4 vAbove = vec4(faceV(uVelocity, first + kTop, uGridSize), faceV(uVelocity, first + ivec2(1, 1), uGridSize),
                       faceV(uVelocity, first + ivec2(2, 1), uGridSize), faceV(uVelocity, first + ivec2(3, 1), uGridSize));
    vec4 du = vec4(u[1], u[2], u[3], u[4]) - vec4(u[0], u[1], u[2], u[3]);
    fragResult1 = (du + (vAbove - vHere)) * uInverseCellSize;
#else
    // The row: the cell left of the first to the cell right of the last,
    // each through the velocity rule (velocityNear); the rows below and above.
    vec2 row[6];
    for (int i = 0; i < 6; ++i) row[i] = velocityNear(uVelocity, first + ivec2(i - 1, 0));
    vec4 below = vec4(velocityNear(uVelocity, first + kBottom).y, velocityNear(uVelocity, first + ivec2(1, -1)).y,
                      velocityNear(uVelocity, first + ivec2(2, -1)).y, velocityNear(uVelocity, first + ivec2(3, -1)).y);
    vec4 above = vec4(velocityNear(uVelocity, first + kTop).y, velocityNear(uVelocity, first + ivec2(1, 1)).y,
                      velocityNear(uVelocity, first + ivec2(2, 1)).y, velocityNear(uVelocity, first + ivec2(3, 1)).y);
    vec4 left = vec4(row[0].x, row[1].x, row[2].x, row[3].x);
    vec4 right = vec4(row[2].x, row[3].x, row[4].x, row[5].x);
    fragResult1 = ((right - left) + (above - below)) * uHalfInverseCellSize;
#endif
}
