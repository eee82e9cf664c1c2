// Scenarios of the headless runner: what each flow needs (domain, boundary,
// viscosity, time step), its initial state and scripted input, and its exact
// solution where one exists. resolveRun() is the one place where the runner's
// flags are checked against each other and against the scenario.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/display_settings.hpp"
#include "app/options.hpp"
#include "core/cylinder_wake.hpp"
#include "core/emitter.hpp"
#include "core/field.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"

namespace fluid::app::headless {

// Everything one run needs, with every default filled in and checked.
struct RunSpec {
    Scenario scenario = Scenario::Demo;
    Backend backend = Backend::Gpu;
    SimParams params;
    int threads = 0;  // CPU backend: 0 = all cores

    int steps = 200;                        // the step budget: the run ends here at the latest
    std::optional<double> steadyTolerance;  // m/s^2: stop once max |du/dt| falls below
    // Steps between two steady checks: each check is a read-back, and the
    // change over K steps divided by K dt is a rate as good as the per-step one
    // once the flow is nearly steady.
    int steadyCheckEvery = 10;
    bool measureEveryStep = false;  // read back after every step (energy, divergence)
    bool profile = false;           // time the step's groups (RunResult::profile)

    std::string outDir;   // PNG frames ("" = none)
    int framesEvery = 0;  // 0: the final frame only
    // With --view: frames show this view coloured as the window does
    // (shadeCell); without, the dye (demo) or the speed |u| / U.
    std::optional<DisplaySettings> frameView;
    std::string background;    // the water view's picture ("" = tiles)
    Field obstacles;           // the solid mask at the grid (src/core/obstacles.hpp); empty = no obstacles
    std::string motionSource;  // camera[:DEVICE], video:FILE or images:DIR; "" = none
    MotionParams motion;
    std::string centerlinesFile;
    std::string energyFile;
    std::string probeFile;  // tunnel: the probe's CSV
    // Tunnel: the cylinder (its mask goes to the solver), the probe, D and U.
    std::optional<CylinderWake> wake;
    int settleSteps = 0;  // tunnel: the Strouhal number is measured from this step on

    double velocityScale = 1.0;      // U, m/s: lid speed or initial amplitude; scales outputs and the PNG colour map
    std::vector<std::string> notes;  // warnings for the user (e.g. physics the exact solution ignores)
};

struct ResolvedRun {
    RunSpec spec;
    std::string error;  // one line naming the flag(s) and what is accepted; empty on success
    bool ok() const { return error.empty(); }
};

// Scenario defaults apply only to what the command line did not set
// (Options::given): the grid (64 for the validation flows), the domain, the
// boundary, the viscosity and the time step (fixed CFL number, see defaultCfl()).
ResolvedRun resolveRun(const Options& options);

// The CFL number u dt / h of the default time step, per scenario: the
// convergence studies refine h at this fixed ratio.
double defaultCfl(Scenario scenario);

FluidState initialState(Scenario scenario, const SimParams& params);

// The scripted input of step `step` (the demo's jets; nothing for the others).
// The fixed smoke sources of a scenario (smoke: one, low in the middle).
std::vector<Emitter> scenarioEmitters(Scenario scenario, const SimParams& params);
std::vector<Splat> scriptedSplats(Scenario scenario, const SimParams& params, int step);

// Exact solutions (Taylor-Green and the shear wave only). The velocity is
// sampled at cell centres; the energy decays as exp(-rate t) with
// rate = 2 nu |k|^2 for a single Fourier mode of wavevector k.
bool hasExactSolution(Scenario scenario);
Field exactVelocity(Scenario scenario, const SimParams& params, double t);
double exactEnergyDecayRate(Scenario scenario, const SimParams& params);

}  // namespace fluid::app::headless
