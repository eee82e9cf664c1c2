// frame_bench: the water wall's frame on the GPU: a step of
// the solver at its defaults on a 4:3 grid, and the water view drawn at the
// wall's 1024x768 pixels by the window's own FieldDisplay, each alone and
// together; and the window's default view (the dye, shaded) at the same size.
// One glFinish per timed iteration, as solver_bench does: the
// numbers are the GPU's work per frame, not command submission.
#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <array>
#include <exception>
#include <functional>

#include "app/options.hpp"
#include "app/window/display_chain.hpp"
#include "app/window/field_display.hpp"
#include "bench_main.hpp"
#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "gl/render_target.hpp"
#include "sim/gpu_solver.hpp"

namespace {

// The projector's picture.
constexpr int kWallWidth = 1024, kWallHeight = 768;

// The solver's defaults on a grid of the wall's shape, `rows` cells high over
// 1 m (the window's convention: the short side is 1 m).
fluid::SimParams wallParams(int rows)
{
    fluid::SimParams p = fluid::defaultSimParams();
    p.gridHeight = rows;
    p.gridWidth = rows * kWallWidth / kWallHeight;
    p.domainWidth = static_cast<float>(kWallWidth) / static_cast<float>(kWallHeight);
    return p;
}

// A person's push through the middle of the wall, every frame.
fluid::Splat wallSplat(const fluid::SimParams& p)
{
    fluid::Splat s;
    s.from = {0.4f * p.domainWidth, 0.5f * p.domainHeight()};
    s.to = {0.6f * p.domainWidth, 0.5f * p.domainHeight()};
    s.velocity = {1.0f, 0.3f};
    s.dye = {0.2f, 0.5f, 1.0f};
    return s;
}

// What one frame does: `step` and/or `draw` (of `view`, through the window's
// display chain, with or without the dye view's bloom), waited for.
struct Frame {
    bool step = false;
    bool draw = false;
    fluid::app::FieldView view = fluid::app::FieldView::Water;
    bool bloom = false;
    bool windowDefaults =
        false;              // the window's own: its dye grid 4x the grid's (autoDyeGrid), carried as it carries it
    bool sharpDye = false;  // with windowDefaults: the dye as the pick carries it where it has room
};

void timeWallFrames(benchmark::State& state, Frame frame)
{
    const fluid::bench::GlEnvironment& gl = fluid::bench::glEnvironment();
    if (!gl.context) {
        state.SkipWithError(gl.error.c_str());
        return;
    }
    try {
        const int rows = static_cast<int>(state.range(0));
        fluid::SimParams params =
            frame.windowDefaults ? fluid::app::windowStartParams({kWallWidth, kWallHeight}, rows) : wallParams(rows);
        if (frame.sharpDye) params.dyeAdvection = fluid::kWindowSharpDyeAdvection;
        fluid::GpuSolver solver(params);
        fluid::app::DisplayChain display("");
        // 8 bits a channel, as a window's framebuffer.
        fluid::gl::RenderTarget wall(kWallWidth, kWallHeight, fluid::gl::TextureFormat::RGBA8, "water wall");
        fluid::app::DisplaySettings settings;
        settings.view = frame.view;
        settings.bloom.enabled = frame.bloom;
        display.setOutput(wall.framebuffer());
        const std::array splats{wallSplat(params)};
        const auto run = [&](Frame f) {
            if (f.step) solver.step(splats);
            if (f.draw) display.draw(solver, {kWallWidth, kWallHeight}, {0, 0, kWallWidth, kWallHeight}, settings, 0);
            glFinish();
        };
        // The first frames compile shaders and give the water some waves.
        for (int n = 0; n < 5; ++n) run({true, true, frame.view, frame.bloom, frame.windowDefaults});
        for (auto _ : state) run(frame);
        state.counters["frames/s"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
        state.SetLabel(std::to_string(params.gridWidth) + "x" + std::to_string(params.gridHeight) + " grid, " +
                       std::to_string(kWallWidth) + "x" + std::to_string(kWallHeight) + " pixels" +
                       (params.dyeGridWidth > 0 ? ", dye " + std::to_string(params.dyeGridWidthOrDefault()) + "x" +
                                                      std::to_string(params.dyeGridHeight())
                                                : std::string()));
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
    }
}

void BM_WaterWallFrame(benchmark::State& state)
{
    timeWallFrames(state, {true, true});
}
void BM_WaterWallStep(benchmark::State& state)
{
    timeWallFrames(state, {true, false});
}
void BM_WaterView(benchmark::State& state)
{
    timeWallFrames(state, {false, true});
}
// A view of one read and a colour map a pixel: the floor under the others.
void BM_PressureView(benchmark::State& state)
{
    timeWallFrames(state, {false, true, fluid::app::FieldView::Pressure});
}
// The window's default look (DisplaySettings' defaults: the dye, shaded), with
// and without its bloom.
void BM_DyeView(benchmark::State& state)
{
    timeWallFrames(state, {false, true, fluid::app::FieldView::Dye});
}
void BM_DyeViewBloom(benchmark::State& state)
{
    timeWallFrames(state, {false, true, fluid::app::FieldView::Dye, true});
}

// The window at its defaults on this 4:3 window (no panel, no swap): a step
// with the dye on its 4x grid, and the dye view with its bloom drawing it.
void BM_WindowStep(benchmark::State& state)
{
    timeWallFrames(state, {true, false, fluid::app::FieldView::Dye, true, true});
}
// The same step with the dye as the pick's sharp one (kWindowSharpDyeAdvection).
void BM_WindowSharpDyeStep(benchmark::State& state)
{
    timeWallFrames(state, {true, false, fluid::app::FieldView::Dye, true, true, true});
}
void BM_WindowDyeView(benchmark::State& state)
{
    timeWallFrames(state, {false, true, fluid::app::FieldView::Dye, true, true});
}
void windowArgs(benchmark::internal::Benchmark* b)
{
    b->ArgName("rows");
    for (int rows : {128, 64}) b->Arg(rows);
}

// Grid rows: the wall's own resolution (1024x768 cells), half and a quarter.
void wallArgs(benchmark::internal::Benchmark* b)
{
    b->ArgName("rows");
    for (int rows : {768, 384, 192}) b->Arg(rows);
}

BENCHMARK(BM_WaterWallFrame)->Apply(wallArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WaterWallStep)->Apply(wallArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WaterView)->Apply(wallArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DyeView)->Apply(wallArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DyeViewBloom)->Apply(wallArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PressureView)->Apply(wallArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WindowStep)->Apply(windowArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WindowSharpDyeStep)->Apply(windowArgs)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WindowDyeView)->Apply(windowArgs)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    return fluid::bench::runBenchmarks(argc, argv, "--benchmark_min_time=1");
}
