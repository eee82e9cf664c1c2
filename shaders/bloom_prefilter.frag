// Bloom, pass 1 (src/app/window/bloom.hpp): the bright part of the dye's
// tone-mapped colours, unlit (dye_shade.frag lights the relief and then adds
// the glow, which so takes none of its light and shade), at the bloom's
// resolution, an eighth of the view's pixels each way. Four bilinear reads a
// quarter of a glow texel around its centre average its footprint, so a thin
// bright stroke on a finer dye grid is not skipped; a soft knee below the
// threshold lets the glow fade in instead of switching on at an edge.
uniform sampler2D uDye;     // the dye, linear filtering
uniform vec2 uTexel;        // 1 / this target's size
uniform float uRange;       // the exposure
uniform float uThreshold;   // brightness where the glow is full
uniform float uKnee;        // width of the soft start below the threshold

vec3 toneMapped(vec2 uv)
{
    return vec3(1.0) - exp(-max(texture(uDye, uv).rgb, 0.0) * uRange);
}

out vec4 colour;

void main()
{
    vec2 uv = gl_FragCoord.xy * uTexel;
    vec2 q = 0.25 * uTexel;
    vec3 c = 0.25 * (toneMapped(uv + vec2(-q.x, -q.y)) + toneMapped(uv + vec2(q.x, -q.y)) +
                     toneMapped(uv + vec2(-q.x, q.y)) + toneMapped(uv + vec2(q.x, q.y)));
    float brightness = max(c.r, max(c.g, c.b));
    float soft = clamp(brightness - uThreshold + uKnee, 0.0, 2.0 * uKnee);
    soft = soft * soft / (4.0 * uKnee + 1e-5);
    float weight = max(soft, brightness - uThreshold) / max(brightness, 1e-5);
    colour = vec4(c * weight, 1.0);
}
