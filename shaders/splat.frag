// Adds uValue * K to the field, K being the mean over the segment of the
// Gaussian exp(-|x - p|^2 / r^2) (see src/core/splat.hpp): across the segment a
// Gaussian, along it a difference of two error functions. A point splat has
// uLength = 0 and uAxis = 0, which leaves the plain Gaussian (GpuSolver builds
// a POINT_SPLAT variant for them).
// It writes uValue * K alone, each product rounded (opaque()), and blending
// adds it to the field's texel (sim::addToBlock): field + uValue * K, the
// one add the mirror makes, and no read of the field.
// Mirror: reference::splat.
uniform vec2 uFrom;           // cells
uniform vec2 uAxis;           // unit vector along the segment, or zero
uniform float uLength;        // cells
uniform float uInverseRadius; // 1 / r, 1/cells
uniform float uLineScale;     // sqrt(pi) r / (2 length)
uniform vec4 uValue;
#ifdef TWO_OUTPUTS
// A second field splatted with the same weight (velocity and dye in one
// draw: the weight is computed once, and llvmpipe finishes one pass, not two).
uniform vec4 uValue1;
#endif

// The weight is written so that the mirror's floats are these to the bit:
// the built-in exp() differs from the CPU's by an ulp here and there, and
// llvmpipe contracted and regrouped the products (common.glsl's opaque()).
// Those ulps were the only differences between the backends in a collocated
// step on llvmpipe, and the limiters (MacCormack's, the confinement's) and the
// pressure solve made them chaotic: one step's pressure parted by up to 2e-5
// of its L2. So each product that feeds a sum is product(), and exp is
// splatExp.

// exp(x) for x <= 0 from +, -, * and a power of two, as reference::splatExp:
// x = k ln 2 + r (Cody-Waite: k ln2_hi is exact for |k| < 2^8), e^r by its
// Taylor polynomial of degree 7 (|r| <= ln 2 / 2: under 6e-9 of e^r), times
// 2^k built from its bits. Within a few ulps of exp; 0 below -87, where e^x
// nears the smallest normal float (some rasterisers flush subnormals).
float splatExp(float x)
{
    if (x < -87.0) return 0.0;
    float k = floor(product(x, 1.44269502) + 0.5);
    float r = opaque(opaque(x - k * 0.693145752) - product(k, 1.42860677e-06));
    float p = 1.98412701e-04;
    p = 1.38888892e-03 + product(r, p);
    p = 8.33333377e-03 + product(r, p);
    p = 4.16666679e-02 + product(r, p);
    p = 1.66666672e-01 + product(r, p);
    p = 0.5 + product(r, p);
    p = 1.0 + product(r, p);
    p = 1.0 + product(r, p);
    return p * intBitsToFloat((int(k) + 127) << 23);
}

// 1 - erf(x) for x >= 0: Abramowitz & Stegun 7.1.26, absolute error < 1.5e-7.
float erfcPositive(float x)
{
    float t = 1.0 / (1.0 + product(0.3275911, x));
    float poly = -1.453152027 + product(t, 1.061405429);
    poly = 1.421413741 + product(t, poly);
    poly = -0.284496736 + product(t, poly);
    poly = 0.254829592 + product(t, poly);
    return (t * poly) * splatExp(-(x * x));
}

// erf(a) - erf(b) for a >= b, without subtracting two numbers near +-1.
float erfDifference(float a, float b)
{
    if (b >= 0.0) return erfcPositive(b) - erfcPositive(a);
    if (a <= 0.0) return erfcPositive(-a) - erfcPositive(-b);
    return (2.0 - erfcPositive(a)) - erfcPositive(-b);
}

// The kernel K at a point of this grid (cells).
float weightAt(vec2 point)
{
    vec2 ap = point - uFrom;
    float along = product(ap.x, uAxis.x) + product(ap.y, uAxis.y);
    vec2 across = ap - vec2(product(along, uAxis.x), product(along, uAxis.y));
    float s = along * uInverseRadius;
    float d = (product(across.x, across.x) + product(across.y, across.y)) * (uInverseRadius * uInverseRadius);
#ifdef POINT_SPLAT
    // A point (uLength = 0): the along factor is exactly 1. Compiled out, since
    // a SIMD rasteriser would evaluate all six erfc (an exp and a divide each)
    // of the line's branches under a mask.
    return splatExp(-d);
#else
    float alongWeight = uLength > 0.0 ? uLineScale * erfDifference(s, s - product(uLength, uInverseRadius)) : 1.0;
    return splatExp(-d) * alongWeight;
#endif
}

void main()
{
    vec2 cell = vec2(thisCell());
#ifdef STAGGERED
    // The velocity on the staggered layout: u weighed at its face's point,
    // v at its own; nothing added to a face the walls or a solid fix (it
    // keeps what it holds). Mirror: reference::staggered::splat.
    bvec2 fixedFace = fixedFaces();
    fragResult = vec4(fixedFace.x ? 0.0 : product(uValue.x, weightAt(cell - vec2(0.5, 0.0))),
                      fixedFace.y ? 0.0 : product(uValue.y, weightAt(cell - vec2(0.0, 0.5))), 0.0, 0.0);
#else
    float weight = weightAt(cell);
    fragResult = opaque(uValue * weight);
#ifdef TWO_OUTPUTS
    fragResult1 = opaque(uValue1 * weight);
#endif
#endif
}
