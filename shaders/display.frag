// Draws one field into the grid's rectangle of the window. Dye is tone-mapped,
// velocity shows direction as hue and speed as brightness, scalars use a
// sequential or a diverging colour map over [-uRange, uRange].
uniform sampler2D uField;
uniform int uMode;        // 0 dye, 1 velocity, 2 scalar sequential, 3 scalar diverging
uniform float uRange;     // the value that gets full colour
uniform vec4 uViewport;   // x, y, width, height of the grid in framebuffer pixels

out vec4 colour;

vec3 hueToRgb(float hue)
{
    vec3 k = abs(fract(hue + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0;
    return clamp(k, 0.0, 1.0);
}

// A dark-to-bright sequential map close to perceptually uniform (magma-like).
vec3 sequential(float t)
{
    t = clamp(t, 0.0, 1.0);
    vec3 c0 = vec3(0.002, 0.001, 0.014);
    vec3 c1 = vec3(0.42, 0.09, 0.50);
    vec3 c2 = vec3(0.95, 0.38, 0.36);
    vec3 c3 = vec3(0.99, 0.99, 0.75);
    return t < 0.4 ? mix(c0, c1, t / 0.4) : (t < 0.75 ? mix(c1, c2, (t - 0.4) / 0.35) : mix(c2, c3, (t - 0.75) / 0.25));
}

// Blue for negative, near-white at zero, red for positive.
vec3 diverging(float t)
{
    t = clamp(t, -1.0, 1.0);
    vec3 zero = vec3(0.95, 0.95, 0.95);
    return t < 0.0 ? mix(zero, vec3(0.13, 0.32, 0.75), -t) : mix(zero, vec3(0.75, 0.10, 0.15), t);
}

void main()
{
    vec2 uv = (gl_FragCoord.xy - uViewport.xy) / uViewport.zw;
    vec4 v = texture(uField, uv);
    float range = max(uRange, 1e-30);
    vec3 rgb;
    if (uMode == 0) {
        rgb = vec3(1.0) - exp(-max(v.rgb, 0.0) * range);
    } else if (uMode == 1) {
        float speed = length(v.xy);
        float hue = atan(v.y, v.x) / 6.2831853 + 0.5;
        rgb = hueToRgb(hue) * clamp(speed / range, 0.0, 1.0);
    } else if (uMode == 2) {
        rgb = sequential(0.5 + 0.5 * v.x / range);
    } else {
        rgb = diverging(v.x / range);
    }
    colour = vec4(rgb, 1.0);
}
