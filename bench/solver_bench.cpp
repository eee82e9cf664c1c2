// solver_bench: wall-clock milliseconds per full solver step (splat, advection,
// diffusion, vorticity confinement, projection) for GpuSolver and for CpuSolver
// on one thread and on all cores, at 128^2, 256^2 and 512^2 cells.
#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <array>
#include <exception>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "platform/headless_context.hpp"
#include "gl/program.hpp"
#include "gl/render_target.hpp"
#include "reference/cpu_solver.hpp"
#include "shaders/shader_sources.hpp"
#include "sim/gpu_solver.hpp"

namespace {

constexpr std::array kGridSizes{128, 256, 512};

// The first steps are not representative: llvmpipe and most drivers compile
// shaders on the first draw, and the CPU solver first touches its fields and
// starts its OpenMP team there.
constexpr int kWarmUpSteps = 3;

// Long enough that the library runs several steps even where one 512^2 step
// takes most of a second (llvmpipe), short enough that the whole run stays
// within a few minutes on a small machine. Passed as a default flag rather than
// MinTime() so that the names stay short ("min_time:2.000" is appended to every
// name otherwise) and --benchmark_min_time on the command line still wins.
// 1.7 reads a plain number of seconds; 1.8 still accepts one without the "s".
constexpr const char* kDefaultMinTimeFlag = "--benchmark_min_time=2";

// Every pass of step() does work: viscosity > 0 runs the diffusion sweeps and
// vorticity > 0 the curl and confinement force.
fluid::SimParams benchParams(int grid)
{
    fluid::SimParams p;
    p.gridWidth = p.gridHeight = grid;
    p.pressureIterations = 40;
    p.viscosityIterations = 20;
    p.viscosity = 1e-4f;
    p.vorticity = 0.5f;
    return p;
}

// One point splat in the middle of the domain each step, as a user holding
// the mouse still would make; it keeps the fields away from zero, so the CPU
// timing cannot drift as values decay into subnormals.
fluid::Splat benchSplat(const fluid::SimParams& p)
{
    fluid::Splat s;
    s.from = s.to = {0.5f * p.domainWidth, 0.5f * p.domainHeight()};
    s.velocity = {0.0f, 1.0f};
    s.dye = {1.0f, 0.5f, 0.2f};
    return s;
}

// One context for the whole process, made on first use: GPU benchmarks share it
// (each GpuSolver owns all its GL objects), and a missing one is reported once
// per benchmark instead of aborting the run, so the CPU rows still come out.
// It is current on the main thread only, which is why no benchmark here uses
// ->Threads().
struct GlEnvironment {
    std::unique_ptr<fluid::platform::HeadlessContext> context;
    std::string error;  // why there is no context; empty when there is one
};

const GlEnvironment& glEnvironment()
{
    static const GlEnvironment environment = [] {
        GlEnvironment e;
        try {
            e.context = std::make_unique<fluid::platform::HeadlessContext>();
            fluid::platform::requireGl33();
        } catch (const fluid::platform::ContextError& error) {
            e.context.reset();
            e.error = std::string("no OpenGL 3.3 context: ") + error.what();
        }
        return e;
    }();
    return environment;
}

// The timed loop shared by both solvers. `finish` runs inside the timing after
// every step and returns once that step's work is done.
template <typename Solver, typename Finish>
void timeSteps(benchmark::State& state, Solver& solver, int grid, Finish finish)
{
    const std::array splats{benchSplat(solver.params())};
    for (int n = 0; n < kWarmUpSteps; ++n) solver.step(splats);
    finish();

    for (auto _ : state) {
        solver.step(splats);
        finish();
    }

    const double cells = static_cast<double>(grid) * static_cast<double>(grid);
    state.counters["cells/s"] = benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["steps/s"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
}

// Arg: grid size.
void BM_GpuStep(benchmark::State& state)
{
    const GlEnvironment& gl = glEnvironment();
    if (!gl.context) {
        state.SkipWithError(gl.error.c_str());
        return;
    }
    const int grid = static_cast<int>(state.range(0));
    try {
        fluid::GpuSolver solver(benchParams(grid));
        // step() only queues GL commands; without glFinish the driver would let
        // steps pile up and the loop would time command submission instead of
        // the GPU work.
        timeSteps(state, solver, grid, [] { glFinish(); });
    } catch (const std::exception& error) {
        // Shader compilation or framebuffer setup failed (gl::GlError).
        state.SkipWithError(error.what());
    }
}

// Args: thread count, grid size.
void BM_CpuStep(benchmark::State& state)
{
    const int threads = static_cast<int>(state.range(0));
    const int grid = static_cast<int>(state.range(1));
    fluid::CpuSolver solver(benchParams(grid), threads);
    timeSteps(state, solver, grid, [] {});
}

// --- single passes, against the floor of a plain copy -------------------------

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
    state.counters["per_pass"] = benchmark::Counter(kPassesPerIteration,
                                                   benchmark::Counter::kIsIterationInvariantRate |
                                                       benchmark::Counter::kInvert);
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
constexpr std::array<const char*, 9> kPassNames{"splat",      "advect_dye", "advect_velocity",
                                                "diffuse",    "curl",       "vorticity",
                                                "divergence", "pressure",   "gradient"};

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
        fluid::GpuSolver solver(p);
        const fluid::Splat splat = benchSplat(p);
        for (int n = 0; n < kWarmUpSteps; ++n) solver.step(std::array{splat});
        const std::array<std::function<void()>, 9> passes{
            [&] { solver.splat(splat); },      [&] { solver.advectDye(); },        [&] { solver.advectVelocity(); },
            [&] { solver.diffuse(); },         [&] { solver.computeCurl(); },      [&] { solver.applyVorticity(); },
            [&] { solver.computeDivergence(); }, [&] { solver.solvePressure(); }, [&] { solver.subtractGradient(); }};
        timePasses(state, grid, passes[index]);
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

void passArgs(benchmark::internal::Benchmark* b)
{
    b->ArgNames({"pass", ""});
    for (const int grid : kGridSizes)
        for (std::size_t pass = 0; pass < kPassNames.size(); ++pass) b->Args({static_cast<int>(pass), grid});
}

void gpuArgs(benchmark::internal::Benchmark* b)
{
    for (const int grid : kGridSizes) b->Arg(grid);
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

// Real time, not CPU time: the work runs on the GPU or on OpenMP (and
// llvmpipe) worker threads, none of which the main thread's CPU clock sees.
BENCHMARK(BM_GpuStep)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CpuStep)->Apply(cpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuCopyFloor)->Apply(gpuArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpuPass)->Apply(passArgs)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    // The default goes first: flags are read in order and the last one wins.
    std::string minTimeFlag = kDefaultMinTimeFlag;
    std::vector<char*> args(argv, argv + argc);
    args.insert(args.begin() + (args.empty() ? 0 : 1), minTimeFlag.data());  // after the program name
    args.push_back(nullptr);  // keep the argv[argc] == nullptr convention
    int count = static_cast<int>(args.size()) - 1;
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
    // Made up front so the header names the renderer (or the reason there is
    // none) next to the CPU description; GPU numbers mean little without it.
    const GlEnvironment& gl = glEnvironment();
    benchmark::AddCustomContext("gl_renderer", gl.context ? gl.context->description() : gl.error);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
