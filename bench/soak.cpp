// soak: runs the GPU solver headless for a long time with painting and checks
// that nothing accumulates. Every --every steps it samples the resident memory
// of the process (Linux: /proc/self/statm), the GL objects alive in the RAII
// layer (gl::liveGlObjects) and the flow's kinetic energy and top speed; at the
// end it compares the samples and exits 1 when the GL object count moved or the
// resident memory grew by more than --rss-slack MiB after the first tenth of
// the run (the driver's caches fill up during the first steps).
//
// Besides the painted step it exercises what a long window session does now
// and then: a solver switch every 7 samples (rebuilds programs and pyramids),
// a reset every 10, the diagnostics and residual passes at every sample.
//
//   build/release/bench/soak [--steps 100000] [--grid 128] [--every 1000]
//                            [--rss-slack 8] [--csv soak.csv]
// docs/reliability.md has the figures of a full run.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/headless/measure.hpp"
#include "gl/handle.hpp"
#include "platform/headless_context.hpp"
#include "sim/gpu_solver.hpp"

namespace {

struct SoakOptions {
    long steps = 100000;
    int grid = 128;
    long every = 1000;
    double rssSlackMiB = 8.0;
    std::string csvPath;
};

struct Sample {
    long step = 0;
    double seconds = 0.0;
    double rssMiB = 0.0;
    long glObjects = 0;
    double kineticEnergy = 0.0;
    double maxSpeed = 0.0;
};

[[noreturn]] void usage(const std::string& problem)
{
    std::fprintf(stderr,
                 "soak: %s\nusage: soak [--steps N>=1] [--grid 8..1024] [--every N>=1] [--rss-slack MiB] "
                 "[--csv FILE]\n",
                 problem.c_str());
    std::exit(2);
}

std::optional<double> parseNumber(const char* text)
{
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    if (end == text || *end != '\0' || !std::isfinite(value)) return std::nullopt;
    return value;
}

SoakOptions parse(int argc, char** argv)
{
    SoakOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        if (i + 1 >= argc) usage("missing value after " + std::string(flag));
        const char* text = argv[++i];
        if (flag == "--csv") {
            o.csvPath = text;
            continue;
        }
        const std::optional<double> value = parseNumber(text);
        if (!value) usage("not a number: " + std::string(flag) + " " + text);
        if (flag == "--steps" && *value >= 1 && *value <= 1e9)
            o.steps = static_cast<long>(*value);
        else if (flag == "--grid" && *value >= 8 && *value <= 1024)
            o.grid = static_cast<int>(*value);
        else if (flag == "--every" && *value >= 1 && *value <= 1e9)
            o.every = static_cast<long>(*value);
        else if (flag == "--rss-slack" && *value >= 0)
            o.rssSlackMiB = *value;
        else
            usage("unknown flag or value out of range: " + std::string(flag) + " " + text);
    }
    return o;
}

// Resident set size in MiB, or NaN where /proc is not there.
double residentMiB()
{
    std::ifstream statm("/proc/self/statm");
    long pagesTotal = 0, pagesResident = 0;
    if (!(statm >> pagesTotal >> pagesResident)) return std::nan("");
    return static_cast<double>(pagesResident) * 4096.0 / (1024.0 * 1024.0);
}

// A brush that circles the middle of the box, pushing along its path, with a
// colour that cycles: the flow never settles and never runs dry of dye.
fluid::Splat brushAt(long step, const fluid::SimParams& p)
{
    const double angle = 2.0 * std::numbers::pi * static_cast<double>(step % 240) / 240.0;
    const auto c = static_cast<float>(std::cos(angle));
    const auto s = static_cast<float>(std::sin(angle));
    fluid::Splat splat;
    splat.from = {p.domainWidth * (0.5f + 0.25f * c), p.domainHeight() * (0.5f + 0.25f * s)};
    splat.to = splat.from;
    splat.radius = 0.03f * p.domainWidth;
    splat.velocity = {-s, c};
    splat.dye = {0.5f + 0.5f * c, 0.5f + 0.5f * s, 0.5f - 0.5f * c};
    return splat;
}

}  // namespace

int main(int argc, char** argv)
{
    const SoakOptions options = parse(argc, argv);
    try {
        fluid::platform::HeadlessContext context;
        fluid::platform::requireGl33();
        std::printf("soak: %ld steps at %dx%d, a sample every %ld, on %s\n", options.steps, options.grid, options.grid,
                    options.every, context.description().c_str());

        fluid::SimParams params;
        params.gridWidth = params.gridHeight = options.grid;
        params.vorticity = 0.5f;  // every pass of the step runs
        fluid::GpuSolver solver(params);

        std::vector<Sample> samples;
        std::FILE* csv = options.csvPath.empty() ? nullptr : std::fopen(options.csvPath.c_str(), "w");
        if (!options.csvPath.empty() && !csv) usage("cannot write " + options.csvPath);
        if (csv) std::fprintf(csv, "step,seconds,rss_mib,gl_objects,kinetic_energy,max_speed\n");
        std::printf("%10s %9s %9s %10s %14s %10s\n", "step", "seconds", "rss MiB", "GL objects", "energy", "max |u|");

        const auto start = std::chrono::steady_clock::now();
        for (long step = 1; step <= options.steps; ++step) {
            solver.step(std::array{brushAt(step, solver.params())});
            if (step % options.every != 0 && step != options.steps) continue;

            const long sampleIndex = static_cast<long>(samples.size());
            solver.computeDiagnostics();
            solver.run(fluid::passes::pressureResidual);
            const fluid::FluidState state = solver.download();  // waits for the GPU: timing is honest
            Sample s;
            s.step = step;
            s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            s.rssMiB = residentMiB();
            s.glObjects = fluid::gl::liveGlObjects();
            s.kineticEnergy = fluid::app::headless::kineticEnergy(state.velocity, solver.params().cellSize());
            s.maxSpeed = fluid::app::headless::maxSpeed(state.velocity);
            samples.push_back(s);
            std::printf("%10ld %9.1f %9.1f %10ld %14.6g %10.4g\n", s.step, s.seconds, s.rssMiB, s.glObjects,
                        s.kineticEnergy, s.maxSpeed);
            std::fflush(stdout);
            if (csv) {
                std::fprintf(csv, "%ld,%.3f,%.3f,%ld,%.9g,%.9g\n", s.step, s.seconds, s.rssMiB, s.glObjects,
                             s.kineticEnergy, s.maxSpeed);
                std::fflush(csv);
            }
            if (!std::isfinite(s.kineticEnergy)) {
                std::fprintf(stderr, "soak: FAIL: the flow is not finite at step %ld\n", step);
                return 1;
            }

            // What a long session does now and then, after this sample.
            fluid::SimParams next = solver.params();
            if (sampleIndex % 7 == 6) {
                next.pressureSolver = next.pressureSolver == fluid::PressureSolver::Multigrid
                                          ? fluid::PressureSolver::Jacobi
                                          : fluid::PressureSolver::Multigrid;
                solver.setParams(next);
            }
            if (sampleIndex % 10 == 9) solver.reset();
        }
        if (csv) std::fclose(csv);

        // Judge from the sample at a tenth of the run: the driver compiles and
        // caches during the first steps (and the first solver switch), which is
        // not a leak.
        const Sample& settled = samples[samples.size() / 10];
        const Sample& last = samples.back();
        long minObjects = last.glObjects, maxObjects = last.glObjects;
        double maxRss = 0.0;
        for (const Sample& s : samples) {
            minObjects = std::min(minObjects, s.glObjects);
            maxObjects = std::max(maxObjects, s.glObjects);
            maxRss = std::max(maxRss, s.rssMiB);
        }
        const double growth = last.rssMiB - settled.rssMiB;
        std::printf(
            "soak: %zu samples over %.0f s; GL objects %ld..%ld; resident memory %.1f MiB at step %ld, "
            "%.1f MiB at the end (%+.1f MiB), peak %.1f MiB\n",
            samples.size(), last.seconds, minObjects, maxObjects, settled.rssMiB, settled.step, last.rssMiB, growth,
            maxRss);
        bool ok = true;
        if (minObjects != maxObjects) {
            std::printf("soak: FAIL: the number of live GL objects changed during the run\n");
            ok = false;
        }
        if (std::isfinite(growth) && growth > options.rssSlackMiB) {
            std::printf("soak: FAIL: resident memory grew by %.1f MiB (allowed %.1f)\n", growth, options.rssSlackMiB);
            ok = false;
        }
        std::printf("soak: %s\n", ok ? "PASS" : "FAIL");
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "soak: %s\n", e.what());
        return 1;
    }
}
