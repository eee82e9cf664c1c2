// fluidsim: until the window exists (issue 3) this steps the solver headless
// with a scripted demo and prints what it did.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "core/sim_params.hpp"
#include "core/splat.hpp"
#include "platform/headless_context.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"

namespace {

constexpr int kUsageError = 2;

const char* kHelp = R"(usage: fluidsim [options]

Steps a 2D stable-fluids simulation (GPU Gems ch. 38) headless with a scripted
demo and prints a summary. The interactive window is not built yet.

options:
  --backend gpu|cpu            solver to run (default gpu: OpenGL 3.3 via EGL, no display needed)
  --grid N                     N x N cells, 8..4096 (default 256)
  --steps K                    time steps to run, 1..1000000 (default 200)
  --dt S                       time step in seconds, (0, 10] (default 1/60)
  --viscosity NU               kinematic viscosity in m^2/s, [0, 100] (default 1e-4)
  --pressure-iterations N      Jacobi sweeps for pressure, 0..10000 (default 40)
  --viscosity-iterations N     Jacobi sweeps for viscosity, 0..10000 (default 20)
  --vorticity EPS              vorticity confinement in 1/s, [0, 1e4] (default 0)
  --boundary box|periodic      walls or wrap-around (default box)
  --threads N                  CPU backend threads, 0 = all (default 0)
  -h, --help                   this text
)";

[[noreturn]] void usageError(const std::string& message)
{
    std::fprintf(stderr, "fluidsim: %s (see fluidsim --help)\n", message.c_str());
    std::exit(kUsageError);
}

double parseNumber(std::string_view flag, const char* text, double lo, double hi, const char* range)
{
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    if (end == text || *end != '\0' || !std::isfinite(value) || value < lo || value > hi)
        usageError(std::string(flag) + " expects a number in " + range + ", got '" + text + "'");
    return value;
}

int parseInt(std::string_view flag, const char* text, int lo, int hi)
{
    const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    const double value = parseNumber(flag, text, lo, hi, range.c_str());
    if (value != std::floor(value)) usageError(std::string(flag) + " expects an integer in " + range);
    return static_cast<int>(value);
}

struct Options {
    fluid::SimParams params;
    bool gpu = true;
    int steps = 200;
    int threads = 0;
};

Options parse(int argc, char** argv)
{
    Options o;
    for (int n = 1; n < argc; ++n) {
        const std::string_view flag = argv[n];
        if (flag == "-h" || flag == "--help") {
            std::fputs(kHelp, stdout);
            std::exit(0);
        }
        if (n + 1 >= argc) usageError("unknown flag or missing value: " + std::string(flag));
        const char* value = argv[++n];
        using L = fluid::SimLimits;
        if (flag == "--backend") {
            const std::string_view v = value;
            if (v != "gpu" && v != "cpu") usageError("--backend expects gpu or cpu, got '" + std::string(v) + "'");
            o.gpu = v == "gpu";
        } else if (flag == "--grid") {
            o.params.gridWidth = o.params.gridHeight = parseInt(flag, value, L::kMinGrid, L::kMaxGrid);
        } else if (flag == "--steps") {
            o.steps = parseInt(flag, value, 1, 1000000);
        } else if (flag == "--dt") {
            o.params.dt = static_cast<float>(parseNumber(flag, value, 1e-9, L::kMaxDt, "(0, 10]"));
        } else if (flag == "--viscosity") {
            o.params.viscosity = static_cast<float>(parseNumber(flag, value, 0, L::kMaxViscosity, "[0, 100]"));
        } else if (flag == "--pressure-iterations") {
            o.params.pressureIterations = parseInt(flag, value, 0, L::kMaxIterations);
        } else if (flag == "--viscosity-iterations") {
            o.params.viscosityIterations = parseInt(flag, value, 0, L::kMaxIterations);
        } else if (flag == "--vorticity") {
            o.params.vorticity = static_cast<float>(parseNumber(flag, value, 0, 1e4, "[0, 1e4]"));
        } else if (flag == "--boundary") {
            const std::string_view v = value;
            if (v != "box" && v != "periodic") usageError("--boundary expects box or periodic, got '" + std::string(v) + "'");
            o.params.boundary = v == "box" ? fluid::BoundaryMode::Box : fluid::BoundaryMode::Periodic;
        } else if (flag == "--threads") {
            o.threads = parseInt(flag, value, 0, 1024);
        } else {
            usageError("unknown flag " + std::string(flag));
        }
    }
    if (auto problem = fluid::validate(o.params)) usageError(*problem);
    return o;
}

// Three jets from the walls toward the centre, each its own colour, for the
// first second of simulated time.
std::vector<fluid::Splat> demoSplats(const fluid::SimParams& p, int step)
{
    if (static_cast<float>(step) * p.dt > 1.0f) return {};
    const float w = p.domainWidth;
    const float h = p.domainHeight();
    fluid::Splat a;
    a.from = a.to = {0.2f * w, 0.5f * h};
    a.velocity = {0.6f, 0.1f};
    a.dye = {1.0f, 0.3f, 0.1f};
    fluid::Splat b = a;
    b.from = b.to = {0.8f * w, 0.45f * h};
    b.velocity = {-0.6f, 0.05f};
    b.dye = {0.1f, 0.5f, 1.0f};
    fluid::Splat c = a;
    c.from = c.to = {0.5f * w, 0.15f * h};
    c.velocity = {0.0f, 0.6f};
    c.dye = {0.2f, 1.0f, 0.3f};
    return {a, b, c};
}

void printSummary(const fluid::FluidState& s, const fluid::SimParams& p)
{
    double dye = 0.0, maxSpeed = 0.0, energy = 0.0;
    for (std::size_t n = 0; n < s.dye.size(); n += 4) dye += s.dye.values()[n] + s.dye.values()[n + 1] + s.dye.values()[n + 2];
    for (std::size_t n = 0; n < s.velocity.size(); n += 2) {
        const double u = s.velocity.values()[n], v = s.velocity.values()[n + 1];
        maxSpeed = std::fmax(maxSpeed, std::sqrt(u * u + v * v));
        energy += 0.5 * (u * u + v * v);
    }
    const double cellArea = static_cast<double>(p.cellSize()) * p.cellSize();
    std::printf("  total dye        %.4f (cell sum)\n", dye);
    std::printf("  max speed        %.4f m/s\n", maxSpeed);
    std::printf("  kinetic energy   %.6g m^4/s^2 per unit density and depth\n", energy * cellArea);
}

template <typename Solver>
double run(Solver& solver, const Options& o)
{
    const auto start = std::chrono::steady_clock::now();
    for (int n = 0; n < o.steps; ++n) {
        const std::vector<fluid::Splat> splats = demoSplats(o.params, n);
        solver.step(splats);
    }
    const fluid::FluidState state = solver.download();  // read-back once, after the loop
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printSummary(state, o.params);
    return seconds;
}

}  // namespace

int main(int argc, char** argv)
{
    const Options o = parse(argc, argv);
    try {
        const fluid::SimParams& p = o.params;
        std::printf("fluidsim: %dx%d cells, h = %g m, dt = %g s, nu = %g m^2/s, %d pressure / %d viscosity "
                    "iterations, %s boundary, %d steps on the %s\n",
                    p.gridWidth, p.gridHeight, static_cast<double>(p.cellSize()), static_cast<double>(p.dt),
                    static_cast<double>(p.viscosity), p.pressureIterations, p.viscosityIterations,
                    fluid::toString(p.boundary), o.steps, o.gpu ? "GPU" : "CPU");
        double seconds = 0.0;
        if (o.gpu) {
            fluid::platform::HeadlessContext context;
            std::printf("  renderer         %s\n", context.description().c_str());
            fluid::GpuSolver solver(p);
            seconds = run(solver, o);
        } else {
            fluid::CpuSolver solver(p, o.threads);
            seconds = run(solver, o);
        }
        std::printf("  wall time        %.3f s (%.2f ms per step)\n", seconds, 1e3 * seconds / o.steps);
        std::printf("The interactive window comes with issue 3; this run was headless.\n");
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fluidsim: %s\n", e.what());
        return 1;
    }
}
