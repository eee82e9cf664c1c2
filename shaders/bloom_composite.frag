// Bloom, pass 3 (src/app/window/bloom.hpp): the scene with its glow added,
// into the window. The scene is read texel for texel (it has the window's
// size); the glow is magnified from quarter resolution by the linear filter.
uniform sampler2D uScene;
uniform sampler2D uBloom;   // linear filtering
uniform vec2 uTexel;        // 1 / the window's size
uniform float uIntensity;

out vec4 colour;

void main()
{
    vec3 scene = texelFetch(uScene, ivec2(gl_FragCoord.xy), 0).rgb;
    vec3 glow = texture(uBloom, gl_FragCoord.xy * uTexel).rgb;
    colour = vec4(scene + uIntensity * glow, 1.0);
}
