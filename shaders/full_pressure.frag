// The incremental projection's estimate of the whole step's pressure
// P = p dt / rho (docs/algorithm.md §3.8a), after the projection:
// q = q / 2 + P. The projection's P removed the gradient the forcing left,
// about half of the step's when the flow changes slowly, so q follows the
// whole step's P with a lag of a step or two. Mirror: reference::fullPressure.
uniform sampler2D uFullPressure;
uniform sampler2D uPressure;

void main()
{
    float q = valueHere(uFullPressure).x * 0.5 + valueHere(uPressure).x;
    fragResult = fluidOnly(vec4(q, 0.0, 0.0, 0.0));
}
