// restrict_residual.frag's pressure restriction from level 0 held packed
// (pack.frag's layout: a texel holds four cells of a row): each coarse cell
// sums the scaled residuals of its 2 x 2 children, the same float operations
// in the same order, so its mirror is reference::restrictResidual.
// Drawn at level 1's size. uGridSize is level 0's in cells, uInverseGridSize
// its packed texels' (so scalarNear steps whole texels, the wrap mode giving
// the rows' rule); the box's side walls need the edge cell's own value as its
// ghost, as pressure_packed.frag's do. Level 0's width is a multiple of 4, so
// no coarse cell has a third child; an odd height leaves the last coarse row
// one child row (the other's residual counts 0).
// 8 texel fetches per coarse cell where the unpacked pass makes 24.
uniform sampler2D uIterate;      // level 0's pressure, packed
uniform sampler2D uRhs;          // its divergence, packed
uniform float uCellSizeSquared;  // h^2: level 0's right-hand side is h^2 div u

void main()
{
    ivec2 coarse = thisCell();
    int texel = coarse.x >> 1;             // the texel holding the children
    bool upperHalf = (coarse.x & 1) == 1;  // the children are its z, w (else x, y)
    int row = 2 * coarse.y;                // the children's rows: row, row + 1
    vec4 t0 = scalarNear(uIterate, ivec2(texel, row));
    vec4 t1 = scalarNear(uIterate, ivec2(texel, row + 1));
    vec4 below = scalarNear(uIterate, ivec2(texel, row - 1));
    vec4 above = scalarNear(uIterate, ivec2(texel, row + 2));
    int sideTexel = upperHalf ? texel + 1 : texel - 1;  // the one beside the children
    vec4 side0 = scalarNear(uIterate, ivec2(sideTexel, row));
    vec4 side1 = scalarNear(uIterate, ivec2(sideTexel, row + 1));
    vec4 d0 = scalarNear(uRhs, ivec2(texel, row));
    vec4 d1 = scalarNear(uRhs, ivec2(texel, row + 1));

    // The children (first, second) of each row, and the cells beyond them.
    vec2 x0 = upperHalf ? t0.zw : t0.xy;
    vec2 x1 = upperHalf ? t1.zw : t1.xy;
    float leftOf0 = upperHalf ? t0.y : side0.w;
    float leftOf1 = upperHalf ? t1.y : side1.w;
    float rightOf0 = upperHalf ? side0.x : t0.z;
    float rightOf1 = upperHalf ? side1.x : t1.z;
#ifndef PERIODIC
    if (!upperHalf && texel == 0) {  // the left wall: the cell is its own ghost
        leftOf0 = x0.x;
        leftOf1 = x1.x;
    }
    if (upperHalf && texel == (uGridSize.x >> 2) - 1) {  // the right wall
        rightOf0 = x0.y;
        rightOf1 = x1.y;
    }
#endif
    // The four children as (first, second) of row, then of row + 1.
    vec4 x = vec4(x0, x1);
    vec4 left = vec4(leftOf0, x0.x, leftOf1, x1.x);
    vec4 right = vec4(x0.y, rightOf0, x1.y, rightOf1);
    vec4 bottom = vec4(upperHalf ? below.zw : below.xy, x0);
    vec4 top = vec4(x1, upperHalf ? above.zw : above.xy);
    vec4 rhs = vec4(upperHalf ? d0.zw : d0.xy, upperHalf ? d1.zw : d1.xy);
    vec4 r = uCellSizeSquared * rhs - (((left + right) + (bottom + top)) - 4.0 * x);
    if (row + 1 >= uGridSize.y) r.zw = vec2(0.0);  // no second child row
    fragResult = vec4((r.x + r.y) + (r.z + r.w), 0.0, 0.0, 0.0);
}
