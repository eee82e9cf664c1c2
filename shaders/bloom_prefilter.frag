// Bloom, pass 1 (src/app/window/bloom.hpp): the bright part of the dye view,
// at the bloom's quarter resolution. Four bilinear reads one scene texel
// around the centre average a 4x4 block, so a thin bright stroke is not
// skipped by the downsampling; a soft knee below the threshold lets the glow
// fade in instead of switching on at an edge.
uniform sampler2D uScene;     // the view as drawn, linear filtering
uniform vec2 uTexel;          // 1 / this target's size
uniform vec2 uSceneTexel;     // 1 / the scene's size
uniform float uThreshold;     // brightness where the glow is full
uniform float uKnee;          // width of the soft start below the threshold

out vec4 colour;

void main()
{
    vec2 uv = gl_FragCoord.xy * uTexel;
    vec3 c = 0.25 * (texture(uScene, uv + vec2(-1.0, -1.0) * uSceneTexel).rgb +
                     texture(uScene, uv + vec2(1.0, -1.0) * uSceneTexel).rgb +
                     texture(uScene, uv + vec2(-1.0, 1.0) * uSceneTexel).rgb +
                     texture(uScene, uv + vec2(1.0, 1.0) * uSceneTexel).rgb);
    float brightness = max(c.r, max(c.g, c.b));
    float soft = clamp(brightness - uThreshold + uKnee, 0.0, 2.0 * uKnee);
    soft = soft * soft / (4.0 * uKnee + 1e-5);
    float weight = max(soft, brightness - uThreshold) / max(brightness, 1e-5);
    colour = vec4(c * weight, 1.0);
}
