// The cross-fade (src/app/window/cross_fade.hpp): the window's picture from
// before a change of grid, drawn over the new one at the opacity left, so
// that the change dissolves instead of jumping. One texel a pixel: the
// picture is the window's own size.
uniform sampler2D uPicture;  // RGBA8, the window's size
uniform float uOpacity;      // 1 at the change, 0 when it is over

out vec4 colour;

void main()
{
    colour = vec4(texelFetch(uPicture, ivec2(gl_FragCoord.xy), 0).rgb, uOpacity);
}
