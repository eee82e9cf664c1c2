// shadeCell: the colour shaders/display.frag gives a grid cell, computed on the
// CPU with the same formulas in the same float arithmetic. The headless
// runner's PNG frames use it, so a view looks the same in a file as in the
// window, and tests/sim/display_parity_test.cpp holds the two together.
#pragma once

#include <glm/vec3.hpp>

#include "app/background.hpp"
#include "app/display_settings.hpp"
#include "app/state_resample.hpp"  // resampleBilinear: the dye on the view's grid
#include "core/field.hpp"
#include "core/sim_params.hpp"

namespace fluid::app {

// The uniforms of display.frag that do not come from a texture.
struct ViewUniforms {
    ViewColouring colouring = ViewColouring::ToneMappedDye;
    ColourMap scalarMap = ColourMap::Diverging;
    float range = 1.0f;  // dye: the exposure; otherwise the value shown at full colour
    // Dye view in the window: the relief of the dye's slope under a light
    // (addWindowLook); 0, flat, everywhere else: headless frames never.
    float shading = 0.0f;
    // Velocity view on the staggered layout: the field holds u on each cell's
    // left face and v on its bottom face; a cell shows the mean of its two
    // faces of each component (the last column and row their own, as the
    // clamped sampler reads them).
    bool faceVelocity = false;
    // Water view.
    float heightPerPressure = 0.0f;              // m of surface per m^2/s of pressure potential
    float cellSize = 1.0f;                       // m
    glm::vec3 lightDirection{0.0f, 0.0f, 1.0f};  // unit, towards the light
    float shininess = 80.0f;
    float depth = 0.1f;                           // m
    const BackgroundImage* background = nullptr;  // the picture under the water; null: tiles
    // The camera's picture over the view (grid-sized, 1 component), mixed in
    // at this opacity; null or 0: not shown.
    const Field* overlay = nullptr;
    float overlayOpacity = 0.0f;
    // The obstacle mask, or its outline (src/core/obstacles.hpp; 1
    // component, the velocity grid's size, solid > 0.5): solids show
    // kObstacleColour with a smooth outline (obstacleCoverage), under the
    // camera's picture; null: none.
    const Field* obstacles = nullptr;
};

// Solid obstacles in every view: a mid grey that stands apart from the dye's
// black, the diverging map's white and the water's blues.
constexpr glm::vec3 kObstacleColour{0.45f, 0.42f, 0.40f};

// Half the width of the obstacles' drawn outline, in mask value around the
// solid threshold: mask values in [0.4, 0.6] blend the obstacle colour in.
constexpr float kObstacleEdge = 0.1f;

// How much obstacle colour covers the centre of cell (i, j) of a width x height
// field over the same domain as `mask` (display.frag's obstacleCoverage): the
// mask bilinear between its cell centres, clamped at the edges, through
// smoothstep(0.5 - kObstacleEdge, 0.5 + kObstacleEdge). 1 at the centre of a
// cell whose mask is >= 0.6, 0 at one <= 0.4; on a finer field (the dye's) the
// outline runs smoothly between the mask's cells.
float obstacleCoverage(const Field& mask, int i, int j, int width, int height);

// Standard gravity: the water view reads pressure as the height p / (rho g) of
// a free surface.
constexpr float kGravity = 9.81f;

// What display.frag receives for this view and these settings. `range` is the
// measured (or fixed) range of the field; `params` gives dt and the cell size.
ViewUniforms viewUniforms(const DisplaySettings& settings, float range, const SimParams& params);

// What only the window adds to a view (DisplaySettings::shading on the dye
// view); the headless frames and the validation figures leave it out.
void addWindowLook(ViewUniforms& u, const DisplaySettings& settings);

// The colour of cell (i, j) of `field` (the view's source), and `dye` for the
// water view's ink (may be empty for the other views). Components in [0, 1].
glm::vec3 shadeCell(const ViewUniforms& u, const Field& field, const Field& dye, int i, int j);

}  // namespace fluid::app
