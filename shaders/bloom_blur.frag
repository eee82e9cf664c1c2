// Bloom, pass 2 (src/app/window/bloom.hpp): one axis of a separable Gaussian
// blur, nine taps uStep apart (the binomial weights of row 8, with the two
// outermost dropped and renormalised: sigma = 1.7 taps).
uniform sampler2D uSource;  // linear filtering
uniform vec2 uTexel;        // 1 / the target's size (the source's too)
uniform vec2 uStep;         // tap spacing along the axis, in texture coordinates

out vec4 colour;

void main()
{
    const float weight[5] = float[](0.2270270270, 0.1945945946, 0.1216216216, 0.0540540541, 0.0162162162);
    vec2 uv = gl_FragCoord.xy * uTexel;
    vec3 sum = weight[0] * texture(uSource, uv).rgb;
    for (int i = 1; i < 5; ++i)
        sum += weight[i] * (texture(uSource, uv + float(i) * uStep).rgb + texture(uSource, uv - float(i) * uStep).rgb);
    colour = vec4(sum, 1.0);
}
