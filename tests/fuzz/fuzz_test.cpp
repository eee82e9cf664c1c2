// Seeded parameter fuzz: random SimParams over every accepted
// range, at its edges and inside, stepped with random painting on both
// solvers. After every step: every field finite; the kinetic energy (flows
// without vorticity confinement) and the largest speed (all flows) within what
// the brush and the lid put in (fuzz/energy_budget.cpp derives both bounds);
// the dye within what the brush put down.
//
// Set n of a run uses the seed FLUIDSIM_FUZZ_SEED + n (default kDefaultSeed)
// and the run has FLUIDSIM_FUZZ_SETS sets (default kQuickSets, the CI run, or
// kFullSets with FLUIDSIM_TEST_SIZE=full: support/test_size.hpp), then, unless
// FLUIDSIM_FUZZ_SEED is given, the sets of kFoundSeeds it has not run.
// A failure prints the one command that replays its set alone.
#include <gtest/gtest.h>

#include <set>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "core/parameters.hpp"
#include "fuzz/energy_budget.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/backends.hpp"
#include "support/gl_context.hpp"
#include "support/test_size.hpp"

namespace fluid {
namespace {

constexpr std::uint64_t kDefaultSeed = 20261122;
// Sets per backend. Full: the GPU test (the slower, on llvmpipe) takes ~40 s
// for 150 sets on an idle 2-core machine and 140 s with two builds beside it,
// the CPU one ~3 s; 1,000 sets take 315 s and 20 s. Quick (CI): the first 40
// sets of the same seed, each parameter still drawn at an edge a third of the time.
constexpr int kFullSets = 150;
constexpr int kQuickSets = 40;
// Sets a full run found failing, run by every run beside its own (unless
// FLUIDSIM_FUZZ_SEED picks the seeds): 20261240, the staggered confinement
// at a vorticity of 1e4 on a 41 x 8 grid, which reached 9x the speed bound in
// 19 steps before the faces' own limit (vorticity.frag's faceLimit).
constexpr std::uint64_t kFoundSeeds[] = {20261240};

// Work per set, so that one set takes ~1 s at most: passes over the grid
// (llvmpipe spends ~30 us on each draw, however small the grid) and cell
// updates (cells x passes).
constexpr double kMaxPassesPerSet = 3e4;
constexpr double kMaxCellUpdatesPerSet = 1.5e8;

std::uint64_t envOr(const char* name, std::uint64_t fallback)
{
    const char* text = std::getenv(name);
    if (!text || !*text) return fallback;
    return std::strtoull(text, nullptr, 10);
}

// splitmix64: a portable generator, so a seed replays the same set with any
// standard library (std:: distributions are implementation-defined).
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    double logUniform(double lo, double hi) { return lo * std::pow(hi / lo, uniform()); }
    int integer(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }
    bool chance(double p) { return uniform() < p; }
    template <typename T>
    T oneOf(std::initializer_list<T> values)
    {
        return values.begin()[next() % values.size()];
    }

private:
    std::uint64_t state_;
};

float f(double x)
{
    return static_cast<float>(x);
}

// A rate in [0, max]: its edges a third of the time, else log-uniform inside.
float rate(Random& r, double lo, double max)
{
    if (r.chance(1.0 / 3.0)) return f(r.oneOf({0.0, max}));
    return f(r.logUniform(lo, max));
}

int count(Random& r, int max, int typicalMax)
{
    if (r.chance(0.35)) return r.oneOf({0, 1, max});
    return r.integer(0, typicalMax);
}

int gridSide(Random& r)
{
    if (r.chance(0.25)) return r.oneOf({8, 9, 17});
    if (r.chance(0.1)) return r.integer(150, 320);  // a few hundred
    return r.integer(8, 96);
}

// Any value a row of the parameter table accepts: an end of its range (a
// third of the time), else one inside (log-uniform for positive ranges), or
// one of its choices.
double anyAccepted(Random& r, const Parameter& row)
{
    switch (row.kind) {
        case ParameterKind::Switch:
            return r.chance(0.5) ? 1.0 : 0.0;
        case ParameterKind::Choice:
            return row.choices[static_cast<std::size_t>(r.integer(0, static_cast<int>(row.choices.size()) - 1))].value;
        case ParameterKind::Integer:
            // Counts (sweeps, cycles) cost time per unit: the top only as an edge.
            if (r.chance(1.0 / 3.0)) return r.oneOf({row.min, row.max});
            return r.integer(static_cast<int>(row.min), static_cast<int>(std::min(row.max, row.min + 64.0)));
        case ParameterKind::Real:
            break;
    }
    const double lo = row.minOpen ? std::nextafter(static_cast<float>(row.min), 1.0f) : row.min;
    if (r.chance(1.0 / 3.0)) return r.oneOf({lo, row.max});
    // Rates and sizes span decades: log-uniform over the upper six of them.
    if (row.min >= 0.0 && row.max > 0.0) return r.logUniform(std::max(lo, 1e-6 * row.max), row.max);
    return r.uniform(row.min, row.max);
}

struct FuzzSet {
    std::uint64_t seed = 0;
    SimParams params;
    int steps = 0;
    std::vector<std::vector<Splat>> splats;  // per step
};

std::string describe(const SimParams& p)
{
    std::ostringstream o;
    o << "grid " << p.gridWidth << "x" << p.gridHeight << ", domain " << p.domainWidth << " m, dt " << p.dt
      << ", viscosity " << p.viscosity << " (" << toString(p.viscositySolver) << ", " << p.viscosityIterations
      << " it), vorticity " << p.vorticity << ", dissipation v " << p.velocityDissipation << " dye " << p.dyeDissipation
      << ", pressure " << toString(p.pressureSolver) << " (" << p.pressureIterations << " it, " << p.multigridCycles
      << " cycles, " << p.coldStartCycles << " more cold, warm start " << (p.warmStartPressure ? "on" : "off") << "), "
      << toString(p.boundary) << ", lid " << p.lidSpeed << " m/s, advection " << toString(p.advection) << ", "
      << toString(p.projection) << " projection, " << toString(p.layout) << " layout";
    return o.str();
}

// Sweeps per step that cost a full pass over the grid, roughly.
double sweepsPerStep(const SimParams& p)
{
    double sweeps = 30.0;  // splats, advection, curl, vorticity, divergence, gradient, read-back
    sweeps += p.pressureSolver == PressureSolver::Jacobi ? p.pressureIterations : 12.0 * p.multigridCycles;
    if (p.viscosity > 0.0f) sweeps += p.viscositySolver == ViscositySolver::Jacobi ? p.viscosityIterations : 12.0 * 8.0;
    return sweeps;
}

// The parameters of a set, drawn in a fixed order (a seed names a set).
void drawParams(Random& r, SimParams& p)
{
    p.gridWidth = gridSide(r);
    p.gridHeight = gridSide(r);
    p.domainWidth =
        r.chance(0.2) ? r.oneOf({SimLimits::kMinDomainWidth, SimLimits::kMaxDomainWidth}) : f(r.logUniform(1e-5, 1e5));
    p.dt = r.chance(0.3) ? r.oneOf({std::numeric_limits<float>::min(), SimLimits::kMaxDt})
                         : f(r.logUniform(1e-4, SimLimits::kMaxDt));
    p.viscosity = rate(r, 1e-7, SimLimits::kMaxViscosity);
    p.vorticity = rate(r, 1e-2, 1e4);
    p.velocityDissipation = rate(r, 1e-3, 1e4);
    p.dyeDissipation = rate(r, 1e-3, 1e4);
    p.pressureSolver = r.chance(0.5) ? PressureSolver::Jacobi : PressureSolver::Multigrid;
    p.pressureIterations = count(r, SimLimits::kMaxIterations, 100);
    p.multigridCycles = count(r, SimLimits::kMaxMultigridCycles, 6);
    p.viscositySolver = r.chance(0.5) ? ViscositySolver::Jacobi : ViscositySolver::Multigrid;
    p.viscosityIterations = count(r, SimLimits::kMaxIterations, 60);
    p.warmStartPressure = r.chance(0.5);
    p.boundary = r.chance(0.5) ? BoundaryMode::Box : BoundaryMode::Periodic;
    if (p.boundary == BoundaryMode::Box && r.chance(0.5)) {
        const double speed = r.chance(0.3) ? 1e4 : r.logUniform(1e-3, 1e4);
        p.lidSpeed = f(r.chance(0.5) ? speed : -speed);
    }
    // Knobs added to the parameter table after this generator was written get
    // an edge of their range or a value inside it, so a new parameter is
    // fuzzed the day it is added; give it a tailored line above when it needs one.
    static const std::set<std::string> tailored = {"dt",
                                                   "viscosity",
                                                   "vorticity",
                                                   "velocity-dissipation",
                                                   "dye-dissipation",
                                                   "pressure-solver",
                                                   "pressure-iterations",
                                                   "multigrid-cycles",
                                                   "viscosity-solver",
                                                   "viscosity-iterations",
                                                   "warm-start",
                                                   "boundary",
                                                   "cold-start-cycles"};
    for (const Parameter& row : parameters())
        if (!tailored.contains(row.key)) row.set(p, anyAccepted(r, row));
}

// Fit the set to its work budget: fewer steps (down to 2) while it has too
// many passes, then a smaller grid (keeping its aspect) while it has too
// many cell updates. 10,000 sweeps then run for 2 or 3 steps.
void fitToBudget(FuzzSet& set)
{
    SimParams& p = set.params;
    while (sweepsPerStep(p) * set.steps > kMaxPassesPerSet && set.steps > 2) --set.steps;
    while (static_cast<double>(p.gridWidth) * p.gridHeight * sweepsPerStep(p) * set.steps > kMaxCellUpdatesPerSet &&
           (p.gridWidth > SimLimits::kMinGrid || p.gridHeight > SimLimits::kMinGrid)) {
        p.gridWidth = std::max(SimLimits::kMinGrid, p.gridWidth * 2 / 3);
        p.gridHeight = std::max(SimLimits::kMinGrid, p.gridHeight * 2 / 3);
    }
    // FLUIDSIM_FUZZ_STEPS: run every set this long instead (the painting is the
    // same; the flow then evolves unforced), to see whether a growth compounds.
    if (const auto steps = envOr("FLUIDSIM_FUZZ_STEPS", 0); steps > 0) set.steps = static_cast<int>(steps);
}

// Painting: points and segments anywhere in (and a little beyond) the
// domain, radii from a fraction of a cell to half the domain.
void drawPainting(Random& r, FuzzSet& set, int paintedSteps)
{
    const SimParams& p = set.params;
    const double w = p.domainWidth;
    const double hgt = p.domainHeight();
    const double h = p.cellSize();
    set.splats.resize(static_cast<std::size_t>(std::max(set.steps, paintedSteps)));
    for (int n = 0; n < std::min(paintedSteps, set.steps); ++n) {
        const int splats = r.integer(0, 3);
        for (int m = 0; m < splats; ++m) {
            Splat s;
            s.from = {f(r.uniform(-0.1, 1.1) * w), f(r.uniform(-0.1, 1.1) * hgt)};
            s.to = r.chance(0.5) ? s.from : glm::vec2(f(r.uniform(-0.1, 1.1) * w), f(r.uniform(-0.1, 1.1) * hgt));
            s.radius = r.chance(0.1) ? f(r.oneOf({1e-4 * h, 0.5 * std::max(w, hgt)}))
                                     : f(r.logUniform(0.3 * h, 0.3 * std::max(w, hgt)));
            const double speed = r.chance(0.1) ? 1e3 : r.logUniform(1e-3, 1e3);
            const double angle = r.uniform(0.0, 6.283185307179586);
            s.velocity = {f(speed * std::cos(angle)), f(speed * std::sin(angle))};
            s.dye = {f(r.uniform(0.0, 10.0)), f(r.uniform(0.0, 10.0)), f(r.uniform(0.0, 10.0))};
            s.addsDye = r.chance(0.7);
            set.splats[static_cast<std::size_t>(n)].push_back(s);
        }
    }
}

FuzzSet makeSet(std::uint64_t seed)
{
    Random r(seed);
    FuzzSet set;
    set.seed = seed;
    drawParams(r, set.params);
    set.steps = r.integer(5, 30);
    const auto paintedSteps = r.integer(1, set.steps);
    fitToBudget(set);
    drawPainting(r, set, paintedSteps);
    // Drawn last, so that the sets drawn before it was added keep their
    // parameters and painting (a row drawn in the table's loop above moved
    // every later draw of a set).
    set.params.coldStartCycles = count(r, SimLimits::kMaxMultigridCycles, 6);
    return set;
}

template <typename Solver>
constexpr const char* backendName()
{
    return std::is_same_v<Solver, GpuSolver> ? "GpuSolver" : "CpuSolver";
}

template <typename Solver>
constexpr const char* suiteName()
{
    return std::is_same_v<Solver, GpuSolver> ? "FuzzGpu" : "FuzzCpu";
}

using test::makeSolver;

using test::stateOf;

struct SetResult {
    std::string failure;                   // empty: passed
    double worstRatio = 0.0;               // sqrt(E) / energy bound, sets without confinement
    double worstSpeedRatio = 0.0;          // max |u| / speed bound, sets without confinement
    double worstConfinedSpeedRatio = 0.0;  // the same, sets with confinement
};

// Steps one set and checks it after every step.
template <typename Solver>
SetResult runSet(const FuzzSet& set)
{
    SetResult result;
    const SimParams& p = set.params;
    if (auto problem = validate(p)) {
        result.failure = "the generator made an invalid set: " + *problem;
        return result;
    }
    Solver solver = makeSolver<Solver>(p);
    test::EnergyBudget budget(p);
    const double h = p.cellSize();
    for (int n = 0; n < set.steps; ++n) {
        const auto& splats = set.splats[static_cast<std::size_t>(n)];
        budget.addSplats(splats);
        solver.step(splats);
        const FluidState s = stateOf(solver);
        std::string bad = test::firstNonFinite(s.velocity, "velocity");
        if (bad.empty()) bad = test::firstNonFinite(s.pressure, "pressure");
        if (bad.empty()) bad = test::firstNonFinite(s.dye, "dye");
        if (bad.empty()) bad = test::firstNonFinite(s.temperature, "temperature");
        std::ostringstream why;
        if (!bad.empty()) why << "non-finite " << bad;
        const double energy = test::kineticEnergy(s.velocity, h);
        const double ratio = budget.ratio(energy);
        const double speedRatio = budget.speedRatio(test::maxSpeed(s.velocity));
        if (p.vorticity == 0.0f) {
            result.worstRatio = std::fmax(result.worstRatio, ratio);
            result.worstSpeedRatio = std::fmax(result.worstSpeedRatio, speedRatio);
        } else {
            result.worstConfinedSpeedRatio = std::fmax(result.worstConfinedSpeedRatio, speedRatio);
        }
        const double maxSpeedRatio =
            p.vorticity > 0.0f ? test::EnergyBudget::kMaxConfinedSpeedRatio : test::EnergyBudget::kMaxSpeedRatio;
        if (bad.empty() && !(speedRatio <= maxSpeedRatio))
            why << "max speed is " << speedRatio << " times the bound " << budget.speedBound() << " m/s (allowed "
                << maxSpeedRatio << ")";
        else if (bad.empty() && p.vorticity == 0.0f && !(ratio <= test::EnergyBudget::kMaxRatio))
            why << "kinetic energy " << energy << " m^4/s^2 is " << ratio << "^2 times the bound "
                << budget.sqrtBound() * budget.sqrtBound() << " (allowed " << test::EnergyBudget::kMaxRatio << "^2)";
        // Advection blends (convex) and decays: no dye value can exceed what
        // the brush put down; 1e-5 relative covers float rounding.
        double dyeMax = 0.0;
        for (float d : s.dye.values()) dyeMax = std::fmax(dyeMax, std::fabs(static_cast<double>(d)));
        if (bad.empty() && dyeMax > budget.dyeBound() * (1.0 + 1e-5))
            why << "dye " << dyeMax << " exceeds all the brush put down, " << budget.dyeBound();
        if (!why.str().empty()) {
            std::ostringstream out;
            out << "after step " << n + 1 << " of " << set.steps << ": " << why.str();
            result.failure = out.str();
            return result;
        }
    }
    return result;
}

template <typename Solver>
void runFuzz()
{
    const std::uint64_t seed = envOr("FLUIDSIM_FUZZ_SEED", kDefaultSeed);
    const auto sets =
        static_cast<int>(envOr("FLUIDSIM_FUZZ_SETS", static_cast<std::uint64_t>(test::bySize(kQuickSets, kFullSets))));
    const char* backend = backendName<Solver>();
    double worstRatio = 0.0;
    double worstSpeedRatio = 0.0;
    double worstConfinedSpeedRatio = 0.0;
    int failures = 0;
    std::vector<std::uint64_t> seeds;
    for (int n = 0; n < sets; ++n) seeds.push_back(seed + static_cast<std::uint64_t>(n));
    if (!std::getenv("FLUIDSIM_FUZZ_SEED"))
        for (const std::uint64_t found : kFoundSeeds)
            if (std::find(seeds.begin(), seeds.end(), found) == seeds.end()) seeds.push_back(found);
    const auto start = std::chrono::steady_clock::now();
    for (const std::uint64_t setSeed : seeds) {
        const FuzzSet set = makeSet(setSeed);
        SetResult r;
        const auto setStart = std::chrono::steady_clock::now();
        try {
            r = runSet<Solver>(set);
        } catch (const std::exception& e) {
            r.failure = std::string("threw: ") + e.what();
        }
        worstRatio = std::fmax(worstRatio, r.worstRatio);
        worstSpeedRatio = std::fmax(worstSpeedRatio, r.worstSpeedRatio);
        worstConfinedSpeedRatio = std::fmax(worstConfinedSpeedRatio, r.worstConfinedSpeedRatio);
        if (std::getenv("FLUIDSIM_FUZZ_VERBOSE"))
            std::printf(
                "  set %llu: %s, %d steps; worst sqrt(E)/bound %.4g, max speed/bound %.4g (confined %.4g); "
                "%.2f s\n",
                static_cast<unsigned long long>(set.seed), describe(set.params).c_str(), set.steps, r.worstRatio,
                r.worstSpeedRatio, r.worstConfinedSpeedRatio,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - setStart).count());
        if (r.failure.empty()) continue;
        ++failures;
        ADD_FAILURE() << backend << ", set seed " << set.seed << ": " << r.failure
                      << "\n  parameters: " << describe(set.params) << ", " << set.steps
                      << " steps\n  replay: FLUIDSIM_FUZZ_SEED=" << set.seed
                      << " FLUIDSIM_FUZZ_SETS=1 FLUIDSIM_FUZZ_VERBOSE=1 tests/fuzz_tests"
                      << " --gtest_filter='" << suiteName<Solver>() << ".*'  (in build/ci)";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Printed, not asserted: the run's figures for the write-up, and the
    // margin left under kMaxRatio.
    std::printf(
        "[ measured ] %s: %zu sets from seed %llu and the found ones, %d failed, %.1f s; worst ratios to the bounds: "
        "sqrt(E) %.4g (allowed %.4g), max speed %.4g (allowed %.4g), with confinement %.4g (allowed %.4g)\n",
        backend, seeds.size(), static_cast<unsigned long long>(seed), failures, seconds, worstRatio,
        test::EnergyBudget::kMaxRatio, worstSpeedRatio, test::EnergyBudget::kMaxSpeedRatio, worstConfinedSpeedRatio,
        test::EnergyBudget::kMaxConfinedSpeedRatio);
}

// Two tests, so that ctest runs the backends side by side; the CPU one needs no
// GL context.
TEST(FuzzCpu, RandomParameterSets)
{
    runFuzz<CpuSolver>();
}

class FuzzGpu : public test::GlTest {};

TEST_F(FuzzGpu, RandomParameterSets)
{
    runFuzz<GpuSolver>();
}

}  // namespace
}  // namespace fluid
