// The pressure multigrid's coarsest level solved at once (src/core/coarse_solve.hpp):
// x = M s, M the pseudo-inverse of the level's operator, made on the host. Cell
// i = x + width * y takes row i of M, texels (0..cells-1, i) of uInverse, and
// sums M_ij s_j over j in order, each product rounded on its own (common.glsl's
// product(): contracted into the sum, they parted from the mirror's). At most
// 128 cells (kDirectSolveMaxCells), so one draw of a few hundred reads a cell
// replaces the levels below it.
// Mirror: reference::solveCoarsest.
uniform sampler2D uInverse;  // R32F, cells x cells
uniform sampler2D uRhs;      // the level's right-hand side (the restricted residual)

void main()
{
    ivec2 cell = thisCell();
    int row = cell.y * uGridSize.x + cell.x;
    float sum = 0.0;
    int j = 0;
    for (int y = 0; y < uGridSize.y; ++y)
        for (int x = 0; x < uGridSize.x; ++x, ++j)
            sum += product(texelFetch(uInverse, ivec2(j, row), 0).x, texelFetch(uRhs, ivec2(x, y), 0).x);
    fragResult = vec4(sum, 0.0, 0.0, 0.0);
}
