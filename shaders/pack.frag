// Four cells of a row into one texel: texel (I, j) of the packed field holds
// cells 4I .. 4I+3 of row j of the R32F source in x, y, z, w. The packed
// Jacobi sweep (pressure_packed.frag) works on this layout. A copy, no
// arithmetic: nothing for the CPU reference to mirror.
uniform sampler2D uSource;

void main()
{
    ivec2 first = ivec2(4 * int(gl_FragCoord.x), int(gl_FragCoord.y));
    fragResult = vec4(texelFetch(uSource, first, 0).x, texelFetch(uSource, first + ivec2(1, 0), 0).x,
                      texelFetch(uSource, first + ivec2(2, 0), 0).x, texelFetch(uSource, first + ivec2(3, 0), 0).x);
}
