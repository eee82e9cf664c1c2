// Obstacle masks: solid bodies in the fluid, as a 1-component Field at the
// velocity grid (cell-centred; 1 = solid, 0 = fluid, solid when > 0.5), the
// form both solvers take through setObstacles(). This module makes and edits
// masks on the host: shapes in physical units (a circle, a flat plate, a NACA
// 4-digit wing section), resampling of a coverage image, and the brush's
// discs and strokes. GL-free; the solvers never read a mask back.
//
// Rasterization rule, everywhere: a cell is solid when its centre
// ((i + 1/2) h, (j + 1/2) h) lies inside the shape (boundary included). The
// mask's area then differs from the shape's by at most the band of half-width
// h/sqrt(2) around the outline (a cell is misjudged only when the outline
// passes through it), and a shape is clipped to the domain like any stencil.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>

#include "core/field.hpp"
#include "core/sim_params.hpp"

namespace fluid {

// The solvers' test of a mask value.
constexpr float kSolidThreshold = 0.5f;
inline bool isSolid(float mask)
{
    return mask > kSolidThreshold;
}

// A NACA 4-digit section "MPTT": maximum camber M% of the chord at P tenths of
// the chord from the leading edge, maximum thickness TT% of the chord.
struct Naca4 {
    float camber = 0.02f;         // m / c
    float camberPosition = 0.4f;  // p / c
    float thickness = 0.12f;      // t / c
};
// Parses four digits ("2412"); nothing for anything else.
std::optional<Naca4> parseNaca4(const std::string& digits);
// The section's half thickness y_t / c and camber line y_c / c at x / c in
// [0, 1] (the closed-trailing-edge form: -0.1036 x^4, so y_t(1) = 0).
float nacaHalfThickness(const Naca4& section, float x);
float nacaCamber(const Naca4& section, float x);
// Exact area of the section over c^2: the thickness is laid off across the
// chord (see Obstacle), so it is 2 * integral of y_t = 0.6851 t/c.
double nacaAreaOverChordSquared(const Naca4& section);

enum class ObstacleShape { Circle, Plate, Wing };
// A shape's name, as --obstacle takes it; "?" for none.
const char* toString(ObstacleShape shape);
// The shape of a name toString() gives; nullopt for any other.
std::optional<ObstacleShape> obstacleShapeNamed(std::string_view name);

// One body, in metres and degrees.
struct Obstacle {
    ObstacleShape shape = ObstacleShape::Circle;
    glm::vec2 centre{0.25f, 0.5f};  // m: the circle's centre, the plate's centre, the wing's mid-chord
    float size = 0.1f;              // m: circle diameter, plate length, wing chord
    float thickness = 0.01f;        // m: plate only
    // Degrees nose-up to a flow along +x: the body turns clockwise about its
    // centre, so its upstream (-x) end rises. A plate at 90 stands across the
    // flow. Wing: the angle of attack.
    float angle = 0.0f;
    Naca4 section;  // wing only
    // The wing's thickness is laid off across the chord (y_c +- y_t), not
    // normal to the camber line as in the NACA drawings: for a 2% camber the
    // surfaces move by at most y_t sin(atan(2m/p)) < 0.1 y_t along the chord,
    // well under a cell at any grid here; a symmetric section is exact.
};

// True when the point (m) lies inside the body (boundary included).
bool contains(const Obstacle& body, glm::vec2 point);
// The body's exact area (m^2) and outline length (m), for tests and messages.
double exactArea(const Obstacle& body);
double perimeter(const Obstacle& body);

// Why the body cannot be drawn (non-finite or non-positive size, a section
// with no thickness, ...): one line; nothing when it is fine.
std::optional<std::string> validate(const Obstacle& body);

// The body's signed distance (m) from `point` to its outline: negative
// inside, positive outside. Exact for the circle and the plate; the wing's is
// the distance to its outline drawn as a polygon of 2 x 128 points (cosine
// spaced, so the round nose keeps its curve), signed by contains().
float signedDistance(const Obstacle& body, glm::vec2 point);

// Outlines: what the window draws of the obstacles (display-only; the solvers
// never see one). A Field at the mask's grid that reads like a mask (solid
// above kSolidThreshold) but ramps smoothly across the body's outline: cell
// (i, j) holds 1/2 minus the signed distance (in cells) from its centre to
// the outline, clamped to 1/2 -+ kOutlineReach. Read bilinearly between cell
// centres (the display's obstacleCoverage), its 1/2 contour then follows a
// circle to a few hundredths of a cell on any grid, where a 0/1 mask's
// follows the cells' staircase: an octagon on a coarse grid. Any mask is an
// outline of itself (a picture or the brush's cells: their staircase).
//
// Bilinear interpolation at a point reads the four cell centres around it,
// all within sqrt(2) cells: a reach of 1.5 cells keeps them on the ramp.
constexpr float kOutlineReach = 1.5f;

// Adds the body to `outline` (a mask or an outline) in the cells within
// kOutlineReach cells of it: the union, the larger value, except that a cell
// at exactly 0 (a mask's fluid, which carries no ramp) takes the body's, so
// that the ramp's outside half survives. Throws std::invalid_argument as
// addObstacle does.
void addObstacleOutline(Field& outline, const Obstacle& body, float cellSize);

// An all-fluid mask of the grid of `params`.
Field emptyMask(const SimParams& params);

// Sets every cell whose centre lies inside the body to solid; returns how
// many cells of the grid the body covers (also those already solid). Throws
// std::invalid_argument with validate()'s line for a degenerate body.
int addObstacle(Field& mask, const Obstacle& body, float cellSize);

// The mask with the body drawn, or one line saying why not: a degenerate
// body, or one that covers no cell of this grid (smaller than a cell, or
// entirely outside the domain).
struct MaskResult {
    Field mask;
    std::string error;
    bool ok() const { return error.empty(); }
};
MaskResult obstacleMask(const Obstacle& body, const SimParams& params);

// A coverage image (values in [0, 1], `width` x `height`, rows bottom to top,
// stretched over the whole domain) resampled to a mask of gridWidth x
// gridHeight: each cell takes the area-weighted average of the pixels it
// overlaps, solid when that average is > 0.5. Works both ways (image finer or
// coarser than the grid); also regrids a mask when the grid changes.
Field resampleCoverage(const float* coverage, int width, int height, int gridWidth, int gridHeight);
Field resampleMask(const Field& mask, int gridWidth, int gridHeight);

// The brush: sets to `value` (1 solid, 0 fluid) every cell whose centre lies
// within `radius` (m) of the segment from `from` to `to` (a disc when they
// coincide). A radius under h / sqrt(2) counts as h / sqrt(2), so the cell
// under the pointer is always reached. Returns how many cells changed value.
int paintStroke(Field& mask, glm::vec2 from, glm::vec2 to, float radius, float cellSize, float value);
inline int paintDisc(Field& mask, glm::vec2 centre, float radius, float cellSize, float value)
{
    return paintStroke(mask, centre, centre, radius, cellSize, value);
}

int countSolid(const Field& mask);

// The mask's value under cell (i, j) of a field of width x height cells over
// the same domain (the dye may have a finer grid than the mask's velocity
// grid): the mask cell that holds that cell's centre, in float arithmetic as
// display.frag finds it (uv = (i + 1/2) / width, then uv x mask width).
inline float obstacleAt(const Field& mask, int i, int j, int width, int height)
{
    const float u = (static_cast<float>(i) + 0.5f) / static_cast<float>(width);
    const float v = (static_cast<float>(j) + 0.5f) / static_cast<float>(height);
    const int x = static_cast<int>(u * static_cast<float>(mask.width()));
    const int y = static_cast<int>(v * static_cast<float>(mask.height()));
    return mask.at(x < mask.width() ? x : mask.width() - 1, y < mask.height() ? y : mask.height() - 1);
}

}  // namespace fluid
