// Typed-test support for running one physics test on both solvers. The GPU
// backend gets the shared headless context (and fails without one); the CPU
// backend needs nothing.
#pragma once

#include <gtest/gtest.h>

#include "reference/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"
#include "support/gl_context.hpp"

namespace fluid::test {

template <typename Solver>
class OnBothBackends : public GlTest {
protected:
    void SetUp() override
    {
        if constexpr (std::is_same_v<Solver, GpuSolver>) GlTest::SetUp();
    }
    void TearDown() override
    {
        if constexpr (std::is_same_v<Solver, GpuSolver>) GlTest::TearDown();
    }
};

// The solver under test. The CPU one runs on one thread: the grids of the
// tests are small, results do not depend on the thread count, and ctest runs
// two tests side by side on two cores (an OpenMP barrier per pass on a loaded
// machine turns thousands of sweeps from milliseconds into seconds).
template <typename Solver>
Solver makeSolver(const SimParams& params)
{
    if constexpr (std::is_same_v<Solver, CpuSolver>)
        return CpuSolver(params, 1);
    else
        return Solver(params);
}

// The solver's fields, wherever they live.
inline FluidState stateOf(const CpuSolver& s)
{
    return s.state();
}
inline FluidState stateOf(const GpuSolver& s)
{
    return s.download();
}

// The order matters: tests/CMakeLists.txt labels type 0 cpu and type 1 gpu.
using BothSolvers = ::testing::Types<CpuSolver, GpuSolver>;

}  // namespace fluid::test
