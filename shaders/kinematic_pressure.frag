// The incremental projection's estimate of p / rho (docs/algorithm.md §3.8a),
// after the projection: q = q / 2 + p / dt. The projection's pressure p
// (m^2/s) removed the gradient the forcing left, about half a step's of q
// when the flow changes slowly, so q follows p / rho with a lag of a step or
// two. Mirror: reference::kinematicPressure.
uniform sampler2D uKinematicPressure;
uniform sampler2D uPressure;
uniform float uInverseDt;  // 1 / dt

void main()
{
    float q = valueHere(uKinematicPressure).x * 0.5 + valueHere(uPressure).x * uInverseDt;
    fragResult = fluidOnly(vec4(q, 0.0, 0.0, 0.0));
}
