#include "app/headless/replay_run.hpp"

#include <cstdio>
#include <optional>
#include <string>

#include "app/headless/output.hpp"
#include "app/headless/runner.hpp"
#include "app/headless/video_output.hpp"
#include "app/input_replay.hpp"
#include "app/report.hpp"
#include "app/stop_signals.hpp"
#include "platform/headless_context.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"

namespace fluid::app {

namespace {

using namespace headless;

struct Outputs {
    const Options& options;
    std::optional<VideoOutput> video;
    int frames = 0;
    std::string lastFrame;
    // An output that fails to write is dropped there; the other goes on.
    FailedWrites failed;
    bool framesFailed = false;

    void addFrame(int step, const RgbImage& image)
    {
        if (framesFailed) return;
        framesFailed = !failed.attempt([&] {
            lastFrame = writeImage(options.outDir, step, image);
            ++frames;
        });
    }

    RgbImage render(const FluidState& state, const SimParams& params, const Field& mask) const
    {
        const Field* obstacles = mask.size() > 0 ? &mask : nullptr;
        if (options.given("view")) return renderViewFrame(state, options.display, params, nullptr, obstacles);
        return renderFrame(state, FrameField::Dye, 1.0, obstacles);
    }
};

struct Played {
    int steps = 0;
    double time = 0.0;
};

// Plays the log, or its steps up to a stop signal (StopOnSignals): the
// outputs then hold the steps played, the final frame included.
template <typename Solver>
Played play(const InputLog& log, typename InputReplay<Solver>::MakeSolver make, Outputs& out)
{
    InputReplay<Solver> replay(log, std::move(make));
    const Options& o = out.options;
    while (StopOnSignals::requested() == 0 && replay.advance()) {
        const int n = replay.step();
        const bool periodic = !o.outDir.empty() && o.framesEvery > 0 && n % o.framesEvery == 0;
        const bool video = out.video && out.video->due(replay.time());
        if (!periodic && !video) continue;
        const RgbImage image = out.render(replay.solver().download(), replay.params(), replay.obstacles());
        if (video && !out.failed.attempt([&] { out.video->add(image); })) out.video.reset();
        if (periodic) out.addFrame(n, image);
    }
    StopOnSignals::finishing();
    // The final frame: after the last step and whatever followed it.
    if (!o.outDir.empty() && (o.framesEvery == 0 || replay.step() % o.framesEvery != 0 || replay.step() == 0)) {
        out.addFrame(replay.step(), out.render(replay.solver().download(), replay.params(), replay.obstacles()));
    }
    std::printf("  steps            %d (t = %g s)\n", replay.step(), replay.time());
    return {replay.step(), replay.time()};
}

}  // namespace

int runHeadlessReplay(const Options& options)
{
    // main() refused the flags the log decides (replayConflict) before this.
    const InputLogParse parsed = loadInputLog(options.replayFile);
    if (!parsed.ok()) return usageError(parsed.error);
    const InputLog& log = parsed.log;
    // As runHeadless: a folder that cannot take the frames is a bad flag
    // (exit 2), found before the replay (it was exit 1, after it).
    if (const auto problem = outputDirectoryProblem(options.outDir)) return usageError(*problem);
    const StopOnSignals stopOnSignals;
    try {
        if (!options.outDir.empty()) prepareDirectory(options.outDir);
        Outputs out{options, std::nullopt, 0, "", FailedWrites{}, false};
        if (!options.videoFile.empty()) out.video.emplace(options.videoFile);
        std::printf("fluidsim: replaying %s on the %s, %dx%d cells, %d steps of dt = %g s\n",
                    options.replayFile.c_str(), options.backend == Backend::Gpu ? "GPU" : "CPU", log.start.gridWidth,
                    log.start.gridHeight, log.steps, static_cast<double>(log.start.dt));
        std::fflush(stdout);
        Played played;
        if (options.backend == Backend::Gpu) {
            platform::HeadlessContext context;
            std::printf("  renderer         %s\n", context.description().c_str());
            played = play<GpuSolver>(
                log, [](const SimParams& p) { return std::make_unique<GpuSolver>(p); }, out);
        } else {
            const int threads = options.threads;
            played = play<CpuSolver>(
                log, [threads](const SimParams& p) { return std::make_unique<CpuSolver>(p, threads); }, out);
        }
        if (out.frames > 0)
            std::printf("  frames           %d PNG frame%s in %s (last: %s)\n", out.frames, out.frames == 1 ? "" : "s",
                        options.outDir.c_str(), out.lastFrame.c_str());
        std::string videoLine;
        if (out.video && out.failed.attempt([&] { videoLine = out.video->finish(); }))
            std::printf("  video            %s\n", videoLine.c_str());
        out.failed.reportEach();
        if (const int signal = StopOnSignals::requested(); signal != 0) {
            char progress[96];
            std::snprintf(progress, sizeof progress, "after %d of %d steps (t = %g s)", played.steps, log.steps,
                          played.time);
            report(stoppedBy(signal, progress));
            return failedToWriteStdout() || out.failed.any() ? 1 : stopExitCode(signal);
        }
        return failedToWriteStdout() || out.failed.any() ? 1 : 0;
    } catch (const std::exception& e) {
        return reportRunFailure(e);
    }
}

}  // namespace fluid::app
