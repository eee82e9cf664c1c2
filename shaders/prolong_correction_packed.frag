// prolong_correction.frag's pressure prolongation into a level held packed
// (pack.frag's layout): the four cells of a texel each get the coarse
// correction interpolated bilinearly, the same float operations in the same
// order, so its mirror is reference::prolongCorrection. Cells 4K .. 4K+3 lie
// between coarse columns 2K-1 .. 2K+2 with weights (of the right one) 3/4,
// 1/4, 3/4, 1/4; a row j between coarse rows (j - 1) / 2 and the next, 3/4 of
// the upper one where j is even and 1/4 where it is odd.
// uGridSize and uInverseGridSize are the fine level's (the latter its packed
// texels'); the coarse level's ghosts come from its wrap mode, the rule.
// With PACKED_COARSE the coarse level is held packed too: the four coarse
// cells of a row lie in two of its texels.
// READS_PAIRS: the fine level (level 0) as the paired sweeps leave it (its
// even and odd rows in two layers), written back packed.
#ifdef READS_PAIRS
uniform sampler2DArray uIterate;
#else
uniform sampler2D uIterate;     // the fine level's pressure, packed
#endif
uniform sampler2D uCorrection;  // the coarse level's iterate
uniform ivec2 uCoarseSize;      // in cells
#ifdef PACKED_COARSE
// Coarse texel `texel` of `row`, read at its centre.
vec4 coarseTexel(int texel, int row)
{
    return texture(uCorrection, (vec2(texel, row) + 0.5) / vec2(uCoarseSize.x >> 2, uCoarseSize.y));
}
// Coarse cells first .. first + 3 of `row`, first = 2K - 1 for fine texel K:
// the last of the texel before K / 2 and its first three where K is even,
// its last three and the first of the texel after where K is odd. Beyond a
// box's side wall the ghost is the edge cell itself, which the clamped
// texel does not hold in that place (as pressure_packed.frag's); periodic,
// the wrap mode finds it.
vec4 coarseRow(int fineTexel, int row)
{
    int texel = fineTexel >> 1;
    bool odd = (fineTexel & 1) == 1;
    vec4 a = coarseTexel(odd ? texel : texel - 1, row);
    vec4 b = coarseTexel(odd ? texel + 1 : texel, row);
    vec4 cells = odd ? vec4(a.yzw, b.x) : vec4(a.w, b.xyz);
#ifndef PERIODIC
    if (!odd && texel == 0) cells.x = b.x;
    if (odd && texel == (uCoarseSize.x >> 2) - 1) cells.w = a.w;
#endif
    return cells;
}
#else
float coarseAt(int column, int row) { return texture(uCorrection, (vec2(column, row) + 0.5) / vec2(uCoarseSize)).x; }
vec4 coarseRow(int fineTexel, int row)
{
    int first = 2 * fineTexel - 1;  // the coarse column left of cell 4K
    return vec4(coarseAt(first, row), coarseAt(first + 1, row), coarseAt(first + 2, row), coarseAt(first + 3, row));
}
#endif

void main()
{
    ivec2 texel = thisCell();
    int baseRow = (texel.y - 1) >> 1;       // floor((j - 1) / 2)
    float fy = (texel.y & 1) == 0 ? 0.75 : 0.25;
    const vec4 fx = vec4(0.75, 0.25, 0.75, 0.25);
    vec4 lower = coarseRow(texel.x, baseRow);
    vec4 upper = coarseRow(texel.x, baseRow + 1);
    // a, b (c, d): the coarse cells left and right of each fine cell, below (above).
    vec4 a = lower.xyyz;
    vec4 b = lower.yzzw;
    vec4 c = upper.xyyz;
    vec4 d = upper.yzzw;
    vec4 bottom = opaque(a * (1.0 - fx)) + opaque(b * fx);  // each product rounded on its own (common.glsl)
    vec4 top = opaque(c * (1.0 - fx)) + opaque(d * fx);
    vec4 e = opaque(bottom * (1.0 - fy)) + opaque(top * fy);
#ifdef READS_PAIRS
    fragResult = pairedTexel(uIterate, texel, uGridSize.x >> 2) + e;
#else
    fragResult = valueHere(uIterate) + e;
#endif
}
