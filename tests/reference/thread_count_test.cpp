// The reference's results do not depend on how many threads compute them
// (every row is computed alone; src/reference/stencil.hpp), nor on whether
// another process takes a core while they run: a whole default step (MacCormack,
// multigrid pressure and viscosity, vorticity, a lid, obstacles, smoke) at 1,
// 2, 3 and 4 threads, and at 2 threads with a core busy, leaves bit-identical
// fields. The ThreadSanitizer build (cmake --preset tsan) runs these too.
#include <gtest/gtest.h>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/field.hpp"
#include "reference/cpu_solver.hpp"

extern char** environ;

namespace fluid {
namespace {

// Another process spinning on a core for as long as it lives (a shell loop,
// not a thread of ours: the OpenMP runtime must share the machine with a
// stranger it cannot synchronise with).
class BusyCore {
public:
    BusyCore()
    {
        const char* argv[] = {"/bin/sh", "-c", "while :; do :; done", nullptr};
        const int err = posix_spawn(&pid_, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ);
        if (err != 0) throw std::runtime_error(std::string("BusyCore: posix_spawn: ") + std::strerror(err));
    }
    ~BusyCore()
    {
        kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
    BusyCore(const BusyCore&) = delete;
    BusyCore& operator=(const BusyCore&) = delete;

private:
    pid_t pid_ = 0;
};

SimParams busyParams()
{
    SimParams p;  // the defaults: MacCormack, multigrid pressure and viscosity
    p.gridWidth = 61;
    p.gridHeight = 47;
    p.vorticity = 20.0f;
    p.lidSpeed = 1.0f;
    p.gravity = 9.81f;  // smoke: the temperature is carried and pushes
    p.viscosity = 1e-3f;
    return p;
}

Field plate(const SimParams& p)
{
    Field mask(p.gridWidth, p.gridHeight, 1);
    for (int j = p.gridHeight / 3; j < 2 * p.gridHeight / 3; ++j)
        for (int i = p.gridWidth / 2; i < p.gridWidth / 2 + 3; ++i) mask.at(i, j, 0) = 1.0f;
    return mask;
}

FluidState runAt(int threads)
{
    const SimParams p = busyParams();
    CpuSolver solver(p, threads);
    solver.setObstacles(plate(p));
    for (int n = 0; n < 12; ++n) {
        Splat s;
        s.from = {0.2f + 0.03f * static_cast<float>(n), 0.3f};
        s.to = s.from + glm::vec2(0.05f, 0.02f);
        s.radius = 0.08f;
        s.velocity = {3.0f, 1.0f};
        s.dye = {1.0f, 0.5f, 0.2f};
        s.heat = 40.0f;
        solver.step(std::span<const Splat>(&s, 1));
    }
    return solver.download();
}

// "" when a and b hold the same bits, else the first cell that differs.
std::string firstDifference(const Field& a, const Field& b, const char* name)
{
    if (a.width() != b.width() || a.height() != b.height() || a.components() != b.components())
        return std::string(name) + ": shapes differ";
    const std::size_t n = a.size();
    for (std::size_t k = 0; k < n; ++k)
        if (std::memcmp(a.data() + k, b.data() + k, sizeof(float)) != 0)
            return std::string(name) + "[" + std::to_string(k) + "]: " + std::to_string(a.data()[k]) + " vs " +
                   std::to_string(b.data()[k]);
    return "";
}

void expectSameBits(const FluidState& a, const FluidState& b)
{
    EXPECT_EQ(firstDifference(a.velocity, b.velocity, "velocity"), "");
    EXPECT_EQ(firstDifference(a.pressure, b.pressure, "pressure"), "");
    EXPECT_EQ(firstDifference(a.dye, b.dye, "dye"), "");
    EXPECT_EQ(firstDifference(a.temperature, b.temperature, "temperature"), "");
}

TEST(ThreadCount, EveryCountGivesTheSameBits)
{
    const FluidState one = runAt(1);
    for (int threads : {2, 3, 4}) {
        SCOPED_TRACE(testing::Message() << threads << " threads against 1");
        expectSameBits(runAt(threads), one);
    }
}

TEST(ThreadCount, TwoThreadsWithACoreBusyGiveTheSameBits)
{
    const FluidState one = runAt(1);
    BusyCore busy;
    expectSameBits(runAt(2), one);
    expectSameBits(runAt(0), one);  // 0: every core, the binary's default
}

}  // namespace
}  // namespace fluid
