// One step of a max reduction for the display's automatic range: each output
// texel takes the largest magnitude over its uBlock of field texels.
uniform sampler2D uField;
uniform int uMeasure;  // 0: |r|, 1: length(rg), 2: max(r, g, b)
uniform ivec2 uBlock;

out vec4 result;

float measure(vec4 v)
{
    if (uMeasure == 0) return abs(v.r);
    if (uMeasure == 1) return length(v.rg);
    return max(v.r, max(v.g, v.b));
}

void main()
{
    ivec2 size = textureSize(uField, 0);
    ivec2 origin = ivec2(gl_FragCoord.xy) * uBlock;
    float largest = 0.0;
    for (int j = 0; j < uBlock.y; ++j)
        for (int i = 0; i < uBlock.x; ++i)
            largest = max(largest, measure(texelFetch(uField, min(origin + ivec2(i, j), size - 1), 0)));
    result = vec4(largest, 0.0, 0.0, 1.0);
}
