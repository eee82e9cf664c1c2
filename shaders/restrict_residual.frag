// Multigrid restriction: each coarse cell gets the sum of the scaled residuals
// s - ((xL + xR + xB + xT) - 4 x) of its fine children (src/core/multigrid.hpp
// explains why a sum, and which children: 2 x 2, fewer at an odd edge, a third
// row or column at the last coarse cell when the fine level has 2m + 1 cells).
// Drawn at the coarse level's size; uGridSize is the FINE level's, which the
// boundary rule reads. Mirror: reference::restrictResidual.
uniform sampler2D uPressure;  // the fine level's iterate
uniform sampler2D uRhs;       // the fine level's right-hand side (div u on level 0)
uniform float uRhsScale;      // h^2 on level 0, 1 below
uniform ivec2 uExtraChild;    // per axis, the fine index of a third child, or -1

// A child's scaled residual; 0 for a cell that is not a child here (beyond the
// fine grid, or a third child that this coarse cell does not take).
float scaledResidual(ivec2 c, bool child)
{
    float pl = scalarAt(uPressure, c + kLeft).x;
    float pr = scalarAt(uPressure, c + kRight).x;
    float pb = scalarAt(uPressure, c + kBottom).x;
    float pt = scalarAt(uPressure, c + kTop).x;
    ivec2 inside = min(c, uGridSize - 1);
    float x = texelFetch(uPressure, inside, 0).x;
    float s = uRhsScale * texelFetch(uRhs, inside, 0).x;
    float r = s - ((pl + pr) + (pb + pt) - 4.0 * x);
    return child && all(lessThan(c, uGridSize)) ? r : 0.0;
}

void main()
{
    ivec2 fine = 2 * thisCell();
    bvec2 third = equal(fine + 2, uExtraChild);
    ivec2 k2 = ivec2(2, 0);
    ivec2 t2 = ivec2(0, 2);
    float square = (scaledResidual(fine, true) + scaledResidual(fine + kRight, true))
                 + (scaledResidual(fine + kTop, true) + scaledResidual(fine + kRight + kTop, true));
    float column = scaledResidual(fine + k2, third.x) + scaledResidual(fine + k2 + kTop, third.x);
    float row = scaledResidual(fine + t2, third.y) + scaledResidual(fine + t2 + kRight, third.y);
    float corner = scaledResidual(fine + k2 + t2, third.x && third.y);
    fragResult = vec4(((square + column) + row) + corner, 0.0, 0.0, 0.0);
}
