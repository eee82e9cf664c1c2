// pass_bench: single passes of the GPU step, each against the floor of a
// plain copy pass (docs: bench/README.md "Pass costs as multiples of the
// floor"), and the peer configuration's Jacobi pressure solve alone; and the
// same passes of the CPU reference, the staggered layout's beside the
// collocated one's.
#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <array>
#include <exception>
#include <functional>
#include <string>

#include "bench_main.hpp"
#include "bench_params.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "reference/cpu_solver.hpp"
#include "shaders/shader_sources.hpp"
#include "sim/gpu_solver.hpp"

namespace {

using fluid::bench::benchParams;
using fluid::bench::benchSplat;
using fluid::bench::glEnvironment;
using fluid::bench::gpuArgs;
using fluid::bench::kGridSizes;
using fluid::bench::kWarmUpSteps;
using fluid::bench::peerParams;

// Passes per timed iteration: one glFinish per pass would time the driver's
// flush more than the pass.
constexpr int kPassesPerIteration = 20;

// Times `pass` run kPassesPerIteration times per iteration; reports time per pass.
template <typename Pass>
void timePasses(benchmark::State& state, int grid, Pass pass)
{
    for (int n = 0; n < kWarmUpSteps; ++n) pass();
    glFinish();
    for (auto _ : state) {
        for (int n = 0; n < kPassesPerIteration; ++n) pass();
        glFinish();
    }
    const double cells = static_cast<double>(grid) * static_cast<double>(grid) * kPassesPerIteration;
    state.counters["cells/s"] = benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["per_pass"] = benchmark::Counter(
        kPassesPerIteration, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The floor: a full-screen pass that copies an R32F texture into another, each
// copy reading what the previous one wrote (as the pressure sweeps do).
// Arg: grid size.
void BM_GpuCopyFloor(benchmark::State& state)
{
    if (!glEnvironment().context) {
        state.SkipWithError(glEnvironment().error.c_str());
        return;
    }
    const int grid = static_cast<int>(state.range(0));
    try {
        const auto file = [](const char* name) {
            return fluid::gl::SourceFile{name, std::string(fluid::shaders::source(name))};
        };
        const fluid::gl::Program copy = fluid::gl::Program::build({file("fullscreen.vert")}, {file("copy.frag")});
        fluid::gl::PingPong field(grid, grid, fluid::gl::TextureFormat::R32F, "copy floor");
        field.read().clear(1.0f);
        const fluid::gl::VertexArray vertexArray = fluid::gl::VertexArray::create();
        copy.use();
        glUniform1i(copy.uniform("uSource"), 0);
        glBindVertexArray(vertexArray.id());
        timePasses(state, grid, [&] {
            field.read().bindTexture(0);
            field.write().bindAsTarget();
            glDrawArrays(GL_TRIANGLES, 0, 3);
            field.swap();
        });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

// One pass of the step, alone. Args: pass index (kPassNames), grid size.
// The sweeping passes run one sweep (1 pressure, 1 viscosity iteration).
constexpr std::array<const char*, 10> kPassNames{
    "splat",    "advect_dye", "advect (dye and velocity)", "diffuse", "curl", "vorticity", "divergence",
    "pressure", "gradient",   "advect_maccormack"};  // forward, backward, correction, per field

// The passes of kPassNames on either solver (GpuSolver and CpuSolver name them alike).
template <typename Solver>
std::array<std::function<void()>, kPassNames.size()> passesOf(Solver& solver, const fluid::Splat& splat)
{
    return {[&solver, splat] { solver.splat(splat); },
            [&solver] { solver.advectDye(); },
            [&solver] { solver.advect(); },
            [&solver] { solver.diffuse(); },
            [&solver] { solver.run(fluid::passes::curl); },
            [&solver] { solver.run(fluid::passes::vorticity); },
            [&solver] { solver.run(fluid::passes::divergence); },
            [&solver] { solver.solvePressure(); },
            [&solver] { solver.run(fluid::passes::gradient); },
            [&solver] { solver.advect(); }};
}

void BM_GpuPass(benchmark::State& state)
{
    if (!glEnvironment().context) {
        state.SkipWithError(glEnvironment().error.c_str());
        return;
    }
    const auto index = static_cast<std::size_t>(state.range(0));
    const int grid = static_cast<int>(state.range(1));
    state.SetLabel(kPassNames[index]);
    try {
        fluid::SimParams p = benchParams(grid);
        p.pressureIterations = 1;
        p.viscosityIterations = 1;
        if (kPassNames[index] == std::string("advect_maccormack")) p.advection = fluid::AdvectionScheme::MacCormack;
        fluid::GpuSolver solver(p);
        const fluid::Splat splat = benchSplat(p);
        for (int n = 0; n < kWarmUpSteps; ++n) solver.step(std::array{splat});
        timePasses(state, grid, passesOf(solver, splat)[index]);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

// The Jacobi pressure solve of the peer configuration alone (20 sweeps, with
// the packing copies around them where the width is a multiple of 4); per_pass
// is per solve, per_sweep the solve over its 20 sweeps. Arg: grid size.
void BM_GpuPressureSolve(benchmark::State& state)
{
    if (!glEnvironment().context) {
        state.SkipWithError(glEnvironment().error.c_str());
        return;
    }
    const int grid = static_cast<int>(state.range(0));
    try {
        const fluid::SimParams p = peerParams(grid);
        fluid::GpuSolver solver(p);
        for (int n = 0; n < kWarmUpSteps; ++n) solver.step(std::array{benchSplat(p)});
        timePasses(state, grid, [&] { solver.solvePressure(); });
        state.counters["per_sweep"] =
            benchmark::Counter(kPassesPerIteration * p.pressureIterations,
                               benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

// One pass of the CPU reference's step, alone, on one thread, on either
// layout (the staggered row beside the collocated one: their ratio is the
// staggered layout's cost). The sweeping passes run one sweep; the advection
// is semi-Lagrangian but in advect_maccormack. Args: pass index (kPassNames),
// staggered (0, 1), grid size.
void BM_CpuPass(benchmark::State& state)
{
    const auto index = static_cast<std::size_t>(state.range(0));
    const bool staggered = state.range(1) == 1;
    const int grid = static_cast<int>(state.range(2));
    state.SetLabel(std::string(kPassNames[index]) + (staggered ? ", staggered" : ", collocated"));
    fluid::SimParams p = benchParams(grid);
    p.pressureIterations = 1;
    p.viscosityIterations = 1;
    p.layout = staggered ? fluid::Layout::Staggered : fluid::Layout::Collocated;
    p.advection = kPassNames[index] == std::string("advect_maccormack") ? fluid::AdvectionScheme::MacCormack
                                                                        : fluid::AdvectionScheme::SemiLagrangian;
    fluid::CpuSolver solver(p, 1);
    const fluid::Splat splat = benchSplat(p);
    for (int n = 0; n < kWarmUpSteps; ++n) solver.step(std::array{splat});
    const auto passes = passesOf(solver, splat);
    for (auto _ : state) passes[index]();
    const double cells = static_cast<double>(grid) * static_cast<double>(grid);
    state.counters["cells/s"] = benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
}

// Each pass on both layouts, next to each other, at 256^2.
void cpuPassArgs(benchmark::internal::Benchmark* b)
{
    b->ArgNames({"pass", "staggered", ""});
    for (std::size_t pass = 0; pass < kPassNames.size(); ++pass)
        for (const int staggered : {0, 1}) b->Args({static_cast<int>(pass), staggered, 256});
}

void passArgs(benchmark::internal::Benchmark* b)
{
    b->ArgNames({"pass", ""});
    for (const int grid : kGridSizes)
        for (std::size_t pass = 0; pass < kPassNames.size(); ++pass) b->Args({static_cast<int>(pass), grid});
}

// Real time: the work runs on the GPU (or llvmpipe's threads).
// 8 x 8: a pass's fixed cost, its cells' work next to nothing (on llvmpipe the
// hand-over of every draw into another target to its threads and back).
BENCHMARK(BM_GpuCopyFloor)->Arg(8)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuPressureSolve)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuPass)->Apply(passArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CpuPass)->Apply(cpuPassArgs)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    return fluid::bench::runBenchmarks(argc, argv, "--benchmark_min_time=2");
}
