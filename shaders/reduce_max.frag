// One step of a max reduction, read back asynchronously by the window (the
// display's automatic range, the pressure residual): each output texel takes
// the largest value of `measure` over its uBlock of field texels. Measure 4
// sums instead (r^2 + g^2, the kinetic energy of the panel's Profile plot),
// over the texels inside the field only: the clamped reads past its edge
// would count an edge twice.
uniform sampler2D uField;
uniform int uMeasure;  // 0: |r|, 1: length(rg), 2: max(r, g, b), 3: |r| and |g| apart, 4: sum of r^2 + g^2
uniform ivec2 uBlock;

out vec4 result;

vec2 measure(vec4 v)
{
    if (uMeasure == 0) return vec2(abs(v.r), 0.0);
    if (uMeasure == 1) return vec2(length(v.rg), 0.0);
    if (uMeasure == 2) return vec2(max(v.r, max(v.g, v.b)), 0.0);
    return abs(v.rg);
}

void main()
{
    ivec2 size = textureSize(uField, 0);
    ivec2 origin = ivec2(gl_FragCoord.xy) * uBlock;
    vec2 largest = vec2(0.0);
    if (uMeasure == 4) {
        for (int j = 0; j < uBlock.y; ++j)
            for (int i = 0; i < uBlock.x; ++i) {
                ivec2 at = origin + ivec2(i, j);
                vec2 v = texelFetch(uField, min(at, size - 1), 0).rg;
                if (all(lessThan(at, size))) largest.x += dot(v, v);
            }
        result = vec4(largest, 0.0, 1.0);
        return;
    }
    for (int j = 0; j < uBlock.y; ++j)
        for (int i = 0; i < uBlock.x; ++i)
            largest = max(largest, measure(texelFetch(uField, min(origin + ivec2(i, j), size - 1), 0)));
    result = vec4(largest, 0.0, 1.0);
}
