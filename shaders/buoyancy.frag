// Boussinesq buoyancy: the velocity gains dt g ((T - T0) / T0 - beta s)
// upwards (+y), T - T0 this cell's temperature excess and s the smoke, the
// dye's mean of r, g and b at this cell's centre (read across grids when the
// dye has its own: DYE_ON_VELOCITY_GRID when it does not). An explicit force
// step, before the projection, like the splats. A solid cell (OBSTACLES)
// stays at rest. Mirror: reference::buoyancy.
uniform sampler2D uVelocity;
uniform sampler2D uTemperature;    // T - T0, K, on this grid
uniform sampler2D uDye;
uniform float uBuoyancyPerKelvin;  // dt g / T0, m/s per K
uniform float uBuoyancyPerSmoke;   // dt g beta, m/s per unit of smoke
#ifndef DYE_ON_VELOCITY_GRID
uniform ivec2 uDyeGridSize;        // cells of the dye's grid
uniform float uDyeCellsPerCell;    // dye cells per cell of this grid
#endif

float smokeHere()
{
#ifdef DYE_ON_VELOCITY_GRID
    vec4 d = valueHere(uDye);
#else
    vec2 p = (vec2(thisCell()) + 0.5) * uDyeCellsPerCell - 0.5;
    vec4 d = scalarAtPoint(uDye, p, uDyeGridSize);
#endif
    return ((d.r + d.g) + d.b) * (1.0 / 3.0);
}

#ifdef STAGGERED
// The lift of cell c (main's below, at any cell: clamped or wrapped).
float liftAt(ivec2 c)
{
#ifdef DYE_ON_VELOCITY_GRID
    vec4 d = texelFetch(uDye, faceTexel(c, uGridSize), 0);
#else
    vec2 p = (vec2(c) + 0.5) * uDyeCellsPerCell - 0.5;
    vec4 d = scalarAtPoint(uDye, p, uDyeGridSize);
#endif
    float smoke = ((d.r + d.g) + d.b) * (1.0 / 3.0);
    return product(uBuoyancyPerKelvin, texelFetch(uTemperature, faceTexel(c, uGridSize), 0).x) -
           product(uBuoyancyPerSmoke, smoke);  // as main's collocated lift
}
#endif

void main()
{
#ifdef STAGGERED
    // Each v face lifted by the mean of its two cells' lift. Mirror:
    // reference::staggered::buoyancy.
    vec2 u = valueHere(uVelocity).xy;
    ivec2 c = thisCell();
    fragResult = shutWallFaces(vec4(u.x, u.y + (liftAt(c + kBottom) + liftAt(c)) * 0.5, 0.0, 0.0));
#else
    vec2 u = valueHere(uVelocity).xy;
    // product() (common.glsl): or the compiler contracts a product into the
    // difference (one rounding where the mirror makes two).
    float lift = product(uBuoyancyPerKelvin, valueHere(uTemperature).x) - product(uBuoyancyPerSmoke, smokeHere());
    fragResult = fluidOnly(vec4(u.x, u.y + lift, 0.0, 0.0));
#endif
}
