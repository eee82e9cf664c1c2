// Two GPU forms of one computation (a packed layout against the plain one,
// a fused pass against the passes it fuses) must agree: the same start and
// the same whole steps on both solvers, then every field compared. Header
// only: the support library does not link the GPU solver.
#pragma once

#include <array>
#include <string>

#include "sim/gpu_solver.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/parity_check.hpp"

namespace fluid::test {

// How far two GPU forms of one computation may part. They differ only where a
// GPU compiler contracts a multiply-add into an FMA in one form (a vec4
// packing, a fused pass, a compute shader) and not in the other: a rounding
// of the values' magnitude per pass at most, which the sweeps and steps
// after it damp. llvmpipe compiles both alike: there they must be the same
// bits.
inline double twoFormsBound()
{
    return onLlvmpipe() ? 0.0 : 2e-6;
}

// `steps` steps of one stroke each on `a` and `b` from the same random start
// (with a pressure solve outside the step first where `solveFirst`), then
// every field of `a` within maxRel of `b`'s, printed under `label`, and a
// pressure left to compare.
inline void expectSameSteps(const std::string& label, GpuSolver& a, GpuSolver& b, double maxRel,
                            bool solveFirst = false, int steps = 3)
{
    const FluidState start = randomState(a.grids(), 21);
    const std::array splats{
        Splat{.from = {0.3f, 0.2f}, .to = {0.5f, 0.6f}, .velocity = {1.0f, -0.5f}, .dye = {1.0f, 0.5f, 0.25f}}};
    for (GpuSolver* solver : {&a, &b}) {
        solver->upload(start);
        if (solveFirst) solver->solvePressure();
        for (int n = 0; n < steps; ++n) solver->step(splats);
    }
    const FluidState first = a.download();
    const FluidState second = b.download();
    for (const FieldSpec& spec : kFieldSpecs)
        expectSameWithin(label + "_" + spec.name, fieldOf(first, spec), fieldOf(second, spec), maxRel);
    EXPECT_GT(maxAbs(first.pressure), 1e-4) << label << ": the solve left a pressure to compare";
}

}  // namespace fluid::test
