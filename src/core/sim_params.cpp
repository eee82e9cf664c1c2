#include "core/sim_params.hpp"

#include "core/parameters.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace fluid {

namespace {

// An enum's name from its parameter row's choices (parameters.cpp), where the
// command line and the settings file read it, so each name is written once.
template <typename Enum>
const char* choiceName(std::string_view key, Enum value)
{
    const Parameter* row = findParameter(key);
    const char* name = row ? row->choiceName(static_cast<int>(value)) : nullptr;
    return name ? name : "unknown";
}

}  // namespace

const char* toString(BoundaryMode mode)
{
    return choiceName("boundary", mode);
}

const char* toString(PressureSolver solver)
{
    return choiceName("pressure-solver", solver);
}

const char* toString(ViscositySolver solver)
{
    return choiceName("viscosity-solver", solver);
}

const char* toString(AdvectionScheme scheme)
{
    const auto n = static_cast<std::size_t>(scheme);
    return n < kAdvectionSchemes.size() ? kAdvectionSchemes[n].name : "unknown";
}

const char* toString(DyeAdvection scheme)
{
    return choiceName("dye-advection", scheme);
}

AdvectionScheme dyeAdvectionOf(const SimParams& p)
{
    if (p.dyeAdvection == DyeAdvection::AsVelocity) return p.advection;
    if (p.dyeAdvection == DyeAdvection::Cubic) return AdvectionScheme::SemiLagrangian;
    return static_cast<AdvectionScheme>(static_cast<int>(p.dyeAdvection) - 1);
}

bool dyeReadsCubic(const SimParams& p)
{
    const bool ownGrid = p.dyeGridWidthOrDefault() != p.gridWidth || p.dyeGridHeight() != p.gridHeight;
    return p.dyeAdvection == DyeAdvection::Cubic && ownGrid;
}

const char* toString(Projection projection)
{
    return choiceName("projection", projection);
}

SimParams defaultSimParams()
{
    SimParams p;
    p.layout = Layout::Staggered;
    p.projection = Projection::Auto;
    p.multigridCycles = 3;
    p.coldStartCycles = 1;
    return p;
}

SimParams windowSimParams()
{
    SimParams p = defaultSimParams();
    p.vorticity = kWindowVorticity;
    p.advection = kWindowAdvection;
    p.multigridCycles = kWindowMultigridCycles;
    p.dyeDissipation = kWindowDyeDissipation;
    p.velocityDissipation = kWindowVelocityDissipation;
    p.dyeAdvection = kWindowDyeAdvection;
    p.dyeSlipsAtWalls = kWindowDyeSlipsAtWalls;
    return p;
}

const char* toString(Layout layout)
{
    return choiceName("layout", layout);
}

FieldGrids fieldGrids(const SimParams& p)
{
    return {{p.gridWidth, p.gridHeight}, {p.dyeGridWidthOrDefault(), p.dyeGridHeight()}};
}

int wholeDyeGridWidth(int wanted, int gridWidth, int gridHeight)
{
    if (wanted <= 0 || gridWidth <= 0 || gridHeight <= 0) return 0;
    // Heights are whole for the multiples of gridWidth / gcd(gridWidth, gridHeight).
    const int step = gridWidth / std::gcd(gridWidth, gridHeight);
    const int up = (wanted + step - 1) / step * step;
    const int down = std::max(up - step, step);
    const auto fits = [&](int w) {
        const long long h = static_cast<long long>(w) * gridHeight / gridWidth;
        return w >= SimLimits::kMinGrid && w <= SimLimits::kMaxGrid && h >= SimLimits::kMinGrid &&
               h <= SimLimits::kMaxGrid;
    };
    if (fits(up)) return up;
    if (fits(down)) return down;
    return 0;  // none fits: the dye stays on the simulation grid
}

namespace {

template <typename T>
std::string outOfRange(const char* name, T value, const std::string& range)
{
    std::ostringstream out;
    out << name << " = " << value << " is out of range; accepted: " << range;
    return out.str();
}

bool finite(float x)
{
    return std::isfinite(x);
}

bool gridFits(int cells)
{
    return cells >= SimLimits::kMinGrid && cells <= SimLimits::kMaxGrid;
}

// The messages' ranges, from the limits they state.
std::string gridRange()
{
    return std::to_string(SimLimits::kMinGrid) + ".." + std::to_string(SimLimits::kMaxGrid) + " cells";
}

std::string realRange(double min, double max, const char* unit)
{
    // Appended, not added: GCC 12 takes "[" + a string for an overlapping copy (-Wrestrict).
    std::string range = "[";
    range.append(limitText(min)).append(", ").append(limitText(max)).append("] ").append(unit);
    return range;
}

std::optional<std::string> dyeGridProblem(const SimParams& p)
{
    if (!gridFits(p.dyeGridWidth))
        return outOfRange("dyeGridWidth", p.dyeGridWidth, std::string("0 (the simulation grid) or ") + gridRange());
    if (static_cast<long long>(p.dyeGridWidth) * p.gridHeight % p.gridWidth != 0) {
        std::ostringstream out;
        out << "dyeGridWidth = " << p.dyeGridWidth << " gives no whole dye grid height on the " << p.gridWidth << "x"
            << p.gridHeight << " grid (dyeGridWidth * gridHeight / gridWidth must be whole); "
            << wholeDyeGridWidth(p.dyeGridWidth, p.gridWidth, p.gridHeight) << " does";
        return out.str();
    }
    if (!gridFits(p.dyeGridHeight())) return outOfRange("dye grid height", p.dyeGridHeight(), gridRange());
    return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const SimParams& p)
{
    using L = SimLimits;
    if (!gridFits(p.gridWidth)) return outOfRange("gridWidth", p.gridWidth, gridRange());
    if (!gridFits(p.gridHeight)) return outOfRange("gridHeight", p.gridHeight, gridRange());
    if (p.dyeGridWidth != 0)
        if (auto problem = dyeGridProblem(p)) return problem;
    if (!finite(p.domainWidth) || p.domainWidth < L::kMinDomainWidth || p.domainWidth > L::kMaxDomainWidth)
        return outOfRange("domainWidth", p.domainWidth, realRange(L::kMinDomainWidth, L::kMaxDomainWidth, "m"));
    // Every knob of the parameter table, by the range written in its row.
    for (const Parameter& row : parameters()) {
        const double value = row.get(p);
        if (row.accepts(value)) continue;
        if (row.flushedToZero(value))
            return outOfRange(row.key, value, row.range() + " (a GPU takes any under 1.2e-38 as 0)");
        return outOfRange(row.key, value, row.range());
    }
    if (!finite(p.lidSpeed) || std::fabs(p.lidSpeed) > L::kMaxLidSpeed)
        return outOfRange("lidSpeed", p.lidSpeed, realRange(-L::kMaxLidSpeed, L::kMaxLidSpeed, "m/s"));
    if (p.lidSpeed != 0.0f && p.boundary != BoundaryMode::Box)
        return std::string("lidSpeed needs the box boundary; the periodic box has no walls");
    return std::nullopt;
}

SimParams validatedFor(const char* who, const SimParams& params)
{
    if (auto problem = validate(params)) throw std::invalid_argument(std::string(who) + ": " + *problem);
    return params;
}

void throwIfProblem(const std::optional<std::string>& problem, const char* function)
{
    if (problem) throw std::invalid_argument(std::string(function) + ": " + *problem);
}

}  // namespace fluid
