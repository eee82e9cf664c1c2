// Multigrid prolongation: the fine iterate plus the coarse level's solution,
// interpolated bilinearly between coarse cell centres. Fine centre i lies at
// coarse coordinate (i - 1/2) / 2: an even i = 2I between coarse cells I - 1
// and I (weights 1/4, 3/4), an odd i = 2I + 1 between I and I + 1 (3/4, 1/4).
// Drawn at the fine level's size; uGridSize is the COARSE level's, whose
// boundary rule supplies the ghosts (VISCOUS: the homogeneous velocity rule,
// uLidSpeed = 0). Mirror: reference::prolongCorrection.
uniform sampler2D uIterate;     // the fine level's iterate
uniform sampler2D uCorrection;  // the coarse level's iterate

void main()
{
    ivec2 cell = thisCell();
    ivec2 base = (cell - 1) >> 1;  // floor((i - 1) / 2): the sign is extended
    vec2 f = vec2(equal(cell & 1, ivec2(0))) * 0.5 + 0.25;  // weight of base + 1
    Value a = valueAt(uCorrection, base);
    Value b = valueAt(uCorrection, base + kRight);
    Value c = valueAt(uCorrection, base + kTop);
    Value d = valueAt(uCorrection, base + kRight + kTop);
    Value bottom = a * (1.0 - f.x) + b * f.x;
    Value top = c * (1.0 - f.x) + d * f.x;
    Value e = bottom * (1.0 - f.y) + top * f.y;
    fragResult = asResult(valueFetched(uIterate, cell) + e);  // a fine cell: uGridSize is the coarse level's
}
