// Four cells of a row into one texel: texel (I, j) of the packed field holds
// cells 4I .. 4I+3 of row j of the R32F source in x, y, z, w. The packed
// Jacobi sweep (pressure_packed.frag) works on this layout. A copy, no
// arithmetic: nothing for the CPU reference to mirror. With TWO_OUTPUTS it
// packs a second field (uSource1) in the same draw.
uniform sampler2D uSource;
#ifdef TWO_OUTPUTS
uniform sampler2D uSource1;
#endif

// common.glsl's fourCells reads them (this row's uniforms are the unpacked grid's).
void main()
{
    ivec2 first = ivec2(4 * int(gl_FragCoord.x), int(gl_FragCoord.y));
    fragResult = fourCells(uSource, first);
#ifdef TWO_OUTPUTS
    fragResult1 = fourCells(uSource1, first);
#endif
}
