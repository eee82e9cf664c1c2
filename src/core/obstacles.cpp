#include "core/obstacles.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <glm/geometric.hpp>

namespace fluid {

std::optional<Naca4> parseNaca4(const std::string& digits)
{
    if (digits.size() != 4 || digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    const auto digit = [&](std::size_t n) { return static_cast<float>(digits[n] - '0'); };
    return Naca4{digit(0) / 100.0f, digit(1) / 10.0f, (10.0f * digit(2) + digit(3)) / 100.0f};
}

float nacaHalfThickness(const Naca4& s, float x)
{
    // NACA's polynomial for a section of thickness 20% (hence 5 t): sqrt for
    // the round nose, the last coefficient -0.1036 (not -0.1015) closes the
    // trailing edge, so the section is one closed body on a grid.
    return 5.0f * s.thickness *
           (0.2969f * std::sqrt(x) - 0.1260f * x - 0.3516f * x * x + 0.2843f * x * x * x - 0.1036f * x * x * x * x);
}

float nacaCamber(const Naca4& s, float x)
{
    const float m = s.camber, p = s.camberPosition;
    if (m == 0.0f) return 0.0f;
    // Two parabolas meeting at x = p with zero slope, where the camber is m.
    if (x < p) return m / (p * p) * (2.0f * p * x - x * x);
    return m / ((1.0f - p) * (1.0f - p)) * ((1.0f - 2.0f * p) + 2.0f * p * x - x * x);
}

double nacaAreaOverChordSquared(const Naca4& s)
{
    // 2 * integral over [0, 1] of 5 t (0.2969 sqrt x - 0.1260 x - 0.3516 x^2 + 0.2843 x^3 - 0.1036 x^4) dx;
    // the camber line shifts the section without changing its area.
    const double integral = 0.2969 * 2.0 / 3.0 - 0.1260 / 2.0 - 0.3516 / 3.0 + 0.2843 / 4.0 - 0.1036 / 5.0;
    return 10.0 * static_cast<double>(s.thickness) * integral;
}

namespace {

struct NamedShape {
    ObstacleShape shape;
    const char* name;
};

constexpr NamedShape kShapeNames[] = {
    {ObstacleShape::Circle, "circle"},
    {ObstacleShape::Plate, "plate"},
    {ObstacleShape::Wing, "wing"},
};

}  // namespace

const char* toString(ObstacleShape shape)
{
    for (const NamedShape& n : kShapeNames)
        if (n.shape == shape) return n.name;
    return "?";
}

std::optional<ObstacleShape> obstacleShapeNamed(std::string_view name)
{
    for (const NamedShape& n : kShapeNames)
        if (name == n.name) return n.shape;
    return std::nullopt;
}

namespace {

// The point in the body's own frame: the body turned back (counter-clockwise
// by its angle) about its centre.
glm::vec2 toBodyFrame(const Obstacle& body, glm::vec2 point)
{
    const float a = body.angle * std::numbers::pi_v<float> / 180.0f;
    const glm::vec2 d = point - body.centre;
    const float c = std::cos(a), s = std::sin(a);
    return {c * d.x - s * d.y, s * d.x + c * d.y};
}

// A radius around the centre that holds the whole body.
float boundingRadius(const Obstacle& body)
{
    switch (body.shape) {
        case ObstacleShape::Circle:
            return 0.5f * body.size;
        case ObstacleShape::Plate:
            return 0.5f * std::hypot(body.size, body.thickness);
        case ObstacleShape::Wing:
            return body.size;  // half a chord along it, far less across
    }
    return body.size;
}

}  // namespace

bool contains(const Obstacle& body, glm::vec2 point)
{
    switch (body.shape) {
        case ObstacleShape::Circle: {
            const glm::vec2 d = point - body.centre;
            const float r = 0.5f * body.size;
            return d.x * d.x + d.y * d.y <= r * r;
        }
        case ObstacleShape::Plate: {
            const glm::vec2 local = toBodyFrame(body, point);
            return std::fabs(local.x) <= 0.5f * body.size && std::fabs(local.y) <= 0.5f * body.thickness;
        }
        case ObstacleShape::Wing: {
            const glm::vec2 local = toBodyFrame(body, point);
            const float x = local.x / body.size + 0.5f;  // 0 at the leading edge, 1 at the trailing edge
            if (x < 0.0f || x > 1.0f) return false;
            const float y = local.y / body.size;
            return std::fabs(y - nacaCamber(body.section, x)) <= nacaHalfThickness(body.section, x);
        }
    }
    return false;
}

double exactArea(const Obstacle& body)
{
    const double size = static_cast<double>(body.size);
    switch (body.shape) {
        case ObstacleShape::Circle:
            return std::numbers::pi * 0.25 * size * size;
        case ObstacleShape::Plate:
            return size * static_cast<double>(body.thickness);
        case ObstacleShape::Wing:
            return nacaAreaOverChordSquared(body.section) * size * size;
    }
    return 0.0;
}

double perimeter(const Obstacle& body)
{
    const double size = static_cast<double>(body.size);
    switch (body.shape) {
        case ObstacleShape::Circle:
            return std::numbers::pi * size;
        case ObstacleShape::Plate:
            return 2.0 * (size + static_cast<double>(body.thickness));
        case ObstacleShape::Wing: {
            // Both surfaces as polylines, fine enough near the round nose.
            double length = 0.0;
            constexpr int kPoints = 2000;
            glm::dvec2 upper(0.0), lower(0.0);
            for (int n = 1; n <= kPoints; ++n) {
                const double t = static_cast<double>(n) / kPoints;
                const float x = static_cast<float>(t * t);  // denser at the nose
                const double yc = static_cast<double>(nacaCamber(body.section, x));
                const double yt = static_cast<double>(nacaHalfThickness(body.section, x));
                const glm::dvec2 u(static_cast<double>(x), yc + yt), l(static_cast<double>(x), yc - yt);
                length += glm::length(u - upper) + glm::length(l - lower);
                upper = u;
                lower = l;
            }
            return length * size;
        }
    }
    return 0.0;
}

std::optional<std::string> validate(const Obstacle& body)
{
    std::ostringstream out;
    const char* name = toString(body.shape);
    const char* sizeName = body.shape == ObstacleShape::Circle  ? "diameter"
                           : body.shape == ObstacleShape::Plate ? "length"
                                                                : "chord";
    if (!std::isfinite(body.centre.x) || !std::isfinite(body.centre.y)) {
        out << "the " << name << "'s centre must be a finite position in m";
        return out.str();
    }
    if (!std::isfinite(body.size) || body.size <= 0.0f) {
        out << "the " << name << "'s " << sizeName << " must be a positive length in m, got " << body.size;
        return out.str();
    }
    if (!std::isfinite(body.angle)) return std::string("the ") + name + "'s angle must be finite (degrees)";
    if (body.shape == ObstacleShape::Plate && (!std::isfinite(body.thickness) || body.thickness <= 0.0f)) {
        out << "the plate's thickness must be a positive length in m, got " << body.thickness;
        return out.str();
    }
    if (body.shape == ObstacleShape::Wing) {
        const Naca4& s = body.section;
        if (s.thickness <= 0.0f) return std::string("a NACA section needs a thickness (its last two digits > 00)");
        if (s.camber > 0.0f && (s.camberPosition <= 0.0f || s.camberPosition >= 1.0f))
            return std::string("a cambered NACA section needs its camber position (second digit) in 1..9");
    }
    return std::nullopt;
}

Field emptyMask(const SimParams& params)
{
    return Field(params.gridWidth, params.gridHeight, 1, 0.0f);
}

namespace {

// Calls visit(i, j, centre) for the cells whose centres lie within `radius`
// of the box [lo, hi] (m), clipped to the grid.
template <typename Visit>
void forCellsNear(const Field& mask, glm::vec2 lo, glm::vec2 hi, float radius, float h, Visit visit)
{
    // Clamped as floats first: a body far outside must not overflow the int.
    const auto index = [](float x, int n) { return static_cast<int>(std::clamp(x, -1.0f, static_cast<float>(n))); };
    const auto first = [&](float x, int n) { return std::max(index(std::floor((x - radius) / h - 0.5f), n), 0); };
    const auto last = [&](float x, int n) { return std::min(index(std::ceil((x + radius) / h - 0.5f), n), n - 1); };
    const int i0 = first(lo.x, mask.width()), i1 = last(hi.x, mask.width());
    const int j0 = first(lo.y, mask.height()), j1 = last(hi.y, mask.height());
    for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i)
            visit(i, j, glm::vec2((static_cast<float>(i) + 0.5f) * h, (static_cast<float>(j) + 0.5f) * h));
}

}  // namespace

int addObstacle(Field& mask, const Obstacle& body, float cellSize)
{
    if (auto problem = validate(body)) throw std::invalid_argument(*problem);
    int covered = 0;
    forCellsNear(mask, body.centre, body.centre, boundingRadius(body), cellSize, [&](int i, int j, glm::vec2 centre) {
        if (!contains(body, centre)) return;
        mask.at(i, j) = 1.0f;
        ++covered;
    });
    return covered;
}

namespace {

// The distance from p to the segment from a to b.
float segmentDistance(glm::vec2 p, glm::vec2 a, glm::vec2 b)
{
    const glm::vec2 d = b - a;
    const float length2 = glm::dot(d, d);
    const float t = length2 > 0.0f ? std::clamp(glm::dot(p - a, d) / length2, 0.0f, 1.0f) : 0.0f;
    return glm::length(p - (a + t * d));
}

// The wing's outline in its own frame (m, chord along x, centred): the upper
// surface from the leading edge to the trailing edge, then the lower one
// back. Cosine spacing puts the points close where the nose curves.
std::vector<glm::vec2> wingOutline(const Obstacle& body)
{
    constexpr int kPointsPerSurface = 128;
    std::vector<glm::vec2> points;
    points.reserve(2 * kPointsPerSurface);
    for (int side = 0; side < 2; ++side)
        for (int k = 0; k < kPointsPerSurface; ++k) {
            const float s = static_cast<float>(side == 0 ? k : kPointsPerSurface - 1 - k) /
                            static_cast<float>(kPointsPerSurface - 1);
            const float x = 0.5f - 0.5f * std::cos(std::numbers::pi_v<float> * s);
            const float half = nacaHalfThickness(body.section, x);
            const float y = nacaCamber(body.section, x) + (side == 0 ? half : -half);
            points.emplace_back((x - 0.5f) * body.size, y * body.size);
        }
    return points;
}

float wingDistance(const Obstacle& body, const std::vector<glm::vec2>& outline, glm::vec2 point)
{
    const glm::vec2 local = toBodyFrame(body, point);
    float nearest = std::numeric_limits<float>::max();
    for (std::size_t k = 0; k + 1 < outline.size(); ++k)
        nearest = std::min(nearest, segmentDistance(local, outline[k], outline[k + 1]));
    nearest = std::min(nearest, segmentDistance(local, outline.back(), outline.front()));
    return contains(body, point) ? -nearest : nearest;
}

}  // namespace

float signedDistance(const Obstacle& body, glm::vec2 point)
{
    switch (body.shape) {
        case ObstacleShape::Circle:
            return glm::length(point - body.centre) - 0.5f * body.size;
        case ObstacleShape::Plate: {
            const glm::vec2 local = toBodyFrame(body, point);
            const glm::vec2 q = glm::abs(local) - 0.5f * glm::vec2(body.size, body.thickness);
            return glm::length(glm::max(q, glm::vec2(0.0f))) + std::min(std::max(q.x, q.y), 0.0f);
        }
        case ObstacleShape::Wing:
            return wingDistance(body, wingOutline(body), point);
    }
    return std::numeric_limits<float>::max();
}

void addObstacleOutline(Field& outline, const Obstacle& body, float cellSize)
{
    if (auto problem = validate(body)) throw std::invalid_argument(*problem);
    const std::vector<glm::vec2> wing =
        body.shape == ObstacleShape::Wing ? wingOutline(body) : std::vector<glm::vec2>{};
    const float reach = kOutlineReach * cellSize;
    forCellsNear(
        outline, body.centre, body.centre, boundingRadius(body) + reach, cellSize, [&](int i, int j, glm::vec2 centre) {
            const float distance =
                body.shape == ObstacleShape::Wing ? wingDistance(body, wing, centre) : signedDistance(body, centre);
            const float ramp = std::clamp(kSolidThreshold - distance / cellSize, kSolidThreshold - kOutlineReach,
                                          kSolidThreshold + kOutlineReach);
            // A mask's fluid (exactly 0) carries no ramp: the body's replaces it, so
            // its outside half stays on the ramp.
            float& cell = outline.at(i, j);
            cell = cell == 0.0f ? ramp : std::max(cell, ramp);
        });
}

MaskResult obstacleMask(const Obstacle& body, const SimParams& params)
{
    MaskResult r{emptyMask(params), {}};
    if (auto problem = validate(body)) {
        r.error = *problem;
        return r;
    }
    if (addObstacle(r.mask, body, params.cellSize()) == 0) {
        std::ostringstream out;
        out << "the " << toString(body.shape) << " (size " << body.size << " m at " << body.centre.x << ", "
            << body.centre.y << " m) covers no cell of the " << params.gridWidth << "x" << params.gridHeight
            << " grid (cells of " << params.cellSize() << " m, domain " << params.domainWidth << " x "
            << params.domainHeight() << " m): ";
        // A plate or a wing long enough can still be thinner than a cell: then
        // its thickness is what to change ("larger" sent users to the chord).
        const float thinnest = body.shape == ObstacleShape::Plate  ? body.thickness
                               : body.shape == ObstacleShape::Wing ? body.section.thickness * body.size
                                                                   : body.size;
        const bool inside = body.centre.x >= 0.0f && body.centre.x <= params.domainWidth && body.centre.y >= 0.0f &&
                            body.centre.y <= params.domainHeight();
        if (inside && body.size >= params.cellSize() && thinnest < params.cellSize())
            out << "it is " << thinnest << " m thick, under a cell: make it thicker or the grid finer";
        else
            out << "make it larger than a cell and place it inside the domain";
        r.error = out.str();
    }
    return r;
}

namespace {

// The pixels a cell's span [n, n + 1) of a grid of `cells` overlaps in a row
// of `pixels` pixels stretched over the same length, with the overlap of each
// (in pixel widths).
struct Overlap {
    int pixel;
    double weight;
};

std::vector<std::vector<Overlap>> overlaps(int pixels, int cells)
{
    std::vector<std::vector<Overlap>> out(static_cast<std::size_t>(cells));
    const double scale = static_cast<double>(pixels) / static_cast<double>(cells);
    for (int n = 0; n < cells; ++n) {
        const double lo = n * scale, hi = (n + 1) * scale;
        for (int p = static_cast<int>(std::floor(lo)); p < pixels && p < hi; ++p) {
            const double w = std::min(hi, p + 1.0) - std::max(lo, static_cast<double>(p));
            if (w > 0.0) out[static_cast<std::size_t>(n)].push_back({p, w});
        }
    }
    return out;
}

}  // namespace

Field resampleCoverage(const float* coverage, int width, int height, int gridWidth, int gridHeight)
{
    Field mask(gridWidth, gridHeight, 1, 0.0f);
    const auto xs = overlaps(width, gridWidth), ys = overlaps(height, gridHeight);
    for (int j = 0; j < gridHeight; ++j)
        for (int i = 0; i < gridWidth; ++i) {
            double sum = 0.0, area = 0.0;
            for (const Overlap& y : ys[static_cast<std::size_t>(j)])
                for (const Overlap& x : xs[static_cast<std::size_t>(i)]) {
                    const double w = x.weight * y.weight;
                    sum += w * static_cast<double>(
                                   coverage[static_cast<std::size_t>(y.pixel) * static_cast<std::size_t>(width) +
                                            static_cast<std::size_t>(x.pixel)]);
                    area += w;
                }
            mask.at(i, j) = area > 0.0 && sum / area > static_cast<double>(kSolidThreshold) ? 1.0f : 0.0f;
        }
    return mask;
}

Field resampleMask(const Field& mask, int gridWidth, int gridHeight)
{
    return resampleCoverage(mask.data(), mask.width(), mask.height(), gridWidth, gridHeight);
}

int paintStroke(Field& mask, glm::vec2 from, glm::vec2 to, float radius, float cellSize, float value)
{
    if (!std::isfinite(from.x) || !std::isfinite(from.y) || !std::isfinite(to.x) || !std::isfinite(to.y)) return 0;
    // A cell's farthest point from its centre is h / sqrt(2) away: a brush at
    // least that wide always covers the centre of the cell it is in.
    const float r = std::max(std::isfinite(radius) ? radius : 0.0f, cellSize * std::numbers::sqrt2_v<float> * 0.5f);
    const glm::vec2 d = to - from;
    const float length2 = glm::dot(d, d);
    int changed = 0;
    forCellsNear(mask, glm::min(from, to), glm::max(from, to), r, cellSize, [&](int i, int j, glm::vec2 centre) {
        // The nearest point of the segment to the cell's centre.
        const float t = length2 > 0.0f ? std::clamp(glm::dot(centre - from, d) / length2, 0.0f, 1.0f) : 0.0f;
        const glm::vec2 gap = centre - (from + t * d);
        if (glm::dot(gap, gap) > r * r || mask.at(i, j) == value) return;
        mask.at(i, j) = value;
        ++changed;
    });
    return changed;
}

int countSolid(const Field& mask)
{
    int n = 0;
    for (float v : mask.values()) n += isSolid(v) ? 1 : 0;
    return n;
}

}  // namespace fluid
