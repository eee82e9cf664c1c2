// fullscreen.vert's triangle for the window's display passes, with each
// fragment's place in the viewport in pixels: vPixel is (x + 1/2, y + 1/2) at
// the centre of the viewport's pixel (x, y), as gl_FragCoord.xy less the
// viewport's corner is, to within a few millionths of a pixel (llvmpipe's
// interpolation is exact on some sizes, not all; display.frag rounds it).
//
// Why not gl_FragCoord: on llvmpipe a texture() at a coordinate made from an
// interpolated input costs less than at one made from gl_FragCoord and a
// uniform corner. The 1024x768 magnification of the shaded dye (one bilinear
// read a pixel) is most of the difference in the window's dye view: see
// bench/README.md, "The window's display on llvmpipe".
uniform vec2 uViewportSize;  // pixels
noperspective out vec2 vPixel;

void main()
{
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    vPixel = corner * uViewportSize;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
