// Multigrid prolongation: the fine iterate plus the coarse level's solution,
// interpolated bilinearly between coarse cell centres. Fine centre i lies at
// coarse coordinate (i - 1/2) / 2: an even i = 2I between coarse cells I - 1
// and I (weights 1/4, 3/4), an odd i = 2I + 1 between I and I + 1 (3/4, 1/4).
// Drawn at the fine level's size; uGridSize is the COARSE level's, whose
// boundary rule supplies the ghosts (VISCOUS: the homogeneous velocity rule,
// uLidSpeed = 0).
// OBSTACLES: uSolid is the coarse level's mask. A solid coarse cell of the
// footprint reads as the ghost (multigrid.glsl's solidGhost) of this cell's
// parent, which is fluid whenever this cell is (src/core/solid_mask.hpp).
// Mirror: reference::prolongCorrection.
// STAGGERED (level 0 of the viscous solve on the staggered layout): each
// component interpolated at its own faces, and written through the face rules;
// see below.
uniform sampler2D uIterate;     // the fine level's iterate
uniform sampler2D uCorrection;  // the coarse level's iterate
#ifdef STAGGERED
// Drawn at level 0's size with level 0's uniforms (uGridSize, uLidSpeed,
// uSolid), which shutWallFaces needs: shut and solid faces stay 0, the
// tunnel's inflow face at its speed (its error is 0). The coarse correction
// is read at uCoarseSize through the homogeneous velocity rule (lid 0); a
// solid coarse cell holds 0 (its sweeps write 0 there), which is what this
// reads of it. Along a component's own axis its face i lies at coarse
// coordinate (i - 1) / 2: an odd i on coarse centre (i - 1) / 2 (weight 0 of
// the next), an even i halfway between (weight 1/2); across, as the cell
// centres above. Mirror: reference::staggered::prolongCorrection.
uniform ivec2 uCoarseSize;

Value coarseAt(ivec2 c)
{
    Value e = texelAt(uCorrection, c, uCoarseSize).xy;
#ifdef PERIODIC
    return e;
#else
    return mirroredVelocityOn(e, c, uCoarseSize, 0.0);
#endif
}

float bilinear(float a, float b, float c, float d, vec2 f)
{
    float bottom = product(a, 1.0 - f.x) + product(b, f.x);
    float top = product(c, 1.0 - f.x) + product(d, f.x);
    return product(bottom, 1.0 - f.y) + product(top, f.y);
}

void main()
{
    ivec2 cell = thisCell();
    ivec2 base = (cell - 1) >> 1;
    vec2 even = vec2(equal(cell & 1, ivec2(0)));
    vec2 across = even * 0.5 + 0.25;  // weight of base + 1 between centres
    vec2 along = even * 0.5;          // weight of base + 1 on a component's own axis
    Value a = coarseAt(base);
    Value b = coarseAt(base + kRight);
    Value c = coarseAt(base + kTop);
    Value d = coarseAt(base + kRight + kTop);
    Value e = Value(bilinear(a.x, b.x, c.x, d.x, vec2(along.x, across.y)),
                    bilinear(a.y, b.y, c.y, d.y, vec2(across.x, along.y)));
    fragResult = shutWallFaces(asResult(valueFetched(uIterate, cell) + e));
}
#else
void main()
{
    ivec2 cell = thisCell();
    ivec2 base = (cell - 1) >> 1;  // floor((i - 1) / 2): the sign is extended
    vec2 f = vec2(equal(cell & 1, ivec2(0))) * 0.5 + 0.25;  // weight of base + 1
#ifdef OBSTACLES
    Value parent = valueIn(uCorrection, min(cell >> 1, uGridSize - 1));  // a third child's is the last cell
    Value a = neighbourOf(uCorrection, base, parent);
    Value b = neighbourOf(uCorrection, base + kRight, parent);
    Value c = neighbourOf(uCorrection, base + kTop, parent);
    Value d = neighbourOf(uCorrection, base + kRight + kTop, parent);
#else
    Value a = valueAt(uCorrection, base);
    Value b = valueAt(uCorrection, base + kRight);
    Value c = valueAt(uCorrection, base + kTop);
    Value d = valueAt(uCorrection, base + kRight + kTop);
#endif
    // Each product rounded on its own, as the mirror's (common.glsl's opaque()).
    Value bottom = opaque(a * (1.0 - f.x)) + opaque(b * f.x);
    Value top = opaque(c * (1.0 - f.x)) + opaque(d * f.x);
    Value e = opaque(bottom * (1.0 - f.y)) + opaque(top * f.y);
    fragResult = asResult(valueFetched(uIterate, cell) + e);  // a fine cell: uGridSize is the coarse level's
}
#endif
