// profile_bench: where a GPU step goes, group by group and per multigrid
// level (docs/profiling.md), for the configurations the benchmarks compare:
// the user's step and the WebGL peer's at 256^2 (and with the WebGL demo's
// 512^2 dye), the user's step with cheaper defaults (each alone), the
// staggered layout, and the water wall's 1024x768 grid. The table `fluidsim --headless --profile`
// prints, from GPU timestamp queries, for several configurations in one run
// and in a program that needs only GL (no FFmpeg, no window libraries), so
// that it also runs on a lent GPU machine as it is.
//   build/ci/bench/profile_bench [steps, default 200] [a part of the
//   configurations' names: only those, e.g. "demo's step"]
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "bench_main.hpp"
#include "bench_params.hpp"
#include "core/profile_table.hpp"
#include "sim/gpu_profiler.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"

namespace {

struct Configuration {
    const char* name;
    fluid::SimParams params;
};

// The user's step: every default (multigrid, MacCormack, the planned viscous
// solve, the staggered layout) at the bench's viscosity and vorticity, as
// BM_GpuStepDefaults.
fluid::SimParams userStep(int width, int height)
{
    fluid::SimParams p = fluid::bench::withUserSolvers(fluid::bench::benchParams(height));
    p.gridWidth = width;
    p.domainWidth = static_cast<float>(width) / static_cast<float>(height);
    return p;
}

// `steps` steps of `params` with a splat each, profiled after a warm-up;
// the table of the measured ones, and the draws a step made (on llvmpipe
// every draw into another target costs a round trip to its threads).
fluid::ProfileTable profile(const fluid::SimParams& params, int steps, double& drawsPerStep)
{
    fluid::GpuSolver solver(params);
    const std::array splats{fluid::bench::benchSplat(params)};
    for (int n = 0; n < fluid::bench::kWarmUpSteps; ++n) solver.step(splats);
    fluid::ProfileTable table;
    fluid::sim::GpuProfiler profiler(8);  // steps the GPU may run behind before one goes unmeasured
    solver.setStepTimer(&profiler.timer());
    const unsigned long long drawsBefore = fluid::sim::drawCount();
    for (int n = 0; n < steps; ++n) {
        profiler.collect(table);
        profiler.beginFrame();
        solver.step(splats);
        profiler.endFrame();
    }
    drawsPerStep = static_cast<double>(fluid::sim::drawCount() - drawsBefore) / steps;
    profiler.drain(table);  // after the loop: waits for the last steps
    solver.setStepTimer(nullptr);
    return table;
}

}  // namespace

int main(int argc, char** argv)
{
    const int steps = argc > 1 ? std::atoi(argv[1]) : 200;
    const char* only = argc > 2 ? argv[2] : "";  // a part of the names of the configurations to run
    if (steps < 1 || steps > 100000) {
        std::fprintf(stderr, "profile_bench: steps must be 1..100000 (got %s)\n", argv[1]);
        return 2;
    }
    const fluid::bench::GlEnvironment& gl = fluid::bench::glEnvironment();
    if (!gl.context) {
        std::fprintf(stderr, "profile_bench: %s\n", gl.error.c_str());
        return 1;
    }
    std::printf("profile_bench: %s, %d steps per configuration\n", gl.context->description().c_str(), steps);
    fluid::SimParams collocated = userStep(256, 256);
    collocated.layout = fluid::Layout::Collocated;
    // What docs/validation.md §5c finds every validation check needs: the
    // staggered layout with 4 V-cycles and the incremental projection.
    fluid::SimParams staggeredExact = userStep(256, 256);
    staggeredExact.multigridCycles = 4;
    staggeredExact.projection = fluid::Projection::Incremental;
    fluid::SimParams demoStep = fluid::bench::peerParams(256);
    demoStep.dyeGridWidth = 512;
    // The user's step on the demo's grids, which scripts/demo-step-time.sh sets against the demo's own.
    fluid::SimParams userOnDemoGrids = userStep(256, 256);
    userOnDemoGrids.dyeGridWidth = 512;
    // The target of a user's step at most 1.5x the peer's, as a choice of
    // defaults: what each cheaper default would buy, for whoever decides.
    fluid::SimParams semiLagrangian = userStep(256, 256);
    semiLagrangian.advection = fluid::AdvectionScheme::SemiLagrangian;
    fluid::SimParams twoCycles = userStep(256, 256);
    twoCycles.multigridCycles = 2;
    fluid::SimParams cheapest = twoCycles;
    cheapest.advection = fluid::AdvectionScheme::SemiLagrangian;
    cheapest.viscosity = 0.0f;
    const Configuration configurations[] = {
        {"the user's step, 256x256", userStep(256, 256)},
        {"item 2's option: the user's step, semi-Lagrangian, 256x256", semiLagrangian},
        {"item 2's option: the user's step, 2 V-cycles, 256x256", twoCycles},
        {"item 2's option: the user's step, semi-Lagrangian, 2 V-cycles, no viscosity, 256x256", cheapest},
        {"the WebGL peer's configuration, 256x256", fluid::bench::peerParams(256)},
        {"the WebGL demo's step, 256x256, dye 512x512 (scripts/demo-step-time.sh)", demoStep},
        {"the user's step on the demo's grids, 256x256, dye 512x512 (scripts/demo-step-time.sh)", userOnDemoGrids},
        {"the user's step on the collocated layout (ch. 38), 256x256", collocated},
        {"the staggered layout, 4 V-cycles, incremental projection, 256x256", staggeredExact},
        {"the water wall's step, 1024x768", userStep(1024, 768)},
    };
    try {
        for (const Configuration& c : configurations) {
            if (!std::strstr(c.name, only)) continue;
            double drawsPerStep = 0.0;
            const fluid::ProfileTable table = profile(c.params, steps, drawsPerStep);
            std::printf("\n%s: %.3f ms per step, %.1f draws\n%s", c.name, table.msPerFrame(), drawsPerStep,
                        table.format("step").c_str());
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "profile_bench: %s\n", error.what());
        return 1;
    }
    return 0;
}
