#include "app/headless/runner.hpp"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <exception>
#include <optional>
#include <span>
#include <string>

#include "app/headless/ghia1982.hpp"
#include "app/headless/measure.hpp"
#include "app/headless/output.hpp"
#include "app/headless/progress.hpp"
#include "app/headless/replay_run.hpp"
#include "app/headless/scenario.hpp"
#include "app/headless/simulate.hpp"
#include "app/headless/video_output.hpp"
#include "app/report.hpp"
#include "app/stop_signals.hpp"
#include "core/cylinder_wake.hpp"
#include "core/multigrid.hpp"
#include "core/obstacles.hpp"
#include "core/pass_constants.hpp"
#include "motion/frame_source.hpp"
#include "platform/headless_context.hpp"

namespace fluid::app {

namespace {

using namespace headless;

double d(float v)
{
    return static_cast<double>(v);
}

void printHeader(const RunSpec& s)
{
    const SimParams& p = s.params;
    const bool multigrid = p.pressureSolver == fluid::PressureSolver::Multigrid;
    const ViscousSolvePlan viscous = planViscousSolve(p, makePassConstants(p));
    // "3 multigrid V-cycles (4 on the first step)", "1 Jacobi sweep (damped by half)".
    const int count = multigrid ? p.multigridCycles : p.pressureIterations;
    std::string pressure =
        std::to_string(count) + (multigrid ? " multigrid V-cycle" : " Jacobi sweep") + (count == 1 ? "" : "s");
    if (const int coldCycles = fluid::multigridCyclesOf(p, true); multigrid && coldCycles > count)
        pressure += " (" + std::to_string(coldCycles) + " on the first step)";
    if (!multigrid && fluid::dampsFirstPressureSweep(p))
        pressure += count == 1 ? " (damped by half)" : " (the first damped by half)";
    std::printf(
        "fluidsim: %s on the %s, %dx%d cells, h = %g m, dt = %g s, nu = %g m^2/s, pressure: %s, viscous: "
        "%s, %s boundary, %s layout, %s projection%s",
        toString(s.scenario), s.backend == Backend::Gpu ? "GPU" : "CPU", p.gridWidth, p.gridHeight, d(p.cellSize()),
        d(p.dt), d(p.viscosity), pressure.c_str(), describe(viscous).c_str(), fluid::toString(p.boundary),
        fluid::toString(p.layout), fluid::projectsIncrementally(p) ? "incremental" : "plain",
        p.projection == fluid::Projection::Auto ? " (auto)" : "");
    if (p.dyeGridWidth != 0) std::printf(", dye %dx%d cells", p.dyeGridWidth, p.dyeGridHeight());
    if (s.scenario == Scenario::Cavity)
        std::printf(", lid %g m/s (Re = %g)", d(p.lidSpeed), d(p.lidSpeed) * d(p.domainWidth) / d(p.viscosity));
    if (s.scenario == Scenario::Smoke)
        std::printf(", gravity %g m/s^2, T0 %g K, smoke weight %g, cooling %g 1/s", d(p.gravity),
                    d(p.ambientTemperature), d(p.smokeWeight), d(p.cooling));
    if (s.scenario != Scenario::Demo && s.scenario != Scenario::Motion && s.scenario != Scenario::Smoke)
        std::printf(", CFL %g", s.velocityScale * d(p.dt) / d(p.cellSize()));
    std::printf("\n");
}

// The probe's whole series (t,v) for --export-probe.
void writeProbe(OutputFile& csv, const RunResult& r, double dt)
{
    csv.write("t,v\n");
    for (std::size_t n = 0; n < r.probe.size(); ++n) {
        char row[64];
        std::snprintf(row, sizeof row, "%.6g,%.9g\n", static_cast<double>(n + 1) * dt, r.probe[n]);
        csv.write(row);
    }
}

// The tunnel's result: the shedding frequency at the probe from step
// settleSteps on and St = f D / U (src/core/cylinder_wake.hpp).
void printStrouhal(const RunSpec& spec, const RunResult& r)
{
    const CylinderWake& wake = *spec.wake;
    const double dt = d(spec.params.dt);
    const std::size_t from = std::min(r.probe.size(), static_cast<std::size_t>(spec.settleSteps));
    const auto shedding = sheddingOf(std::span<const double>(r.probe).subspan(from), dt);
    const double re = wake.speed * wake.diameter / d(spec.params.viscosity);
    if (shedding) {
        std::printf(
            "  strouhal         St = f D / U = %.4f (f = %.4g Hz over %d periods from step %zu, D = %g m, "
            "U = %g m/s, Re = %g)\n",
            shedding->frequency * wake.diameter / wake.speed, shedding->frequency, shedding->periods, from,
            wake.diameter, wake.speed, re);
    } else {
        // (The run's first steps are its impulsive start, left out: "after step 0" read as the whole run.)
        std::printf("  strouhal         no shedding at the probe in steps %zu to %zu (Re = %g); run longer (--steps)\n",
                    from + 1, r.probe.size(), re);
    }
    // The reference for this run's own Reynolds number (core/cylinder_wake.hpp).
    const auto reference = williamsonStrouhal(re);
    if (!reference) {
        std::printf(
            "  reference        none at Re = %g: Williamson's laminar fit covers %g <= Re <= %g (below, the "
            "wake is steady; above, three-dimensional)\n",
            re, WilliamsonFit::kLowestReynolds, WilliamsonFit::kHighestReynolds);
    } else if (shedding) {
        const double strouhal = shedding->frequency * wake.diameter / wake.speed;
        std::printf(
            "  reference        St = %.4f at Re = %g (Williamson 1988, unconfined cylinder): this run %+.1f%%\n",
            *reference, re, 100.0 * (strouhal / *reference - 1.0));
    } else {
        std::printf("  reference        St = %.4f at Re = %g (Williamson 1988, unconfined cylinder)\n", *reference, re);
    }
}

// --until-steady: whether the run got there, and by how much it missed.
void printSteadiness(const RunSpec& spec, const RunResult& r)
{
    if (r.steady)
        std::printf(
            "  steady           after %g s simulated (%d steps, %.2f s wall): max |du/dt| = %.3g < %g "
            "m/s^2 (checked every %d steps)\n",
            r.time, r.steps, r.wallSeconds, r.lastChangeRate, *spec.steadyTolerance, spec.steadyCheckEvery);
    else if (std::isnan(r.lastChangeRate))  // stopped before the first check
        std::printf(
            "  NOT steady       after %g s simulated (%d steps): too few to measure max |du/dt| (checked "
            "every %d steps), tolerance %g m/s^2\n",
            r.time, r.steps, spec.steadyCheckEvery, *spec.steadyTolerance);
    else
        std::printf("  NOT steady       after %g s simulated (%d steps): max |du/dt| = %.3g, tolerance %g m/s^2\n",
                    r.time, r.steps, r.lastChangeRate, *spec.steadyTolerance);
}

// The final velocity's energy, top speed and divergence, and the worst
// divergence any step left behind.
void printFinalState(const RunResult& r, const PassConstants& constants, double h)
{
    const Field& velocity = r.final.velocity;
    const double speed = maxSpeed(velocity);
    const double divergence = maxDivergence(velocity, constants);
    std::printf("  kinetic energy   %.6g m^4/s^2 (per unit density and depth)\n", kineticEnergy(velocity, h));
    std::printf("  max speed        %.6g m/s\n", speed);
    std::printf("  divergence       max |div u| = %.3g 1/s; relative (max |div u| h / max |u|) = %.3g\n", divergence,
                relativeDivergence(divergence, h, speed));
    if (!r.samples.empty()) {
        double worst = 0.0;
        for (std::size_t n = 1; n < r.samples.size(); ++n) {
            const double x = r.samples[n].relativeDivergence;
            worst = std::isnan(worst) || std::isnan(x) ? std::nan("") : std::fmax(worst, x);  // keep a NaN visible
        }
        std::printf("                   worst relative divergence after any step: %.3g\n", worst);
    }
}

// A scenario with an exact solution (Taylor-Green): the distance to it at the
// run's end, and the energy's decay rate against the exact one.
void printVsExact(const RunSpec& spec, const RunResult& r, double h)
{
    const SimParams& p = spec.params;
    const Field& velocity = r.final.velocity;
    const double e0 = kineticEnergy(initialState(spec.scenario, p).velocity, h);
    const double exactRate = exactEnergyDecayRate(spec.scenario, p);
    const double exactEnergy = e0 * std::exp(-exactRate * r.time);
    const Field exact = exactVelocity(spec.scenario, p, r.time);
    const double energy = kineticEnergy(velocity, h);
    // At a large viscosity the exact flow decays below the smallest double
    // (e^-4 nu t): a ratio to it would print inf.
    const double exactSpeed = maxSpeed(exact);
    if (exactEnergy > 0.0 && exactSpeed > 0.0)
        std::printf("  vs exact         E/E_exact - 1 = %+.4g; max |u - u_exact| / max |u_exact| = %.4g\n",
                    energy / exactEnergy - 1.0, maxDifference(velocity, exact) / exactSpeed);
    else
        std::printf("  vs exact         the exact flow has decayed to 0 (E = %.3g here); no ratio to it\n", energy);
    // The energy's decay rate over the run against the exact one (4 nu for
    // Taylor-Green): the validation's figure, independent of how long the run was.
    if (r.time > 0.0 && exactRate > 0.0 && energy > 0.0) {
        const double rate = std::log(e0 / energy) / r.time;
        std::printf("  decay rate       ln(E0/E)/t = %.5g 1/s, exact %.5g 1/s: error %+.2f%%\n", rate, exactRate,
                    100.0 * (rate / exactRate - 1.0));
    }
}

// The lid-driven cavity: the centre lines' extremes, and the distance to Ghia
// et al.'s tables when the run is at their Reynolds number.
void printCavity(const SimParams& p, const Field& velocity)
{
    const Centerlines c = centerlines(velocity, d(p.lidSpeed), p.layout);
    std::size_t iu = 0, ivMin = 0, ivMax = 0;
    for (std::size_t n = 0; n < c.s.size(); ++n) {
        if (c.uVertical[n] < c.uVertical[iu]) iu = n;
        if (c.vHorizontal[n] < c.vHorizontal[ivMin]) ivMin = n;
        if (c.vHorizontal[n] > c.vHorizontal[ivMax]) ivMax = n;
    }
    std::printf(
        "  centre lines     min u/U = %.4f at y = %.4f; min v/U = %.4f at x = %.4f; max v/U = %.4f at x = "
        "%.4f\n",
        c.uVertical[iu], c.s[iu], c.vHorizontal[ivMin], c.s[ivMin], c.vHorizontal[ivMax], c.s[ivMax]);
    // The published tables hold for one Reynolds number only; at another
    // the distance to them measures nothing.
    const double reynolds = d(p.lidSpeed) * d(p.domainWidth) / d(p.viscosity);
    if (std::fabs(reynolds / kGhiaReynolds - 1.0) < 1e-4) {
        const GhiaDeviation g = ghiaDeviation(c);
        std::printf("  vs Ghia et al.   max |u/U - Ghia| on x = 0.5: %.4f; max |v/U - Ghia| on y = 0.5: %.4f\n", g.u,
                    g.v);
    } else {
        std::printf("  vs Ghia et al.   no comparison: their tables are for Re = %g, this run is Re = %g\n",
                    kGhiaReynolds, reynolds);
    }
}

void printSummary(const RunSpec& spec, const RunResult& r)
{
    const SimParams& p = spec.params;
    const double h = d(p.cellSize());
    std::printf("  steps            %d (t = %g s), wall %.3f s (%.2f ms per step)\n", r.steps, r.time, r.wallSeconds,
                1e3 * r.wallSeconds / r.steps);
    if (spec.steadyTolerance) printSteadiness(spec, r);
    printFinalState(r, makePassConstants(p), h);
    if (hasExactSolution(spec.scenario)) printVsExact(spec, r, h);
    if (spec.scenario == Scenario::Cavity) printCavity(p, r.final.velocity);
}

// --profile: the table of core/profile_table.hpp, and what its numbers are.
void printProfile(const RunSpec& spec, const RunResult& r)
{
    const bool gpu = spec.backend == Backend::Gpu;
    std::printf("  profile          %s per step over %d of %d steps%s\n",
                gpu ? "GPU time (timestamp queries)" : "wall time", r.profile.frames(), r.steps,
                r.profileSkipped > 0 ? " (the others ran while the GPU was too far behind to time them)" : "");
    std::printf("%s", r.profile.format("step").c_str());
}

// Every file a flag names, before anything is computed or allocated: a
// picture by its header, an output's folder by a probe file. Then a video or
// a picture folder is opened and its first frame read, before the header: a
// file that cannot be read is a bad flag like any other (the run takes this
// source). Each is exit 2 like any bad flag; a failure later (a disk that
// fills) is still exit 1.
std::optional<std::string> inputFileProblem(const RunSpec& spec)
{
    for (const std::optional<std::string>& problem :
         {backgroundFileProblem(spec.background), outputDirectoryProblem(spec.outDir),
          outputFileProblem(spec.energyFile, spec.outDir), outputFileProblem(spec.centerlinesFile, spec.outDir),
          outputFileProblem(spec.probeFile, spec.outDir)})
        if (problem) return problem;
    return motion::readyFrameSource(spec.motionSource);
}

// What a run writes besides stdout. An output that fails to write is dropped
// there; the run and the other outputs go on (FailedWrites).
struct RunWriters {
    std::optional<OutputFile> energyCsv;
    std::optional<OutputFile> centerlinesCsv;
    std::optional<OutputFile> probeCsv;
    std::optional<VideoOutput> video;
    FailedWrites failed;
    bool framesFailed = false;
    int frames = 0;
    std::string lastFrame;
};

// Every output is opened before the first step: a typo in a path should not
// cost the whole run.
void openCsvFiles(const RunSpec& spec, RunWriters& w)
{
    if (!spec.outDir.empty()) prepareDirectory(spec.outDir);
    if (!spec.energyFile.empty()) writeEnergyHeader(w.energyCsv.emplace(spec.energyFile));
    if (!spec.centerlinesFile.empty()) w.centerlinesCsv.emplace(spec.centerlinesFile);
    if (!spec.probeFile.empty()) w.probeCsv.emplace(spec.probeFile);
}

// The header, then what the run steps on: its solid cells and its renderer.
void printPreamble(const RunSpec& spec, const platform::HeadlessContext* context)
{
    printHeader(spec);
    if (spec.obstacles.size() > 0)
        std::printf("  obstacles        %d solid cells of %zu\n", countSolid(spec.obstacles), spec.obstacles.size());
    if (context) std::printf("  renderer         %s\n", context->description().c_str());
    std::fflush(stdout);
}

// The field a PNG frame or a video shows without --view: the dye where the
// scenario has some, else the speed.
FrameField shownField(Scenario scenario)
{
    return scenario == Scenario::Demo || scenario == Scenario::Motion || scenario == Scenario::Smoke ||
                   scenario == Scenario::Tunnel
               ? FrameField::Dye
               : FrameField::Speed;
}

// The step loop's hooks: the progress bar, the stop signals and the outputs
// written as the run goes (energy rows, PNG frames, video frames). Opens the
// video file. The hooks hold references to every argument.
Observer makeObserver(const RunSpec& spec, const std::string& videoFile, const BackgroundImage& background,
                      const FrameField& shown, ProgressBar& bar, RunWriters& w)
{
    Observer observer;
    observer.progress = [&bar](const Progress& p) { bar.update(p); };
    observer.stopRequested = [] { return StopOnSignals::requested() != 0; };
    if (w.energyCsv)
        observer.sample = [&w](const StepSample& s, const Field&) {
            if (w.energyCsv && !w.failed.attempt([&] { writeEnergyRow(*w.energyCsv, s); })) w.energyCsv.reset();
        };
    observer.frame = [&](int step, const FluidState& state) {
        if (w.framesFailed) return;
        w.framesFailed = !w.failed.attempt([&] {
            w.lastFrame = spec.frameView
                              ? writeViewFrame(spec.outDir, step, state, *spec.frameView, spec.params, &background,
                                               &spec.obstacles)
                              : writeFrame(spec.outDir, step, state, shown, spec.velocityScale, &spec.obstacles);
            ++w.frames;
        });
    };
    if (!videoFile.empty()) {
        w.video.emplace(videoFile);
        observer.videoFrameDue = [&w](double t) { return w.video && w.video->due(t); };
        observer.videoFrame = [&](double, const FluidState& state) {
            const RgbImage image =
                spec.frameView ? renderViewFrame(state, *spec.frameView, spec.params, &background, &spec.obstacles)
                               : renderFrame(state, shown, spec.velocityScale, &spec.obstacles);
            if (w.video && !w.failed.attempt([&] { w.video->add(image); })) w.video.reset();
        };
    }
    return observer;
}

// The outputs only the final state fills: the cavity's centre lines and the
// probe's series.
void writeFinalCsvs(const RunSpec& spec, const RunResult& result, RunWriters& w)
{
    if (w.centerlinesCsv && !w.failed.attempt([&] {
            writeCenterlines(*w.centerlinesCsv,
                             centerlines(result.final.velocity, d(spec.params.lidSpeed), spec.params.layout));
        }))
        w.centerlinesCsv.reset();
    if (w.probeCsv && !w.failed.attempt([&] { writeProbe(*w.probeCsv, result, d(spec.params.dt)); }))
        w.probeCsv.reset();
}

// Closes every output, a line for each one written, then one for each that
// failed.
void closeOutputs(const RunSpec& spec, FrameField shown, RunWriters& w)
{
    for (std::optional<OutputFile>* file : {&w.energyCsv, &w.centerlinesCsv, &w.probeCsv})
        if (*file && w.failed.attempt([&] { (*file)->close(); }))
            std::printf("  wrote            %s\n", (*file)->path().c_str());
    if (w.frames > 0)
        std::printf("  frames           %d PNG frame%s of the %s in %s (last: %s)\n", w.frames,
                    w.frames == 1 ? "" : "s",
                    spec.frameView             ? toString(spec.frameView->view)
                    : shown == FrameField::Dye ? "dye"
                                               : "speed |u|",
                    spec.outDir.c_str(), w.lastFrame.c_str());
    std::string videoLine;
    if (w.video && w.failed.attempt([&] { videoLine = w.video->finish(); }))
        std::printf("  video            %s\n", videoLine.c_str());
    w.failed.reportEach();
}

// The exit code once the outputs are closed: a stop by a signal says so; a
// steady state not reached is a failure (the outputs are still written).
int exitCodeOf(const RunSpec& spec, const RunResult& result, bool writeFailed)
{
    if (result.interrupted) {
        const int signal = StopOnSignals::requested();
        char progress[96];
        std::snprintf(progress, sizeof progress, "after %d steps (t = %g s)", result.steps, result.time);
        report(stoppedBy(signal, progress));
        return writeFailed ? 1 : stopExitCode(signal);
    }
    if (spec.steadyTolerance && !result.steady && std::isnan(result.lastChangeRate)) {
        // Found by the CLI fuzz: "max |du/dt| = nan" said nothing about why.
        std::fprintf(stderr,
                     "fluidsim: no steady state within %d steps (t = %g s): too few steps to measure max |du/dt| "
                     "(measured every %d steps)\n",
                     result.steps, result.time, spec.steadyCheckEvery);
        return 1;
    }
    if (spec.steadyTolerance && !result.steady) {
        std::fprintf(stderr, "fluidsim: no steady state within %d steps (t = %g s): max |du/dt| = %.3g m/s^2 > %g\n",
                     result.steps, result.time, result.lastChangeRate, *spec.steadyTolerance);
        return 1;
    }
    return failedToWriteStdout() || writeFailed ? 1 : 0;
}

// The run itself, once its flags are known to be good; throws what opening an
// output, the context or the solvers throw.
int runSpec(const RunSpec& spec, const std::string& videoFile, ProgressBar& bar)
{
    RunWriters writers;
    openCsvFiles(spec, writers);
    // The context before the header: without OpenGL 3.3 the run is the
    // one line that says so, not a header and then the reason it stopped.
    std::optional<platform::HeadlessContext> context;
    if (spec.backend == Backend::Gpu) context.emplace();
    printPreamble(spec, context ? &*context : nullptr);

    // Read before the first step, like every input: a bad path fails at once.
    const BackgroundImage background = spec.background.empty() ? BackgroundImage{} : loadBackground(spec.background);
    const FrameField shown = shownField(spec.scenario);
    const Observer observer = makeObserver(spec, videoFile, background, shown, bar, writers);
    const RunResult result = simulate(spec, observer);
    StopOnSignals::finishing();
    bar.finish();

    writeFinalCsvs(spec, result, writers);
    printSummary(spec, result);
    if (spec.wake) printStrouhal(spec, result);
    if (spec.profile) printProfile(spec, result);
    closeOutputs(spec, shown, writers);
    return exitCodeOf(spec, result, writers.failed.any());
}

}  // namespace

int runHeadless(const Options& options, const std::vector<std::string>& notes)
{
    if (!options.replayFile.empty()) return runHeadlessReplay(options);
    const ResolvedRun resolved = resolveRun(options);
    if (!resolved.ok()) return parseError(resolved.error);
    const RunSpec& spec = resolved.spec;
    if (const auto problem = inputFileProblem(spec)) return usageError(*problem);
    for (const std::string& note : notes) report("note: " + note);
    for (const std::string& note : spec.notes) report("note: " + note);

    ProgressBar bar;
    const StopOnSignals stopOnSignals;
    try {
        return runSpec(spec, options.videoFile, bar);
    } catch (const std::exception& e) {
        bar.finish();
        return reportRunFailure(e);
    }
}

int reportRunFailure(const std::exception& e)
{
    if (dynamic_cast<const platform::ContextError*>(&e) != nullptr)
        report(std::string(e.what()) + "; --backend cpu runs without OpenGL");
    else
        report(e.what());
    return 1;
}

}  // namespace fluid::app
