// Vorticity confinement (Fedkiw, Stam, Jensen 2001): u += dt eps h (N x w) with
// N = grad|w| / |grad|w||, pushing fluid around the vortex cores that numerical
// diffusion smears out. The 1e-5 floor fades the force where |w| is flat
// instead of amplifying noise. Mirror: reference::vorticity.
uniform sampler2D uVelocity;
uniform sampler2D uCurl;
uniform float uHalfInverseCellSize;  // 0.5 / h
uniform float uVorticityScale;       // dt eps h

void main()
{
    float wl = abs(scalarBeside(uCurl, kLeft).x);
    float wr = abs(scalarBeside(uCurl, kRight).x);
    float wb = abs(scalarBeside(uCurl, kBottom).x);
    float wt = abs(scalarBeside(uCurl, kTop).x);
    vec2 g = vec2(wr - wl, wt - wb) * uHalfInverseCellSize;
    vec2 n = g / max(sqrt(g.x * g.x + g.y * g.y), 1e-5);
    float w = valueHere(uCurl).x;
    vec2 u = valueHere(uVelocity).xy;
    fragResult = vec4(u + uVorticityScale * vec2(n.y * w, -n.x * w), 0.0, 0.0);
}
