// The obstacles a run starts with, from its flags: a mask picture
// (--obstacles FILE) and/or a shape (--obstacle circle|plate|wing|nacaMPTT,
// sized and turned by --obstacle-size and --obstacle-angle), made into a mask
// at the solver's grid (src/core/obstacles.hpp). Used by the window (again at
// every new grid) and by the headless runner.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "core/field.hpp"
#include "core/obstacles.hpp"
#include "core/sim_params.hpp"

namespace fluid::app {

struct ObstacleOptions {
    std::string file;            // --obstacles: a picture whose dark, opaque pixels are solid; "" = none
    std::string shape;           // --obstacle: circle, plate, wing (NACA 2412) or nacaMPTT; "" = none
    std::optional<float> size;   // m: diameter, length or chord (default: a share of the short side)
    std::optional<float> angle;  // degrees nose-up to the +x flow (default: plate 90, wing 5)
    // m from the left wall: the shape's centre (the window moves it clear of
    // its panel, obstacleCentreClearOf); none: a quarter of the domain's width.
    std::optional<float> centreX;
    bool any() const { return !file.empty() || !shape.empty(); }
    bool operator==(const ObstacleOptions&) const = default;
};

// Why a run's obstacles cannot be made: one line.
class ObstacleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// "expects ..." for a shape name --obstacle does not know; nothing when known.
std::optional<std::string> obstacleShapeProblem(const std::string& shape);

// The body --obstacle asks for on this grid, its defaults filled in: centred
// at a quarter of the domain's width and half its height; a circle 0.1, a
// plate 0.15 (thickness 1/20 of it, at least 2 cells, so that it stays a
// wall), a wing 0.25 of the domain's short side.
Obstacle shapeFor(const ObstacleOptions& options, const SimParams& params);

// The window's panel covers the domain from its left wall to `coveredUntil`
// (m): the x of a shape's centre that keeps the whole shape (half its size
// on either side, and a margin of half that again) clear of it, from a
// quarter of the width (the default) but no further than half of it, so the
// wake keeps its room.
float obstacleCentreClearOf(float coveredUntil, const ObstacleOptions& options, const SimParams& params);

// The picture's solidity, pixel by pixel: opacity x darkness (1 - luminance of
// the stored values), so opaque black is solid and white or transparent is
// fluid; stretched over the domain and resampled (area average, solid above
// one half). Throws ObstacleError: missing, unreadable, empty, not a picture,
// more than 4096 pixels a side.
Field loadObstacleMask(const std::string& path, int gridWidth, int gridHeight);

// --obstacles that cannot be read (as loadObstacleMask would throw): the
// window refuses it before it opens, as the headless runner does.
std::optional<std::string> obstacleFileProblem(const ObstacleOptions& options);

// The union of the picture and the shape at the grid of `params`; an empty
// Field when neither is asked for. Throws ObstacleError with one line: a file
// as above, a degenerate shape or one that covers no cell, or a mask that
// leaves no fluid cell.
Field buildObstacleMask(const ObstacleOptions& options, const SimParams& params);

// The mask as above, and what the window draws of it: its outline
// (src/core/obstacles.hpp), the picture's cells and the shape's smooth ramp,
// so that a circle is drawn round on any grid. Both empty when neither is
// asked for; throws as buildObstacleMask.
struct ObstacleFields {
    Field mask;
    Field outline;
};
ObstacleFields buildObstacles(const ObstacleOptions& options, const SimParams& params);

}  // namespace fluid::app
