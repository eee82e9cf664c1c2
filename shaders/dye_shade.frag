// The dye view's colours, lit as a relief, one per dye texel: its tone-mapped
// brightness (the largest channel) read as a height, the slope from central
// differences one texel apart, lit from the upper left. A flat patch keeps
// its colour; a slope towards the light brightens, one away from it darkens.
// display.frag then magnifies these colours into the window (SHADED_COLOURS, one
// bilinear read a pixel), where shading every window pixel from five reads of
// the dye cost four times as much on llvmpipe (bench/frame_bench BM_DyeView).
// Mirror: shadeCell's dyeShade (src/app/view_colour.cpp).
//
// GLOW: the bloom's glow (src/app/window/bloom.hpp) added here, one read a
// dye texel, where display.frag's read at every window pixel was a third of
// the window's dye view on llvmpipe (84 x 64, dye 336 x 256, 1024 x 768
// pixels: bench/frame_bench BM_WindowDyeView). The glow is a wide blur, so
// the dye grid's magnification changes nothing visible; the window only
// (the headless runner has no bloom, and no mirror of it).
uniform sampler2D uDye;  // its sampler: nearest, clamped to the edge
uniform vec2 uTexel;     // 1 / the dye's texels
uniform float uRange;    // the exposure
uniform float uShading;  // the relief's strength, > 0
#ifdef GLOW
uniform sampler2D uGlow;  // covering the view, linear filtering
uniform float uGlowIntensity;
#endif

out vec4 colour;

// The dye texel whose centre is `centre` (in texels), read through the
// sampler: nearest there is the texel itself, and beyond the edge the clamp
// gives the edge texel, as shadeCell's neighbours are. On llvmpipe five
// texture() reads cost less than five texelFetch with their clamps
// (bench/README.md, "The window's display on llvmpipe").
vec3 dyeAt(vec2 centre)
{
    return texture(uDye, centre * uTexel).rgb;
}

vec3 toneMapped(vec2 centre)
{
    return vec3(1.0) - exp(-max(dyeAt(centre), 0.0) * uRange);
}

// toneMapped's largest channel: the tone map rises with the dye, so it is
// the largest channel's, one exp instead of three (on llvmpipe the shading
// pass's exps were most of its cost at the window's dye grids).
float brightness(vec2 centre)
{
    vec3 d = dyeAt(centre);
    return 1.0 - exp(-max(max(max(d.r, d.g), d.b), 0.0) * uRange);
}

void main()
{
    vec2 c = gl_FragCoord.xy;  // this texel's centre
    float dx = brightness(c + vec2(1.0, 0.0)) - brightness(c - vec2(1.0, 0.0));
    float dy = brightness(c + vec2(0.0, 1.0)) - brightness(c - vec2(0.0, 1.0));
    vec3 n = normalize(vec3(-uShading * dx, -uShading * dy, 1.0));
    const vec3 light = vec3(-0.40824829, 0.40824829, 0.81649658);  // (-1, 1, 2) / sqrt(6)
    float shade = clamp(dot(n, light) / light.z, 0.5, 1.5);
    vec3 rgb = toneMapped(c) * shade;
#ifdef GLOW
    rgb += uGlowIntensity * texture(uGlow, c * uTexel).rgb;
#endif
    colour = vec4(clamp(rgb, 0.0, 1.0), 1.0);
}
