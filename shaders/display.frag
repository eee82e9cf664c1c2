// Draws one field into the grid's rectangle of the window. Dye is tone-mapped,
// velocity shows direction as hue and speed as brightness, scalars use a
// sequential or a diverging colour map over [-uRange, uRange], and the water
// view shades the pressure as the height of a lit water surface. Mirrored on
// the CPU by fluid::app::shadeCell (src/app/view_colour.cpp): change both.
//
// Built once per variant (the row programs::display, core/display_programs.hpp),
// never branching on a uniform: Mesa's llvmpipe runs both sides of every `if`
// under a mask, so one shader with every view behind uniform ifs paid for all
// of them at every pixel (33 ms a 1024x768 frame on 2 cores where the dye
// view alone takes about 5; bench/frame_bench BM_DyeView). The defines:
//   the view, at most one of VELOCITY_VIEW, SEQUENTIAL_VIEW and DIVERGING_VIEW
//                  (a scalar), WATER_VIEW, SHADED_COLOURS (colours as they
//                  are: the shaded dye from dye_shade.frag); none: the dye
//   FACE_VELOCITY  velocity view of the staggered layout
//   BACKGROUND     water view: a picture under the water instead of the tiles
//   OBSTACLES      the obstacle mask drawn over the view
//   OVERLAY        the camera's picture over the view
uniform sampler2D uField;
uniform sampler2D uDye;   // water view: the ink
uniform float uRange;     // the value that gets full colour; dye and water: the exposure
// Water view.
uniform vec2 uGrid;               // cells along x and y
uniform float uCellSize;          // m
uniform float uHeightPerPressure; // m of surface per m^2/s of pressure potential: relief / (dt g)
uniform vec3 uLightDirection;     // unit, towards the light
uniform float uShininess;         // Blinn-Phong exponent
uniform float uDepth;             // m of water over the floor
uniform sampler2D uBackground;    // RGBA32F picture under the water (BACKGROUND), else tiles
// The camera's picture (motion input) over any view, at the grid's size (OVERLAY).
uniform sampler2D uOverlay;
uniform float uOverlayOpacity;
// Solid obstacles (OBSTACLES; R32F at the velocity grid's size, solid > 0.5:
// the mask, or the window's outline of it, whose ramp across a shape's edge
// draws a circle round on any grid; src/core/obstacles.hpp), in their colour
// (kObstacleColour in src/app/view_colour.hpp), outlined smoothly
// (obstacleCoverage).
uniform sampler2D uObstacles;
uniform vec2 uViewportSize;     // pixels of the grid's rectangle
noperspective in vec2 vPixel;  // display.vert: the fragment's pixel centre in that rectangle
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

// Square tiles of 0.1 m with grout between them, alternately shaded: a floor
// whose straight lines show every bend of the refraction.
vec3 floorColour(vec2 position)
{
    vec2 t = fract(position / 0.1);
    float edge = min(min(t.x, 1.0 - t.x), min(t.y, 1.0 - t.y));
    float grout = 1.0 - smoothstep(0.02, 0.06, edge);
    float checker = mod(floor(position.x / 0.1) + floor(position.y / 0.1), 2.0);
    vec3 tile = mix(vec3(0.56, 0.80, 0.86), vec3(0.46, 0.72, 0.80), checker);
    return mix(tile, vec3(0.18, 0.28, 0.34), grout);
}

// The background picture stretched over the domain, bilinear between pixel
// centres by hand (texelFetch), so the CPU (backgroundAt) can do the same
// arithmetic; beyond the edge the edge pixel repeats.
vec3 backgroundAt(vec2 position, vec2 domain)
{
    ivec2 last = textureSize(uBackground, 0) - 1;
    vec2 p = position / domain * vec2(last + 1) - 0.5;
    vec2 base = floor(p);
    vec2 f = p - base;
    ivec2 c = ivec2(base);
    vec3 bottom = mix(texelFetch(uBackground, clamp(c, ivec2(0), last), 0).rgb,
                      texelFetch(uBackground, clamp(c + ivec2(1, 0), ivec2(0), last), 0).rgb, f.x);
    vec3 top = mix(texelFetch(uBackground, clamp(c + ivec2(0, 1), ivec2(0), last), 0).rgb,
                   texelFetch(uBackground, clamp(c + ivec2(1, 1), ivec2(0), last), 0).rgb, f.x);
    return mix(bottom, top, f.y);
}

// The surface z = uHeightPerPressure * p: its normal from central differences
// one cell apart; the floor seen through it shifted along the slope (Snell's
// law for small slopes: (1 - 1/1.33) depth slope, about a quarter); ink from
// the dye; diffuse light, a Blinn-Phong highlight, and the sky reflected with
// Schlick's Fresnel weight (0.02 head-on, water's).
vec3 water(vec2 uv)
{
    vec2 texel = 1.0 / uGrid;
    float k = uHeightPerPressure;
    float dx = k * texture(uField, uv + vec2(texel.x, 0.0)).x - k * texture(uField, uv - vec2(texel.x, 0.0)).x;
    float dy = k * texture(uField, uv + vec2(0.0, texel.y)).x - k * texture(uField, uv - vec2(0.0, texel.y)).x;
    vec3 n = normalize(vec3(-dx, -dy, 2.0 * uCellSize));

    vec2 domain = uGrid * uCellSize;
    vec2 position = uv * domain + (uDepth * 0.25 / n.z) * n.xy;
#ifdef BACKGROUND
    vec3 body = backgroundAt(position, domain);
#else
    vec3 body = floorColour(position);
#endif
    vec3 ink = vec3(1.0) - exp(-max(texture(uDye, uv).rgb, 0.0) * uRange);
    float inkAmount = max(max(ink.r, ink.g), ink.b);
    body = body * (1.0 - inkAmount) + ink;

    float diffuse = max(dot(n, uLightDirection), 0.0);
    vec3 halfway = normalize(uLightDirection + vec3(0.0, 0.0, 1.0));
    float specular = pow(max(dot(n, halfway), 0.0), uShininess);
    float grazing = max(1.0 - n.z, 0.0);
    float fresnel = 0.02 + 0.98 * (grazing * grazing) * (grazing * grazing) * grazing;
    float skyElevation = max(2.0 * n.z * n.z - 1.0, 0.0);  // z of the reflected view ray
    vec3 sky = mix(vec3(0.92, 0.95, 1.0), vec3(0.36, 0.56, 0.86), skyElevation);
    return body * (0.35 + 0.65 * diffuse) * (1.0 - fresnel) + sky * fresnel + vec3(specular);
}

// How much of the obstacle colour covers this point: the mask read bilinearly
// between its cell centres by hand (texelFetch, so the CPU can do the same
// arithmetic), its solid threshold 0.5 drawn as a soft contour 0.2 of a mask
// step wide. A round obstacle stays round on a finer dye grid and when the
// window magnifies the grid, instead of showing the cells' staircase; at a
// cell centre of the mask's own grid a 0/1 mask shows as before.
// Mirror: obstacleCoverage (src/app/view_colour.cpp).
float obstacleCoverage(vec2 uv)
{
    ivec2 last = textureSize(uObstacles, 0) - 1;
    vec2 p = uv * vec2(last + 1) - 0.5;
    vec2 base = floor(p);
    vec2 f = p - base;
    ivec2 c = ivec2(base);
    float bottom = mix(texelFetch(uObstacles, clamp(c, ivec2(0), last), 0).x,
                       texelFetch(uObstacles, clamp(c + ivec2(1, 0), ivec2(0), last), 0).x, f.x);
    float top = mix(texelFetch(uObstacles, clamp(c + ivec2(0, 1), ivec2(0), last), 0).x,
                    texelFetch(uObstacles, clamp(c + ivec2(1, 1), ivec2(0), last), 0).x, f.x);
    return smoothstep(0.4, 0.6, mix(bottom, top, f.y));
}

void main()
{
    // The pixel's centre as gl_FragCoord.xy less the rectangle's corner gives
    // it (display.vert: within a small fraction of it; floor + 1/2 makes it
    // exact), over the rectangle's size: the CPU's (i + 1/2) / n, bit for bit.
    vec2 uv = (floor(vPixel) + 0.5) / uViewportSize;
    float range = max(uRange, 1e-30);
#if defined(SHADED_COLOURS)
    vec3 rgb = texture(uField, uv).rgb;  // the glow is in them (dye_shade.frag)
#elif defined(VELOCITY_VIEW)
#ifdef FACE_VELOCITY
    // The staggered layout (docs/algorithm.md §2b): texel (i, j) holds u on the
    // cell's left face and v on its bottom face. The velocity view reads each
    // component half a texel on, where its own faces put it: at a cell centre the
    // mean of the cell's two faces. Mirror: shadeCell's faceVelocity.
    vec2 texel = 1.0 / vec2(textureSize(uField, 0));
    vec2 v = vec2(texture(uField, uv + vec2(0.5 * texel.x, 0.0)).x, texture(uField, uv + vec2(0.0, 0.5 * texel.y)).y);
#else
    vec2 v = texture(uField, uv).xy;
#endif
    float speed = length(v);
    float hue = atan(v.y, v.x) / 6.2831853 + 0.5;
    vec3 rgb = hueToRgb(hue) * clamp(speed / range, 0.0, 1.0);
#elif defined(SEQUENTIAL_VIEW)
    vec3 rgb = sequential(0.5 + 0.5 * texture(uField, uv).x / range);
#elif defined(DIVERGING_VIEW)
    vec3 rgb = diverging(texture(uField, uv).x / range);
#elif defined(WATER_VIEW)
    vec3 rgb = water(uv);
#else
    vec3 rgb = vec3(1.0) - exp(-max(texture(uField, uv).rgb, 0.0) * range);
#endif
    rgb = clamp(rgb, 0.0, 1.0);
#ifdef OBSTACLES
    rgb = mix(rgb, vec3(0.45, 0.42, 0.40), obstacleCoverage(uv));
#endif
#ifdef OVERLAY
    rgb = mix(rgb, vec3(texture(uOverlay, uv).x), uOverlayOpacity);
#endif
    colour = vec4(rgb, 1.0);
}
