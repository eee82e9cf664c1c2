// fluidsim's public API: the one header a user includes. A 2D incompressible
// fluid (stable fluids, GPU Gems ch. 38) on a GPU backend (OpenGL 3.3 fragment
// passes) or the CPU reference backend, chosen at run time. Standard library
// only (C++17 or later): no GL loader, no GLFW, so the application may use
// glad, GLEW or epoxy.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "fluidsim/version.hpp"

/// \file
/// The public API of fluidsim: the one header a user includes. Link
/// fluidsim::cpu (the CPU backend alone, no GL) or fluidsim::gpu (both
/// backends) from find_package(fluidsim).

/// The public API of fluidsim. Positions are in metres from the bottom-left
/// corner of the domain, velocities in m/s, times in seconds.
namespace fluidsim {

/// Every failure of the API: invalid settings, a GPU backend without a
/// current GL context, a shader the driver refuses. what() is one line that
/// names the function and the broken rule.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A point or a velocity in the plane.
struct Vec2 {
    double x = 0.0;  ///< along the domain's width
    double y = 0.0;  ///< along its height
};

/// A dye colour (concentrations, 0 = none; the display maps 1 to full colour).
struct Rgb {
    double r = 0.0;  ///< red
    double g = 0.0;  ///< green
    double b = 0.0;  ///< blue
};

/// What bounds the domain.
enum class Boundary {
    Box,          ///< closed box, no-slip walls (the top one may move: Settings::lidSpeed)
    Periodic,     ///< wrap-around in x and y
    Tunnel,       ///< inflow on the left (Settings::inflowSpeed), outflow on the right, slip top and bottom
    TunnelWalls,  ///< the tunnel with no-slip walls at top and bottom (a channel)
};

/// Where the velocity is stored. The API reads and writes at physical
/// positions either way; the layout changes only the numerics.
enum class Layout {
    Staggered,   ///< u on each cell's left face, v on its bottom face (the MAC grid): an exact projection
    Collocated,  ///< u and v at cell centres (GPU Gems ch. 38)
};

/// The solver's settings. A field left empty takes the value the fluidsim
/// programs use, so `Settings{}` is exactly their defaults; resolved() shows
/// every value that applies.
struct Settings {
    std::optional<int> gridWidth;       ///< cells along x
    std::optional<int> gridHeight;      ///< cells along y
    std::optional<double> domainWidth;  ///< m; cells are square, so the height is domainWidth * gridHeight / gridWidth
    std::optional<int> dyeGridWidth;    ///< cells along x of the dye's own grid; 0: the simulation grid
    std::optional<double> dt;           ///< s, the fixed time step
    std::optional<double> viscosity;    ///< m^2/s, kinematic; 0 skips diffusion
    std::optional<double> vorticity;    ///< 1/s, vorticity confinement strength; 0: off
    std::optional<double> velocityDissipation;  ///< 1/s, the velocity decays as 1 / (1 + rate dt) per step
    std::optional<double> dyeDissipation;       ///< 1/s, the dye decays likewise
    std::optional<Boundary> boundary;           ///< what bounds the domain; Boundary::Box by default
    std::optional<double> lidSpeed;             ///< m/s, +x speed of the top wall (Boundary::Box)
    std::optional<double> inflowSpeed;          ///< m/s, +x speed of the tunnel's inflow
    std::optional<Layout> layout;               ///< where the velocity is stored; Layout::Staggered by default
    int threads = 0;  ///< CPU backend: worker threads, 0 = all cores; taken when the solver is made

    /// These settings with every empty field filled in with its default.
    Settings resolved() const;
    /// Throws Error naming the first broken rule and the accepted range.
    void validate() const;
};

/// Which solver runs the step.
enum class Backend {
    Gpu,  ///< fragment passes; needs a current OpenGL 3.3 core context on the calling thread
    Cpu,  ///< the reference solver on the CPU; no GL at all
};

/// One piece of input: along the segment from -> to, a velocity impulse and
/// dye, each shaped by a Gaussian of the given radius smeared along the
/// segment (a point when from == to). A stroke cut into pieces adds what the
/// whole stroke adds.
struct Splat {
    Vec2 from{0.5, 0.5};   ///< m
    Vec2 to{0.5, 0.5};     ///< m
    double radius = 0.02;  ///< m
    Vec2 velocity;         ///< m/s added at the centre (a force F over a step is F dt)
    Rgb dye;               ///< dye added at the centre
    bool addsDye = true;   ///< false: push the fluid only
};

namespace detail {
class Engine;
struct SnapshotData;
}  // namespace detail

/// A copy of the velocity and the dye at one step, read at physical
/// positions. Cheap to copy (shared, immutable).
class Snapshot {
public:
    /// The velocity at `position`, each component interpolated bilinearly
    /// between its own sample points (exact for a linear field). Beyond the
    /// outermost samples the nearest one's value holds; a periodic domain wraps.
    Vec2 velocityAt(Vec2 position) const;
    /// The dye at `position`, interpolated bilinearly between cell centres.
    Rgb dyeAt(Vec2 position) const;
    /// 0.5 * sum over the samples of (u^2 + v^2) * h^2: m^4/s^2 per unit density and depth.
    double kineticEnergy() const;
    /// max |div u| over cells, 1/s, by the solver's own discrete divergence.
    double maxDivergence() const;
    /// Simulated time of this state, s.
    double time() const;
    /// Steps taken when it was read.
    long long steps() const;

private:
    friend class Solver;
    explicit Snapshot(std::shared_ptr<const detail::SnapshotData> data);
    std::shared_ptr<const detail::SnapshotData> data_;
};

/// A fluid solver on either backend. Move-only. Every call on the GPU backend
/// needs the GL context the solver was made in to be current.
class Solver {
public:
    Solver(Solver&&) noexcept;             ///< takes the other's solver; the other is left empty
    Solver& operator=(Solver&&) noexcept;  ///< likewise
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;
    ~Solver();  ///< on the GPU backend, needs its GL context current to free the GL objects

    /// The backend it was made with.
    Backend backend() const;
    /// The settings in force, every field filled in.
    Settings settings() const;
    /// Takes effect from the next step; the grid sizes are fixed for the
    /// solver's life (throws Error otherwise: make a new solver).
    void setSettings(const Settings& settings);

    /// Queues a splat for the next step.
    void splat(const Splat& splat);
    /// Advances `count` steps of Settings::dt; the queued splats go into the first.
    void step(int count = 1);
    /// Every field to zero, time to 0; obstacles stay.
    void reset();
    /// Simulated time since the solver was made or reset, s.
    double time() const;
    /// Steps taken since the solver was made or reset.
    long long steps() const;

    /// Sets the velocity alone, u at u's sample points and v at v's, from a
    /// function of the physical position; pressure, dye and the rest stay.
    /// Reads the state back first on the GPU: for set-up, not for every frame.
    void setVelocity(const std::function<Vec2(Vec2 position)>& velocity);
    /// Adds acceleration * dt to the velocity (a body force over one step),
    /// sampled as setVelocity() samples. A read-back on the GPU, like it.
    void applyForce(const std::function<Vec2(Vec2 position)>& acceleration);
    /// Sets the dye alone at the dye grid's cell centres.
    void setDye(const std::function<Rgb(Vec2 position)>& dye);
    /// Solid obstacles: cells whose centre the function calls solid. Their
    /// velocity is held at zero; an empty function clears them.
    void setObstacles(const std::function<bool(Vec2 position)>& solid);

    /// Probes: Snapshot::velocityAt() and dyeAt() of the current state. Each
    /// call reads the state back; for many probes take one snapshot().
    Vec2 velocityAt(Vec2 position) const;
    /// The dye at `position` (Snapshot::dyeAt()); a read-back, like velocityAt().
    Rgb dyeAt(Vec2 position) const;
    /// Snapshot::kineticEnergy() of the current state.
    double kineticEnergy() const;
    /// Snapshot::maxDivergence() of the current state: what the projection left.
    double maxDivergence() const;

    /// The current state, read back now (the GPU waits for the step).
    Snapshot snapshot() const;
    /// Starts an asynchronous read-back of the current state (a pixel buffer
    /// and a fence on the GPU; immediate on the CPU). One at a time: a new
    /// request drops the one in flight.
    void requestSnapshot();
    /// The requested state once it has arrived (then only once), nothing
    /// before; `wait` blocks until it arrives. Never stalls the GPU otherwise.
    std::optional<Snapshot> takeSnapshot(bool wait = false);

    /// GL texture names of the current velocity (RG32F, u and v at their
    /// sample points) and dye (RGBA32F), for display; 0 on the CPU backend.
    /// Valid until the next step.
    unsigned velocityTexture() const;
    /// The dye's texture name (see velocityTexture()); 0 on the CPU backend.
    unsigned dyeTexture() const;

private:
    friend Solver makeSolver(Backend backend, const Settings& settings);
    explicit Solver(std::unique_ptr<detail::Engine> engine);
    std::unique_ptr<detail::Engine> engine_;
    std::vector<Splat> queued_;
    int threads_ = 0;
    double time_ = 0.0;
    long long steps_ = 0;
};

/// Makes a solver. Throws Error for invalid settings (Settings::validate()'s
/// message), for Backend::Gpu without a current OpenGL context on this thread
/// or with one older than 3.3 core, and for Backend::Gpu in a program that
/// does not link the GPU backend (fluidsim::gpu).
Solver makeSolver(Backend backend, const Settings& settings = {});

/// The flows with known answers that the fluidsim programs validate against.
enum class Flow {
    TaylorGreen,  ///< periodic 2 pi box, u = sin x cos y, v = -cos x sin y; decays exactly
    Cavity,       ///< lid-driven unit box at Re = 100 (Ghia et al. 1982)
    ShearWave,    ///< periodic unit box, u = sin(2 pi y); decays exactly
    Tunnel,       ///< a cylinder in the wind tunnel at Re = 100: vortex shedding
};

/// The settings of `flow` with `grid` cells across (the tunnel: high, and
/// 2.5 times as wide): domain, boundary, viscosity and a time step at the
/// CFL number the programs use (0.5 for the decaying flows, 1 for the
/// cavity, 2 for the tunnel). Fields may be changed before making the solver.
Settings flowSettings(Flow flow, int grid);
/// Resets `solver` and sets up the flow's initial state (and the tunnel's
/// cylinder). Throws Error when the solver's boundary or grid cannot hold it.
void startFlow(Solver& solver, Flow flow);
/// The exact decay rate of the kinetic energy, E(t) = E(0) exp(-rate t), 1/s,
/// at the settings' viscosity: 4 nu (Taylor-Green), 8 pi^2 nu (shear wave);
/// nothing for the other flows.
std::optional<double> exactEnergyDecayRate(Flow flow, const Settings& settings);

}  // namespace fluidsim
