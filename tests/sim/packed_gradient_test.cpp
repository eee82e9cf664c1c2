// In the step, a packed Jacobi solve leaves its pressure packed, and the
// gradient pass reads it there and unpacks it as its second output
// (gradient.frag's PACKED_PRESSURE): one pass where the unpacking pass and the
// gradient pass were two. The divergence pass packs for the solve as it
// computes (divergence_packed.frag), its own result unpacked when read. That must change nothing: the step is run here
// against the very same recipe (runStep) driven from outside GpuSolver::step(),
// where each packed solve is unpacked at once and the plain gradient pass
// follows, and the two must agree bit for bit. On the staggered layout the
// divergence pass packs (its STAGGERED variant) and the unpacking stays a pass
// of its own (VelocityLayout::unpacksInGradient).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <tuple>

#include "core/step_recipe.hpp"
#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"

namespace fluid {
namespace {

// runStep's view of a GpuSolver, every call forwarded, outside step().
struct OutsideTheStep {
    GpuSolver& solver;
    const SimParams& params() const { return solver.params(); }
    const PassConstants& constants() const { return solver.constants(); }
    StepTimer* stepTimer() const { return nullptr; }
    void splat(const Splat& s) { solver.splat(s); }
    void advectTemperature() { solver.advectTemperature(); }
    void advect() { solver.advect(); }
    void diffuse() { solver.diffuse(); }
    // The pass table's rows, where the step draws one pass on cells.
    void confineVorticity()
    {
        runInStep(*this, passes::curl);
        runInStep(*this, passes::vorticity);
    }
    // The rows themselves: outside step() the divergence does not pack and
    // the solve leaves its pressure unpacked.
    void computeDivergence() { solver.run(passes::divergence); }
    void solvePressure() { solver.solvePressure(); }
    void subtractGradient() { solver.run(passes::gradient); }
    void run(const FieldPass& pass) { solver.run(pass); }
};

class PackedGradient : public test::GlTest, public ::testing::WithParamInterface<std::tuple<BoundaryMode, Layout>> {};

TEST_P(PackedGradient, TheStepGivesWhatTheUnpackingAndGradientPassesGiveBitForBit)
{
    SimParams p;
    p.gridWidth = 64;  // a multiple of 4: the sweeps pack
    p.gridHeight = 48;
    p.boundary = std::get<0>(GetParam());
    p.layout = std::get<1>(GetParam());
    if (p.boundary == BoundaryMode::Box) p.lidSpeed = 1.0f;
    p.pressureSolver = PressureSolver::Jacobi;
    p.pressureIterations = 7;  // three double sweeps and a single one
    p.vorticity = 0.3f;
    GpuSolver inStep(p);
    GpuSolver outside(p);
    const FluidState start = test::randomState(inStep.grids(), 21);
    inStep.upload(start);
    outside.upload(start);
    const std::array splats{
        Splat{.from = {0.3f, 0.2f}, .to = {0.5f, 0.6f}, .velocity = {1.0f, -0.5f}, .dye = {1.0f, 0.5f, 0.25f}}};
    OutsideTheStep passByPass{outside};
    for (int n = 0; n < 3; ++n) {
        inStep.step(splats);
        runStep(passByPass, splats);
    }
    const FluidState a = inStep.download();
    const FluidState b = outside.download();
    for (const FieldSpec& spec : kFieldSpecs) {
        const test::FieldError e = test::compareFields(fieldOf(a, spec), fieldOf(b, spec));
        EXPECT_EQ(e.maxAbs, 0.0) << spec.name << ": " << test::describe(e);
    }
    // In the step the divergence pass also packed (divergence_packed.frag);
    // the divergence it leaves, unpacked when read, is the plain pass's.
    const Field divergence = inStep.downloadDivergence();
    const test::FieldError e = test::compareFields(divergence, outside.downloadDivergence());
    EXPECT_EQ(e.maxAbs, 0.0) << "divergence: " << test::describe(e);
    EXPECT_GT(test::maxAbs(divergence), 1e-3) << "a divergence to compare";
    EXPECT_GT(test::maxAbs(fieldOf(a, fieldSpec(FieldId::Pressure))), 1e-4) << "the solve left a pressure to compare";
}

INSTANTIATE_TEST_SUITE_P(Rules, PackedGradient,
                         ::testing::Combine(::testing::Values(BoundaryMode::Box, BoundaryMode::Periodic),
                                            ::testing::Values(Layout::Collocated, Layout::Staggered)),
                         [](const auto& rule) {
                             return std::string(toString(std::get<0>(rule.param))) + "_" +
                                    toString(std::get<1>(rule.param));
                         });

}  // namespace
}  // namespace fluid
