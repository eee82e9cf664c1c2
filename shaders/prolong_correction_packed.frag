// prolong_correction.frag's pressure prolongation into level 0 held packed
// (pack.frag's layout): the four cells of a texel each get the coarse
// correction interpolated bilinearly, the same float operations in the same
// order, so its mirror is reference::prolongCorrection. Cells 4K .. 4K+3 lie
// between coarse columns 2K-1 .. 2K+2 with weights (of the right one) 3/4,
// 1/4, 3/4, 1/4; a row j between coarse rows (j - 1) / 2 and the next, 3/4 of
// the upper one where j is even and 1/4 where it is odd.
// uGridSize and uInverseGridSize are level 0's (the latter its packed
// texels'); the coarse level's ghosts come from its wrap mode, the rule.
uniform sampler2D uIterate;     // level 0's pressure, packed
uniform sampler2D uCorrection;  // level 1's iterate
uniform ivec2 uCoarseSize;      
float coarseAt(int column, int row) { return texture(uCorrection, (vec2(column, row) + 0.5) / vec2(uCoarseSize)).x; }

void main()
{
    ivec2 texel = thisCell();
    int first = 2 * texel.x - 1;            // the coarse column left of cell 4K
    int baseRow = (texel.y - 1) >> 1;       // floor((j - 1) / 2)
    float fy = (texel.y & 1) == 0 ? 0.75 : 0.25;
    const vec4 fx = vec4(0.75, 0.25, 0.75, 0.25);
    vec4 lower = vec4(coarseAt(first, baseRow), coarseAt(first + 1, baseRow), coarseAt(first + 2, baseRow),
                      coarseAt(first + 3, baseRow));
    vec4 upper = vec4(coarseAt(first, baseRow + 1), coarseAt(first + 1, baseRow + 1), coarseAt(first + 2, baseRow + 1),
                      coarseAt(first + 3, baseRow + 1));
    // a, b (c, d): the coarse cells left and right of each fine cell, below (above).
    vec4 a = lower.xyyz;
    vec4 b = lower.yzzw;
    vec4 c = upper.xyyz;
    vec4 d = upper.yzzw;
    vec4 bottom = opaque(a * (1.0 - fx)) + opaque(b * fx);  // each product rounded on its own (common.glsl)
    vec4 top = opaque(c * (1.0 - fx)) + opaque(d * fx);
    vec4 e = opaque(bottom * (1.0 - fy)) + opaque(top * fy);
    fragResult = valueHere(uIterate) + e;
}
