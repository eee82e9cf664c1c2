// fluidsim --headless --profile: the table of the step's groups at the end of
// the run, on both backends (GPU time from timestamp queries, wall time on the
// CPU). Label gpu (in cli_gl_tests): the GPU run needs the headless context.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "app/cli_fixture.hpp"
#include "core/sim_params.hpp"

namespace {

namespace fs = std::filesystem;

class ProfileCli : public fluid::test::CliDir<::testing::TestWithParam<const char*>> {
protected:
    ProfileCli() : CliDir("profile-cli") {}
};

// The table's row for `group` (its first line that starts with it, indented).
std::string rowOf(const std::string& out, const std::string& group)
{
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("  " + group + " ", 0) == 0 || line.rfind("    " + group + " ", 0) == 0) return line;
    return "";
}

TEST_P(ProfileCli, PrintsEveryGroupWithItsTimeShareAndCalls)
{
    const std::string backend = GetParam();
    const auto run = fluid::test::runFluidsim(
        FLUIDSIM_EXE, "--headless --no-config --profile --steps 4 --grid 32 --backend " + backend, dir_.string());
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    const std::string what = backend == "gpu" ? "GPU time (timestamp queries) per step" : "wall time per step";
    EXPECT_NE(run.out.find("  profile          " + what), std::string::npos) << run.out;
    for (const char* group : {"splats", "advection", "diffusion", "vorticity", "projection", "divergence", "level 0",
                              "gradient", "full pressure", "total"})
        EXPECT_NE(rowOf(run.out, group), "") << group << " is missing:\n" << run.out;
    // 32^2 cells: levels 0 (32^2) to 2 (8^2, the first of at most 128 cells,
    // solved at once: core/coarse_solve.hpp), the default V-cycles (3, and
    // the cold start's one more on the first step): level 0 is visited twice
    // a cycle, on the way down and on the way up, so 2 (4 * 3 + 1) / 4 a step.
    std::istringstream level0(rowOf(run.out, "level 0"));
    std::string level, index;
    double ms = -1.0, calls = -1.0;
    std::string share;
    level0 >> level >> index >> ms >> share >> calls;
    EXPECT_GE(ms, 0.0) << run.out;
    EXPECT_EQ(share.back(), '%') << run.out;
    const fluid::SimParams defaults = fluid::defaultSimParams();
    EXPECT_DOUBLE_EQ(calls, 2.0 * (4 * defaults.multigridCycles + defaults.coldStartCycles) / 4.0) << run.out;
    EXPECT_EQ(rowOf(run.out, "level 3"), "") << run.out;
    if (backend == "cpu") {
        EXPECT_NE(rowOf(run.out, "level 2"), "") << run.out;
    } else if (run.out.find("OpenGL 4.5") != std::string::npos || run.out.find("llvmpipe") != std::string::npos) {
        // On a GPU with compute shaders (llvmpipe's 4.5 among them) levels 1
        // and 2 are one dispatch a cycle (GpuMultigrid::cycleSmallLevels), one row.
        EXPECT_EQ(rowOf(run.out, "level 2"), "") << run.out;
        EXPECT_NE(rowOf(run.out, "level 1 and below"), "") << run.out;
    } else {
        EXPECT_NE(rowOf(run.out, "level 2"), "") << run.out;
    }
    EXPECT_NE(run.out.find("over 4 of 4 steps"), std::string::npos) << run.out;
}

INSTANTIATE_TEST_SUITE_P(Backends, ProfileCli, ::testing::Values("gpu", "cpu"));

}  // namespace
