// The GPU backend made where no GL context is current throws fluidsim::Error
// with a clear message instead of aborting (libepoxy's assertion). A program
// of its own, without the GL test fixture: no context is ever made in it.
#include <gtest/gtest.h>

#include <fluidsim/fluidsim.hpp>
#include <string>

namespace {

TEST(ApiNoContext, AGpuSolverWithoutAContextThrows)
{
    fluidsim::Settings s;
    s.gridWidth = s.gridHeight = 16;
    try {
        fluidsim::makeSolver(fluidsim::Backend::Gpu, s);
        FAIL() << "a GPU solver was made with no GL context";
    } catch (const fluidsim::Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("no OpenGL context is current"), std::string::npos) << what;
    }
}

TEST(ApiNoContext, TheCpuSolverNeedsNone)
{
    fluidsim::Settings s;
    s.gridWidth = s.gridHeight = 16;
    s.threads = 1;
    EXPECT_EQ(fluidsim::makeSolver(fluidsim::Backend::Cpu, s).backend(), fluidsim::Backend::Cpu);
}

}  // namespace
