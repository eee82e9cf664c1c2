// Multigrid restriction: each coarse cell gets the residuals of its fine
// children (2 x 2, fewer at an odd edge, a third row or column at the last
// coarse cell when the fine level has 2m + 1 cells), summed for the pressure's
// scaled equation and averaged (sum / 4) for the VISCOUS one;
// src/core/multigrid.hpp derives both.
// Drawn at the coarse level's size; uGridSize is the FINE level's, which the
// boundary rule reads; so is uSolid (OBSTACLES). Mirror: reference::restrictResidual.
// STAGGERED (level 0 of the viscous solve on the staggered layout): see below.
uniform sampler2D uIterate;  // the fine level's iterate
uniform sampler2D uRhs;      // the fine level's right-hand side (div u / b on level 0)
uniform ivec2 uExtraChild;   // per axis, the fine index of a third child, or -1
#ifdef VISCOUS
uniform float uAlpha;        // the fine level's a_l
#else
uniform float uRhsScale;     // h^2 on level 0, 1 below
#endif

#ifdef STAGGERED
// Level 0 is the face grid, level 1 cell-centred: each face's residual
// through the face rules (0 on a face that is not an unknown: a box's or the
// tunnel's walls, including its inflow and outflow faces, and solid faces),
// then each fine cell's two u faces and two v faces averaged to its centre,
// where the coarse unknowns lie, then the children averaged as below. Per
// axis that is full weighting, 1/4 (1/2, 1, 1/2) x (1, 1) for u, centred on
// the coarse cell. Level 1 has round(n / 2) cells, so level 0 never has a
// third child (src/core/multigrid.cpp); a child beyond an odd edge is dropped.
// Mirror: reference::staggered::restrictResidual.
bool fixedFaceU(ivec2 c)
{
#ifdef PERIODIC
    bool given = false;
#else
    bool given = c.x <= 0 || c.x >= uGridSize.x;
#endif
#ifdef OBSTACLES
    given = given || solidFaceU(c);
#endif
    return given;
}
bool fixedFaceV(ivec2 c)
{
#ifdef PERIODIC
    bool given = false;
#else
    bool given = c.y <= 0 || c.y >= uGridSize.y;
#endif
#ifdef OBSTACLES
    given = given || solidFaceV(c);
#endif
    return given;
}
float residualU(ivec2 c)
{
    float x = faceU(uIterate, c, uGridSize);
    float r = texelAt(uRhs, c, uGridSize).x - (x - uAlpha * (faceSumU(uIterate, c) - 4.0 * x));
    return fixedFaceU(c) ? 0.0 : r;
}
float residualV(ivec2 c)
{
    float x = faceV(uIterate, c, uGridSize);
    float r = texelAt(uRhs, c, uGridSize).y - (x - uAlpha * (faceSumV(uIterate, c) - 4.0 * x));
    return fixedFaceV(c) ? 0.0 : r;
}
Value childResidual(ivec2 c)
{
    Value r = 0.5 * Value(residualU(c) + residualU(c + kRight), residualV(c) + residualV(c + kTop));
    return all(lessThan(c, uGridSize)) ? r : Value(0.0);
}

void main()
{
    ivec2 fine = 2 * thisCell();
    Value sum = (childResidual(fine) + childResidual(fine + kRight))
              + (childResidual(fine + kTop) + childResidual(fine + kRight + kTop));
    fragResult = asResult(0.25 * sum);
}
#else
// A child's residual; 0 for a cell that is not a child here (beyond the fine
// grid, or a third child that this coarse cell does not take).
Value residual(ivec2 c, bool child)
{
    Value n = neighbourSum(uIterate, c);
    ivec2 inside = min(c, uGridSize - 1);
    Value x = valueIn(uIterate, inside);
    Value rhs = valueIn(uRhs, inside);
#ifdef VISCOUS
    Value r = rhs - (x - uAlpha * (n - 4.0 * x));
#else
    Value r = uRhsScale * rhs - (n - 4.0 * x);
#endif
#ifdef OBSTACLES
    child = child && !solidAt(c);  // a solid child has no equation: no residual
#endif
    return child && all(lessThan(c, uGridSize)) ? r : Value(0.0);
}

void main()
{
    ivec2 fine = 2 * thisCell();
    bvec2 third = equal(fine + 2, uExtraChild);
    ivec2 k2 = ivec2(2, 0);
    ivec2 t2 = ivec2(0, 2);
    Value square = (residual(fine, true) + residual(fine + kRight, true))
                 + (residual(fine + kTop, true) + residual(fine + kRight + kTop, true));
    Value sum = square;
    // Only a fine level of 2m + 1 cells has third children: the branch is the
    // same for every fragment of the draw, and spares the others the 30
    // fetches of five residuals that would count 0 (x + 0 is x).
    if (any(greaterThanEqual(uExtraChild, ivec2(0)))) {
        Value column = residual(fine + k2, third.x) + residual(fine + k2 + kTop, third.x);
        Value row = residual(fine + t2, third.y) + residual(fine + t2 + kRight, third.y);
        Value corner = residual(fine + k2 + t2, third.x && third.y);
        sum = ((square + column) + row) + corner;
    }
#ifdef VISCOUS
    fragResult = asResult(0.25 * sum);
#else
    fragResult = asResult(sum);
#endif
}
#endif
