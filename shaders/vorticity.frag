// Vorticity confinement (Fedkiw, Stam, Jensen 2001): u += dt eps h (N x w) with
// N = grad|w| / |grad|w||, pushing fluid around the vortex cores that numerical
// diffusion smears out. The 1e-5 floor fades the force where |w| is flat
// instead of amplifying noise. Mirror: reference::vorticity.
//
// Limiter: unlimited, the force grows the velocity by a factor of
// order (1 + 2 eps dt) per step (|w| ~ |u| / h near a core), and any eps dt
// beyond ~1 blows up. The speed after the force is capped at the largest speed
// among this cell and its four neighbours before it: confinement may turn and
// redistribute the flow but never create a new maximum of |u|. Neighbours are
// read raw (the mirror cell beyond a no-slip wall has the ghost's speed; a
// solid neighbour reads as this cell); the top row of a box also counts the
// lid's speed, which its wall can drive, and the tunnel's first column the
// inflow's. On the staggered layout the same limiter acts at each cell's
// centre (its velocity the mean of its faces') and each face then gets the
// mean of its two cells' limited force. A cap on each face's component alone
// lets the speed reach sqrt(2) times the limit where the u and v maxima meet
// and pushes each component to its neighbourhood's largest magnitude: at
// extreme confinement the energy grew 24-fold on that layout alone.
//
// CURL_INLINE (the collocated layout, in the step): the curl too, in this
// draw, where it would be the curl pass's output. A fragment computes
// curl.frag's value at this cell and at each neighbour the curl's scalar rule
// reads (curlBeside): 13 velocity texels, where the two draws read 4, then 5
// and 5 curl texels, and on llvmpipe no hand-over to its threads between
// them. Each curl is the same float operations as curl.frag's, made opaque
// before the confinement uses it, as a stored texel is (llvmpipe gives the
// same bits without it). Mirror: CpuSolver::confineVorticity.
uniform sampler2D uVelocity;
#ifndef CURL_INLINE
uniform sampler2D uCurl;
#endif
uniform float uHalfInverseCellSize;  // 0.5 / h
uniform float uVorticityScale;       // dt eps h

float speedSquared(vec2 v) { return v.x * v.x + v.y * v.y; }

#ifdef STAGGERED
// Cells and faces are read through the sampler at their centres (common.glsl's
// centreOf), whose wrap mode is faceTexel's clamp or wrap: the same texels as
// texelFetch(faceTexel(c)), but on llvmpipe the 60 reads a fragment makes
// through three cells' limited forces took this pass to 1.5x its time that way.

// The confinement force of cell c (the collocated formula below).
vec2 confinementAt(ivec2 c)
{
    float wl = abs(texture(uCurl, centreOf(c + kLeft)).x);
    float wr = abs(texture(uCurl, centreOf(c + kRight)).x);
    float wb = abs(texture(uCurl, centreOf(c + kBottom)).x);
    float wt = abs(texture(uCurl, centreOf(c + kTop)).x);
    vec2 g = vec2(wr - wl, wt - wb) * uHalfInverseCellSize;
    vec2 n = g / max(sqrt(product(g.x, g.x) + product(g.y, g.y)), 1e-5);
    float w = texture(uCurl, centreOf(c)).x;
    // opaque() (common.glsl): the two cells' forces are added and halved,
    // which a compiler may regroup as a sum scaled once; the mirror scales each.
    return opaque(vec2(uVorticityScale * (n.y * w), uVorticityScale * (-n.x * w)));
}

// The velocity at cell c's centre from the raw texels of its four faces.
vec2 rawCentred(ivec2 c)
{
    vec2 here = texture(uVelocity, centreOf(c)).xy;
    float right = texture(uVelocity, centreOf(c + kRight)).x;
    float top = texture(uVelocity, centreOf(c + kTop)).y;
    return vec2((here.x + right) * 0.5, (here.y + top) * 0.5);
}

float exactSpeedSquared(vec2 v) { return product(v.x, v.x) + product(v.y, v.y); }

// Cell c's force after the collocated limiter below, applied at the cell's
// centre: what remains of the force once the centred velocity plus the force
// is scaled back to the largest centred speed around the cell.
vec2 limitedForceAt(ivec2 c)
{
    vec2 u = rawCentred(c);
    float limit2 = exactSpeedSquared(u);
    limit2 = max(limit2, exactSpeedSquared(rawCentred(c + kLeft)));
    limit2 = max(limit2, exactSpeedSquared(rawCentred(c + kRight)));
    limit2 = max(limit2, exactSpeedSquared(rawCentred(c + kBottom)));
    limit2 = max(limit2, exactSpeedSquared(rawCentred(c + kTop)));
#if defined(TUNNEL)
    if (c.x == 0) limit2 = max(limit2, product(uLidSpeed, uLidSpeed));  // the inflow's speed
#elif !defined(PERIODIC)
    if (c.y == uGridSize.y - 1) limit2 = max(limit2, product(uLidSpeed, uLidSpeed));
#endif
    vec2 confined = u + confinementAt(c);
    float s2 = exactSpeedSquared(confined);
    if (s2 > limit2) confined *= sqrt(limit2) / sqrt(s2);
    return confined - u;
}
#endif

#ifdef CURL_INLINE
#ifdef STAGGERED
#error "CURL_INLINE is the collocated layout's"
#endif
// curl.frag's value at the cell this cell + o (o a constant offset, the cell
// inside the grid), from its four neighbours through the velocity rule as
// curl.frag reads them: a solid neighbour is the ghost -u of that cell. Every
// read is a texel at a constant offset from this cell: the 13 distinct ones
// of the five curls are read once each (and again by the limiter below).
#define RAW_VELOCITY(o) textureOffset(uVelocity, thisCentre(), o).xy
#ifdef OBSTACLES
#define VELOCITY_BESIDE(o, k) (solidBeside(o + k) ? -RAW_VELOCITY(o) : fluidVelocityBeside(uVelocity, o + k))
#else
#define VELOCITY_BESIDE(o, k) fluidVelocityBeside(uVelocity, o + k)
#endif
#define CURL_AT(o)                                                                                             \
    opaque(((VELOCITY_BESIDE(o, kRight).y - VELOCITY_BESIDE(o, kLeft).y) -                                    \
            (VELOCITY_BESIDE(o, kTop).x - VELOCITY_BESIDE(o, kBottom).x)) *                                    \
           uHalfInverseCellSize)

// The curl beside this cell as scalarBeside would read curl.frag's output
// (`beside`: CURL_AT(k)): a ghost beyond a wall is the clamped cell, which is
// this one; a solid neighbour is this cell; periodic, the texels wrap.
float curlBeside(ivec2 k, float beside, float here)
{
#ifndef PERIODIC
    ivec2 n = thisCell() + k;
    if (any(lessThan(n, ivec2(0))) || any(greaterThanEqual(n, uGridSize))) return here;
#endif
#ifdef OBSTACLES
    if (solidAt(thisCell() + k)) return here;
#endif
    return beside;
}
#endif

void main()
{
#ifdef STAGGERED
    // Each face gets the mean of its two cells' limited force. Mirror:
    // reference::staggered::vorticity.
    ivec2 c = thisCell();
    vec2 here = limitedForceAt(c);
    vec2 u = valueHere(uVelocity).xy;
    float fu = (limitedForceAt(c + kLeft).x + here.x) * 0.5;
    float fv = (limitedForceAt(c + kBottom).y + here.y) * 0.5;
    fragResult = shutWallFaces(vec4(u.x + fu, u.y + fv, 0.0, 0.0));
#else
#ifdef CURL_INLINE
    float w = CURL_AT(ivec2(0));
    float wl = abs(curlBeside(kLeft, CURL_AT(kLeft), w));
    float wr = abs(curlBeside(kRight, CURL_AT(kRight), w));
    float wb = abs(curlBeside(kBottom, CURL_AT(kBottom), w));
    float wt = abs(curlBeside(kTop, CURL_AT(kTop), w));
#else
    float wl = abs(scalarBeside(uCurl, kLeft).x);
    float wr = abs(scalarBeside(uCurl, kRight).x);
    float wb = abs(scalarBeside(uCurl, kBottom).x);
    float wt = abs(scalarBeside(uCurl, kTop).x);
    float w = valueHere(uCurl).x;
#endif
    vec2 g = vec2(wr - wl, wt - wb) * uHalfInverseCellSize;
    vec2 n = g / max(sqrt(g.x * g.x + g.y * g.y), 1e-5);
    vec2 u = valueHere(uVelocity).xy;
    vec2 confined = u + uVorticityScale * vec2(n.y * w, -n.x * w);

    float limit2 = max(max(speedSquared(u), speedSquared(scalarBeside(uVelocity, kLeft).xy)),
                       max(speedSquared(scalarBeside(uVelocity, kRight).xy),
                           max(speedSquared(scalarBeside(uVelocity, kBottom).xy),
                               speedSquared(scalarBeside(uVelocity, kTop).xy))));
#if defined(TUNNEL)
    if (thisCell().x == 0) limit2 = max(limit2, uLidSpeed * uLidSpeed);  // the inflow's speed
#elif !defined(PERIODIC)
    if (thisCell().y == uGridSize.y - 1) limit2 = max(limit2, uLidSpeed * uLidSpeed);
#endif
    float s2 = speedSquared(confined);
    if (s2 > limit2) confined *= sqrt(limit2) / sqrt(s2);
    fragResult = fluidOnly(vec4(confined, 0.0, 0.0));
#endif
}
