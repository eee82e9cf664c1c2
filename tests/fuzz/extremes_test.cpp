// Every corner of what the panel's sliders and the flags accept, on both
// solvers (no accepted setting may blow up): dt at the slider's
// ends and the flag's maximum, vorticity at 0 and both maxima, viscosity and
// dissipation at 0 and their maximum, no projection or multigrid, box, lid and periodic, both
// advection schemes (MacCormack's limiter must keep it as bounded) and both
// projections (the incremental one's forcing must not feed energy). A strong
// stroke on the first steps, then the flow is left to itself. Every third step:
// the fields finite, and the energy and top speed within what the brush and the lid
// put in (fuzz/energy_budget.hpp, the bounds and factors the fuzz uses).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "fuzz/energy_budget.hpp"
#include "support/backends.hpp"
#include "support/test_size.hpp"

namespace fluid {
namespace {

using test::makeSolver;

constexpr int kSteps = 20;
constexpr int kPaintedSteps = 8;

struct Corner {
    float dt, vorticity, viscosity, velocityDissipation;
    PressureSolver pressure;
    int boundary;  // 0 box, 1 box with a lid, 2 periodic
    AdvectionScheme advection;
    Projection projection;
};

// Every corner of one boundary mode (0 box, 1 box with a lid, 2 periodic),
// 288 of them, in a fixed order. The quick size (CI; support/test_size.hpp)
// takes every 7th: 7 shares no factor with the 2s and 3s of the nested loops,
// so each value of each setting still appears, in changing company (42
// corners per boundary).
std::vector<Corner> corners(int boundary)
{
    constexpr std::size_t kQuickStride = 7;
    const std::size_t stride = test::bySize<std::size_t>(kQuickStride, 1);
    std::vector<Corner> all;
    std::size_t index = 0;
    for (float dt : {0.001f, 0.1f, SimLimits::kMaxDt})                // slider ends, flag maximum
        for (float vorticity : {0.0f, 100.0f, 1e4f})                  // slider maximum, flag maximum
            for (float viscosity : {0.0f, SimLimits::kMaxViscosity})  // the flag's ends (the slider's lie inside)
                for (float dissipation : {0.0f, 1e4f})
                    for (PressureSolver pressure : {PressureSolver::Jacobi, PressureSolver::Multigrid})
                        for (AdvectionScheme advection : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack})
                            for (Projection projection : {Projection::Plain, Projection::Incremental})
                                if (index++ % stride == 0)
                                    all.push_back({dt, vorticity, viscosity, dissipation, pressure, boundary, advection,
                                                   projection});
    return all;
}

SimParams paramsAt(const Corner& c)
{
    SimParams p;
    p.gridWidth = 32;
    p.gridHeight = 24;
    p.dt = c.dt;
    p.vorticity = c.vorticity;
    p.viscosity = c.viscosity;
    p.velocityDissipation = c.velocityDissipation;
    p.dyeDissipation = c.velocityDissipation;
    p.pressureSolver = c.pressure;
    p.pressureIterations = 0;  // the slider's bottom: no projection at all
    p.multigridCycles = 2;     // the default (the fuzz covers 0 to 100 cycles)
    p.boundary = c.boundary == 2 ? BoundaryMode::Periodic : BoundaryMode::Box;
    p.lidSpeed = c.boundary == 1 ? 1.0f : 0.0f;
    p.advection = c.advection;
    p.projection = c.projection;
    return p;
}

// A stroke across the middle at 10 m/s: the panel's strongest (splat force 10
// times a pointer moving 1 m/s).
Splat strokeAt(int step, const SimParams& p)
{
    Splat s;
    const float x = p.domainWidth * (0.2f + 0.06f * static_cast<float>(step));
    s.from = {x, 0.5f * p.domainHeight()};
    s.to = {x + 0.06f * p.domainWidth, 0.5f * p.domainHeight()};
    s.radius = 0.05f * p.domainWidth;
    s.velocity = {10.0f, 0.0f};
    s.dye = {1.0f, 1.0f, 1.0f};
    return s;
}

using test::stateOf;

// One boundary mode per test: one solver serves its corners, and its shaders
// are built once; three tests per backend, which ctest runs side by side.
template <typename Solver>
void sweepCorners(int boundary)
{
    double worstEnergy = 0.0, worstSpeed = 0.0, worstConfinedSpeed = 0.0;
    const std::vector<Corner> all = corners(boundary);
    Solver solver = makeSolver<Solver>(paramsAt(all.front()));
    for (const Corner& c : all) {
        const SimParams p = paramsAt(c);
        solver.setParams(p);
        solver.reset();  // every corner from rest
        SCOPED_TRACE(testing::Message() << "dt " << c.dt << ", vorticity " << c.vorticity << ", viscosity "
                                        << c.viscosity << ", dissipation " << c.velocityDissipation << ", "
                                        << toString(c.pressure) << ", boundary " << c.boundary << ", "
                                        << toString(c.advection) << ", " << toString(c.projection) << " projection");
        test::EnergyBudget budget(p);
        for (int n = 0; n < kSteps; ++n) {
            std::vector<Splat> splats;
            if (n < kPaintedSteps) splats.push_back(strokeAt(n, p));
            budget.addSplats(splats);
            solver.step(splats);
            // Every third step and the last: a read-back per step would make
            // the GPU sweep minutes long (llvmpipe waits for its threads).
            if (n % 3 != 2 && n != kSteps - 1) continue;
            const FluidState s = stateOf(solver);
            for (const auto& [field, name] :
                 {std::pair{&s.velocity, "velocity"}, std::pair{&s.pressure, "pressure"}, std::pair{&s.dye, "dye"}}) {
                const std::string bad = test::firstNonFinite(*field, name);
                ASSERT_TRUE(bad.empty()) << "step " << n + 1 << ": " << bad;
            }
            const double speedRatio = budget.speedRatio(test::maxSpeed(s.velocity));
            if (c.vorticity > 0.0f) {
                worstConfinedSpeed = std::max(worstConfinedSpeed, speedRatio);
                ASSERT_LE(speedRatio, test::EnergyBudget::kMaxConfinedSpeedRatio) << "step " << n + 1;
            } else {
                const double energyRatio = budget.ratio(test::kineticEnergy(s.velocity, p.cellSize()));
                worstEnergy = std::max(worstEnergy, energyRatio);
                worstSpeed = std::max(worstSpeed, speedRatio);
                ASSERT_LE(energyRatio, test::EnergyBudget::kMaxRatio) << "step " << n + 1;
                ASSERT_LE(speedRatio, test::EnergyBudget::kMaxSpeedRatio) << "step " << n + 1;
            }
        }
    }
    std::printf(
        "[ measured ] %zu corners (%s size) x %d steps: worst sqrt(E)/bound %.3g, max speed/bound %.3g (with "
        "confinement %.3g)\n",
        all.size(), test::testSizeName(), kSteps, worstEnergy, worstSpeed, worstConfinedSpeed);
}

const char* boundaryName(int boundary)
{
    return boundary == 0 ? "Box" : boundary == 1 ? "Lid" : "Periodic";
}

std::string boundaryTestName(const testing::TestParamInfo<int>& param)
{
    return boundaryName(param.param);
}

class ExtremeSettings : public testing::TestWithParam<int> {};

TEST_P(ExtremeSettings, CpuStaysBoundedAtEveryCorner)
{
    sweepCorners<CpuSolver>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Boundaries, ExtremeSettings, testing::Values(0, 1, 2), boundaryTestName);

class ExtremeSettingsGpu : public test::GlTest, public testing::WithParamInterface<int> {};

TEST_P(ExtremeSettingsGpu, StaysBoundedAtEveryCorner)
{
    sweepCorners<GpuSolver>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Boundaries, ExtremeSettingsGpu, testing::Values(0, 1, 2), boundaryTestName);

}  // namespace
}  // namespace fluid
