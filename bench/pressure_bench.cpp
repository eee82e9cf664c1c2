// pressure_bench: the implicit solves alone on the GPU. Pressure: Jacobi sweeps
// against multigrid V-cycles, the time of one of each, how many V-cycles take
// the residual of a zero start down by 10^-4 (and what 40 Jacobi sweeps
// leave), and the whole step at the window's default grid with either solver.
// Viscosity: one sweep against the default plan at small and large a.
#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <array>
#include <cmath>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "core/multigrid.hpp"
#include "platform/headless_context.hpp"
#include "reference/multigrid.hpp"
#include "sim/gpu_solver.hpp"

namespace {

constexpr const char* kDefaultMinTimeFlag = "--benchmark_min_time=1";

fluid::platform::HeadlessContext* context(std::string& error)
{
    static std::unique_ptr<fluid::platform::HeadlessContext> made;
    static std::string why;
    static bool tried = false;
    if (!tried) {
        tried = true;
        try {
            made = std::make_unique<fluid::platform::HeadlessContext>();
            fluid::platform::requireGl33();
        } catch (const std::exception& e) {
            made.reset();
            why = std::string("no OpenGL 3.3 context: ") + e.what();
        }
    }
    error = why;
    return made.get();
}

fluid::SimParams solveParams(int width, int height, fluid::PressureSolver solver)
{
    fluid::SimParams p;
    p.gridWidth = width;
    p.gridHeight = height;
    p.pressureSolver = solver;
    p.pressureIterations = 1;
    p.multigridCycles = 1;
    return p;
}

// A divergence with every scale: that of a swirl plus random velocity noise.
fluid::FluidState testState(int width, int height)
{
    fluid::FluidState s = fluid::FluidState::zeros(width, height);
    unsigned seed = 12345;
    const auto noise = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return static_cast<float>(seed >> 8) / 16777216.0f - 0.5f;
    };
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i) {
            const double x = (i + 0.5) / width, y = (j + 0.5) / height;
            s.velocity.at(i, j, 0) =
                static_cast<float>(std::sin(6.2831853 * x) * std::cos(3.14159265 * y)) + 0.3f * noise();
            s.velocity.at(i, j, 1) =
                static_cast<float>(std::cos(9.42477796 * x) * std::sin(6.2831853 * y)) + 0.3f * noise();
        }
    return s;
}

double residualOf(const fluid::GpuSolver& solver)
{
    const fluid::Field pressure = solver.download().pressure;
    return fluid::reference::relativePressureResidual(pressure, solver.downloadDivergence(), solver.constants());
}

// Args: solver (0: one solve of 40 Jacobi sweeps, the old default, packed
// where the width allows; 1: one V-cycle), grid N (N x N). Counters, measured
// once out of the timing from a zero start: residual_after_40 (Jacobi), and
// cycles_to_1e-4 (multigrid, capped at 30). So 40 sweeps take Time (row 0),
// and multigrid reaches 1e-4 in cycles_to_1e-4 x Time (row 1).
void BM_PressureIteration(benchmark::State& state)
{
    std::string error;
    if (!context(error)) {
        state.SkipWithError(error.c_str());
        return;
    }
    const auto solver = state.range(0) == 0 ? fluid::PressureSolver::Jacobi : fluid::PressureSolver::Multigrid;
    const int n = static_cast<int>(state.range(1));
    try {
        fluid::SimParams p = solveParams(n, n, solver);
        p.pressureIterations = 40;
        p.warmStartPressure = false;  // every solve from zero: the same work each time
        fluid::GpuSolver gpu(p);
        gpu.upload(testState(n, n));
        gpu.run(fluid::passes::divergence);
        if (solver == fluid::PressureSolver::Multigrid) {
            fluid::SimParams warm = p;
            warm.warmStartPressure = true;  // cycles accumulate
            gpu.setParams(warm);
            gpu.solvePressure();  // from the uploaded zero pressure
            int cycles = 1;
            while (residualOf(gpu) > 1e-4 && cycles < 30) {
                gpu.solvePressure();
                ++cycles;
            }
            state.counters["cycles_to_1e-4"] = cycles;
            gpu.setParams(p);
        } else {
            gpu.solvePressure();
            state.counters["residual_after_40"] = residualOf(gpu);
        }
        glFinish();
        for (auto _ : state) {
            gpu.solvePressure();
            glFinish();
        }
        state.SetLabel(solver == fluid::PressureSolver::Jacobi ? "40_jacobi_sweeps" : "one_v_cycle");
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

// The whole default step (40 Jacobi sweeps, or V-cycles) at the window's default
// grid, 341 x 256, with one splat per step. Args: solver (0 Jacobi 40, 1 and 2:
// that many V-cycles).
void BM_DefaultStep(benchmark::State& state)
{
    std::string error;
    if (!context(error)) {
        state.SkipWithError(error.c_str());
        return;
    }
    fluid::SimParams p;
    p.gridWidth = 341;
    p.gridHeight = 256;
    p.pressureSolver = state.range(0) == 0 ? fluid::PressureSolver::Jacobi : fluid::PressureSolver::Multigrid;
    p.multigridCycles = static_cast<int>(state.range(0));
    try {
        fluid::GpuSolver gpu(p);
        fluid::Splat splat;
        splat.from = splat.to = {0.5f * p.domainWidth, 0.5f * p.domainHeight()};
        splat.velocity = {0.0f, 1.0f};
        const std::vector<fluid::Splat> splats{splat};
        for (int k = 0; k < 3; ++k) gpu.step(splats);
        glFinish();
        for (auto _ : state) {
            gpu.step(splats);
            glFinish();
        }
        state.SetLabel(state.range(0) == 0 ? "jacobi_40" : "multigrid_" + std::to_string(state.range(0)));
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

// The viscous step alone at 256^2 (velocity noise plus a swirl as right-hand
// side). Arg 0: one Jacobi sweep (the unit of cost); 1, 2, 3: the default plan
// (src/core/multigrid.hpp planViscousSolve) at a = nu dt / h^2 = 0.1, 10, 1000.
// Counters: the plan's sweeps and V-cycles.
void BM_ViscousSolve(benchmark::State& state)
{
    std::string error;
    if (!context(error)) {
        state.SkipWithError(error.c_str());
        return;
    }
    constexpr int n = 256;
    constexpr std::array<double, 4> kAlpha{0.1, 0.1, 10.0, 1000.0};
    const auto index = static_cast<std::size_t>(state.range(0));
    fluid::SimParams p;
    p.gridWidth = p.gridHeight = n;
    const double h = static_cast<double>(p.cellSize());
    p.viscosity = static_cast<float>(kAlpha[index] * h * h / static_cast<double>(p.dt));
    if (index == 0) {
        p.viscositySolver = fluid::ViscositySolver::Jacobi;
        p.viscosityIterations = 1;
    }
    try {
        fluid::GpuSolver gpu(p);
        gpu.upload(testState(n, n));
        const fluid::ViscousSolvePlan plan = fluid::planViscousSolve(gpu.params(), gpu.constants());
        gpu.diffuse();
        glFinish();
        for (auto _ : state) {
            gpu.diffuse();
            glFinish();
        }
        state.counters["sweeps"] = plan.jacobiSweeps;
        state.counters["v_cycles"] = plan.vCycles;
        state.SetLabel(index == 0 ? "one_jacobi_sweep" : "plan_at_a=" + std::to_string(kAlpha[index]));
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK(BM_ViscousSolve)->DenseRange(0, 3)->ArgName("case")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PressureIteration)
    ->ArgsProduct({{0, 1}, {128, 256, 512, 1024}})
    ->ArgNames({"solver", "grid"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_DefaultStep)->Arg(0)->Arg(1)->Arg(2)->ArgName("cycles")->Unit(benchmark::kMillisecond)->UseRealTime();

int main(int argc, char** argv)
{
    std::vector<char*> args(argv, argv + argc);
    std::string minTime = kDefaultMinTimeFlag;
    args.insert(args.begin() + 1, minTime.data());
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
