// Semi-Lagrangian advection of the velocity by itself: trace each cell centre
// back by dt u and read the velocity there (velocity rule). The scalar fields
// (dye, temperature) are carried by advect_scalar.frag, before this pass, by
// the same velocity. Mirror: reference::advect.
uniform sampler2D uVelocity;
uniform float uDtOverCellSize;   // dt / h
uniform float uVelocityDecay;    // 1 / (1 + dissipation dt)

vec4 velocity4Near(ivec2 c) { return vec4(velocityNear(uVelocity, c), 0.0, 0.0); }

void main()
{
    vec2 u = valueHere(uVelocity).xy;
    ivec2 c0;
    vec2 f;
    traceCell(vec2(thisCell()) - uDtOverCellSize * u, c0, f);
    fragResult = bilinear(velocity4Near(c0), velocity4Near(c0 + kRight), velocity4Near(c0 + kTop),
                          velocity4Near(c0 + kRight + kTop), f, uVelocityDecay);
}
