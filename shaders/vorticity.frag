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
// extreme confinement the energy grew 24-fold on that layout alone. That cap
// on top of the centred limiter, though, is kept (faceLimit): the centres do
// not see a face between two cells whose sides cancel.
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
// A face's force is the mean of its two cells' limited forces: three cells'
// (this one, left and below), each from the centred velocities of five cells
// and the curl at five. Those are 10 cells and 17 velocity texels, 10 curl
// texels, each read once here at a constant offset from this cell's texel
// (textureOffset: the sampler's wrap mode finds a ghost's clamped or
// periodic texel, as texture() at that cell's centre would), where a cell's
// force read on its own took 20 and the three 60. The same texels and float
// operations as reading each force's alone.
#define VELOCITY_AT(o) textureOffset(uVelocity, thisCentre(), o)
#define STORED_CURL_AT(o) textureOffset(uCurl, thisCentre(), o).x

// The velocity at the centre of the cell this cell + o from the raw texels
// of its four faces: t its own texel, right and top those of the cells
// beside it.
vec2 rawCentred(vec4 t, vec4 right, vec4 top) { return vec2((t.x + right.x) * 0.5, (t.y + top.y) * 0.5); }

float exactSpeedSquared(vec2 v) { return product(v.x, v.x) + product(v.y, v.y); }

// The confinement force of cell c from its curl w and its neighbours' (the
// collocated formula below).
vec2 confinement(float w, float wl, float wr, float wb, float wt)
{
    vec2 g = vec2(abs(wr) - abs(wl), abs(wt) - abs(wb)) * uHalfInverseCellSize;
    vec2 n = g / max(sqrt(product(g.x, g.x) + product(g.y, g.y)), 1e-5);
    // opaque() (common.glsl): the two cells' forces are added and halved,
    // which a compiler may regroup as a sum scaled once; the mirror scales each.
    return opaque(vec2(uVorticityScale * (n.y * w), uVorticityScale * (-n.x * w)));
}

// Whether cell c's limits count uLidSpeed: the top row of a box (the lid's
// speed, which its wall can drive) or the tunnel's first column (the
// inflow's). Mirror: reference::staggered's drivenCell.
bool drivenCell(ivec2 c)
{
#if defined(TUNNEL)
    return c.x == 0;
#elif defined(PERIODIC)
    return false;
#else
    return c.y == uGridSize.y - 1;
#endif
}

// Cell c's force after the collocated limiter below, applied at the cell's
// centre: what remains of the force once the centred velocity u plus the
// force is scaled back to the largest centred speed around the cell (u and
// its four neighbours' l, r, b, t).
vec2 limitedForce(ivec2 c, vec2 u, vec2 l, vec2 r, vec2 b, vec2 t, vec2 force)
{
    float limit2 = exactSpeedSquared(u);
    limit2 = max(limit2, exactSpeedSquared(l));
    limit2 = max(limit2, exactSpeedSquared(r));
    limit2 = max(limit2, exactSpeedSquared(b));
    limit2 = max(limit2, exactSpeedSquared(t));
    if (drivenCell(c)) limit2 = max(limit2, product(uLidSpeed, uLidSpeed));
    vec2 confined = u + force;
    float s2 = exactSpeedSquared(confined);
    if (s2 > limit2) confined *= sqrt(limit2) / sqrt(s2);
    return confined - u;
}

// The largest magnitude of a component among a face (here) and its four
// neighbours of that component, and the lid's or the inflow's speed where this
// cell is driven: the faces' own limit. The centred limiter above bounds the
// speed at the cells' centres, which a face between two cells whose sides
// cancel (an odd-even pattern) does not show; without this limit the
// confinement added to such a face step after step. Mirror:
// reference::staggered's faceLimits.
float faceLimit(ivec2 c, float here, float left, float right, float below, float above)
{
    float limit = max(max(abs(here), abs(left)), max(max(abs(right), abs(below)), abs(above)));
    return drivenCell(c) ? max(limit, abs(uLidSpeed)) : limit;
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
    // reference::staggered::vorticity. The texels, named by their offset
    // (m: minus): this cell's and its neighbours' faces ...
    vec4 t00 = VELOCITY_AT(ivec2(0, 0)), t10 = VELOCITY_AT(ivec2(1, 0)), t01 = VELOCITY_AT(ivec2(0, 1));
    vec4 t20 = VELOCITY_AT(ivec2(2, 0)), t11 = VELOCITY_AT(ivec2(1, 1)), tm10 = VELOCITY_AT(ivec2(-1, 0));
    vec4 tm11 = VELOCITY_AT(ivec2(-1, 1)), t02 = VELOCITY_AT(ivec2(0, 2)), t0m1 = VELOCITY_AT(ivec2(0, -1));
    vec4 t1m1 = VELOCITY_AT(ivec2(1, -1)), tm20 = VELOCITY_AT(ivec2(-2, 0)), tm21 = VELOCITY_AT(ivec2(-2, 1));
    vec4 tm1m1 = VELOCITY_AT(ivec2(-1, -1)), tm12 = VELOCITY_AT(ivec2(-1, 2)), t0m2 = VELOCITY_AT(ivec2(0, -2));
    vec4 t1m2 = VELOCITY_AT(ivec2(1, -2)), t2m1 = VELOCITY_AT(ivec2(2, -1));
    // ... the centred velocities of the ten cells ...
    vec2 u00 = rawCentred(t00, t10, t01), u10 = rawCentred(t10, t20, t11), um10 = rawCentred(tm10, t00, tm11);
    vec2 u01 = rawCentred(t01, t11, t02), u0m1 = rawCentred(t0m1, t1m1, t00), um20 = rawCentred(tm20, tm10, tm21);
    vec2 um1m1 = rawCentred(tm1m1, t0m1, tm10), um11 = rawCentred(tm11, t01, tm12);
    vec2 u0m2 = rawCentred(t0m2, t1m2, t0m1), u1m1 = rawCentred(t1m1, t2m1, t10);
    // ... and the curl at ten.
    float w00 = STORED_CURL_AT(ivec2(0, 0)), w10 = STORED_CURL_AT(ivec2(1, 0)), wm10 = STORED_CURL_AT(ivec2(-1, 0));
    float w01 = STORED_CURL_AT(ivec2(0, 1)), w0m1 = STORED_CURL_AT(ivec2(0, -1)), wm20 = STORED_CURL_AT(ivec2(-2, 0));
    float wm1m1 = STORED_CURL_AT(ivec2(-1, -1)), wm11 = STORED_CURL_AT(ivec2(-1, 1)), w0m2 = STORED_CURL_AT(ivec2(0, -2));
    float w1m1 = STORED_CURL_AT(ivec2(1, -1));
    ivec2 c = thisCell();
    vec2 here = limitedForce(c, u00, um10, u10, u0m1, u01, confinement(w00, wm10, w10, w0m1, w01));
    vec2 left = limitedForce(c + kLeft, um10, um20, u00, um1m1, um11, confinement(wm10, wm20, w00, wm1m1, wm11));
    vec2 below = limitedForce(c + kBottom, u0m1, um1m1, u1m1, u0m2, u00, confinement(w0m1, wm1m1, w1m1, w0m2, w00));
    float fu = (left.x + here.x) * 0.5;
    float fv = (below.y + here.y) * 0.5;
    float limitU = faceLimit(c, t00.x, tm10.x, t10.x, t0m1.x, t01.x);
    float limitV = faceLimit(c, t00.y, tm10.y, t10.y, t0m1.y, t01.y);
    fragResult = shutWallFaces(vec4(clamp(t00.x + fu, -limitU, limitU), clamp(t00.y + fv, -limitV, limitV), 0.0, 0.0));
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
