// taylor_green_cpu: fluidsim's CPU backend alone, in a program that links no
// GL. A Taylor-Green vortex at 128x128 decays as E(t) = E(0) exp(-4 nu t);
// the program measures the rate from the kinetic energy and prints it
// beside the exact one.
#include <cmath>
#include <cstdio>
#include <exception>

#include <fluidsim/fluidsim.hpp>

int main()
{
    try {
        // The flow's own settings: the periodic 2 pi box, its viscosity and a
        // time step at CFL 0.5; every other setting is the library's default.
        const fluidsim::Settings settings = fluidsim::flowSettings(fluidsim::Flow::TaylorGreen, 128);
        fluidsim::Solver solver = fluidsim::makeSolver(fluidsim::Backend::Cpu, settings);
        fluidsim::startFlow(solver, fluidsim::Flow::TaylorGreen);

        const double startEnergy = solver.kineticEnergy();
        constexpr int kSteps = 40;
        solver.step(kSteps);
        const double rate = std::log(startEnergy / solver.kineticEnergy()) / solver.time();
        const double exact = *fluidsim::exactEnergyDecayRate(fluidsim::Flow::TaylorGreen, settings);

        std::printf(
            "taylor_green_cpu: fluidsim %s, CPU, 128x128, %d steps to t = %.3f s: decay rate %.6f 1/s, "
            "exact %.6f 1/s, deviation %+.3f%%\n",
            FLUIDSIM_VERSION_STRING, kSteps, solver.time(), rate, exact, 100.0 * (rate / exact - 1.0));
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "taylor_green_cpu: %s\n", e.what());
        return 1;
    }
}
