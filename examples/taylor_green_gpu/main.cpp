// taylor_green_gpu: fluidsim's GPU backend in a headless program. It makes
// its own OpenGL 3.3 context (EGL, no window), runs a Taylor-Green vortex at
// 128x128, measures the decay rate of the kinetic energy and prints it beside
// the exact 4 nu.
#include <cmath>
#include <cstdio>
#include <exception>

#include <fluidsim/fluidsim.hpp>

#include "../common/headless_egl.hpp"

int main()
{
    try {
        // The GPU backend runs in the context current on this thread; it must
        // outlive the solver, which frees its GL objects in it.
        const HeadlessEgl context;
        const fluidsim::Settings settings = fluidsim::flowSettings(fluidsim::Flow::TaylorGreen, 128);
        fluidsim::Solver solver = fluidsim::makeSolver(fluidsim::Backend::Gpu, settings);
        fluidsim::startFlow(solver, fluidsim::Flow::TaylorGreen);

        // kineticEnergy() reads the state back: once before, once after.
        const double startEnergy = solver.kineticEnergy();
        constexpr int kSteps = 40;
        solver.step(kSteps);
        const double rate = std::log(startEnergy / solver.kineticEnergy()) / solver.time();
        const double exact = *fluidsim::exactEnergyDecayRate(fluidsim::Flow::TaylorGreen, settings);

        std::printf(
            "taylor_green_gpu: fluidsim %s, GPU (%s), 128x128, %d steps to t = %.3f s: decay rate %.6f 1/s, "
            "exact %.6f 1/s, deviation %+.3f%%\n",
            FLUIDSIM_VERSION_STRING, context.vendor().c_str(), kSteps, solver.time(), rate, exact,
            100.0 * (rate / exact - 1.0));
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "taylor_green_gpu: %s\n", e.what());
        return 1;
    }
}
