#include "app/headless/runner.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <vector>

#include "core/splat.hpp"
#include "platform/headless_context.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

namespace {

// Three jets from the walls toward the centre, each its own colour, for the
// first second of simulated time.
std::vector<Splat> demoSplats(const SimParams& p, int step)
{
    if (static_cast<float>(step) * p.dt > 1.0f) return {};
    const float w = p.domainWidth;
    const float h = p.domainHeight();
    Splat a;
    a.from = a.to = {0.2f * w, 0.5f * h};
    a.velocity = {0.6f, 0.1f};
    a.dye = {1.0f, 0.3f, 0.1f};
    Splat b = a;
    b.from = b.to = {0.8f * w, 0.45f * h};
    b.velocity = {-0.6f, 0.05f};
    b.dye = {0.1f, 0.5f, 1.0f};
    Splat c = a;
    c.from = c.to = {0.5f * w, 0.15f * h};
    c.velocity = {0.0f, 0.6f};
    c.dye = {0.2f, 1.0f, 0.3f};
    return {a, b, c};
}

void printSummary(const FluidState& s, const SimParams& p)
{
    double dye = 0.0, maxSpeed = 0.0, energy = 0.0;
    for (std::size_t n = 0; n < s.dye.size(); n += 4)
        dye += s.dye.values()[n] + s.dye.values()[n + 1] + s.dye.values()[n + 2];
    for (std::size_t n = 0; n < s.velocity.size(); n += 2) {
        const double u = s.velocity.values()[n], v = s.velocity.values()[n + 1];
        maxSpeed = std::fmax(maxSpeed, std::sqrt(u * u + v * v));
        energy += 0.5 * (u * u + v * v);
    }
    const double cellArea = static_cast<double>(p.cellSize()) * p.cellSize();
    std::printf("  total dye        %.4f (cell sum)\n", dye);
    std::printf("  max speed        %.4f m/s\n", maxSpeed);
    std::printf("  kinetic energy   %.6g m^4/s^2 per unit density and depth\n", energy * cellArea);
}

template <typename Solver>
double run(Solver& solver, const SimParams& p, int steps)
{
    const auto start = std::chrono::steady_clock::now();
    for (int n = 0; n < steps; ++n) solver.step(demoSplats(p, n));
    const FluidState state = solver.download();  // read-back once, after the loop
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printSummary(state, p);
    return seconds;
}

}  // namespace

int runHeadless(const Options& o)
{
    try {
        const SimParams& p = o.params;
        const int steps = o.steps.value_or(200);
        std::printf("fluidsim: %dx%d cells, h = %g m, dt = %g s, nu = %g m^2/s, %d pressure / %d viscosity "
                    "iterations, %s boundary, %d steps on the %s\n",
                    p.gridWidth, p.gridHeight, static_cast<double>(p.cellSize()), static_cast<double>(p.dt),
                    static_cast<double>(p.viscosity), p.pressureIterations, p.viscosityIterations,
                    fluid::toString(p.boundary), steps, o.backend == Backend::Gpu ? "GPU" : "CPU");
        double seconds = 0.0;
        if (o.backend == Backend::Gpu) {
            platform::HeadlessContext context;
            std::printf("  renderer         %s\n", context.description().c_str());
            GpuSolver solver(p);
            seconds = run(solver, p, steps);
        } else {
            CpuSolver solver(p, o.threads);
            seconds = run(solver, p, steps);
        }
        std::printf("  wall time        %.3f s (%.2f ms per step)\n", seconds, 1e3 * seconds / steps);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fluidsim: %s\n", e.what());
        return 1;
    }
}

}  // namespace fluid::app
