#include "app/headless/scenario.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <thread>

#include "core/velocity_layout.hpp"

namespace fluid::app::headless {

namespace {

constexpr double kPi = std::numbers::pi;

// The validation flows default to a grid that runs in seconds on a software
// rasteriser; --grid overrides it.
constexpr int kValidationGrid = 64;

// Default physics of each flow, applied when the flag is not given.
constexpr double kCavityReynolds = 100.0;        // Ghia et al.'s first case
constexpr double kTunnelReynolds = 100.0;        // St = 0.1643 by Williamson's fit (core/cylinder_wake.hpp)
constexpr int kTunnelGridHeight = 96;            // D = 12 cells: St within 10% (docs/validation.md)
constexpr int kTunnelSteps = 800;                // ~12 shedding periods after the start settles
constexpr double kTunnelSettleFraction = 0.375;  // the first 300 of 800 steps: the impulsive start
constexpr double kTaylorGreenViscosity = 0.05;   // m^2/s: energy falls to e^-0.4 in 2 s
constexpr double kTaylorGreenTime = 2.0;         // s
constexpr double kShearWaveViscosity = 0.01;     // m^2/s: energy falls to e^-0.79 in 1 s
constexpr double kShearWaveTime = 1.0;           // s
constexpr int kDemoSteps = 200;

// The cavity, when no end is given, runs until steady at this tolerance (m/s^2)
// and gives up after kSteadyCapTime.
constexpr double kCavitySteadyTolerance = 1e-4;
// Cap of a run that only says --until-steady: long enough for any flow the
// runner sets up to settle (the Re = 100 cavity needs ~20 s), short enough to end.
constexpr double kSteadyCapTime = 1000.0;  // s
constexpr long kMaxSteps = 100'000'000;

bool isValidationFlow(Scenario s)
{
    return s != Scenario::Demo && s != Scenario::Motion && s != Scenario::Smoke;
}

std::string format(double v)
{
    std::ostringstream out;
    out << v;
    return out.str();
}

double stepsFor(double time, double dt)
{
    // A float dt chosen to divide `time` is off by up to 6e-8 relative: within
    // that, the quotient counts as the whole number it was meant to be.
    const double n = time / dt;
    return std::fabs(n - std::round(n)) < 1e-6 * n ? std::round(n) : std::ceil(n);
}

}  // namespace

double defaultCfl(Scenario scenario)
{
    switch (scenario) {
        case Scenario::Cavity:
            return 1.0;
        case Scenario::Tunnel:
            return 2.0;  // traces of 2 cells: half the interpolations of CFL 1 (less smearing)
        case Scenario::TaylorGreen:
        case Scenario::ShearWave:
            return 0.5;
        case Scenario::Demo:
        case Scenario::Motion:
        case Scenario::Smoke:
            return 0.0;  // the window's dt
    }
    return 0.0;
}

namespace {

// What the run takes from the flags as they are: its outputs, its threads.
void copyRunFlags(const Options& o, RunSpec& s)
{
    s.scenario = o.scenario;
    s.backend = o.backend;
    s.params = o.params;
    s.threads = o.threads;
    // More threads than the machine runs at once only take turns (1024 on 2
    // cores: 2 s a step at 64^2); cut to the machine's, saying so.
    if (const auto hardware = static_cast<int>(std::thread::hardware_concurrency());
        hardware > 0 && o.threads > hardware) {
        s.threads = hardware;
        s.notes.push_back("--threads " + std::to_string(o.threads) + " is more than the " + std::to_string(hardware) +
                          " hardware threads here; using " + std::to_string(hardware));
    }
    s.outDir = o.outDir;
    s.framesEvery = o.framesEvery;
    if (o.given("view")) s.frameView = o.display;
    s.background = o.background;
    s.motionSource = o.motionSource;
    s.motion = o.motion;
    s.centerlinesFile = o.centerlinesFile;
    s.energyFile = o.energyFile;
    s.probeFile = o.probeFile;
    s.steadyTolerance = o.untilSteady;
    s.profile = o.profile;
}

// The boundary a validation flow needs.
BoundaryMode boundaryOf(Scenario scenario)
{
    return scenario == Scenario::Cavity   ? BoundaryMode::Box
           : scenario == Scenario::Tunnel ? BoundaryMode::Tunnel
                                          : BoundaryMode::Periodic;
}

// Whether the boundary given suits the scenario. The cylinder sheds in
// either tunnel: with slip walls (the free stream) or with no-slip ones (a
// channel).
bool boundaryFits(Scenario scenario, BoundaryMode boundary)
{
    return scenario == Scenario::Tunnel ? isTunnel(boundary) : boundary == boundaryOf(scenario);
}

// Flags that contradict each other or the scenario.
std::optional<std::string> flagConflict(const Options& o)
{
    const Scenario scenario = o.scenario;
    const char* name = toString(scenario);
    if (o.steps && o.simTime) return "give --steps or --time, not both";
    if (o.framesEvery > 0 && o.outDir.empty()) return "--frames-every needs --out DIR";
    if (scenario == Scenario::Motion && o.motionSource.empty())
        return "--scenario motion needs --motion SOURCE (camera[:DEVICE], video:FILE or images:DIR)";
    if (!o.motionSource.empty() && isValidationFlow(scenario) && scenario != Scenario::Motion)
        return std::string("--motion would disturb the ") + name + " flow; use it with --scenario motion or demo";
    if (o.reynolds && scenario != Scenario::Cavity && scenario != Scenario::Tunnel)
        return std::string("--reynolds applies to --scenario cavity and tunnel only, not ") + name;
    if (!o.probeFile.empty() && scenario != Scenario::Tunnel)
        return std::string("--export-probe applies to --scenario tunnel only, not ") + name;
    if (!o.centerlinesFile.empty() && scenario != Scenario::Cavity)
        return std::string("--export-centerlines applies to --scenario cavity only, not ") + name;
    if (o.reynolds && o.given("viscosity")) return "give --reynolds or --viscosity, not both (Re sets nu)";
    if (scenario == Scenario::Tunnel && o.given("viscosity"))
        return "--scenario tunnel sets nu from --reynolds (Re = U D / nu); give --reynolds";
    if (scenario == Scenario::Tunnel && o.given("inflow-speed"))  // it was overwritten without a word
        return "--scenario tunnel sets the inflow speed itself (U = 1 m/s; Re = U D / nu); give --reynolds";
    if (isValidationFlow(scenario) && o.given("boundary") && !boundaryFits(scenario, o.params.boundary))
        return std::string("--scenario ") + name + " needs --boundary " + fluid::toString(boundaryOf(scenario)) +
               (scenario == Scenario::Tunnel ? " or tunnel-walls" : "");
    return std::nullopt;
}

// --dye-grid on the tunnel's grid: it counts the short side (the height
// here); the width follows the tunnel's shape, at the nearest whole dye cells.
std::optional<std::string> fitTunnelDyeGrid(const Options& o, RunSpec& s)
{
    SimParams& p = s.params;
    if (p.dyeGridWidth == 0) return std::nullopt;
    const long long wanted = static_cast<long long>(p.dyeGridWidth) * p.gridWidth / p.gridHeight;
    p.dyeGridWidth =
        wanted <= SimLimits::kMaxGrid ? wholeDyeGridWidth(static_cast<int>(wanted), p.gridWidth, p.gridHeight) : 0;
    if (p.dyeGridWidth == 0)
        return "--dye-grid " + std::to_string(o.params.dyeGridWidth) + " on the tunnel's " +
               std::to_string(p.gridWidth) + "x" + std::to_string(p.gridHeight) +
               " grid would make the dye grid wider than " + std::to_string(SimLimits::kMaxGrid) +
               " cells; give at most " + std::to_string(SimLimits::kMaxGrid * p.gridHeight / p.gridWidth);
    // Whole dye cells may be far from the count asked for (on 82x33 only
    // whole multiples of the grid are): say what it is.
    if (p.dyeGridHeight() != o.params.dyeGridWidth)
        s.notes.push_back("--dye-grid " + std::to_string(o.params.dyeGridWidth) +
                          " gives no whole dye grid on the tunnel's " + std::to_string(p.gridWidth) + "x" +
                          std::to_string(p.gridHeight) + " grid: the dye is " + std::to_string(p.dyeGridWidth) + "x" +
                          std::to_string(p.dyeGridHeight()) + " cells");
    return std::nullopt;
}

// The tunnel: the grid's height sets D = H / 8; its width follows (2.5 H).
std::optional<std::string> setUpTunnel(const Options& o, bool gridGiven, RunSpec& s)
{
    SimParams& p = s.params;
    const int height = gridGiven ? p.gridHeight : kTunnelGridHeight;
    if (height < CylinderWakeLimits::kMinGridHeight)
        return "--scenario tunnel needs a grid at least " + std::to_string(CylinderWakeLimits::kMinGridHeight) +
               " cells high (D = H / 8)";
    const double cfl = o.given("dt") ? 1.0 : defaultCfl(Scenario::Tunnel);  // dt itself is kept below when given
    s.wake = cylinderWake(height, o.reynolds.value_or(kTunnelReynolds), cfl);
    const float givenDt = p.dt;
    const SimParams& w = s.wake->params;
    if (w.gridWidth > SimLimits::kMaxGrid)  // it said "gridWidth = 10240 is out of range" of a good --grid
        return "--scenario tunnel is 2.5 times as wide as high: --grid " + std::to_string(height) + " would make it " +
               std::to_string(w.gridWidth) + " cells wide, beyond " + std::to_string(SimLimits::kMaxGrid) +
               "; give --grid at most " + std::to_string(SimLimits::kMaxGrid * w.gridHeight / w.gridWidth);
    p.gridWidth = w.gridWidth;
    p.gridHeight = w.gridHeight;
    if (auto problem = fitTunnelDyeGrid(o, s)) return problem;
    p.domainWidth = w.domainWidth;
    p.inflowSpeed = w.inflowSpeed;
    p.viscosity = w.viscosity;
    if (!o.given("vorticity")) p.vorticity = 0.0f;
    p.dt = o.given("dt") ? givenDt : w.dt;
    s.wake->params = p;
    s.velocityScale = s.wake->speed;
    return std::nullopt;
}

// The flow itself: each scenario's domain, physics and default end time
// (`endTime`, 0: none).
std::optional<std::string> setUpFlow(const Options& o, RunSpec& s, double& endTime)
{
    const Scenario scenario = o.scenario;
    SimParams& p = s.params;
    // --grid auto (the window's pick) is the scenario's own size here, as no
    // --grid is (the tunnel ran 640x256 with it and 240x96 without).
    const bool gridGiven = o.given("grid") && !o.autoGrid;
    endTime = 0.0;
    if (isValidationFlow(scenario)) {
        if (!gridGiven) p.gridWidth = p.gridHeight = kValidationGrid;
        const bool fits = boundaryFits(scenario, o.params.boundary);
        p.boundary = fits && o.given("boundary") ? o.params.boundary : boundaryOf(scenario);
        p.lidSpeed = 0.0f;
    }
    switch (scenario) {
        case Scenario::Demo:
        case Scenario::Motion:
            s.velocityScale = 1.0;
            break;
        case Scenario::Smoke:
            if (!o.given("gravity")) p.gravity = kPlumeGravity;
            if (!o.given("cooling")) p.cooling = kPlumeCooling;
            if (p.gravity == 0.0f) s.notes.push_back("gravity is 0: the smoke will not rise");
            s.velocityScale = 1.0;
            break;
        case Scenario::Cavity:
            p.domainWidth = 1.0f;
            p.lidSpeed = 1.0f;
            if (!o.given("viscosity")) p.viscosity = static_cast<float>(1.0 / o.reynolds.value_or(kCavityReynolds));
            if (p.viscosity <= 0.0f) return "--viscosity must be positive for the cavity (Re = 1/nu)";
            s.velocityScale = p.lidSpeed;
            break;
        case Scenario::TaylorGreen:
            p.domainWidth = static_cast<float>(2.0 * kPi);
            if (!o.given("viscosity")) p.viscosity = static_cast<float>(kTaylorGreenViscosity);
            endTime = kTaylorGreenTime;
            s.velocityScale = 1.0;
            break;
        case Scenario::ShearWave:
            p.domainWidth = 1.0f;
            if (!o.given("viscosity")) p.viscosity = static_cast<float>(kShearWaveViscosity);
            endTime = kShearWaveTime;
            s.velocityScale = 1.0;
            break;
        case Scenario::Tunnel:
            if (auto problem = setUpTunnel(o, gridGiven, s)) return problem;
            break;
    }
    // Re sets nu (nu = U L / Re): name --reynolds, not a viscosity the user did not give.
    // In double: at --reynolds 1e-300 the float nu is inf.
    if (o.reynolds && !(p.viscosity <= SimLimits::kMaxViscosity)) {
        const double speedTimesLength = s.wake ? s.wake->speed * s.wake->diameter : 1.0;  // the cavity: U = L = 1
        return "--reynolds " + format(*o.reynolds) + " makes nu = " + format(speedTimesLength / *o.reynolds) +
               " m^2/s here, beyond the largest viscosity (" + format(SimLimits::kMaxViscosity) +
               " m^2/s); give --reynolds of at least " + format(speedTimesLength / SimLimits::kMaxViscosity);
    }
    return std::nullopt;
}

// The time step and the number of steps: a fixed CFL number on the
// validation flows, so that refining the grid refines time alike. When the
// run has an end time, dt shrinks to the largest value <= C h / U that
// divides it, so every grid ends at the same t.
std::optional<std::string> setUpSteps(const Options& o, double endTime, RunSpec& s)
{
    const Scenario scenario = o.scenario;
    SimParams& p = s.params;
    if (o.simTime) endTime = *o.simTime;
    if (o.steps) endTime = 0.0;
    if (isValidationFlow(scenario) && scenario != Scenario::Tunnel && !o.given("dt")) {
        const double dt0 = defaultCfl(scenario) * static_cast<double>(p.cellSize()) / s.velocityScale;
        p.dt = static_cast<float>(endTime > 0.0 ? endTime / std::ceil(endTime / dt0 - 1e-9) : dt0);
    }
    // The cavity runs until steady unless told otherwise.
    if (scenario == Scenario::Cavity && !o.steps && !o.simTime && !s.steadyTolerance)
        s.steadyTolerance = kCavitySteadyTolerance;
    const double dt = static_cast<double>(p.dt);
    double budget = 0.0;
    if (o.steps)
        budget = *o.steps;
    else if (endTime > 0.0)
        budget = stepsFor(endTime, dt);
    else if (s.steadyTolerance)
        budget = std::ceil(kSteadyCapTime / dt);
    else if (scenario == Scenario::Tunnel)
        budget = kTunnelSteps;
    else
        budget = kDemoSteps;
    if (budget > static_cast<double>(kMaxSteps))
        return "--time " + format(endTime > 0.0 ? endTime : kSteadyCapTime) + " s at --dt " + format(dt) +
               " s would take more than " + std::to_string(kMaxSteps) + " steps";
    s.steps = std::max(1, static_cast<int>(budget));
    // A --time that is no whole number of steps runs past it: say to where
    // (--time 0.05 at --dt 10 ran to t = 10 s without a word).
    if (o.simTime && !o.steps && std::fabs(s.steps * dt - *o.simTime) > 1e-6 * *o.simTime)
        s.notes.push_back("--time " + format(*o.simTime) + " s is no whole number of steps of dt = " + format(dt) +
                          " s: the run ends after " + std::to_string(s.steps) + " step" + (s.steps == 1 ? "" : "s") +
                          ", at t = " + format(s.steps * dt) + " s");
    s.measureEveryStep = !o.energyFile.empty();
    s.settleSteps = static_cast<int>(kTunnelSettleFraction * s.steps);
    if (s.wake) s.wake->params = p;
    return std::nullopt;
}

// The parameters as a whole, and the obstacles at the run's grid: a file
// that cannot be read, or a shape that cannot be drawn here, is refused
// before anything runs.
std::optional<std::string> finishSpec(const Options& o, RunSpec& s)
{
    const SimParams& p = s.params;
    if (auto problem = validate(p)) return problem;
    if (auto problem = validate(s.motion)) return problem;
    try {
        s.obstacles = buildObstacleMask(o.obstacles, p);
    } catch (const ObstacleError& e) {
        return std::string(e.what());
    }
    if (o.obstacles.any() && hasExactSolution(o.scenario))
        s.notes.push_back("obstacles are in the flow: it departs from the solution it is compared with");
    if (isValidationFlow(o.scenario)) {
        if (p.vorticity > 0.0f)
            s.notes.push_back("vorticity confinement is on: the flow departs from the solution it is compared with");
        if (p.velocityDissipation > 0.0f)
            s.notes.push_back("velocity dissipation is on: the flow departs from the solution it is compared with");
    }
    return std::nullopt;
}

}  // namespace

ResolvedRun resolveRun(const Options& o)
{
    ResolvedRun r;
    RunSpec& s = r.spec;
    copyRunFlags(o, s);
    double endTime = 0.0;
    std::optional<std::string> problem = flagConflict(o);
    if (!problem) problem = setUpFlow(o, s, endTime);
    if (!problem) problem = setUpSteps(o, endTime, s);
    if (!problem) problem = finishSpec(o, s);
    if (problem) r.error = std::move(*problem);
    return r;
}

FluidState initialState(Scenario scenario, const SimParams& p)
{
    FluidState state = FluidState::zeros(fieldGrids(p));
    if (!hasExactSolution(scenario)) return state;
    state.velocity = exactVelocity(scenario, p, 0.0);
    return state;
}

std::vector<Emitter> scenarioEmitters(Scenario scenario, const SimParams& p)
{
    if (scenario != Scenario::Smoke) return {};
    // One fire a tenth of the way up, in the middle.
    Emitter e;
    e.position = {0.5f * p.domainWidth, 0.1f * p.domainHeight()};
    e.radius = 0.04f * p.domainWidth;
    e.smokeRate = 3.0f;  // 1/s: dense enough to show in the frames at exposure 1
    return {e};
}

std::vector<Splat> scriptedSplats(Scenario scenario, const SimParams& p, int step)
{
    if (scenario == Scenario::Smoke) {
        std::vector<Splat> splats;
        for (const Emitter& e : scenarioEmitters(scenario, p)) splats.push_back(emitterSplat(e, p.dt));
        return splats;
    }
    if (scenario != Scenario::Demo) return {};
    // Three jets (left, right, bottom) whose aim sweeps slowly from side to side
    // and whose colours cycle, so any run length gives a moving picture. Forces
    // and dye are rates times dt, so the picture does not depend on the step.
    const double t = static_cast<double>(step) * static_cast<double>(p.dt);
    const float w = p.domainWidth;
    const float h = p.domainHeight();
    const float dt = p.dt;
    constexpr float kAcceleration = 40.0f;  // m/s^2 at the jet's centre
    constexpr float kDyeRate = 15.0f;       // dye per second
    const auto hue = [](double phase) {
        const auto channel = [phase](double offset) {
            return static_cast<float>(0.5 + 0.5 * std::cos(2.0 * kPi * (phase + offset)));
        };
        return glm::vec3(channel(0.0), channel(1.0 / 3.0), channel(2.0 / 3.0));
    };
    struct Jet {
        glm::vec2 at;    // fraction of the domain
        double heading;  // radians
        double phase;    // of the sweep and the colour cycle
    };
    const Jet jets[] = {{{0.12f, 0.55f}, 0.0, 0.0}, {{0.88f, 0.45f}, kPi, 0.33}, {{0.5f, 0.1f}, 0.5 * kPi, 0.67}};
    std::vector<Splat> splats;
    for (const Jet& jet : jets) {
        const double aim = jet.heading + 0.6 * std::sin(0.8 * t + 2.0 * kPi * jet.phase);
        Splat s;
        s.from = s.to = {jet.at.x * w, jet.at.y * h};
        s.radius = 0.025f * w;
        const glm::vec2 direction(static_cast<float>(std::cos(aim)), static_cast<float>(std::sin(aim)));
        s.velocity = kAcceleration * dt * direction;
        s.dye = kDyeRate * dt * hue(0.05 * t + jet.phase);
        splats.push_back(s);
    }
    return splats;
}

bool hasExactSolution(Scenario scenario)
{
    return scenario == Scenario::TaylorGreen || scenario == Scenario::ShearWave;
}

Field exactVelocity(Scenario scenario, const SimParams& p, double t)
{
    Field f(p.gridWidth, p.gridHeight, 2);
    // In double: these are the sample points, not the solver's float h.
    const double h = static_cast<double>(p.domainWidth) / p.gridWidth;
    const double nu = static_cast<double>(p.viscosity);
    // Each component at its own point (on the staggered layout u on the
    // cell's left face and v on its bottom face).
    const VelocityLayout layout = velocityLayoutOf(p.layout);
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i) {
            const double xu = (i + layout.u.x) * h;
            const double yu = (j + layout.u.y) * h;
            const double xv = (i + layout.v.x) * h;
            const double yv = (j + layout.v.y) * h;
            double u = 0.0, v = 0.0;
            if (scenario == Scenario::TaylorGreen) {
                // |k|^2 = 2: each velocity component decays as exp(-2 nu t).
                const double decay = std::exp(-2.0 * nu * t);
                u = std::sin(xu) * std::cos(yu) * decay;
                v = -std::cos(xv) * std::sin(yv) * decay;
            } else if (scenario == Scenario::ShearWave) {
                const double k = 2.0 * kPi;  // one wavelength across the unit box
                u = std::sin(k * yu) * std::exp(-k * k * nu * t);
            }
            f.at(i, j, 0) = static_cast<float>(u);
            f.at(i, j, 1) = static_cast<float>(v);
        }
    return f;
}

double exactEnergyDecayRate(Scenario scenario, const SimParams& p)
{
    const double nu = static_cast<double>(p.viscosity);
    switch (scenario) {
        case Scenario::TaylorGreen:
            return 2.0 * nu * 2.0;  // |k|^2 = 1 + 1
        case Scenario::ShearWave:
            return 2.0 * nu * (2.0 * kPi) * (2.0 * kPi);  // |k|^2 = (2 pi)^2
        default:
            return 0.0;
    }
}

}  // namespace fluid::app::headless
