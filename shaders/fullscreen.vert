// One triangle that covers the viewport, generated from gl_VertexID so no
// vertex buffer is needed. Every pass draws it once; each fragment is one cell.
void main()
{
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
