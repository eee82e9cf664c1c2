// Adds uValue * K to the field, K being the mean over the segment of the
// Gaussian exp(-|x - p|^2 / r^2) (see src/core/splat.hpp): across the segment a
// Gaussian, along it a difference of two error functions. A point splat has
// uLength = 0 and uAxis = 0, which leaves the plain Gaussian (GpuSolver builds
// a POINT_SPLAT variant for them).
// Mirror: reference::splat.
uniform sampler2D uSource;
uniform vec2 uFrom;           // cells
uniform vec2 uAxis;           // unit vector along the segment, or zero
uniform float uLength;        // cells
uniform float uInverseRadius; // 1 / r, 1/cells
uniform float uLineScale;     // sqrt(pi) r / (2 length)
uniform vec4 uValue;
#ifdef TWO_OUTPUTS
// A second field splatted with the same weight (velocity and dye in one
// draw: the weight is computed once, and llvmpipe finishes one pass, not two).
uniform sampler2D uSource1;
uniform vec4 uValue1;
#endif

// 1 - erf(x) for x >= 0: Abramowitz & Stegun 7.1.26, absolute error < 1.5e-7.
float erfcPositive(float x)
{
    float t = 1.0 / (1.0 + 0.3275911 * x);
    float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return poly * exp(-(x * x));
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
    float along = ap.x * uAxis.x + ap.y * uAxis.y;
    vec2 across = ap - along * uAxis;
    float s = along * uInverseRadius;
    float d = (across.x * across.x + across.y * across.y) * (uInverseRadius * uInverseRadius);
#ifdef POINT_SPLAT
    // A point (uLength = 0): the along factor is exactly 1. Compiled out, since
    // a SIMD rasteriser would evaluate all six erfc (an exp and a divide each)
    // of the line's branches under a mask.
    return exp(-d);
#else
    float alongWeight = uLength > 0.0 ? uLineScale * erfDifference(s, s - uLength * uInverseRadius) : 1.0;
    return exp(-d) * alongWeight;
#endif
}

void main()
{
    vec2 cell = vec2(thisCell());
#ifdef STAGGERED
    // The velocity on the staggered layout: u weighed at its face's point,
    // v at its own. Mirror: reference::staggered::splat.
    vec2 u = valueHere(uSource).xy;
    fragResult = shutWallFaces(vec4(u.x + uValue.x * weightAt(cell - vec2(0.5, 0.0)),
                                    u.y + uValue.y * weightAt(cell - vec2(0.0, 0.5)), 0.0, 0.0));
#else
    float weight = weightAt(cell);
    fragResult = valueHere(uSource) + uValue * weight;
#ifdef TWO_OUTPUTS
    fragResult1 = valueHere(uSource1) + uValue1 * weight;
#endif
#endif
}
