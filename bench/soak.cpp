// soak: runs a solver headless for a long time with painting and checks that
// nothing accumulates. Every --every steps it samples the resident memory of
// the process (/proc/self/statm), the open file descriptors (/proc/self/fd),
// the GL objects alive in the RAII layer (gl::liveGlObjects; GPU only) and the
// flow's kinetic energy and top speed. At the end it prints one verdict line
// and exits 1 when the GL objects or the descriptors changed in number, or the
// resident memory rose more than --max-rss-growth percent above the sample at a
// tenth of the run (the driver's caches fill up during the first steps).
//
// Besides the painted step it exercises what a long window session does now
// and then: a solver switch every 7 samples (rebuilds programs and pyramids),
// a reset every 10, the diagnostics and residual passes at every sample. With
// --regrid-every K it also does what a grid change in the window does, every K
// samples: a solver on a grid half as large again is built (every field and
// program anew), the fluid resampled onto it, and then back onto a new solver
// of the soak's own grid, so that every sample is taken on the same grid.
//
// It is also the witness for a rare heap corruption (docs/reliability.md): it
// prints its settings first, flushes every sample row, and on SIGABRT, SIGSEGV,
// SIGBUS, SIGFPE or SIGILL writes the last step, what it was doing and the
// settings to stderr with write(2) before the signal takes its default course
// (a core dump where `ulimit -c` allows; scripts/soak.sh sets it).
//
//   build/release/bench/soak [--backend gpu|cpu] [--steps 100000] [--grid 128]
//                            [--every 1000] [--threads 0] [--max-rss-growth 5]
//                            [--max-minutes 0] [--regrid-every 0] [--csv soak.csv]
// --max-minutes ends a soak that a slow or loaded machine could not finish in
// time at the first sample past it; the verdict then says at which step.
// docs/reliability.md has the figures of full runs.
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "app/headless/measure.hpp"
#include "app/state_resample.hpp"
#include "gl/handle.hpp"
#include "platform/headless_context.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"

namespace {

enum class Backend { Gpu, Cpu };

struct SoakOptions {
    Backend backend = Backend::Gpu;
    long steps = 100000;
    int grid = 128;
    long every = 1000;
    int threads = 0;  // CPU only; 0: all cores, as CpuSolver
    double maxRssGrowthPercent = 5.0;
    double maxMinutes = 0.0;  // 0: no limit; else stop at the first sample past it
    long regridEvery = 0;     // samples between two grid changes; 0: none
    std::string csvPath;
};

struct Sample {
    long step = 0;
    double seconds = 0.0;
    double rssMiB = 0.0;
    long glObjects = 0;
    long fds = 0;
    double kineticEnergy = 0.0;
    double maxSpeed = 0.0;
};

// --- the crash witness -------------------------------------------------------
// What the signal handler reports. It may only read these and call
// async-signal-safe functions, so the settings are formatted beforehand and
// the step is a lock-free atomic.
std::atomic<long> gStep{0};
std::atomic<const char*> gPhase{"starting"};
static_assert(std::atomic<long>::is_always_lock_free && std::atomic<const char*>::is_always_lock_free);
std::array<char, 256> gSettings{};

void writeAll(const char* text, std::size_t length)
{
    while (length > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, length);
        if (n <= 0) return;
        text += n;
        length -= static_cast<std::size_t>(n);
    }
}

void writeText(const char* text)
{
    writeAll(text, std::strlen(text));
}

void writeNumber(long value)
{
    char digits[24];
    std::size_t n = 0;
    unsigned long v = value < 0 ? 0UL - static_cast<unsigned long>(value) : static_cast<unsigned long>(value);
    do {
        digits[sizeof digits - 1 - n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v != 0 && n < sizeof digits - 1);
    if (value < 0) digits[sizeof digits - 1 - n++] = '-';
    writeAll(digits + sizeof digits - n, n);
}

const char* signalName(int signal)
{
    switch (signal) {
        case SIGABRT:
            return "SIGABRT";
        case SIGSEGV:
            return "SIGSEGV";
        case SIGBUS:
            return "SIGBUS";
        case SIGFPE:
            return "SIGFPE";
        case SIGILL:
            return "SIGILL";
        default:
            return "?";
    }
}

// Installed with SA_RESETHAND: the signal's default action is back in place
// when this runs, so raise() ends the process as the signal would have (and
// dumps core where allowed).
void onFatalSignal(int signal)
{
    writeText("soak: CRASH: signal ");
    writeNumber(signal);
    writeText(" (");
    writeText(signalName(signal));
    writeText(") at step ");
    writeNumber(gStep.load(std::memory_order_relaxed));
    writeText(" while ");
    writeText(gPhase.load(std::memory_order_relaxed));
    writeText("; ");
    writeText(gSettings.data());
    writeText("\n");
    std::raise(signal);
}

void installCrashWitness()
{
    struct sigaction action {};
    action.sa_handler = onFatalSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = static_cast<int>(SA_RESETHAND | SA_NODEFER);  // glibc defines them as unsigned
    for (const int signal : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL}) sigaction(signal, &action, nullptr);
}

// --- options -----------------------------------------------------------------

[[noreturn]] void usage(const std::string& problem)
{
    std::fprintf(
        stderr,
        "soak: %s (usage: soak [--backend gpu|cpu] [--steps N>=1] [--grid 8..1024] [--every N>=1] "
        "[--threads 0..1024] [--max-rss-growth PERCENT] [--max-minutes M] [--regrid-every SAMPLES] [--csv FILE])\n",
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

bool isWhole(double value)
{
    return value == std::floor(value);
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
        if (flag == "--backend") {
            const std::string_view name = text;
            if (name == "gpu")
                o.backend = Backend::Gpu;
            else if (name == "cpu")
                o.backend = Backend::Cpu;
            else
                usage("--backend takes gpu or cpu, not " + std::string(name));
            continue;
        }
        const std::optional<double> value = parseNumber(text);
        if (!value) usage("not a number: " + std::string(flag) + " " + text);
        const bool whole = isWhole(*value);
        if (flag == "--steps" && whole && *value >= 1 && *value <= 1e9)
            o.steps = static_cast<long>(*value);
        else if (flag == "--grid" && whole && *value >= 8 && *value <= 1024)
            o.grid = static_cast<int>(*value);
        else if (flag == "--every" && whole && *value >= 1 && *value <= 1e9)
            o.every = static_cast<long>(*value);
        else if (flag == "--threads" && whole && *value >= 0 && *value <= 1024)
            o.threads = static_cast<int>(*value);
        else if (flag == "--max-rss-growth" && *value >= 0 && *value <= 1000)
            o.maxRssGrowthPercent = *value;
        else if (flag == "--max-minutes" && *value >= 0 && *value <= 1e6)
            o.maxMinutes = *value;
        else if (flag == "--regrid-every" && whole && *value >= 0 && *value <= 1e9)
            o.regridEvery = static_cast<long>(*value);
        else
            usage("unknown flag or value out of range: " + std::string(flag) + " " + text);
    }
    return o;
}

const char* backendName(Backend b)
{
    return b == Backend::Gpu ? "gpu" : "cpu";
}

// --- measurements ------------------------------------------------------------

// Resident set size in MiB, or NaN where /proc is not there.
double residentMiB()
{
    std::ifstream statm("/proc/self/statm");
    long pagesTotal = 0, pagesResident = 0;
    if (!(statm >> pagesTotal >> pagesResident)) return std::nan("");
    return static_cast<double>(pagesResident) * static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Open file descriptors, the one that lists them included (so the count is
// the same at every sample), or -1 where /proc is not there.
long openDescriptors()
{
    std::error_code error;
    long count = 0;
    for (std::filesystem::directory_iterator it("/proc/self/fd", error), end; !error && it != end; it.increment(error))
        ++count;
    return error ? -1 : count;
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

// The curl, divergence and residual passes, which the window runs for its
// views but step() does not.
void runDiagnostics(fluid::GpuSolver& solver)
{
    solver.computeDiagnostics();
    solver.run(fluid::passes::pressureResidual);
}

void runDiagnostics(fluid::CpuSolver& solver)
{
    solver.run(fluid::passes::curl);
    solver.run(fluid::passes::divergence);
    solver.run(fluid::passes::pressureResidual);
}

// --- the verdict -------------------------------------------------------------

struct Verdict {
    bool pass = true;
    std::string line;  // the whole verdict, one line
};

// Resident memory is counted in pages and glibc's arenas are first touched
// during the first samples: the CPU soak's 5 MiB process moves by 0.2 MiB
// (4%) between steps 500 and 1,000 at 32x32 and then not at all. Growth up to
// this much is never called a leak, whatever the percentage; over a million
// steps it still catches a leak of a byte per step.
constexpr double kRssNoiseMiB = 1.0;

// Judged from the sample at a tenth of the run: the driver compiles and caches
// during the first steps (and the first solver switch), which is not a leak.
// Flat memory: no sample after it more than maxRssGrowthPercent (or
// kRssNoiseMiB) above it. Descriptors and GL objects: one number at every
// sample.
Verdict judge(const std::vector<Sample>& samples, const SoakOptions& o)
{
    const Sample& settled = samples[samples.size() / 10];
    const Sample& last = samples.back();
    long minObjects = last.glObjects, maxObjects = last.glObjects;
    long minFds = last.fds, maxFds = last.fds;
    double peakRss = 0.0, highestAfterSettled = settled.rssMiB;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const Sample& s = samples[i];
        minObjects = std::min(minObjects, s.glObjects);
        maxObjects = std::max(maxObjects, s.glObjects);
        minFds = std::min(minFds, s.fds);
        maxFds = std::max(maxFds, s.fds);
        peakRss = std::max(peakRss, s.rssMiB);
        if (i >= samples.size() / 10) highestAfterSettled = std::max(highestAfterSettled, s.rssMiB);
    }
    const double growthMiB = highestAfterSettled - settled.rssMiB;
    const double growthPercent = 100.0 * growthMiB / settled.rssMiB;
    const double allowedMiB = std::max(kRssNoiseMiB, o.maxRssGrowthPercent / 100.0 * settled.rssMiB);

    std::string problems;
    if (minObjects != maxObjects) problems += "; the number of live GL objects changed";
    if (minFds != maxFds) problems += "; the number of open file descriptors changed";
    if (std::isfinite(growthMiB) && growthMiB > allowedMiB) problems += "; resident memory grew";
    if (!std::isfinite(last.kineticEnergy)) problems += "; the flow is not finite";

    const std::string stopped =
        last.step < o.steps ? " (of " + std::to_string(o.steps) + ", stopped at --max-minutes)" : std::string();
    char figures[512];
    std::snprintf(figures, sizeof figures,
                  "%s, %ld steps%s at %dx%d in %.0f s; resident memory %.1f MiB at step %ld, %.1f MiB at the end, "
                  "highest after step %ld %+.1f%% (limit %.1f%% or %.0f MiB), peak %.1f MiB; GL objects %ld..%ld; "
                  "file descriptors %ld..%ld",
                  backendName(o.backend), last.step, stopped.c_str(), o.grid, o.grid, last.seconds, settled.rssMiB,
                  settled.step, last.rssMiB, settled.step, growthPercent, o.maxRssGrowthPercent, kRssNoiseMiB, peakRss,
                  minObjects, maxObjects, minFds, maxFds);
    Verdict v;
    v.pass = problems.empty();
    v.line =
        std::string("soak: ") + (v.pass ? "PASS: " : "FAIL: ") + (v.pass ? "" : problems.substr(2) + ": ") + figures;
    return v;
}

// --- the run -----------------------------------------------------------------

// What the window does when its grid changes (FluidSession::allocateGrid): a
// new solver built while the old one lives, the old fluid resampled onto it,
// then the old one freed. Done twice, to a grid half as large again and back.
template <class Solver, class MakeSolver>
std::unique_ptr<Solver> changeGridAndBack(std::unique_ptr<Solver> solver, const MakeSolver& make)
{
    const fluid::SimParams own = solver->params();
    fluid::SimParams larger = own;
    larger.gridWidth = own.gridWidth * 3 / 2;
    larger.gridHeight = own.gridHeight * 3 / 2;
    larger.dyeGridWidth = own.dyeGridWidth * 3 / 2;
    for (const fluid::SimParams& p : {larger, own}) {
        std::unique_ptr<Solver> next = make(p);
        next->upload(fluid::app::resampleState(solver->download(), next->grids()));
        solver = std::move(next);
    }
    return solver;
}

template <class Solver, class MakeSolver>
int soak(const MakeSolver& make, const fluid::SimParams& params, const SoakOptions& o)
{
    std::unique_ptr<Solver> owned = make(params);
    std::vector<Sample> samples;
    std::FILE* csv = o.csvPath.empty() ? nullptr : std::fopen(o.csvPath.c_str(), "w");
    if (!o.csvPath.empty() && !csv) {
        std::fprintf(stderr, "soak: cannot write %s: %s\n", o.csvPath.c_str(), std::strerror(errno));
        return 1;
    }
    if (csv) std::fprintf(csv, "step,seconds,rss_mib,gl_objects,fds,kinetic_energy,max_speed\n");
    std::printf("%10s %9s %9s %10s %5s %14s %10s\n", "step", "seconds", "rss MiB", "GL objects", "fds", "energy",
                "max |u|");
    std::fflush(stdout);

    const bool gpu = o.backend == Backend::Gpu;
    const auto start = std::chrono::steady_clock::now();
    for (long step = 1; step <= o.steps; ++step) {
        Solver& solver = *owned;
        gStep.store(step, std::memory_order_relaxed);
        gPhase.store("stepping", std::memory_order_relaxed);
        solver.step(std::array{brushAt(step, solver.params())});
        if (step % o.every != 0 && step != o.steps) continue;

        const long sampleIndex = static_cast<long>(samples.size());
        gPhase.store("sampling", std::memory_order_relaxed);
        runDiagnostics(solver);
        const fluid::FluidState state = solver.download();  // waits for the GPU: timing is honest
        Sample s;
        s.step = step;
        s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        s.rssMiB = residentMiB();
        s.glObjects = gpu ? fluid::gl::liveGlObjects() : 0;
        s.fds = openDescriptors();
        s.kineticEnergy = fluid::app::headless::kineticEnergy(state.velocity, solver.params().cellSize());
        s.maxSpeed = fluid::app::headless::maxSpeed(state.velocity);
        samples.push_back(s);
        if (gpu)
            std::printf("%10ld %9.1f %9.1f %10ld %5ld %14.6g %10.4g\n", s.step, s.seconds, s.rssMiB, s.glObjects, s.fds,
                        s.kineticEnergy, s.maxSpeed);
        else
            std::printf("%10ld %9.1f %9.1f %10s %5ld %14.6g %10.4g\n", s.step, s.seconds, s.rssMiB, "-", s.fds,
                        s.kineticEnergy, s.maxSpeed);
        std::fflush(stdout);
        if (csv) {
            std::fprintf(csv, "%ld,%.3f,%.3f,%s,%ld,%.9g,%.9g\n", s.step, s.seconds, s.rssMiB,
                         gpu ? std::to_string(s.glObjects).c_str() : "", s.fds, s.kineticEnergy, s.maxSpeed);
            std::fflush(csv);
        }
        if (!std::isfinite(s.kineticEnergy)) break;                       // the verdict says so
        if (o.maxMinutes > 0 && s.seconds >= 60.0 * o.maxMinutes) break;  // the verdict says so

        // What a long session does now and then, after this sample.
        gPhase.store("switching solver or resetting", std::memory_order_relaxed);
        fluid::SimParams next = solver.params();
        if (sampleIndex % 7 == 6) {
            next.pressureSolver = next.pressureSolver == fluid::PressureSolver::Multigrid
                                      ? fluid::PressureSolver::Jacobi
                                      : fluid::PressureSolver::Multigrid;
            solver.setParams(next);
        }
        if (sampleIndex % 10 == 9) solver.reset();
        if (o.regridEvery > 0 && sampleIndex % o.regridEvery == o.regridEvery - 1) {
            gPhase.store("changing the grid", std::memory_order_relaxed);
            owned = changeGridAndBack(std::move(owned), make);
        }
    }
    gPhase.store("judging", std::memory_order_relaxed);
    if (csv && std::fclose(csv) != 0) {
        std::fprintf(stderr, "soak: cannot write %s: %s\n", o.csvPath.c_str(), std::strerror(errno));
        return 1;
    }

    const Verdict verdict = judge(samples, o);
    std::printf("%s\n", verdict.line.c_str());
    std::fflush(stdout);
    return verdict.pass ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv)
{
    const SoakOptions o = parse(argc, argv);
    const char* malloc_check = std::getenv("MALLOC_CHECK_");
    const char* malloc_perturb = std::getenv("MALLOC_PERTURB_");
    std::snprintf(
        gSettings.data(), gSettings.size(),
        "settings: --backend %s --steps %ld --grid %d --every %ld --threads %d --max-minutes %g --regrid-every %ld; "
        "MALLOC_CHECK_=%s MALLOC_PERTURB_=%s; pid %ld",
        backendName(o.backend), o.steps, o.grid, o.every, o.threads, o.maxMinutes, o.regridEvery,
        malloc_check ? malloc_check : "", malloc_perturb ? malloc_perturb : "", static_cast<long>(::getpid()));
    installCrashWitness();
    std::printf("soak: %s\n", gSettings.data());
    std::fflush(stdout);
    try {
        fluid::SimParams params;
        params.gridWidth = params.gridHeight = o.grid;
        params.vorticity = 0.5f;  // every pass of the step runs
        if (o.backend == Backend::Cpu) {
            std::printf("soak: CPU reference solver, no GL context\n");
            const auto make = [&](const fluid::SimParams& p) {
                return std::make_unique<fluid::CpuSolver>(p, o.threads);
            };
            return soak<fluid::CpuSolver>(make, params, o);
        }
        fluid::platform::HeadlessContext context;
        fluid::platform::requireGl33();
        std::printf("soak: GPU solver on %s\n", context.description().c_str());
        const auto make = [](const fluid::SimParams& p) { return std::make_unique<fluid::GpuSolver>(p); };
        return soak<fluid::GpuSolver>(make, params, o);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "soak: %s\n", e.what());
        return 1;
    }
}
