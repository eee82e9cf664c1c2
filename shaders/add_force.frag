// Motion pushes the fluid: where the motion field m (m/s) is, the velocity
// moves the fraction w of the way to m, w = blend |m| / (|m| + fullSpeed), and
// dye is added in proportion to w. Still input (m = 0) changes nothing, and
// the velocity never overshoots m. Outputs: velocity (0), and dye (1) with
// TWO_OUTPUTS (the dye on the velocity's grid). DYE_ON_OWN_GRID: drawn on the
// dye's own grid, dye alone, each dye cell weighted by the motion of the
// simulation cell its centre lies in. Mirror: reference::addForceField.
uniform sampler2D uDye;
uniform sampler2D uForce;
uniform float uBlend;      // 1 - exp(-gain dt)
uniform float uFullSpeed;  // m/s: motion this fast weighs 1/2
uniform vec3 uDyeAdded;    // dye per step where w = 1
#ifdef DYE_ON_OWN_GRID
uniform float uToVelocityCells;  // simulation cells per dye cell
#else
uniform sampler2D uVelocity;
#endif

float weight(vec2 m)
{
    float speed = sqrt(m.x * m.x + m.y * m.y);
    return uBlend * (speed / (speed + uFullSpeed));
}

#ifdef STAGGERED
// The motion of cell c (clamped or wrapped as the faces are).
vec2 forceAt(ivec2 c) { return texelFetch(uForce, faceTexel(c, uGridSize), 0).xy; }
#endif

void main()
{
#if defined(STAGGERED) && !defined(DYE_ON_OWN_GRID)
    // Each face toward the mean motion of its two cells, weighed by that
    // mean's speed. Mirror: reference::staggered::addForceField.
    ivec2 c = thisCell();
    vec2 u = valueHere(uVelocity).xy;
    vec2 mU = (forceAt(c + kLeft) + forceAt(c)) * 0.5;
    vec2 mV = (forceAt(c + kBottom) + forceAt(c)) * 0.5;
    fragResult = shutWallFaces(vec4(u.x + weight(mU) * (mU.x - u.x), u.y + weight(mV) * (mV.y - u.y), 0.0, 0.0));
#elif defined(DYE_ON_OWN_GRID)
    // One multiply, exactly rounded on both sides, then floor: the same cell
    // on the CPU.
    ivec2 forceCell = min(ivec2(floor((vec2(thisCell()) + 0.5) * uToVelocityCells)), textureSize(uForce, 0) - 1);
    float w = weight(texelFetch(uForce, forceCell, 0).xy);
    fragResult = valueHere(uDye) + vec4(w * uDyeAdded, 0.0);
#else
    vec2 m = valueHere(uForce).xy;
    float w = weight(m);
    vec2 u = valueHere(uVelocity).xy;
    fragResult = vec4(u + w * (m - u), 0.0, 0.0);
#ifdef TWO_OUTPUTS
    fragResult1 = valueHere(uDye) + vec4(w * uDyeAdded, 0.0);
#endif
#endif
}
