// pressure.frag on four cells at once, in the layout of pack.frag (a texel
// holds four cells of a row): the same Jacobi sweep, the same float
// operations per cell in the same order, so its mirror is reference::pressure.
// A quarter of the fragments and 6 fetches per 4 cells instead of 5 per cell:
// on llvmpipe the fetches and the per-fragment work are most of a sweep.
// GpuSolver draws it on a (width / 4) x height target, uInverseGridSize being
// that target's, so scalarBeside steps whole texels; the wrap mode does the
// rule across rows and, periodic, across the side walls (texel 0's left is
// the last texel, whose w is the last cell). Box side walls need the
// Neumann ghost of the edge cell itself, which the edge texel's own x (w)
// holds, not its clamped neighbour's w (x): one select each.
//
// With TWO_SWEEPS it does two sweeps in one pass: the first sweep's values at
// this texel, the texels above and below it and the two cells beside it,
// then the second sweep from those (11 + 5 texels fetched for 8 cell-sweeps,
// 6 for 4 in one sweep; on llvmpipe the pass it saves costs more). Each first
// sweep value is that of a real cell; a ghost's is its mirror's (box).
//
// With WEIGHTED it is the multigrid's smoothing sweep on a level held packed
// (smooth.frag, whose uRhsScale is h^2 on level 0 and 1 below, the value
// uCellSizeSquared takes here): x' = x + w (J - x), J the sweep above, in
// the same order; its mirror is reference::smooth. With ZERO_GUESS (a
// coarse level's first sweep, or with TWO_SWEEPS its first two) the first
// sweep starts from x = 0, as smooth.frag's, and reads the right-hand side
// only.
//
// With PAIRED (and TWO_SWEEPS, TWO_OUTPUTS) a fragment does the two sweeps
// on two texels one above the other, rows 2R and 2R + 1, eight cells, and
// writes them to two targets, the layers of one array texture: output 0
// holds the packed layout's even rows, output 1 its odd ones, each at row
// R. The rows around the two are read once for both: 22 reads for 16
// cell-sweeps where four cells a fragment read 16 for 8. The same
// operations per cell in the same order. GpuSolver draws it on a
// (width / 4) x (height / 2) target (uInverseGridSize is the packed grid's,
// four cells a texel across: its rows here are half as many). It reads the pressure packed (uPressure: the
// first draw, after the divergence pass packed it) or, with READS_PAIRS, as
// the last such draw left it (uPressurePairs); the divergence always packed.
// With FOUR_SWEEPS instead of TWO_SWEEPS, four sweeps on the two texels
// (fourSweepsOnPair): 54 reads for 32 cell-sweeps and one hand-over where
// two draws read 44 and made two.
uniform sampler2D uPressure;    // packed
uniform sampler2D uDivergence;  // packed
#ifdef READS_PAIRS
// The packed pressure's rows 0, 2, 4, ... in layer 0, at half their y, and
// rows 1, 3, 5, ... in layer 1.
uniform sampler2DArray uPressurePairs;
#endif
uniform float uCellSizeSquared;  // h^2
#ifdef WEIGHTED
uniform float uWeight;  // w
vec4 relaxed(vec4 old, vec4 jacobi) { return old + uWeight * (jacobi - old); }
float relaxed(float old, float jacobi) { return old + uWeight * (jacobi - old); }
#define FROM_ZERO(jacobi) (uWeight * (jacobi))
#else
vec4 relaxed(vec4 old, vec4 jacobi) { return jacobi; }
float relaxed(float old, float jacobi) { return jacobi; }
#define FROM_ZERO(jacobi) (jacobi)
#endif

#ifdef ZERO_GUESS
// A sweep's value from x = 0, as smooth.frag's: w J, J = (0 - s b) / 4. Of
// two sweeps, plus common.glsl's uZero, which no compiler contracts into
// the second sweep (smooth.frag's FIRST_FROM_ZERO).
#ifdef TWO_SWEEPS
#define PLUS_ZERO(v) (uZero + (v))
#else
#define PLUS_ZERO(v) (v)
#endif
vec4 sweptFromZero(vec4 div) { return PLUS_ZERO(FROM_ZERO((0.0 - uCellSizeSquared * div) * 0.25)); }
float sweptFromZero(float div) { return PLUS_ZERO(FROM_ZERO((0.0 - uCellSizeSquared * div) * 0.25)); }
#endif

// One sweep of the four cells of texel p in texel column `column`, given
// the cells left of its first and right of its last (as they are: no rule
// applied), the texels below and above (rule applied) and the divergence;
// beside a box's side walls the edge cell is its own ghost.
vec4 sweepAt(int column, vec4 p, float leftOfFirst, float rightOfLast, vec4 pb, vec4 pt, vec4 div)
{
#ifndef PERIODIC
    leftOfFirst = column == 0 ? p.x : leftOfFirst;
    rightOfLast = column == (uGridSize.x >> 2) - 1 ? p.w : rightOfLast;
#endif
    vec4 pl = vec4(leftOfFirst, p.xyz);
    vec4 pr = vec4(p.yzw, rightOfLast);
    return relaxed(p, ((pl + pr) + (pb + pt) - uCellSizeSquared * div) * 0.25);
}

// The same of this fragment's own texel.
vec4 sweep(vec4 p, float leftOfFirst, float rightOfLast, vec4 pb, vec4 pt, vec4 div)
{
    return sweepAt(int(gl_FragCoord.x), p, leftOfFirst, rightOfLast, pb, pt, div);
}

// The first sweep's value of the cell left of a texel (`left`: the texel
// beside it, whose w that cell is; `first`: the texel's x) and of the cell
// right of one (`right`'s x; `last`: the texel's w), as sweep() computes a
// cell: (left + right) + (below + above) - h^2 div.
float sweptLeftOf(vec4 left, float first, vec4 leftBelow, vec4 leftAbove, vec4 divLeft)
{
    return relaxed(left.w, ((left.z + first) + (leftBelow.w + leftAbove.w) - uCellSizeSquared * divLeft.w) * 0.25);
}
float sweptRightOf(vec4 right, float last, vec4 rightBelow, vec4 rightAbove, vec4 divRight)
{
    return relaxed(right.x, ((last + right.y) + (rightBelow.x + rightAbove.x) - uCellSizeSquared * divRight.x) * 0.25);
}

#ifdef PAIRED
// Texel (I + dx, 2R + dy) of the packed layout: of the divergence, read at
// this fragment's texel (I, 2R) with a constant offset; of the pressure, so
// too from the packed texture, or from the pairs' layer of the row's parity
// at row R + floor(dy / 2) (`half`, a constant: an offset must be one).
vec2 packedCentre() { return vec2(gl_FragCoord.x * uInverseGridSize.x, (2.0 * gl_FragCoord.y - 0.5) * uInverseGridSize.y); }
vec2 pairCentre() { return gl_FragCoord.xy * vec2(uInverseGridSize.x, 2.0 * uInverseGridSize.y); }
#define DIVERGENCE_TEXEL(dx, dy) textureOffset(uDivergence, packedCentre(), ivec2(dx, dy))
#ifdef READS_PAIRS
#define EVEN_ROW_TEXEL(dx, half) textureOffset(uPressurePairs, vec3(pairCentre(), 0.0), ivec2(dx, half))
#define ODD_ROW_TEXEL(dx, half) textureOffset(uPressurePairs, vec3(pairCentre(), 1.0), ivec2(dx, half))
#else
#define EVEN_ROW_TEXEL(dx, half) textureOffset(uPressure, packedCentre(), ivec2(dx, 2 * (half)))
#define ODD_ROW_TEXEL(dx, half) textureOffset(uPressure, packedCentre(), ivec2(dx, 2 * (half) + 1))
#endif

// A row's texel at I and those beside it.
struct PackedRow {
    vec4 left, here, right;
};
#define EVEN_ROW(half) PackedRow(EVEN_ROW_TEXEL(-1, half), EVEN_ROW_TEXEL(0, half), EVEN_ROW_TEXEL(1, half))
#define ODD_ROW(half) PackedRow(ODD_ROW_TEXEL(-1, half), ODD_ROW_TEXEL(0, half), ODD_ROW_TEXEL(1, half))
#define DIVERGENCE_ROW(dy) PackedRow(DIVERGENCE_TEXEL(-1, dy), DIVERGENCE_TEXEL(0, dy), DIVERGENCE_TEXEL(1, dy))

// pressure_packed.frag's two sweeps (below) on rows a = 2R and b = 2R + 1:
// the same values. Their first sweep at rows a - 1, a, b and b + 1, and at
// the cells beside rows a and b; the second at a and b.
void twoSweepsOnPair()
{
    vec4 twoBelow = EVEN_ROW_TEXEL(0, -1);  // row a - 2
    PackedRow below = ODD_ROW(-1);          // a - 1
    PackedRow a = EVEN_ROW(0);
    PackedRow b = ODD_ROW(0);
    PackedRow above = EVEN_ROW(1);         // b + 1
    vec4 twoAbove = ODD_ROW_TEXEL(0, 1);  // b + 2
    vec4 divBelow = DIVERGENCE_TEXEL(0, -1);
    PackedRow divA = DIVERGENCE_ROW(0);
    PackedRow divB = DIVERGENCE_ROW(1);
    vec4 divAbove = DIVERGENCE_TEXEL(0, 2);
#ifndef PERIODIC
    // A box's ghost row is its mirror, the edge row itself; the pairs' layers
    // hold every other row, so their wrap mode cannot give it (the packed
    // one's would: the same values). The rows two away feed only the first
    // sweep's ghost rows, set to their mirrors below.
    int pair = int(gl_FragCoord.y);
    bool bottom = pair == 0;
    bool top = pair == (uGridSize.y >> 1) - 1;
    below = bottom ? a : below;
    above = top ? b : above;
#endif

    vec4 p1Below = sweep(below.here, below.left.w, below.right.x, twoBelow, a.here, divBelow);
    vec4 p1A = sweep(a.here, a.left.w, a.right.x, below.here, b.here, divA.here);
    vec4 p1B = sweep(b.here, b.left.w, b.right.x, a.here, above.here, divB.here);
    vec4 p1Above = sweep(above.here, above.left.w, above.right.x, b.here, twoAbove, divAbove);
    float p1LeftOfA = sweptLeftOf(a.left, a.here.x, below.left, b.left, divA.left);
    float p1RightOfA = sweptRightOf(a.right, a.here.w, below.right, b.right, divA.right);
    float p1LeftOfB = sweptLeftOf(b.left, b.here.x, a.left, above.left, divB.left);
    float p1RightOfB = sweptRightOf(b.right, b.here.w, a.right, above.right, divB.right);
#ifndef PERIODIC
    p1Below = bottom ? p1A : p1Below;
    p1Above = top ? p1B : p1Above;
#endif
    // opaque() as below: each row's second sweep from the first's values.
    fragResult = sweep(opaque(p1A), opaque(p1LeftOfA), opaque(p1RightOfA), opaque(p1Below), opaque(p1B), divA.here);
    fragResult1 = sweep(opaque(p1B), opaque(p1LeftOfB), opaque(p1RightOfB), opaque(p1A), opaque(p1Above), divB.here);
}

#ifdef FOUR_SWEEPS
// Four sweeps on rows a = 2R and b = 2R + 1 in one draw, the same values as
// two draws of twoSweepsOnPair. Sweep k (1..4) is needed within 4 - k cells
// of this texel column: on rows a - (4 - k) .. b + (4 - k), and in the
// texels beside, whose outer cells are
// wrong from the first sweep on (their neighbours beyond are not read) but
// never reach a cell that feeds the fourth sweep here: a wrong value moves
// one cell a sweep, and the texels beside hold 4 cells. Rows beyond a box
// take their mirror, the edge row, after each sweep (the reads' and the
// sweeps' rows two or more beyond feed only those). 30 pressure and 24
// divergence reads for 32 cell-sweeps, where two draws read 44, and some
// three times the arithmetic: on llvmpipe less than the draw it saves
// (bench/README.md).
// Written out row by row (r0 .. r9: rows a - 4 .. b + 4; sK_i: row i after
// sweep K): llvmpipe's compiler keeps arrays indexed in loops in memory,
// which made the draw 15 times as long.

// One sweep of texel column `column` (I - 1, I or I + 1) on a row
// (sweepAt), its neighbours beside taken from the row's other texels.
vec4 sweepColumn(PackedRow row, PackedRow below, PackedRow above, PackedRow div, int t, int column)
{
    vec4 p = t < 0 ? row.left : (t > 0 ? row.right : row.here);
    vec4 pb = t < 0 ? below.left : (t > 0 ? below.right : below.here);
    vec4 pt = t < 0 ? above.left : (t > 0 ? above.right : above.here);
    vec4 d = t < 0 ? div.left : (t > 0 ? div.right : div.here);
    float leftOfFirst = t < 0 ? row.left.x : (t > 0 ? row.here.w : row.left.w);
    float rightOfLast = t < 0 ? row.here.x : (t > 0 ? row.right.w : row.right.x);
    return sweepAt(column, p, leftOfFirst, rightOfLast, pb, pt, d);
}

// A row after one more sweep: its three texels (sweepColumn); the compiler
// drops the components no later sweep reads.
#define SWEPT_ROW(row, below, above, div)                                                  \
    PackedRow(opaque(sweepColumn(row, below, above, div, -1, column - 1)),                \
              opaque(sweepColumn(row, below, above, div, 0, column)),                     \
              opaque(sweepColumn(row, below, above, div, 1, column + 1)))

void fourSweepsOnPair()
{
    PackedRow r0 = EVEN_ROW(-2), r1 = ODD_ROW(-2);
    PackedRow r2 = EVEN_ROW(-1), r3 = ODD_ROW(-1);
    PackedRow r4 = EVEN_ROW(0), r5 = ODD_ROW(0);
    PackedRow r6 = EVEN_ROW(1), r7 = ODD_ROW(1);
    PackedRow r8 = EVEN_ROW(2), r9 = ODD_ROW(2);
    PackedRow d1 = DIVERGENCE_ROW(-3);
    PackedRow d2 = DIVERGENCE_ROW(-2);
    PackedRow d3 = DIVERGENCE_ROW(-1);
    PackedRow d4 = DIVERGENCE_ROW(0);
    PackedRow d5 = DIVERGENCE_ROW(1);
    PackedRow d6 = DIVERGENCE_ROW(2);
    PackedRow d7 = DIVERGENCE_ROW(3);
    PackedRow d8 = DIVERGENCE_ROW(4);
    int column = int(gl_FragCoord.x);
    int firstRow = 2 * int(gl_FragCoord.y) - 4;  // the row of r0
#ifndef PERIODIC
    // The reads' ghost rows: the pairs' layers cannot give the mirror.
    int height = uGridSize.y;
    r1 = firstRow + 1 == -1 ? r2 : r1;
    r3 = firstRow + 3 == -1 ? r4 : r3;
    r6 = firstRow + 6 == height ? r5 : r6;
    r8 = firstRow + 8 == height ? r7 : r8;
#endif
    PackedRow s1_1 = SWEPT_ROW(r1, r0, r2, d1);
    PackedRow s1_2 = SWEPT_ROW(r2, r1, r3, d2);
    PackedRow s1_3 = SWEPT_ROW(r3, r2, r4, d3);
    PackedRow s1_4 = SWEPT_ROW(r4, r3, r5, d4);
    PackedRow s1_5 = SWEPT_ROW(r5, r4, r6, d5);
    PackedRow s1_6 = SWEPT_ROW(r6, r5, r7, d6);
    PackedRow s1_7 = SWEPT_ROW(r7, r6, r8, d7);
    PackedRow s1_8 = SWEPT_ROW(r8, r7, r9, d8);
#ifndef PERIODIC
    s1_1 = firstRow + 1 == -1 ? s1_2 : s1_1;
    s1_3 = firstRow + 3 == -1 ? s1_4 : s1_3;
    s1_6 = firstRow + 6 == height ? s1_5 : s1_6;
    s1_8 = firstRow + 8 == height ? s1_7 : s1_8;
#endif
    PackedRow s2_2 = SWEPT_ROW(s1_2, s1_1, s1_3, d2);
    PackedRow s2_3 = SWEPT_ROW(s1_3, s1_2, s1_4, d3);
    PackedRow s2_4 = SWEPT_ROW(s1_4, s1_3, s1_5, d4);
    PackedRow s2_5 = SWEPT_ROW(s1_5, s1_4, s1_6, d5);
    PackedRow s2_6 = SWEPT_ROW(s1_6, s1_5, s1_7, d6);
    PackedRow s2_7 = SWEPT_ROW(s1_7, s1_6, s1_8, d7);
#ifndef PERIODIC
    s2_3 = firstRow + 3 == -1 ? s2_4 : s2_3;
    s2_6 = firstRow + 6 == height ? s2_5 : s2_6;
#endif
    PackedRow s3_3 = SWEPT_ROW(s2_3, s2_2, s2_4, d3);
    PackedRow s3_4 = SWEPT_ROW(s2_4, s2_3, s2_5, d4);
    PackedRow s3_5 = SWEPT_ROW(s2_5, s2_4, s2_6, d5);
    PackedRow s3_6 = SWEPT_ROW(s2_6, s2_5, s2_7, d6);
#ifndef PERIODIC
    s3_3 = firstRow + 3 == -1 ? s3_4 : s3_3;
    s3_6 = firstRow + 6 == height ? s3_5 : s3_6;
#endif
    PackedRow s4_4 = SWEPT_ROW(s3_4, s3_3, s3_5, d4);
    PackedRow s4_5 = SWEPT_ROW(s3_5, s3_4, s3_6, d5);
    fragResult = s4_4.here;
    fragResult1 = s4_5.here;
}
#endif
#endif

void main()
{
#if defined(PAIRED) && defined(FOUR_SWEEPS)
    fourSweepsOnPair();
#elif defined(PAIRED)
    twoSweepsOnPair();
#elif defined(ZERO_GUESS)
    // Two sweeps, the first from x = 0: its values here, in the rows below
    // and above, and at the cells beside this texel's ends, from the
    // divergence alone; then the second sweep from them, as below. A box's
    // ghost row needs no select here: the wrap mode reads the edge row's own
    // divergence there, so its first-sweep value is the edge row's, its
    // mirror (sweep() takes the side walls' mirror cells itself).
    vec4 div = valueHere(uDivergence);
    vec4 p1 = sweptFromZero(div);
#ifndef TWO_SWEEPS
    fragResult = p1;  // the one sweep
#else
    vec4 p1Below = sweptFromZero(scalarBeside(uDivergence, kBottom));
    vec4 p1Above = sweptFromZero(scalarBeside(uDivergence, kTop));
    float p1LeftOfFirst = sweptFromZero(scalarBeside(uDivergence, kLeft).w);
    float p1RightOfLast = sweptFromZero(scalarBeside(uDivergence, kRight).x);
    fragResult = sweep(opaque(p1), opaque(p1LeftOfFirst), opaque(p1RightOfLast), opaque(p1Below), opaque(p1Above), div);
#endif
#else
    vec4 p = valueHere(uPressure);
    vec4 left = scalarBeside(uPressure, kLeft);
    vec4 right = scalarBeside(uPressure, kRight);
    vec4 below = scalarBeside(uPressure, kBottom);
    vec4 above = scalarBeside(uPressure, kTop);
    vec4 div = valueHere(uDivergence);
#ifndef TWO_SWEEPS
    fragResult = sweep(p, left.w, right.x, below, above, div);
#else
    vec4 leftBelow = scalarBeside(uPressure, ivec2(-1, -1));
    vec4 rightBelow = scalarBeside(uPressure, ivec2(1, -1));
    vec4 leftAbove = scalarBeside(uPressure, ivec2(-1, 1));
    vec4 rightAbove = scalarBeside(uPressure, ivec2(1, 1));
    vec4 twoBelow = scalarBeside(uPressure, ivec2(0, -2));
    vec4 twoAbove = scalarBeside(uPressure, ivec2(0, 2));
    vec4 divLeft = scalarBeside(uDivergence, kLeft);
    vec4 divRight = scalarBeside(uDivergence, kRight);
    vec4 divBelow = scalarBeside(uDivergence, kBottom);
    vec4 divAbove = scalarBeside(uDivergence, kTop);

    // The first sweep. The wrap mode gives the texels two rows away, and the
    // corners, their rule as it gives the direct neighbours theirs.
    vec4 p1 = sweep(p, left.w, right.x, below, above, div);
    vec4 p1Below = sweep(below, leftBelow.w, rightBelow.x, twoBelow, p, divBelow);
    vec4 p1Above = sweep(above, leftAbove.w, rightAbove.x, p, twoAbove, divAbove);
    // The cells left of the first and right of the last, as sweep() would:
    // (left + right) + (below + above) - h^2 div.
    float p1LeftOfFirst = sweptLeftOf(left, p.x, leftBelow, leftAbove, divLeft);
    float p1RightOfLast = sweptRightOf(right, p.w, rightBelow, rightAbove, divRight);
#ifndef PERIODIC
    // Rows beyond the box: the first sweep's ghost row is its mirror, this
    // row (beside the side walls, sweep() takes the mirror cell itself).
    int row = int(gl_FragCoord.y);
    p1Below = row == 0 ? p1 : p1Below;
    p1Above = row == uGridSize.y - 1 ? p1 : p1Above;
#endif
    // opaque() (common.glsl): each first-sweep value ends in * 0.25 and the
    // second sweep adds them, which llvmpipe's compiler regrouped across the
    // two sweeps (1 ulp from the mirror, which rounds each sweep's values).
    fragResult = sweep(opaque(p1), opaque(p1LeftOfFirst), opaque(p1RightOfLast), opaque(p1Below), opaque(p1Above), div);
#endif
#endif
}
