// restrict_residual.frag's pressure restriction from a level held packed
// (pack.frag's layout: a texel holds four cells of a row): each coarse cell
// sums the scaled residuals of its 2 x 2 children, the same float operations
// in the same order, so its mirror is reference::restrictResidual.
// uGridSize is the fine level's in cells, uInverseGridSize its packed
// texels' (so scalarNear steps whole texels, the wrap mode giving the rows'
// rule); the box's side walls need the edge cell's own value as its ghost,
// as pressure_packed.frag's do. The fine width is twice the coarse one, so no
// coarse cell has a third child; an odd height leaves the last coarse row
// one child row (the other's residual counts 0).
// Drawn at the coarse level's size: 8 texel fetches per coarse cell where the
// unpacked pass makes 24. With PACKED_COARSE the coarse level is held packed
// too, and a fragment makes its texel's four cells from two fine texels
// a row: 16 fetches for the four.
// READS_PAIRS: the fine level (level 0) as the paired sweeps leave it,
// its even and odd rows in two layers (pressure_packed.frag's PAIRED).
#ifdef READS_PAIRS
uniform sampler2DArray uIterate;
#else
uniform sampler2D uIterate;      // the fine level's pressure, packed
#endif
uniform sampler2D uRhs;          // its right-hand side, packed
uniform float uCellSizeSquared;  // s: h^2 on level 0 (its right-hand side is div u), 1 below

// The fine iterate's texel at column `texel` of `row`; rows beyond a box's
// walls are the edge row, the Neumann ghost (the packed texture's wrap mode
// gives it; the pairs' layers, which hold every other row, cannot).
vec4 fineTexel(ivec2 t)
{
    int texel = t.x;
    int row = t.y;
#ifdef READS_PAIRS
#ifndef PERIODIC
    row = clamp(row, 0, uGridSize.y - 1);
#endif
    return pairedTexel(uIterate, ivec2(texel, row), uGridSize.x >> 2);
#else
    return scalarNear(uIterate, ivec2(texel, row));
#endif
}

// The coarse cell whose children are the first two cells (x, y) of fine
// texel `texel` in rows `row` and `row + 1`, or with upperHalf its last two
// (z, w): t0, t1 that texel in the two rows, below and above it the rows
// beyond, side0 and side1 the texel beside the children (left of x, right
// of w), d0 and d1 the right-hand side's texel in the two rows.
float restricted(int texel, bool upperHalf, int row, vec4 t0, vec4 t1, vec4 below, vec4 above, vec4 side0,
                 vec4 side1, vec4 d0, vec4 d1)
{
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
    return (r.x + r.y) + (r.z + r.w);
}

#ifdef PACKED_COARSE
void main()
{
    ivec2 coarse = thisCell();  // a texel of the coarse level: cells 4 I .. 4 I + 3
    int first = 2 * coarse.x;   // the fine texels holding their children: first, first + 1
    int second = first + 1;
    int row = 2 * coarse.y;
    vec4 beforeFirst0 = fineTexel(ivec2(first - 1, row));
    vec4 first0 = fineTexel(ivec2(first, row));
    vec4 second0 = fineTexel(ivec2(second, row));
    vec4 afterSecond0 = fineTexel(ivec2(second + 1, row));
    vec4 beforeFirst1 = fineTexel(ivec2(first - 1, row + 1));
    vec4 first1 = fineTexel(ivec2(first, row + 1));
    vec4 second1 = fineTexel(ivec2(second, row + 1));
    vec4 afterSecond1 = fineTexel(ivec2(second + 1, row + 1));
    vec4 firstBelow = fineTexel(ivec2(first, row - 1));
    vec4 secondBelow = fineTexel(ivec2(second, row - 1));
    vec4 firstAbove = fineTexel(ivec2(first, row + 2));
    vec4 secondAbove = fineTexel(ivec2(second, row + 2));
    vec4 firstRhs0 = scalarNear(uRhs, ivec2(first, row));
    vec4 firstRhs1 = scalarNear(uRhs, ivec2(first, row + 1));
    vec4 secondRhs0 = scalarNear(uRhs, ivec2(second, row));
    vec4 secondRhs1 = scalarNear(uRhs, ivec2(second, row + 1));
    fragResult = vec4(restricted(first, false, row, first0, first1, firstBelow, firstAbove, beforeFirst0,
                                 beforeFirst1, firstRhs0, firstRhs1),
                      restricted(first, true, row, first0, first1, firstBelow, firstAbove, second0, second1,
                                 firstRhs0, firstRhs1),
                      restricted(second, false, row, second0, second1, secondBelow, secondAbove, first0, first1,
                                 secondRhs0, secondRhs1),
                      restricted(second, true, row, second0, second1, secondBelow, secondAbove, afterSecond0,
                                 afterSecond1, secondRhs0, secondRhs1));
}
#else
void main()
{
    ivec2 coarse = thisCell();
    int texel = coarse.x >> 1;             // the texel holding the children
    bool upperHalf = (coarse.x & 1) == 1;  // the children are its z, w (else x, y)
    int row = 2 * coarse.y;                // the children's rows: row, row + 1
    int sideTexel = upperHalf ? texel + 1 : texel - 1;  // the one beside the children
    fragResult = vec4(restricted(texel, upperHalf, row, fineTexel(ivec2(texel, row)),
                                 fineTexel(ivec2(texel, row + 1)), fineTexel(ivec2(texel, row - 1)),
                                 fineTexel(ivec2(texel, row + 2)),
                                 fineTexel(ivec2(sideTexel, row)),
                                 fineTexel(ivec2(sideTexel, row + 1)), scalarNear(uRhs, ivec2(texel, row)),
                                 scalarNear(uRhs, ivec2(texel, row + 1))),
                      0.0, 0.0, 0.0);
}
#endif
