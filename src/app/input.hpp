// Input mapping, free of GL and GLFW so it can be unit-tested: where the grid
// is drawn in the framebuffer, how a cursor position (window coordinates, which
// differ from framebuffer pixels on HiDPI screens) maps to domain coordinates,
// and the brush that turns drags into splats (src/app/stroke_queue.hpp).
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace fluid::app {

// A rectangle of framebuffer pixels, origin bottom-left (GL convention).
struct PixelRect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    bool empty() const { return width <= 0 || height <= 0; }
};

// How far the grid's aspect may differ from the window's and still fill it:
// the window's grid follows its shape (gridForWindow) to within a cell or two
// of rounding (2 of 85 at 64 rows), and stretching it that little onto the
// whole window does not show, where bars a few pixels wide at the edges did.
inline constexpr double kFillAspectTolerance = 0.03;

// Where the grid is drawn: the whole framebuffer when the aspects agree
// within kFillAspectTolerance, else the largest rectangle with the grid's
// aspect ratio that fits it, centred (letterboxed: a replay's grid, or a
// window just resized before its grid follows). Empty when the framebuffer
// is.
PixelRect fitGrid(glm::ivec2 framebufferSize, glm::ivec2 gridSize);

// Whether a grid of `gridSize` cells fills a framebuffer of that size
// (fitGrid).
bool gridFillsWindow(glm::ivec2 framebufferSize, glm::ivec2 gridSize);

// Grid size for a window: `shortSide` cells on the window's shorter side, the
// other side following the window's aspect ratio, capped at maxCells. A
// width beyond the short side is rounded to a multiple of 4 (the packed
// pressure solve's) where that stays within [shortSide, maxCells].
glm::ivec2 gridForWindow(glm::ivec2 framebufferSize, int shortSide, int maxCells);

// Cursor position in window coordinates (origin top-left, as GLFW reports it)
// to domain coordinates in metres (origin bottom-left). windowSize and
// framebufferSize differ by the HiDPI content scale. Positions outside the
// drawn grid map outside [0, domainSize].
glm::vec2 cursorToDomain(glm::dvec2 cursor, glm::ivec2 windowSize, glm::ivec2 framebufferSize, const PixelRect& grid,
                         glm::vec2 domainSize);

// The n-th colour of the stroke palette: hues spaced by the golden angle, so
// consecutive strokes always differ clearly.
glm::vec3 strokeColour(int n);

// The brush, in units that do not depend on the frame rate (see StrokeQueue).
struct Brush {
    // Radius and dye amount: wide and bright enough that a first stroke reads
    // at once (1 - exp(-1.2) = 0.70 of full colour on its line at exposure 1).
    float radius = 0.025f;   // m, Gaussian radius r of the brush
    float force = 1.0f;      // a stroke at speed u leaves fluid moving at force * u along it (dimensionless)
    float dyeAmount = 1.2f;  // peak dye of a drawn line, whatever its speed (times the colour)
    float dyeRate = 2.0f;    // 1/s, dye added per second at the centre of a brush held still
    bool fixedColour = false;
    glm::vec3 colour{1.0f, 0.4f, 0.1f};  // used when fixedColour
    // Smoke emitters placed with the mouse (Shift+click), each of the brush's radius.
    float emitterHeat = 300.0f;  // K/s added to T - T0 at an emitter's centre
    float emitterSmoke =
        3.0f;  // 1/s at an emitter's centre: a plume that shows at exposure 1 (as the headless smoke scenario's)
    bool operator==(const Brush&) const = default;
};

enum class Button { None, Paint, Push };  // left: paint dye and push; right: push only

}  // namespace fluid::app
