// Motion pushes the fluid: where the motion field m (m/s) is, the velocity
// moves the fraction w of the way to m, w = blend |m| / (|m| + fullSpeed), and
// dye is added in proportion to w. Still input (m = 0) changes nothing, and
// the velocity never overshoots m. Outputs: velocity (0), dye (1).
// Mirror: reference::addForceField.
uniform sampler2D uVelocity;
uniform sampler2D uDye;
uniform sampler2D uForce;
uniform float uBlend;      // 1 - exp(-gain dt)
uniform float uFullSpeed;  // m/s: motion this fast weighs 1/2
uniform vec3 uDyeAdded;    // dye per step where w = 1

void main()
{
    vec2 m = valueHere(uForce).xy;
    float speed = sqrt(m.x * m.x + m.y * m.y);
    float w = uBlend * (speed / (speed + uFullSpeed));
    vec2 u = valueHere(uVelocity).xy;
    fragResult = vec4(u + w * (m - u), 0.0, 0.0);
    fragResult1 = valueHere(uDye) + vec4(w * uDyeAdded, 0.0);
}
