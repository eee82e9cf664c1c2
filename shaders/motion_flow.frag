// Normal flow between two grey frames (src/core/motion.hpp): where the
// brightness changed by It, an edge with gradient g moved by -It g / |g|^2
// cells along g (the component of motion that a gradient method can see).
// |g|^2 is regularized so flat regions give little, the flow is clipped to
// kMaxFlow cells per frame, and changes below the threshold count as none.
// Out: m/s. Mirror: reference::motionFlow.
uniform sampler2D uPrevious;
uniform sampler2D uCurrent;
uniform float uThreshold;        // brightness change below which nothing moved
uniform float uMetresPerSecond;  // m/s per cell-per-frame: h * frame rate

const float kMaxFlow = 2.0;          // kMaxFlowCellsPerFrame
const float kRegularization = 1e-2;  // kFlowRegularization

void main()
{
    float change = valueHere(uCurrent).x - valueHere(uPrevious).x;
    // The gradient of the mean of both frames, per cell: 0.25 (sum right - sum left).
    float left = scalarBeside(uPrevious, kLeft).x + scalarBeside(uCurrent, kLeft).x;
    float right = scalarBeside(uPrevious, kRight).x + scalarBeside(uCurrent, kRight).x;
    float bottom = scalarBeside(uPrevious, kBottom).x + scalarBeside(uCurrent, kBottom).x;
    float top = scalarBeside(uPrevious, kTop).x + scalarBeside(uCurrent, kTop).x;
    vec2 g = 0.25 * vec2(right - left, top - bottom);
    vec2 flow = vec2(0.0);
    if (abs(change) >= uThreshold) {
        flow = (-change / (g.x * g.x + g.y * g.y + kRegularization)) * g;
        float size = sqrt(flow.x * flow.x + flow.y * flow.y);
        if (size > kMaxFlow) flow *= kMaxFlow / size;
    }
    fragResult = vec4(flow * uMetresPerSecond, 0.0, 0.0);
}
