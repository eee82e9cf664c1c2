// Running the same thing on the GPU solver and on its CPU mirror, for the
// parity tests: a case is one generic call, not a GPU lambda and a CPU lambda
// written twice, and a pair of solvers takes each set-up step once. The
// concepts say what the two sides share.
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <tuple>
#include <utility>

#include "core/field_pass.hpp"
#include "reference/cpu_solver.hpp"
#include "reference/multigrid.hpp"
#include "sim/gpu_multigrid.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::test {

// What the GPU solver and its CPU mirror share, so that a parity case can be
// one generic call: the step and each of its passes, by the same names.
template <typename S>
concept StepSolver = requires(S s, const S& cs, const SimParams& p, const FluidState& state, const Field& mask,
                              const Splat& splat, std::span<const Splat> splats, const FieldPass& pass)
{
    s.setParams(p);
    {
        cs.params()
        } -> std::same_as<const SimParams&>;
    s.upload(state);
    s.setObstacles(mask);
    s.step(splats);
    s.splat(splat);
    s.advect();
    s.advectDye();
    s.advectTemperature();
    s.diffuse();
    s.solvePressure();
    s.run(pass);
};
static_assert(StepSolver<GpuSolver> && StepSolver<CpuSolver>);

// What the two multigrid pyramids share: each pass of a V-cycle on a level.
template <typename M>
concept MultigridPasses = requires(M m, const M& cm, int level, bool zeroGuess)
{
    m.smooth(level, zeroGuess);
    m.restrictResidual(level);
    m.prolongCorrection(level);
    m.solveCoarsest(level);
    {
        cm.levelCount()
        } -> std::same_as<int>;
};
static_assert(MultigridPasses<sim::GpuMultigrid> && MultigridPasses<reference::CpuMultigrid>);

// One case of a parity test: a call on the GPU side and the same call on the
// CPU side, and what it writes.
template <typename Gpu, typename Cpu, typename Output = Slot>
struct BothCase {
    const char* name;
    Output output;
    std::function<void(Gpu&)> onGpu;
    std::function<void(Cpu&)> onCpu;
};

// `call` (a generic lambda) on both sides of any pair (the multigrids, the solvers).
template <typename Gpu, typename Cpu, typename Output, std::invocable<Gpu&> Call>
requires std::invocable<Call, Cpu&> BothCase<Gpu, Cpu, Output> bothCase(const char* name, Output output, Call call)
{
    return {name, output, call, call};
}

using PassCase = BothCase<GpuSolver, CpuSolver>;

// The name generator of a test over (case index, walls, ...): the case's
// name, then each further parameter's (walls, grid, dye grid), joined by "_".
template <typename Cases>
auto caseName(Cases cases)
{
    return [cases](const auto& info) {
        return std::apply(
            [&](std::size_t index, const auto&... rest) {
                std::string name = cases()[index].name;
                ((name += std::string("_") + rest.name), ...);
                return name;
            },
            info.param);
    };
}

inline SimParams unchanged(SimParams p)
{
    return p;
}

// A solver case that runs `call` after the parameters change by `change`, as
// the panel would change them (left alone when unchanged).
template <typename Call>
PassCase onBoth(const char* name, Slot output, Call call, SimParams (*change)(SimParams) = unchanged)
{
    return bothCase<GpuSolver, CpuSolver>(name, output, [call, change](auto& solver) {
        if (change != unchanged) solver.setParams(change(solver.params()));
        call(solver);
    });
}

// A GPU solver and a CPU solver made from the same parameters, or (to test a
// switch on a running solver) the GPU's made from others.
struct SolverPair {
    explicit SolverPair(const SimParams& p) : gpu(p), cpu(p) {}
    SolverPair(const SimParams& gpuParams, const SimParams& cpuParams) : gpu(gpuParams), cpu(cpuParams) {}

    // `f` (a generic lambda) on the GPU solver, then on the CPU solver.
    template <typename F>
    void onBoth(F&& f)
    {
        f(gpu);
        f(cpu);
    }
    // Runs `pass` and hands back its output on both sides: {gpu, cpu}.
    std::pair<Field, Field> run(const PassCase& pass)
    {
        pass.onGpu(gpu);
        pass.onCpu(cpu);
        return {gpu.download(pass.output), cpu.field(pass.output)};
    }

    GpuSolver gpu;
    CpuSolver cpu;
};

}  // namespace fluid::test
