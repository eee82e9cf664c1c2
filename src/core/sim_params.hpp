// SimParams: every knob of the simulation, shared by the GPU solver, the CPU
// reference solver and (later) the UI. Units are written beside each field; all
// of them are physical, so a parameter means the same thing at every grid size.
#pragma once

#include <optional>
#include <string>

#include "core/advection_scheme.hpp"
#include "core/field.hpp"

namespace fluid {

enum class BoundaryMode {
    Box,          // closed box: no-slip walls, pure Neumann pressure
    Periodic,     // wrap-around in x and y
    Tunnel,       // wind tunnel: inflow at inflowSpeed on the left, outflow (p = 0) on the right, slip top and bottom
    TunnelWalls,  // the same with no-slip walls at the top and bottom (a channel: the flow slows at the walls)
};

const char* toString(BoundaryMode mode);

// Either wind tunnel: the inflow, the outflow and everything else but the top
// and bottom walls are the same.
constexpr bool isTunnel(BoundaryMode mode)
{
    return mode == BoundaryMode::Tunnel || mode == BoundaryMode::TunnelWalls;
}

enum class PressureSolver {
    Jacobi,     // pressureIterations Jacobi sweeps (GPU Gems ch. 38)
    Multigrid,  // multigridCycles V-cycles (src/core/multigrid.hpp)
};

const char* toString(PressureSolver solver);

enum class ViscositySolver {
    Jacobi,     // viscosityIterations Jacobi sweeps (GPU Gems ch. 38), converged or not
    Multigrid,  // to a relative residual of 1e-3: V-cycles, or the cheaper Jacobi sweeps
                // that provably reach it at small a (planViscousSolve, src/core/multigrid.hpp)
};

const char* toString(ViscositySolver solver);

const char* toString(AdvectionScheme scheme);

// How the dye is carried: as the velocity is (the default, so every figure
// and test runs one scheme), or by a scheme of its own. The window carries a
// finer dye grid semi-Lagrangian: one pass instead of three, where the dye's
// cells are so small that the first-order scheme's smearing does not show,
// and with none of the MacCormack limiter's clamps, whose bounds jump at
// every cell line of the dye grid (docs/algorithm.md §3.2a).
// Beyond AsVelocity, value n is the scheme kAdvectionSchemes[n - 1]: the
// choices are built from that table, so a scheme needs no name here. Cubic
// comes after them: the dye's own, one pass (dyeReadsCubic).
enum class DyeAdvection {
    AsVelocity,
    SemiLagrangian,
    MacCormack,
    Cubic = static_cast<int>(kAdvectionSchemes.size()) + 1,
};

const char* toString(DyeAdvection scheme);

// How advection and the pressure projection are split (docs/algorithm.md §3.8a).
enum class Projection {
    Plain,        // GPU Gems ch. 38: advect, then project; first order in dt, which damps swirls (Taylor-Green +4.9%
                  // at CFL 0.5)
    Incremental,  // half of the last step's pressure gradient applied to the velocity carried by the advection,
                  // the projection then supplies the rest: second order in dt
    Auto,         // incremental on a periodic boundary, plain where there are walls or a strong vorticity
                  // confinement (projectsIncrementally)
};

const char* toString(Projection projection);

// Where the velocity lives on the grid (docs/algorithm.md §3.1b).
enum class Layout {
    Collocated,  // GPU Gems ch. 38: u and v at cell centres; divergence and gradient span 2h, the Laplacian h, so
                 // even an exact pressure solve leaves divergence behind
    Staggered,   // Harlow and Welch's MAC grid: u on the face left of each cell, v on the face below; divergence and
                 // gradient are compact and the projection is exact up to the solver's tolerance
};

const char* toString(Layout layout);

struct SimParams {
    int gridWidth = 256;       // cells along x
    int gridHeight = 256;      // cells along y
    float domainWidth = 1.0f;  // m, [1e-6, 1e6]; cell size h = domainWidth / gridWidth, domain height = gridHeight * h
    // The dye's own grid, over the same domain: cells along x, 0 = the
    // simulation grid's. Its height is dyeGridWidth * gridHeight / gridWidth
    // (whole, so dye cells are square too: see dyeGridHeight()). A finer dye
    // grid than the velocity's shows sharp colour for little cost.
    int dyeGridWidth = 0;

    float dt = 1.0f / 60.0f;           // s, fixed simulation time step
    float viscosity = 1e-4f;           // m^2/s, kinematic viscosity nu (0 skips the diffusion passes)
    float vorticity = 0.0f;            // 1/s, vorticity confinement strength epsilon (0 skips curl + force)
    float velocityDissipation = 0.0f;  // 1/s, velocity decays as 1/(1 + rate*dt) per step
    float dyeDissipation = 0.0f;       // 1/s, dye decays as 1/(1 + rate*dt) per step

    int pressureIterations = 40;   // Jacobi sweeps of the pressure Poisson solve
    int viscosityIterations = 20;  // Jacobi sweeps of the implicit viscous diffusion (Jacobi viscosity solver)
    ViscositySolver viscositySolver = ViscositySolver::Multigrid;  // converges at every viscosity
    bool warmStartPressure = true;  // start the pressure solve from last step's pressure (false: from 0, as ch. 38)
    PressureSolver pressureSolver = PressureSolver::Multigrid;  // cheaper per step than 40 Jacobi sweeps, and converges
    // V-cycles per pressure solve with the multigrid solver, and more for a
    // solver's first (multigridCyclesOf); the programs and the window take
    // their own (defaultSimParams()).
    int multigridCycles = 2;
    int coldStartCycles = 0;

    AdvectionScheme advection =
        AdvectionScheme::MacCormack;  // of velocity and dye (docs/validation.md §8: why the default)
    DyeAdvection dyeAdvection = DyeAdvection::AsVelocity;  // the dye's scheme (dyeAdvectionOf)
    // The dye on a grid of its own reads the velocity at a box's walls as it
    // is one cell in: the tangential component beyond a wall repeats its
    // mirror instead of negating it, and the normal one at the wall is the
    // first one in instead of 0 (docs/algorithm.md §3.2a). The velocity itself
    // keeps its no-slip walls, and the dye's trace still stops at them.
    bool dyeSlipsAtWalls = false;
    Projection projection = Projection::Plain;  // the programs project by boundary: defaultSimParams()
    Layout layout = Layout::Collocated;         // the programs run staggered: defaultSimParams()

    // Smoke: Boussinesq buoyancy. The temperature field holds T - T0 (K); the
    // fluid is pushed up by the acceleration g ((T - T0) / T0 - beta s), s the
    // smoke (the dye's mean of r, g, b): warm fluid rises, smoke weighs it down.
    float gravity = 0.0f;                // m/s^2, [0, 1000], pointing down (-y); 0 turns smoke off: no
                                         // buoyancy, and the temperature is neither carried nor cooled
    float ambientTemperature = 293.15f;  // K, T0, [1, 1e4]; an ideal gas expands by 1/T0 per kelvin
    float smokeWeight = 0.0f;            // beta, [0, 100]: smoke's relative density excess per unit of s
    float cooling = 0.0f;                // 1/s, [0, 1e4]: T - T0 decays as 1/(1 + rate dt) per step

    BoundaryMode boundary = BoundaryMode::Box;
    float lidSpeed = 0.0f;     // m/s, tangential (+x) speed of the top wall; Box mode only (lid-driven cavity)
    float inflowSpeed = 1.0f;  // m/s, +x speed of the tunnel's inflow; Tunnel mode only

    float cellSize() const { return domainWidth / static_cast<float>(gridWidth); }
    // The dye grid's size in cells (the simulation grid's when dyeGridWidth is 0).
    int dyeGridWidthOrDefault() const { return dyeGridWidth == 0 ? gridWidth : dyeGridWidth; }
    int dyeGridHeight() const
    {
        return dyeGridWidth == 0 ? gridHeight
                                 : static_cast<int>(static_cast<long long>(dyeGridWidth) * gridHeight / gridWidth);
    }
    bool operator==(const SimParams&) const = default;
    float domainHeight() const { return cellSize() * static_cast<float>(gridHeight); }
};

// The three sets of defaults, in one place:
// - SimParams{}: GPU Gems ch. 38's method (collocated layout, plain
//   projection, 2 V-cycles a pressure solve), which the pass-level tests are
//   written against; `--layout collocated --projection plain` runs it in the
//   programs.
// - defaultSimParams(): what the programs start from (the headless runner,
//   both backends, the benchmarks' "defaults", the flags' and --help's
//   defaults): the staggered layout, whose projection is exact up to the
//   solver's tolerance (docs/validation.md §5c), projecting by boundary
//   (projectsIncrementally), 3 V-cycles a pressure solve and one more on a
//   cold start: the demo at 256² then keeps a relative divergence under 1e-3
//   after every step (multigridCyclesOf).
// - windowSimParams(): what the window starts from where no flag and no
//   settings file says otherwise: the programs' with the look and the pace a
//   newcomer expects (the constants below). The app adds its display's
//   (app::windowDefaults()).
SimParams defaultSimParams();
SimParams windowSimParams();

// Vorticity confinement in the window: the swirls a newcomer expects, and
// the fine curls that keep the dye crisp. With the clamping limiter a
// confinement above 2 wrinkled the dye along the grid's axes (4 to 8 at
// 85x64: staircase 1.4-1.75 at 15 s). With the reverting one
// (kWindowAdvection), tests/app/look_test.cpp's stroke on 172 x 128 measures
// detail 0.027 at 2, 0.045 at 3, 0.037-0.056 at 4-6, its staircase under 1.1
// throughout; but on the 84 x 64 grid a slower machine picks, a dye carried
// sharply shows the confinement's grid-sized curls from 4 on (staircase 1.36
// at 4 and 6, 1.10 at 3, 1.11 at 2). The programs' default stays 0, so the
// headless runner, the tests and every validation figure run the book's
// method.
inline constexpr float kWindowVorticity = 3.0f;

// V-cycles a pressure solve in the window. In the window the programs' third
// cycle costs the auto grid its 128 rows on a 2-core llvmpipe machine: at 3
// it picked 84x64 in 2 of 3 starts and ran 172x128 at 26.9 frames/s in the
// third, at 2 it picked 172x128 in 3 of 3 at 33.5-36.4 frames/s
// (`scripts/window-speed.sh 12`, 2026-11-27). What 2 leave, 0.0033 of
// max |u| / h after a step, does not show.
inline constexpr int kWindowMultigridCycles = 2;

// How the window carries its velocity: MacCormack with the reverting
// limiter. The clamping one (the programs' default, behind every validation
// figure) is flat in steps where it bites, its bounds constant over each cell
// of the velocity's grid, and the dye carried by that velocity shows them as
// stair steps along the axes, on the window's coarse grids most (the
// window's stroke on 172 x 128, tests/app/look_test.cpp: staircase 1.51
// clamped, 0.71 reverting; the window at 84 x 64, 6 s, at a confinement of
// 2: 1.70-1.77 against 1.07-1.20).
inline constexpr AdvectionScheme kWindowAdvection = AdvectionScheme::MacCormackRevert;

// How fast the window's dye fades (1/s): the brush and the idle splats keep
// adding colour, and dye that never fades piles up into a grey-olive soup
// within a minute. At 0.12 a splat's colour halves in about 6 s of fluid
// time, so the picture holds a few splats' worth at once: vivid, and lit over
// a third of the window with nobody painting (README, "Beside the WebGL
// demo"). The window also carries its finer dye grid semi-Lagrangian
// (DyeAdvection).
inline constexpr float kWindowDyeDissipation = 0.12f;

// How fast the window's velocity fades (1/s): a light drag (the WebGL
// demo's is 0.2). Every idle splat and stroke adds momentum and a box
// without drag keeps all of it: within seconds it turns into a circulation
// the size of the box, whose currents run along the four walls and lay the
// dye on them in wall-long layers (the "nested rectangles"), which the
// staircase measure reads as axis-aligned edges. At 0.1 a swirl keeps 90% of
// its speed a second, so the splats' curls live on while the box-wide
// current never builds up. A window's first sight replayed headless (172 x
// 128, dye 688 x 512, 66 s, frames from 5 s on): staircase 1.35 on average,
// 38 of 62 frames above 1.3, detail 0.180; at 0.1: 1.18, 12, 0.154; at 0.2:
// 1.21, 15, 0.145; at 0.5: 1.14, 7, 0.114.
inline constexpr float kWindowVelocityDissipation = 0.1f;

// How the window carries its dye (on a grid 4x finer than the velocity's,
// app::autoDyeGrid): semi-Lagrangian, one pass over the dye grid, which
// every grid the pick takes can afford; and where the frame has room for the
// cubic read's 16 reads a cell at the grid the pick took, the cubic
// (dyeReadsCubic; the pick's probe, app::FluidSession::pickGrid). The sharp
// one keeps the filaments the confinement curls, which the bilinear read
// smears a fraction of a dye cell a step: 6 s into the window's first sight
// on 172 x 128, detail 0.094 against 0.022 (MacCormack's two passes: 0.068,
// at 26-31 frames/s where the cubic keeps 33-36 and the plain read 33-37).
inline constexpr DyeAdvection kWindowDyeAdvection = DyeAdvection::SemiLagrangian;
inline constexpr DyeAdvection kWindowSharpDyeAdvection = DyeAdvection::Cubic;

// The window's dye reads the velocity at the walls as it is one cell in,
// along the wall and onto it (SimParams::dyeSlipsAtWalls; docs/algorithm.md
// §3.2a). On the walls' own rule the velocity falls to zero at a wall, so on
// the 4x dye grid the outermost dye cells move at a fraction of the speed
// beside them and keep old dye as lines along the walls: most of what the
// staircase measure found left (84 x 64, the same velocity: 1.63 and 1.87
// at 6 and 15 s, 0.90 and 1.39 slipping along the walls).
inline constexpr bool kWindowDyeSlipsAtWalls = true;

// The scheme that carries the dye: dyeAdvection, or the velocity's (Cubic:
// the semi-Lagrangian one, whose read is then cubic; dyeReadsCubic).
AdvectionScheme dyeAdvectionOf(const SimParams& p);

// Whether the dye's back-trace reads it by a clamped cubic instead of
// bilinearly (DyeAdvection::Cubic): a Catmull-Rom spline through the 4 x 4
// cells around the traced point, clamped to the range of the four a bilinear
// read blends, so it makes no new extremes and is as bounded as the
// semi-Lagrangian read; far less smearing for one pass and 16 reads a cell
// (docs/algorithm.md §3.2c). Only on a dye grid of its own: on the
// velocity's, the dye shares its passes, and Cubic is the semi-Lagrangian
// scheme.
bool dyeReadsCubic(const SimParams& p);

// Accepted ranges: the parameter table (core/parameters.cpp) and validate()
// read them; tests sweep them.
struct SimLimits {
    static constexpr int kMinGrid = 8;
    static constexpr int kMaxGrid = 4096;
    static constexpr int kMaxIterations = 10000;
    static constexpr int kMaxMultigridCycles = 100;
    // Below a micrometre, h^2 = (domainWidth / 4096)^2 and a = nu dt / h^2
    // leave float's normal range at the other limits (a domain of 1e-30 m
    // made NaN in the first step; found by tests/fuzz).
    static constexpr float kMinDomainWidth = 1e-6f;  // m
    static constexpr float kMaxDomainWidth = 1e6f;   // m
    static constexpr float kMaxDt = 10.0f;
    static constexpr float kMaxViscosity = 100.0f;  // m^2/s
    static constexpr float kMaxVorticity = 1e4f;    // 1/s
    static constexpr float kMaxDissipation = 1e4f;  // 1/s, dye and velocity
    static constexpr float kMaxInflowSpeed = 1e3f;  // m/s
    static constexpr float kMaxLidSpeed = 1e4f;     // m/s, either way along x
};

// Whether a step of `p` takes the incremental projection. Auto takes it
// where nothing but the periodic wrap bounds the flow: there it is the
// textbook second-order split (Taylor-Green's decay rate -0.08% against
// plain's +4.9% at CFL 0.5), while at walls its carried gradient's ghost rule
// leaves a first-order error of its own that this project has not yet
// explained (the cavity's v 0.010 from Ghia's, the cylinder's St +11%; plain
// 0.0075 and -0.6%: docs/validation.md §8b).
// Nor where the vorticity confinement changes the flow by more than its own
// size in a step (epsilon dt > 1): the carried half of the last pressure
// gradient, which then holds mostly the confinement's, feeds its growth (the
// periodic demo at 64² blew up at --vorticity 1000, epsilon dt 17, with the
// incremental projection and stayed at 8.2 m/s with the plain one).
inline constexpr float kMaxConfinementStepForAutoIncremental = 1.0f;  // epsilon dt

constexpr bool projectsIncrementally(const SimParams& p)
{
    if (p.projection != Projection::Auto) return p.projection == Projection::Incremental;
    return p.boundary == BoundaryMode::Periodic && p.vorticity * p.dt <= kMaxConfinementStepForAutoIncremental;
}

// Whether the incremental projection's estimate of the whole step's pressure
// (FluidState::fullPressure) no longer fits a step of `next`: dt changed (it
// is p dt / rho), or the plain projection, which does not keep it up, takes over.
inline bool fullPressureGoesStale(const SimParams& current, const SimParams& next)
{
    return next.dt != current.dt || (!projectsIncrementally(next) && projectsIncrementally(current));
}

// Whether the smoke passes run (temperature advection and cooling, buoyancy).
inline bool smokeIsOn(const SimParams& p)
{
    return p.gravity > 0.0f;
}

// True when the chosen pressure solver does nothing (0 sweeps or 0 cycles):
// the step then does no projection, and the solvers clear the pressure so the
// gradient pass cannot keep subtracting a stale one.
inline bool pressureSolveIsEmpty(const SimParams& p)
{
    return p.pressureSolver == PressureSolver::Multigrid ? p.multigridCycles == 0 : p.pressureIterations == 0;
}

// The Jacobi pressure solve damps its first sweep, x + w (J(x) - x) with
// w = 1/2, when its sweep count is odd. A plain sweep flips the sign of the
// error of the checkerboard mode, and of the modes beside it almost, so an odd
// count hands the next step a pressure whose error there is the negative of
// what it got; on the staggered layout, whose gradient of a checkerboard is the
// largest there is (the collocated one's is zero), the projection then feeds
// that error back into the velocity, and the two grow by 1 + sqrt(2) a step:
// the demo at 64² with 21 sweeps reached 12,566 m/s in 600 steps (1.4 m/s with
// 20 or 22). Damped by a half, a sweep takes the checkerboard's error to zero
// and leaves every mode's sign as an even count does (docs/algorithm.md §3.7).
inline constexpr float kOddJacobiFirstSweepWeight = 0.5f;

inline bool dampsFirstPressureSweep(const SimParams& p)
{
    return p.pressureSolver == PressureSolver::Jacobi && p.pressureIterations % 2 == 1;
}

// The V-cycles of a multigrid pressure solve: multigridCycles, and
// coldStartCycles more where the warm start has nothing to start from. A
// warm-started solve only catches up with one step's change; the first one of
// a solver (made or reset, or after a step whose solve was empty) starts from
// zero, or from an uploaded guess. On the demo at 256², 3 V-cycles a step, the
// first step left a relative divergence of 0.0017 and every later step at most
// 0.00053; one cycle more takes the first to 0.00028 (docs/validation.md §5c).
constexpr int multigridCyclesOf(const SimParams& p, bool coldStart)
{
    const bool extra = coldStart && p.warmStartPressure && p.multigridCycles > 0;
    return p.multigridCycles + (extra ? p.coldStartCycles : 0);
}

// The grid each of FluidState's fields lives on under these parameters.
FieldGrids fieldGrids(const SimParams& params);

// The dye grid width nearest to `wanted` (at or above it, within the grid
// limits) whose height dyeGridWidth * gridHeight / gridWidth is whole, for
// callers that pick the simulation grid at run time (the window's aspect).
// 0 stays 0 (the simulation grid).
int wholeDyeGridWidth(int wanted, int gridWidth, int gridHeight);

// The one validation point: returns a message naming the first broken rule and
// the accepted range, or nothing when the parameters are usable.
std::optional<std::string> validate(const SimParams& params);

// params when validate() finds nothing, else std::invalid_argument
// "<who>: <the problem>" (the solvers' constructors and setParams).
SimParams validatedFor(const char* who, const SimParams& params);

// std::invalid_argument "<function>: <problem>" when there is a problem.
void throwIfProblem(const std::optional<std::string>& problem, const char* function);

}  // namespace fluid
