// The inverse of pack.frag: cell (i, j) from component i mod 4 of texel
// (i / 4, j). Shifts and a select, not integer '/' and '%' (see common.glsl).
uniform sampler2D uPacked;

void main()
{
    ivec2 cell = thisCell();
    vec4 t = texelFetch(uPacked, ivec2(cell.x >> 2, cell.y), 0);
    int k = cell.x & 3;
    fragResult = vec4(k == 0 ? t.x : (k == 1 ? t.y : (k == 2 ? t.z : t.w)), 0.0, 0.0, 0.0);
}
