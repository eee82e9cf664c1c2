// The CPU reference profiled (--profile --backend cpu): every group of the
// step is reported under the names the GPU uses (tests/sim/profile_test.cpp
// checks the GPU's against these), with the wall time it took.
#include <gtest/gtest.h>

#include <vector>

#include "core/profile_table.hpp"
#include "core/wall_step_timer.hpp"
#include "reference/cpu_solver.hpp"
#include "support/step_groups.hpp"

namespace fluid {
namespace {

using test::profileGrid;

std::vector<Splat> oneSplat()
{
    Splat s;
    s.from = s.to = {0.4f, 0.3f};
    s.radius = 0.05f;
    s.velocity = {1.0f, 0.5f};
    return {s};
}

TEST(CpuProfile, ReportsEveryGroupOfTheStep)
{
    // Multigrid and Jacobi pressure; a viscosity whose solve takes V-cycles.
    for (const SimParams& p :
         {profileGrid(PressureSolver::Multigrid, 1e-4f), profileGrid(PressureSolver::Jacobi, 1e-4f),
          profileGrid(PressureSolver::Multigrid, 5.0f)}) {
        SCOPED_TRACE(testing::Message() << toString(p.pressureSolver) << ", nu " << p.viscosity);
        CpuSolver solver(p, 1);
        ProfileTable table;
        WallStepTimer timer(table);
        solver.setStepTimer(&timer);
        for (int n = 0; n < 2; ++n) {
            solver.step(oneSplat());
            timer.endFrame();
        }
        EXPECT_EQ(table.frames(), 2);
        EXPECT_EQ(table.names(), test::expectedStepGroups(p));
        for (const ProfileTable::Line& l : table.lines()) EXPECT_GE(l.msPerFrame, 0.0) << l.name;
    }
}

}  // namespace
}  // namespace fluid
