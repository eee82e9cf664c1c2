// The inverse of pack.frag: cell (i, j) from component i mod 4 of texel
// (i / 4, j). Shifts and a select, not integer '/' and '%' (see common.glsl).
// PAIRED: the packed pressure as the paired sweeps left it, its even and
// odd rows in two layers (common.glsl's pairedTexel).
uniform sampler2D uPacked;
#ifdef PAIRED
uniform sampler2DArray uPackedPairs;
#endif

void main()
{
    ivec2 cell = thisCell();
#ifdef PAIRED
    vec4 t = pairedTexel(uPackedPairs, ivec2(cell.x >> 2, cell.y), uGridSize.x >> 2);
#else
    // Texel (i / 4, j) through the sampler at its centre, the packed grid's
    // 1 / size being (4 / width, 1 / height): the texel texelFetch would read,
    // cheaper on llvmpipe (pack.frag).
    vec2 inversePackedSize = vec2(4.0 * uInverseGridSize.x, uInverseGridSize.y);
    vec4 t = texture(uPacked, (vec2(cell.x >> 2, cell.y) + 0.5) * inversePackedSize);
#endif
    fragResult = vec4(cellOf(t, cell.x & 3), 0.0, 0.0, 0.0);
}
