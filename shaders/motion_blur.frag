// The motion averaged over frames: m = keep m_previous + (1 - keep) flow, an
// exponential average with time constant timeBlur (keep = exp(-frame interval
// / timeBlur)). Mirror: reference::motionBlur.
uniform sampler2D uAverage;
uniform sampler2D uFlow;
uniform float uKeep;

void main()
{
    vec2 average = valueHere(uAverage).xy;
    vec2 flow = valueHere(uFlow).xy;
    fragResult = vec4(uKeep * average + (1.0 - uKeep) * flow, 0.0, 0.0);
}
