// solver_bench: wall-clock milliseconds per full solver step (splat, advection,
// diffusion, vorticity confinement, projection) for GpuSolver and for CpuSolver
// on one thread and on all cores, at 128^2, 256^2 and 512^2 cells.
#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "bench_main.hpp"
#include "bench_params.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "gl/program.hpp"
#include "gl/program_binaries.hpp"
#include "gl/render_target.hpp"
#include "reference/cpu_solver.hpp"
#include "shaders/shader_sources.hpp"
#include "sim/gpu_solver.hpp"

namespace {

using fluid::bench::benchParams;
using fluid::bench::benchSplat;
using fluid::bench::GlEnvironment;
using fluid::bench::glEnvironment;
using fluid::bench::gpuArgs;
using fluid::bench::kGridSizes;
using fluid::bench::kWarmUpSteps;
using fluid::bench::peerParams;

// Long enough that the library runs several steps even where one 512^2 step
// takes most of a second (llvmpipe), short enough that the whole run stays
// within a few minutes on a small machine. Passed as a default flag rather than
// MinTime() so that the names stay short ("min_time:2.000" is appended to every
// name otherwise) and --benchmark_min_time on the command line still wins.
// 1.7 reads a plain number of seconds; 1.8 still accepts one without the "s".
constexpr const char* kDefaultMinTimeFlag = "--benchmark_min_time=2";

// The timed loop shared by both solvers. `finish` runs inside the timing after
// every step and returns once that step's work is done. Besides the mean
// (the row's time), the counter median_ms: the median step.
template <typename Solver, typename Finish>
void timeSteps(benchmark::State& state, Solver& solver, int grid, Finish finish)
{
    const std::array splats{benchSplat(solver.params())};
    for (int n = 0; n < kWarmUpSteps; ++n) solver.step(splats);
    finish();

    // Each step's own time as well, so that a step can be compared by its
    // median with a peer timed that way (scripts/demo-step-time.sh: the WebGL
    // demo's median step), a hiccup of the machine weighing on neither.
    std::vector<double> stepMs;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        solver.step(splats);
        finish();
        stepMs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    if (!stepMs.empty()) {
        const auto middle = stepMs.begin() + static_cast<std::ptrdiff_t>(stepMs.size() / 2);
        std::nth_element(stepMs.begin(), middle, stepMs.end());
        state.counters["median_ms"] = *middle;
    }

    const double cells = static_cast<double>(grid) * static_cast<double>(grid);
    state.counters["cells/s"] = benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["steps/s"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
}

// Times GpuSolver steps with `params` (a missing context or a failed shader
// becomes the row's error, and the other rows still run).
// A cylinder of a quarter of the grid's height, a third of the way along: the
// obstacle benchmarks' mask.
fluid::Field benchObstacles(const fluid::SimParams& p)
{
    fluid::Field mask(p.gridWidth, p.gridHeight, 1);
    const double cx = p.gridWidth / 3.0, cy = p.gridHeight / 2.0, r = p.gridHeight / 8.0;
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i)
            if ((i - cx) * (i - cx) + (j - cy) * (j - cy) <= r * r) mask.at(i, j) = 1.0f;
    return mask;
}

void timeGpuSteps(benchmark::State& state, const fluid::SimParams& params, bool obstacles = false)
{
    const GlEnvironment& gl = glEnvironment();
    if (!gl.context) {
        state.SkipWithError(gl.error.c_str());
        return;
    }
    try {
        fluid::GpuSolver solver(params);
        if (obstacles) solver.setObstacles(benchObstacles(params));
        // step() only queues GL commands; without glFinish the driver would let
        // steps pile up and the loop would time command submission instead of
        // the GPU work.
        timeSteps(state, solver, params.gridWidth, [] { glFinish(); });
    } catch (const std::exception& error) {
        // Shader compilation or framebuffer setup failed (gl::GlError).
        state.SkipWithError(error.what());
    }
}

// Arg: grid size.
void BM_GpuStep(benchmark::State& state)
{
    timeGpuSteps(state, benchParams(static_cast<int>(state.range(0))));
}

// Arg: grid size.
void BM_GpuStepPeerConfig(benchmark::State& state)
{
    timeGpuSteps(state, peerParams(static_cast<int>(state.range(0))));
}

// The peer's configuration with the dye on its own grid (the peer runs
// velocity 128, dye 1024). Args: velocity grid, dye grid (0: the velocity's).
void BM_GpuStepPeerDyeGrid(benchmark::State& state)
{
    fluid::SimParams p = peerParams(static_cast<int>(state.range(0)));
    p.dyeGridWidth = static_cast<int>(state.range(1));
    timeGpuSteps(state, p);
}

// The peer's grids (velocity 128, dye 1024) with the dye carried by each of
// its own schemes, so that one run gives a scheme's cost as a ratio. Arg:
// 0 semi-Lagrangian, 1 MacCormack, 2 the cubic read (docs/algorithm.md §3.2c).
void BM_GpuStepDyeScheme(benchmark::State& state)
{
    fluid::SimParams p = peerParams(128);
    p.dyeGridWidth = 1024;
    constexpr fluid::DyeAdvection kSchemes[] = {fluid::DyeAdvection::SemiLagrangian, fluid::DyeAdvection::MacCormack,
                                                fluid::DyeAdvection::Cubic};
    p.dyeAdvection = kSchemes[state.range(0)];
    state.SetLabel(toString(p.dyeAdvection));
    timeGpuSteps(state, p);
}

// The step with every default (multigrid pressure, the viscous solve planned
// to its tolerance) at the bench's viscosity and vorticity: what a user gets.
// Compare with 0eef30c's BM_GpuStep, its defaults (40 + 20 Jacobi sweeps).
void BM_GpuStepDefaults(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(0))));
    timeGpuSteps(state, p);
}

// The user's step (BM_GpuStepDefaults) with the dye on its own grid: at
// velocity 256 and dye 512, the WebGL demo's grids, timed against the demo's
// own step by scripts/demo-step-time.sh.
void BM_GpuStepDefaultsDyeGrid(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(0))));
    p.dyeGridWidth = static_cast<int>(state.range(1));
    timeGpuSteps(state, p);
}

// BM_GpuStepDefaultsDyeGrid at the demo's grids with one default given up
// (two, for the last), to size what each costs against the WebGL demo's step
// (scripts/demo-step-time.sh, DEMO_TRADES=1). Each buys its time with a
// figure the defaults are kept for (bench/README.md, "What each default
// costs"). Arg: the row of kTrades.
struct DefaultTraded {
    const char* label;
    void (*apply)(fluid::SimParams&);
};
constexpr DefaultTraded kTrades[] = {
    {"none", [](fluid::SimParams&) {}},
    {"2 V-cycles", [](fluid::SimParams& p) { p.multigridCycles = 2; }},
    {"dye semi-Lagrangian", [](fluid::SimParams& p) { p.dyeAdvection = fluid::DyeAdvection::SemiLagrangian; }},
    {"dye cubic", [](fluid::SimParams& p) { p.dyeAdvection = fluid::DyeAdvection::Cubic; }},
    {"velocity semi-Lagrangian",
     [](fluid::SimParams& p) {
         p.advection = fluid::AdvectionScheme::SemiLagrangian;
         p.dyeAdvection = fluid::DyeAdvection::MacCormack;
     }},
    {"no viscosity", [](fluid::SimParams& p) { p.viscosity = 0.0f; }},
    {"2 V-cycles, dye semi-Lagrangian",
     [](fluid::SimParams& p) {
         p.multigridCycles = 2;
         p.dyeAdvection = fluid::DyeAdvection::SemiLagrangian;
     }},
};

void BM_GpuStepDefaultsTraded(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(256));
    p.dyeGridWidth = 512;
    const DefaultTraded& trade = kTrades[state.range(0)];
    trade.apply(p);
    state.SetLabel(trade.label);
    timeGpuSteps(state, p);
}

// A grid change in the window, or an embedder's second solver: a new
// GpuSolver with every default, and its first step (where llvmpipe makes
// its shader variants), in a process that has made one before. Args: 1, its
// programs loaded from the binaries the first build left
// (gl/program_binaries.hpp), or 0, each compiled and linked again; the grid
// (128: the window's rows).
void BM_GpuSolverMadeAgain(benchmark::State& state)
{
    const GlEnvironment& gl = glEnvironment();
    if (!gl.context) {
        state.SkipWithError(gl.error.c_str());
        return;
    }
    const bool loaded = state.range(0) != 0;
    const fluid::SimParams params = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(1))));
    const std::array splats{benchSplat(params)};
    const auto makeAndStep = [&] {
        fluid::GpuSolver solver(params);
        solver.step(splats);
        glFinish();
    };
    try {
        makeAndStep();  // the first, which leaves the binaries where they are kept
        fluid::gl::program_binaries::setEnabled(loaded);
        for (auto _ : state) makeAndStep();
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
    fluid::gl::program_binaries::setEnabled(true);
}

// The user's step (BM_GpuStepDefaults) with each advection scheme, so that
// one run gives the cost of MacCormack as a ratio. Args: scheme (0
// semi-Lagrangian, 1 MacCormack), grid size.
void BM_GpuStepAdvection(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(1))));
    p.advection = state.range(0) == 1 ? fluid::AdvectionScheme::MacCormack : fluid::AdvectionScheme::SemiLagrangian;
    state.SetLabel(toString(p.advection));
    timeGpuSteps(state, p);
}

// The default step (MacCormack) with the plain or the incremental projection
// (arg 0: 0 plain, 1 incremental; docs/algorithm.md §3.8a): the cost of its
// two passes.
void BM_GpuStepProjection(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(1))));
    p.advection = fluid::defaultSimParams().advection;
    p.projection = state.range(0) == 1 ? fluid::Projection::Incremental : fluid::Projection::Plain;
    state.SetLabel(toString(p.projection));
    timeGpuSteps(state, p);
}

// The default step on either layout (arg 0: 0 collocated, 1 staggered;
// docs/algorithm.md §2b): what the staggered passes' face reads cost.
void BM_GpuStepLayout(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(1))));
    p.advection = fluid::defaultSimParams().advection;
    p.layout = state.range(0) == 1 ? fluid::Layout::Staggered : fluid::Layout::Collocated;
    state.SetLabel(toString(p.layout));
    timeGpuSteps(state, p);
}

// Args: thread count, grid size.
void BM_CpuStep(benchmark::State& state)
{
    const int threads = static_cast<int>(state.range(0));
    const int grid = static_cast<int>(state.range(1));
    fluid::CpuSolver solver(benchParams(grid), threads);
    timeSteps(state, solver, grid, [] {});
}

// The default step with an obstacle (benchObstacles): every pass built with
// OBSTACLES (GPU), the per-cell path around the solid (CPU). Against
// BM_GpuStepDefaults and BM_CpuStepDefaults, the cost of obstacles.
void BM_GpuStepObstacles(benchmark::State& state)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(benchParams(static_cast<int>(state.range(0))));
    timeGpuSteps(state, p, true);
}

fluid::SimParams cpuDefaults(int grid)
{
    return fluid::bench::withUserSolvers(benchParams(grid));
}

// Args: thread count, grid size.
void BM_CpuStepDefaults(benchmark::State& state)
{
    const int grid = static_cast<int>(state.range(1));
    fluid::CpuSolver solver(cpuDefaults(grid), static_cast<int>(state.range(0)));
    timeSteps(state, solver, grid, [] {});
}

void BM_CpuStepObstacles(benchmark::State& state)
{
    const int grid = static_cast<int>(state.range(1));
    const fluid::SimParams p = cpuDefaults(grid);
    fluid::CpuSolver solver(p, static_cast<int>(state.range(0)));
    solver.setObstacles(benchObstacles(p));
    timeSteps(state, solver, grid, [] {});
}

// --- the CPU reference against the memory-bandwidth floor -----------------------
// The 20+20 configuration: 20 pressure and 20 viscous sweeps. The floor is the
// time to move the bytes a step must move at the bandwidth of a STREAM triad
// measured in the same run; floor_ratio is a step's time over that.

fluid::SimParams twentySweepParams(int grid)
{
    fluid::SimParams p = benchParams(grid);
    p.pressureIterations = 20;
    p.viscosityIterations = 20;
    return p;
}

// Floats per cell that CpuSolver::step must move with one dye-carrying splat,
// counting each field a pass reads and each it writes once (the STREAM
// convention: no write-allocate traffic, no re-reads of a neighbour's value).
// Velocity is 2 floats per cell, dye 4, pressure, divergence and curl 1.
double floatsPerCellPerStep(const fluid::SimParams& p)
{
    double floats = 0.0;
    floats += 2 + 2;      // splat velocity: velocity in, velocity out
    floats += 4 + 4;      // splat dye: dye in, dye out
    floats += 2 + 4 + 4;  // advect dye: velocity, dye in, dye out
    floats += 2 + 2;      // advect velocity: velocity (trace and source), velocity out
    if (p.viscosity > 0.0f && p.viscosityIterations > 0)
        floats += (2 + 2) + (p.viscosityIterations - 1) * (2 + 2 + 2);  // x (= b on the first sweep), b, out
    if (p.vorticity > 0.0f) {
        floats += 2 + 1;      // curl: velocity in, curl out
        floats += 2 + 1 + 2;  // vorticity: velocity, curl, velocity out
    }
    floats += 2 + 1;                               // divergence
    floats += p.pressureIterations * (1 + 1 + 1);  // pressure sweep: p, divergence, p out
    floats += 2 + 1 + 2;                           // gradient: velocity, pressure, velocity out
    return floats;
}

double bytesPerStep(const fluid::SimParams& p)
{
    const double cells = static_cast<double>(p.gridWidth) * static_cast<double>(p.gridHeight);
    return cells * floatsPerCellPerStep(p) * static_cast<double>(sizeof(float));
}

// STREAM's triad, a = b + s c, over three arrays of 128 MiB each (four times
// the largest last-level cache we run on, so every byte comes from memory),
// each thread taking one contiguous part, as the solver's rows are shared out.
class Triad {
public:
    static constexpr std::size_t kFloats = std::size_t{32} << 20;

    explicit Triad(int threads) : threads_(threads), a_(kFloats), b_(kFloats), c_(kFloats)
    {
        // Touch every page from the thread that will use it, as a step does.
        run([this](std::size_t begin, std::size_t end) {
            for (std::size_t n = begin; n < end; ++n) {
                a_[n] = 0.0f;
                b_[n] = 1.0f;
                c_[n] = 2.0f;
            }
        });
    }

    void once()
    {
        run([this](std::size_t begin, std::size_t end) {
            float* __restrict a = a_.data();
            const float* __restrict b = b_.data();
            const float* __restrict c = c_.data();
            for (std::size_t n = begin; n < end; ++n) a[n] = b[n] + kScale * c[n];
        });
    }

    // STREAM's count: two arrays read, one written.
    static double bytesPerRun() { return 3.0 * static_cast<double>(kFloats * sizeof(float)); }

    // Bytes per second, the median of a few runs.
    double measureBandwidth()
    {
        std::vector<double> rates;
        for (int n = 0; n < 7; ++n) {
            const auto start = std::chrono::steady_clock::now();
            once();
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            rates.push_back(bytesPerRun() / took.count());
        }
        std::sort(rates.begin(), rates.end());
        return rates[rates.size() / 2];
    }

    float checksum() const { return a_[kFloats / 2]; }

private:
    static constexpr float kScale = 3.0f;

    template <typename Part>
    void run(Part part)
    {
        std::vector<std::thread> workers;
        const auto count = static_cast<std::size_t>(threads_);
        for (std::size_t t = 0; t < count; ++t)
            workers.emplace_back([&part, t, count] { part(kFloats * t / count, kFloats * (t + 1) / count); });
        for (std::thread& w : workers) w.join();
    }

    int threads_;
    std::vector<float> a_, b_, c_;
};

int allThreads()
{
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

// Measured once, on every hardware thread, the first time a step benchmark needs it.
double triadBandwidth()
{
    static const double bandwidth = Triad(allThreads()).measureBandwidth();
    return bandwidth;
}

// Arg: thread count.
void BM_Triad(benchmark::State& state)
{
    Triad triad(static_cast<int>(state.range(0)));
    triad.once();
    for (auto _ : state) {
        triad.once();
        benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(triad.checksum());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(Triad::bytesPerRun()));
}

// Args: thread count, grid size.
void BM_CpuStep20x20(benchmark::State& state)
{
    const int threads = static_cast<int>(state.range(0));
    const int grid = static_cast<int>(state.range(1));
    const fluid::SimParams params = twentySweepParams(grid);
    const double bytes = bytesPerStep(params);
    const double floorSeconds = bytes / triadBandwidth();
    fluid::CpuSolver solver(params, threads);
    timeSteps(state, solver, grid, [] {});
    state.counters["bytes_per_step"] = bytes;
    state.counters["floor_ratio"] =
        benchmark::Counter(floorSeconds, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["triad_GB/s"] = triadBandwidth() * 1e-9;
}

// One thread and every hardware thread, named by the actual count so that the
// table says what was measured; on a one-core machine only the first remains.
void cpuArgs(benchmark::internal::Benchmark* b)
{
    const int all = static_cast<int>(std::thread::hardware_concurrency());
    b->ArgNames({"threads", ""});
    for (const int grid : kGridSizes) b->Args({1, grid});
    if (all > 1)
        for (const int grid : kGridSizes) b->Args({all, grid});
}

void triadArgs(benchmark::internal::Benchmark* b)
{
    b->ArgName("threads")->Arg(1);
    if (allThreads() > 1) b->Arg(allThreads());
}

// The 20+20 configuration's sizes, on one thread and on every hardware thread.
void twentySweepArgs(benchmark::internal::Benchmark* b)
{
    b->ArgNames({"threads", ""});
    for (const int grid : {256, 512}) b->Args({1, grid});
    if (allThreads() > 1)
        for (const int grid : {256, 512}) b->Args({allThreads(), grid});
}

// Real time, not CPU time: the work runs on the GPU or on the CPU solver's (and
// llvmpipe) worker threads, none of which the main thread's CPU clock sees.
BENCHMARK(BM_GpuStep)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepDefaults)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepAdvection)
    ->ArgNames({"scheme", ""})
    ->ArgsProduct({{0, 1}, {128, 256}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepProjection)
    ->ArgNames({"incremental", ""})
    ->ArgsProduct({{0, 1}, {128, 256}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepLayout)
    ->ArgNames({"staggered", ""})
    ->ArgsProduct({{0, 1}, {128, 256}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepPeerConfig)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepPeerDyeGrid)
    ->Args({128, 1024})
    ->Args({256, 256})
    ->Args({128, 0})
    ->Args({256, 1024})
    ->Args({256, 512})  // the WebGL demo's grids (scripts/demo-step-time.sh)
    ->ArgNames({"velocity", "dye"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepDefaultsDyeGrid)
    ->Args({256, 512})
    ->ArgNames({"velocity", "dye"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepDefaultsTraded)
    ->DenseRange(0, static_cast<int>(std::size(kTrades)) - 1)
    ->ArgName("given_up")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuSolverMadeAgain)
    ->ArgNames({"loaded", ""})
    ->ArgsProduct({{0, 1}, {128}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepDyeScheme)->DenseRange(0, 2)->ArgName("scheme")->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CpuStep)->Apply(cpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuStepObstacles)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CpuStepDefaults)->Apply(cpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CpuStepObstacles)->Apply(cpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CpuStep20x20)->Apply(twentySweepArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Triad)->Apply(triadArgs)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    return fluid::bench::runBenchmarks(argc, argv, kDefaultMinTimeFlag);
}
