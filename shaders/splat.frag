// Adds uValue * exp(-d^2 / r^2) to the field, d being the distance from the
// cell centre to the segment uFrom..uTo (cell coordinates). Mirror: reference::splat.
uniform sampler2D uSource;
uniform vec2 uFrom;
uniform vec2 uTo;
uniform float uRadiusSquared;  // cells^2
uniform vec4 uValue;

void main()
{
    ivec2 cell = thisCell();
    vec2 ab = uTo - uFrom;
    float lengthSquared = ab.x * ab.x + ab.y * ab.y;
    vec2 ap = vec2(cell) - uFrom;
    float t = lengthSquared > 0.0 ? clamp((ap.x * ab.x + ap.y * ab.y) / lengthSquared, 0.0, 1.0) : 0.0;
    vec2 d = ap - t * ab;
    float weight = exp(-(d.x * d.x + d.y * d.y) / uRadiusSquared);
    fragResult = texelFetch(uSource, cell, 0) + uValue * weight;
}
