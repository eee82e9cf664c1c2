// Four cells of a row into one texel: texel (I, j) of the packed field holds
// cells 4I .. 4I+3 of row j of the R32F source in x, y, z, w. The packed
// Jacobi sweep (pressure_packed.frag) works on this layout. A copy, no
// arithmetic: nothing for the CPU reference to mirror. With TWO_OUTPUTS it
// packs a second field (uSource1) in the same draw.
uniform sampler2D uSource;
#ifdef TWO_OUTPUTS
uniform sampler2D uSource1;
#endif

// Through the sampler at the cells' centres (common.glsl's centreOf, the
// unpacked grid's: this row's uniforms are the grid's), not texelFetch, which
// llvmpipe makes look up the level and check bounds per lane: the same texels.
vec4 fourCells(sampler2D source, ivec2 first)
{
    vec2 at = centreOf(first);
    return vec4(texture(source, at).x, textureOffset(source, at, ivec2(1, 0)).x,
                textureOffset(source, at, ivec2(2, 0)).x, textureOffset(source, at, ivec2(3, 0)).x);
}

void main()
{
    ivec2 first = ivec2(4 * int(gl_FragCoord.x), int(gl_FragCoord.y));
    fragResult = fourCells(uSource, first);
#ifdef TWO_OUTPUTS
    fragResult1 = fourCells(uSource1, first);
#endif
}
