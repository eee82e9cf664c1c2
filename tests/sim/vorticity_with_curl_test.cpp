// Vorticity confinement in one draw on the collocated layout (vorticity.frag's
// CURL_INLINE, GpuSolver::confineVorticity) must give what the curl pass and
// then the vorticity pass give: the same float operations per cell, the curl
// read beside a cell through the scalar rule (a ghost beyond a wall the
// clamped cell, the wrapped cell when periodic, a solid neighbour this
// cell). Compared GPU against GPU on every rule, with and without
// obstacles, at a moderate confinement and at one where the limiter binds.
// (pass_parity_test compares the same draw with the CPU's two passes.)
#include <gtest/gtest.h>

#include <array>
#include <ostream>
#include <string>

#include "sim/gpu_solver.hpp"
#include "sim/pass_program.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/obstacles.hpp"
#include "support/parity_check.hpp"
#include "support/two_gpu_forms.hpp"
#include "support/walls.hpp"

namespace fluid {
namespace {

struct Case {
    test::Walls walls;
    float vorticity;  // 1e4: the limiter binds at most cells
};

void PrintTo(const Case& c, std::ostream* os)
{
    *os << c.walls.name << ", vorticity " << c.vorticity;
}

constexpr std::array kWalls{test::kBox,         test::kLid,       test::kPeriodic,       test::kTunnel,
                            test::kTunnelWalls, test::kBoxSolids, test::kPeriodicSolids, test::kTunnelSolids};

std::vector<Case> cases()
{
    std::vector<Case> all;
    for (const test::Walls& w : kWalls)
        for (const float vorticity : {5.0f, 1e4f}) all.push_back({w, vorticity});
    return all;
}

SimParams paramsFor(const Case& c)
{
    SimParams p;
    p.gridWidth = 24;  // not square: a swapped i and j shows
    p.gridHeight = 20;
    p.layout = Layout::Collocated;
    p.vorticity = c.vorticity;
    test::applyWalls(p, c.walls);
    p.inflowSpeed = 0.8f;
    return p;
}

class VorticityWithCurl : public test::GlTest, public ::testing::WithParamInterface<Case> {};

TEST_P(VorticityWithCurl, OneDrawGivesWhatTheCurlAndVorticityPassesGive)
{
    const Case c = GetParam();
    const SimParams p = paramsFor(c);
    GpuSolver oneDraw(p);
    GpuSolver twoPasses(p);
    const FluidState start = test::randomState(p.gridWidth, p.gridHeight, 4321, c.walls.solids ? 3.0f : 1.0f);
    for (GpuSolver* s : {&oneDraw, &twoPasses}) {
        s->upload(start);
        if (c.walls.solids) s->setObstacles(test::mixedObstacles(p.gridWidth, p.gridHeight));
    }
    const unsigned long long before = sim::drawCount();
    oneDraw.confineVorticity();
    EXPECT_EQ(sim::drawCount() - before, 1u) << "the curl computed in the vorticity pass's draw";
    twoPasses.run(passes::curl);
    twoPasses.run(passes::vorticity);
    const Field result = oneDraw.download().velocity;
    test::expectSameWithin(std::string("vorticity_with_curl_") + c.walls.name, result, twoPasses.download().velocity,
                           test::twoFormsBound());
    EXPECT_GT(test::compareFields(result, start.velocity).relativeL2, 1e-3) << "the confinement left u unchanged";
}

INSTANTIATE_TEST_SUITE_P(Walls, VorticityWithCurl, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& c) {
                             return std::string(c.param.walls.name) + (c.param.vorticity > 100.0f ? "_limited" : "");
                         });

// On faces the step draws the pass table's two rows.
class VorticityWithCurlWhere : public test::GlTest {};

TEST_F(VorticityWithCurlWhere, OnlyTheCollocatedLayoutDrawsOnce)
{
    SimParams p = paramsFor({test::kBox, 5.0f});
    p.layout = Layout::Staggered;
    GpuSolver faces(p);
    faces.upload(test::randomState(p.gridWidth, p.gridHeight, 4321, 1.0f));
    const unsigned long long before = sim::drawCount();
    faces.confineVorticity();
    EXPECT_EQ(sim::drawCount() - before, 2u);
    p.vorticity = 0.0f;
    GpuSolver off(p);
    const unsigned long long offBefore = sim::drawCount();
    off.confineVorticity();
    EXPECT_EQ(sim::drawCount() - offBefore, 0u) << "no confinement, no draw";
}

}  // namespace
}  // namespace fluid
