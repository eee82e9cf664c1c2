// The divergence the projection leaves behind, after every step, with the
// default solver settings (40 warm-started pressure Jacobi sweeps). Measured
// on the downloaded velocity with the solver's own central difference, as a
// fraction of the velocity scale: max |div u| h / max |u|, the largest net flux
// out of a cell relative to the largest flux through one face.
//
// What remains has three sources (docs/algorithm.md §3.8, docs/validation.md):
// the unconverged Jacobi solve (the part the iteration count controls), the
// mismatch of the wide divergence/gradient with the compact Laplacian (it stays
// however many sweeps run), and, in the cavity, the two lid corners, where the
// moving lid meets a still wall and the velocity is discontinuous.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "app/headless/measure.hpp"
#include "core/pass_constants.hpp"
#include "reference/passes.hpp"
#include "validation/validation_support.hpp"

namespace fluid::validation {
namespace {

using namespace app::headless;

struct DivergenceRecord {
    double worst = 0.0;                  // max over steps and cells
    double worstAwayFromCorners = 0.0;   // the same without the lid-corner blocks
    double worstAwayAfterStartup = 0.0;  // ... and after the first kStartupSteps steps
    int steps = 0;
};

// The first steps start the pressure from zero: until the warm start has
// caught up, 40 sweeps leave more behind than later.
constexpr int kStartupSteps = 10;

// Cells within kCornerBlock of either top corner: where the lid meets a wall.
constexpr int kCornerBlock = 3;

bool nearLidCorner(int i, int j, int width, int height)
{
    return j >= height - kCornerBlock && (i < kCornerBlock || i >= width - kCornerBlock);
}

double nanMax(double m, double x)
{
    return std::isnan(m) || std::isnan(x) ? NAN : std::fmax(m, x);
}

DivergenceRecord recordDivergence(Scenario scenario, Backend backend, int grid, std::vector<std::string> flags)
{
    RunSpec spec = resolvedSpec(headlessOptions(scenario, backend, grid, std::move(flags)));
    spec.measureEveryStep = true;
    const PassConstants constants = makePassConstants(spec.params);
    const double h = static_cast<double>(spec.params.cellSize());
    DivergenceRecord record;
    Observer observer;
    int step = 0;
    observer.sample = [&](const StepSample& s, const Field& velocity) {
        if (s.t == 0.0) return;  // the initial state is not a projection's output
        ++step;
        record.worst = nanMax(record.worst, s.relativeDivergence);
        Field divergence(velocity.width(), velocity.height(), 1);
        reference::divergence(velocity, divergence, constants);
        double away = 0.0;
        for (int j = 0; j < velocity.height(); ++j)
            for (int i = 0; i < velocity.width(); ++i)
                if (scenario != Scenario::Cavity || !nearLidCorner(i, j, velocity.width(), velocity.height()))
                    away = nanMax(away, std::fabs(static_cast<double>(divergence.at(i, j))));
        const double relativeAway = relativeDivergence(away, h, maxSpeed(velocity));
        record.worstAwayFromCorners = nanMax(record.worstAwayFromCorners, relativeAway);
        if (step > kStartupSteps) record.worstAwayAfterStartup = nanMax(record.worstAwayAfterStartup, relativeAway);
    };
    record.steps = simulate(spec, observer).steps;
    std::printf(
        "[ measured ] %s %s N=%d, %d steps: worst relative divergence %.4g; away from the lid corners %.4g, "
        "after step %d %.4g\n",
        toString(scenario), toString(backend), grid, record.steps, record.worst, record.worstAwayFromCorners,
        kStartupSteps, record.worstAwayAfterStartup);
    return record;
}

using Divergence = OnBackend;

// The next two: ch. 38's collocated layout (the staggered default's test is
// the third).
// Taylor-Green, 64^2, t = 2 s: smooth and periodic, so only the first two
// sources act. Measured: 0.0087 (on the first steps, while the warm start has
// not caught up; 400 sweeps give 0.0003). Bound: 1.5% of the velocity scale.
TEST_P(Divergence, DefaultIterationsKeepTaylorGreenBelowBound)
{
    constexpr double kMaxRelativeDivergence = 0.015;
    const DivergenceRecord r = recordDivergence(Scenario::TaylorGreen, GetParam(), 64, {"--layout", "collocated"});
    EXPECT_LE(r.worst, kMaxRelativeDivergence);
}

// Cavity, 64^2, the impulsive start and the first 5 s. Away from the lid
// corners: 0.040 after step 1 (the pressure starts from zero; 400 sweeps give
// 0.012, 4000 give 0.009), 0.013 by step 5 and 0.0095 from step ~80 on, the
// converged value that the corners' influence sets. In the corner blocks up to
// 0.27, the same with 400 sweeps: the corner singularity of the collocated
// scheme, not the iteration count. Bounds: 1.5x these.
TEST_P(Divergence, DefaultIterationsKeepTheCavityBelowBound)
{
    constexpr double kMaxAwayFromCorners = 0.06;
    constexpr double kMaxAwayAfterStartup = 0.02;
    constexpr double kMaxAnywhere = 0.4;
    const DivergenceRecord r =
        recordDivergence(Scenario::Cavity, GetParam(), 64, {"--time", "5", "--layout", "collocated"});
    EXPECT_LE(r.worstAwayFromCorners, kMaxAwayFromCorners);
    EXPECT_LE(r.worstAwayAfterStartup, kMaxAwayAfterStartup);
    EXPECT_LE(r.worst, kMaxAnywhere);
}

// The staggered layout (docs/validation.md §5c): divergence and gradient are
// compact, so what remains is only the solve's own residual, corners
// included. Cavity, 64^2, t = 5 s, 2 V-cycles: measured 0.0022 anywhere
// (collocated: 0.255, at the corners). The demo's splats, 64^2, 300 steps at
// the defaults (3 V-cycles, 4 on the first step): 0.00028 (collocated: 0.253,
// whatever the cycles; 3 V-cycles without the cold start's: 0.0017 at 256²).
// Bounds: 1.5x the cavity's; the divergence bound of 1e-3 for the demo.
TEST_P(Divergence, TheStaggeredLayoutLeavesOnlyTheSolversResidual)
{
    constexpr double kMaxCavity = 0.0033;
    constexpr double kMaxDemoAtTheDefaults = 1e-3;
    const DivergenceRecord cavity = recordDivergence(
        Scenario::Cavity, GetParam(), 64, {"--time", "5", "--layout", "staggered", "--multigrid-cycles", "2"});
    EXPECT_LE(cavity.worst, kMaxCavity);
    const DivergenceRecord demo = recordDivergence(Scenario::Demo, GetParam(), 64, {"--steps", "300"});
    EXPECT_LE(demo.worst, kMaxDemoAtTheDefaults);
}

INSTANTIATE_TEST_SUITE_P(Backends, Divergence, ::testing::Values(Backend::Cpu, Backend::Gpu), backendName);

}  // namespace
}  // namespace fluid::validation
