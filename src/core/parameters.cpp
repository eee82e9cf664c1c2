#include "core/parameters.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace fluid {

namespace {

using Kind = ParameterKind;
using L = SimLimits;

bool usesPressureJacobi(const SimParams& p)
{
    return p.pressureSolver == PressureSolver::Jacobi;
}
bool usesPressureMultigrid(const SimParams& p)
{
    return p.pressureSolver == PressureSolver::Multigrid;
}
bool usesTunnel(const SimParams& p)
{
    return isTunnel(p.boundary);
}
bool usesSmoke(const SimParams& p)
{
    return smokeIsOn(p);
}
bool usesViscousJacobi(const SimParams& p)
{
    return p.viscositySolver == ViscositySolver::Jacobi;
}

// Rows by kind (designated initializers would read better, but GCC 12 warns
// about every member they leave to its default).
Parameter real(const char* key, const char* label, const char* placeholder, const char* unit, ParameterAccess access,
               double min, double max, ParameterSlider slider, const char* help)
{
    Parameter row{key, label, placeholder, unit, help, Kind::Real, access};
    row.min = min;
    row.max = max;
    row.slider = slider;
    return row;
}

Parameter integer(const char* key, const char* label, ParameterAccess access, int max, int sliderMax,
                  bool (*shown)(const SimParams&), const char* help)
{
    Parameter row{key, label, "N", "", help, Kind::Integer, access};
    row.max = max;
    row.slider = {0.0, static_cast<double>(sliderMax), false, "%g"};
    row.shown = shown;
    return row;
}

Parameter choice(const char* key, const char* label, ParameterAccess access, std::vector<ParameterChoice> choices,
                 const char* help)
{
    Parameter row{key, label, nullptr, "", help, Kind::Choice, access};
    row.choices = std::move(choices);
    return row;
}

Parameter onOff(const char* key, const char* label, ParameterAccess access, const char* help)
{
    return {key, label, nullptr, "", help, Kind::Switch, access};
}

// The time step and the fluid's own rates.
void addTimeAndDissipationRows(std::vector<Parameter>& table)
{
    Parameter dt =
        real("dt", "time step", "S", "s", memberAccess<&SimParams::dt>(), 0.0, L::kMaxDt, {0.001, 0.1, true, "%.4f"},
             "Simulated seconds per step, fixed whatever the frame rate: the window runs as many steps as "
             "wall-clock time asks for, up to max-steps-per-frame.");
    dt.minOpen = true;
    dt.defaultText = "1/60";
    table.push_back(dt);
    table.push_back(real("viscosity", "viscosity", "NU", "m^2/s", memberAccess<&SimParams::viscosity>(), 0.0,
                         L::kMaxViscosity, {0.0, 0.1, true, "%.2e"},
                         "Kinematic viscosity nu: larger is thicker, like honey; 0 skips the diffusion passes."));
    table.push_back(real("vorticity", "vorticity", "EPS", "1/s", memberAccess<&SimParams::vorticity>(), 0.0,
                         L::kMaxVorticity, {0.0, 100.0, false, "%.2f"},
                         "Vorticity confinement strength epsilon: puts back small swirls that the numerics smear "
                         "out; 0 skips it."));
    table.push_back(real("dye-dissipation", "dye dissipation", "R", "1/s", memberAccess<&SimParams::dyeDissipation>(),
                         0.0, L::kMaxDissipation, {0.0, 5.0, false, "%.3f"},
                         "Dye fades as 1/(1 + rate dt) per step. The window fades it, so that the colour the brush "
                         "and the idle splats keep adding does not pile up into grey."));
    table.push_back(real("velocity-dissipation", "velocity dissipation", "R", "1/s",
                         memberAccess<&SimParams::velocityDissipation>(), 0.0, L::kMaxDissipation,
                         {0.0, 5.0, false, "%.3f"}, "Velocity fades as 1/(1 + rate dt) per step: a crude drag."));
}

// One choice per row of kAdvectionSchemes, its value the row's index plus
// `offset` (DyeAdvection's values follow AsVelocity).
std::vector<ParameterChoice> schemeChoices(int offset)
{
    std::vector<ParameterChoice> choices;
    for (const AdvectionSchemeRow& row : kAdvectionSchemes)
        choices.push_back({row.name, row.label, static_cast<int>(row.scheme) + offset, row.help});
    return choices;
}

// --help's text for --advection: each scheme's sentence after its name.
const char* advectionHelp()
{
    static const std::string help = [] {
        std::string text = "How velocity and dye are carried.";
        for (const AdvectionSchemeRow& row : kAdvectionSchemes) text += std::string(" ") + row.name + ": " + row.help;
        return text;
    }();
    return help.c_str();
}

// How the fields are carried and projected, and where the velocity lives.
void addSchemeRows(std::vector<Parameter>& table)
{
    table.push_back(
        choice("advection", "advection", memberAccess<&SimParams::advection>(), schemeChoices(0), advectionHelp()));
    std::vector<ParameterChoice> dye = schemeChoices(1);
    dye.insert(dye.begin(), {"as-velocity", "as the velocity", static_cast<int>(DyeAdvection::AsVelocity)});
    dye.push_back({"cubic", "cubic (sharp)", static_cast<int>(DyeAdvection::Cubic),
                   "semi-lagrangian with a cubic read (Catmull-Rom through 4 x 4 cells) clamped to the four "
                   "values a bilinear read blends: no new extremes, far less smearing, one pass. On a dye grid of "
                   "its own; on the velocity's grid it is semi-lagrangian."});
    table.push_back(choice("dye-advection", "dye advection", memberAccess<&SimParams::dyeAdvection>(), std::move(dye),
                           "How the dye is carried: as-velocity, by the advection's scheme; or by a scheme of its "
                           "own. On a dye grid finer than the velocity's, semi-lagrangian is one pass instead of "
                           "two and its smearing is a fraction of a dye cell a step; cubic is one pass and keeps "
                           "thin filaments sharp."));
    table.push_back(onOff("dye-wall-slip", "dye slips at walls", memberAccess<&SimParams::dyeSlipsAtWalls>(),
                          "The dye on a grid of its own reads the velocity at a box's walls as it is one cell "
                          "in, along the wall and onto it (the velocity keeps its no-slip walls): on the walls' "
                          "rule the outermost dye cells move at a fraction of the speed beside them and keep old "
                          "dye as lines along the walls."));
    table.push_back(choice("projection", "projection", memberAccess<&SimParams::projection>(),
                           {{"plain", "plain", static_cast<int>(Projection::Plain)},
                            {"incremental", "incremental", static_cast<int>(Projection::Incremental)},
                            {"auto", "auto (by boundary)", static_cast<int>(Projection::Auto)}},
                           "How advection and the pressure projection share a step. plain: advect, then project "
                           "(GPU Gems ch. 38), first order in dt: swirls lose energy faster than they should. "
                           "incremental: the velocity is advected with half of the last step's pressure gradient "
                           "already applied and the projection supplies the rest: second order in dt, one more "
                           "pass before the advection and one after the projection. auto: incremental on a "
                           "periodic boundary, plain where there are walls (at walls the incremental split is "
                           "not yet the more accurate one: docs/validation.md §8b) or where vorticity times dt "
                           "exceeds 1 (a confinement that strong grows faster with the incremental split)."));
    table.push_back(choice("layout", "layout", memberAccess<&SimParams::layout>(),
                           {{"collocated", "collocated", static_cast<int>(Layout::Collocated)},
                            {"staggered", "staggered (MAC)", static_cast<int>(Layout::Staggered)}},
                           "Where the velocity lives. collocated: u and v at cell centres (GPU Gems ch. 38); the "
                           "divergence and gradient span two cells and the Laplacian one, so even an exact pressure "
                           "solve leaves divergence behind. staggered: the MAC grid, u on the cells' left faces and "
                           "v on their bottom faces; the projection is exact up to the solver's tolerance, for about "
                           "1.1x the step's cost."));
}

// The boundary, the tunnel's inflow and the smoke.
void addBoundaryAndSmokeRows(std::vector<Parameter>& table)
{
    table.push_back(choice("boundary", "boundary", memberAccess<&SimParams::boundary>(),
                           {{"box", "closed box", static_cast<int>(BoundaryMode::Box)},
                            {"periodic", "periodic", static_cast<int>(BoundaryMode::Periodic)},
                            {"tunnel", "wind tunnel", static_cast<int>(BoundaryMode::Tunnel)},
                            {"tunnel-walls", "wind tunnel, walls", static_cast<int>(BoundaryMode::TunnelWalls)}},
                           "box: a closed box with no-slip walls. periodic: what leaves one side enters the "
                           "opposite one. tunnel: a wind tunnel, inflow at inflow-speed on the left, outflow on "
                           "the right, slip walls at the top and bottom (the free stream of an open tunnel). "
                           "tunnel-walls: the same with no-slip walls at the top and bottom (a channel)."));
    Parameter inflow = real("inflow-speed", "inflow speed", "U", "m/s", memberAccess<&SimParams::inflowSpeed>(), 0.0,
                            L::kMaxInflowSpeed, {0.0, 5.0, false, "%.2f"},
                            "Speed of the wind tunnel's inflow at the left wall (boundary tunnel or tunnel-walls).");
    inflow.shown = usesTunnel;
    table.push_back(inflow);
    // Smoke (Boussinesq buoyancy, docs/algorithm.md): gravity 0 turns it off.
    table.push_back(real("gravity", "gravity", "G", "m/s^2", memberAccess<&SimParams::gravity>(), 0.0, 1000.0,
                         {0.0, 20.0, false, "%.2f"},
                         "Smoke: warm fluid is pushed up at g (T - T0) / T0, smoke down at g beta s; 0 turns smoke "
                         "off (the temperature is neither carried nor cooled)."));
    Parameter ambient = real("ambient-temperature", "ambient temperature", "T0", "K",
                             memberAccess<&SimParams::ambientTemperature>(), 1.0, 1e4, {200.0, 1000.0, false, "%.1f"},
                             "Smoke: T0, where the fluid neither rises nor sinks; an ideal gas expands by 1/T0 per "
                             "kelvin.");
    ambient.shown = usesSmoke;
    table.push_back(ambient);
    Parameter weight = real("smoke-weight", "smoke weight", "B", "", memberAccess<&SimParams::smokeWeight>(), 0.0,
                            100.0, {0.0, 1.0, false, "%.3f"},
                            "Smoke: beta, how much heavier than the air a unit of smoke (the dye's mean of r, g, b) "
                            "makes it.");
    weight.shown = usesSmoke;
    table.push_back(weight);
    Parameter cooling = real("cooling", "cooling", "R", "1/s", memberAccess<&SimParams::cooling>(), 0.0, 1e4,
                             {0.0, 5.0, false, "%.3f"}, "Smoke: T - T0 decays as 1/(1 + rate dt) per step.");
    cooling.shown = usesSmoke;
    table.push_back(cooling);
}

// The pressure and viscosity solvers and their counts.
void addSolverRows(std::vector<Parameter>& table)
{
    const std::vector<ParameterChoice> solvers = {{"jacobi", "Jacobi", 0}, {"multigrid", "multigrid", 1}};
    static_assert(static_cast<int>(PressureSolver::Multigrid) == 1 &&
                  static_cast<int>(ViscositySolver::Multigrid) == 1);
    table.push_back(choice("pressure-solver", "pressure solver", memberAccess<&SimParams::pressureSolver>(), solvers,
                           "How the pressure is solved. Jacobi sweeps (GPU Gems ch. 38) spread pressure a few cells "
                           "per sweep; multigrid V-cycles correct every wavelength at once, so large-scale pressure "
                           "is right within a step."));
    table.push_back(integer("multigrid-cycles", "multigrid cycles", memberAccess<&SimParams::multigridCycles>(),
                            L::kMaxMultigridCycles, 10, usesPressureMultigrid,
                            "V-cycles of the multigrid pressure solve per step; each cuts the residual about 5-10x. "
                            "The window takes fewer, for its grid size."));
    table.push_back(integer("cold-start-cycles", "cold-start cycles", memberAccess<&SimParams::coldStartCycles>(),
                            L::kMaxMultigridCycles, 10, usesPressureMultigrid,
                            "More V-cycles for the first pressure solve after a start or a reset, which has no last "
                            "pressure to start from (with the warm start on): the first step leaves no more "
                            "divergence than the later ones."));
    table.push_back(integer("pressure-iterations", "pressure iterations",
                            memberAccess<&SimParams::pressureIterations>(), L::kMaxIterations, 500, usesPressureJacobi,
                            "Jacobi sweeps of the pressure solve per step (Jacobi pressure solver): more is less "
                            "compressible and slower. An odd count damps its first sweep by half, or the staggered "
                            "layout would grow a checkerboard (docs/algorithm.md, section 3.7)."));
    table.push_back(onOff("warm-start", "warm-start pressure", memberAccess<&SimParams::warmStartPressure>(),
                          "Start each pressure solve from the last step's pressure: with few iterations this is "
                          "what lets the projection converge over time; off restarts from zero (GPU Gems ch. 38)."));
    table.push_back(choice("viscosity-solver", "viscosity solver", memberAccess<&SimParams::viscositySolver>(), solvers,
                           "How the implicit viscous step is solved. multigrid: to a relative residual of 1e-3 at "
                           "every viscosity (a few Jacobi sweeps when nu dt / h^2 is small, V-cycles when it is "
                           "large). Jacobi: viscosity-iterations sweeps, which leave thick fluids far from the "
                           "solution."));
    table.push_back(integer("viscosity-iterations", "viscosity iterations",
                            memberAccess<&SimParams::viscosityIterations>(), L::kMaxIterations, 200, usesViscousJacobi,
                            "Jacobi sweeps of the viscous step with the Jacobi viscosity solver; they matter when "
                            "the viscosity is large."));
}

}  // namespace

const char* ParameterSpec::choiceName(int value) const
{
    for (const ParameterChoice& c : choices)
        if (c.value == value) return c.name;
    return nullptr;
}

std::string ParameterSpec::choiceNames(const char* separator) const
{
    std::vector<const char*> names = {"on", "off"};
    if (kind == Kind::Choice) {
        names.clear();
        for (const ParameterChoice& c : choices) names.push_back(c.name);
    }
    std::string text;
    for (const char* name : names) {
        if (!text.empty()) text.append(separator);
        text.append(name);
    }
    return text;
}

bool ParameterSpec::accepts(double value) const
{
    switch (kind) {
        case Kind::Real:
            if (flushedToZero(value)) return false;
            [[fallthrough]];
        case Kind::Integer: {
            const double lo = asWritten(min), hi = asWritten(max);
            return std::isfinite(value) && value <= hi && (minOpen ? value > lo : value >= lo);
        }
        case Kind::Switch:
            return value == 0.0 || value == 1.0;
        case Kind::Choice:
            for (const ParameterChoice& c : choices)
                if (value == c.value) return true;
            return false;
    }
    return false;
}

double ParameterSpec::asWritten(double bound) const
{
    if (kind != Kind::Real || !heldInFloat) return bound;
    return std::strtod(shortestText(static_cast<float>(bound)).c_str(), nullptr);
}

bool ParameterSpec::flushedToZero(double value) const
{
    return kind == Kind::Real && heldInFloat && minOpen && min == 0.0 && value != 0.0 &&
           std::fabs(value) < static_cast<double>(std::numeric_limits<float>::min());
}

std::string ParameterSpec::range() const
{
    std::ostringstream out;
    if (kind == Kind::Real)
        out << (minOpen ? "(" : "[") << min << ", " << max << "]" << (*unit ? " " : "") << unit;
    else if (kind == Kind::Integer)
        out << static_cast<long long>(min) << ".." << static_cast<long long>(max);
    else
        out << choiceNames(", ");
    return out.str();
}

std::string ParameterSpec::valuePlaceholder() const
{
    return placeholder ? placeholder : choiceNames("|");
}

std::string ParameterSpec::formatValue(double value) const
{
    switch (kind) {
        case Kind::Real:
            return shortestText(static_cast<float>(value));
        case Kind::Integer:
            return std::to_string(static_cast<int>(value));
        case Kind::Switch:
            return value != 0.0 ? "on" : "off";
        case Kind::Choice:
            for (const ParameterChoice& c : choices)
                if (value == c.value) return c.name;
            return "?";
    }
    return "?";
}

std::optional<double> ParameterSpec::parseValue(std::string_view text, std::string& problem) const
{
    switch (kind) {
        case Kind::Real:
            if (const auto v = parseNumber(text); v && flushedToZero(*v)) {
                problem = "expects a number in " + range() + " (a GPU takes any under 1.2e-38 as 0)";
                return std::nullopt;
            } else if (v && accepts(*v)) {
                // Every row holds a float: 1e-300 is in (0, 10] but its float
                // is 0, which was then refused as "dt = 0 is out of range".
                const float f = static_cast<float>(*v);
                if (!heldInFloat || accepts(f)) return *v;
                char rounded[32];
                std::snprintf(rounded, sizeof rounded, "%g", static_cast<double>(f));
                problem = "expects a number in " + range() + " that a float holds (it rounds to " + rounded + ")";
                return std::nullopt;
            }
            problem = "expects a number in " + range();
            return std::nullopt;
        case Kind::Integer:
            if (const auto v = parseInteger(text); v && accepts(*v)) return *v;
            problem = "expects an integer in " + range();
            return std::nullopt;
        case Kind::Switch:
            if (text == "on" || text == "off") return text == "on" ? 1.0 : 0.0;
            break;
        case Kind::Choice:
            for (const ParameterChoice& c : choices)
                if (text == c.name) return c.value;
            break;
    }
    problem = "expects one of " + range();
    return std::nullopt;
}

double ParameterSpec::clampValue(double value, double fallback) const
{
    if (accepts(value)) return value;
    if (!std::isfinite(value) || kind == Kind::Choice) return fallback;
    if (kind == Kind::Switch) return value != 0.0 ? 1.0 : 0.0;
    if (value > max) return max;
    // Below the minimum (or at an open one, which no value of its own stands for).
    return minOpen ? fallback : min;
}

std::string ParameterSpec::helpLine(double defaultValue) const
{
    const bool numeric = kind == Kind::Real || kind == Kind::Integer;
    const bool namesDefault = !defaultText || *defaultText;
    std::string line = help;
    if (numeric) line.append(" Range ").append(range()).append(namesDefault ? "," : ".");
    if (!namesDefault) return line;
    line.append(numeric ? " default " : " Default ");
    line.append(defaultText ? std::string(defaultText) : formatValue(defaultValue)).append(".");
    return line;
}

const std::vector<Parameter>& parameters()
{
    static const std::vector<Parameter> table =
        rowsOf<Parameter>({addTimeAndDissipationRows, addSchemeRows, addBoundaryAndSmokeRows, addSolverRows});
    return table;
}

const Parameter* findParameter(std::string_view key)
{
    return findRow(parameters(), key);
}

std::optional<double> parseNumber(std::string_view text)
{
    const std::string s(text);
    if (s.empty() || std::isspace(static_cast<unsigned char>(s[0])) || s.find_first_of("xX") != std::string::npos)
        return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<int> parseInteger(std::string_view text)
{
    // The same grammar as every real number (so "+5", "5" and "5e0" read
    // alike for every flag), then a whole value that fits an int.
    const auto value = parseNumber(text);
    if (!value || *value != std::trunc(*value) || *value < std::numeric_limits<int>::min() ||
        *value > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(*value);
}

std::string shortestText(float value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

std::string limitText(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    std::string out = text;
    // "1e+06" -> "1e6", "1e-06" -> "1e-6".
    if (const auto e = out.find('e'); e != std::string::npos) {
        std::size_t digits = e + 1;
        if (out[digits] == '+')
            out.erase(digits, 1);
        else if (out[digits] == '-')
            ++digits;
        while (digits + 1 < out.size() && out[digits] == '0') out.erase(digits, 1);
    }
    return out;
}

}  // namespace fluid
