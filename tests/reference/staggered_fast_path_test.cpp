// The staggered passes' interior row loops (src/reference/face_rows.hpp)
// against their own per-face form, every face through the face rules
// (Exec::perCell): bit for bit, on every grid shape (small grids are all
// border), under every boundary rule, among obstacles and on any thread count.
// The GPU parity tests allow a few ulp; this one allows none, so a reordered
// sum in a row loop shows here even where a GPU comparison would let it pass.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/multigrid.hpp"
#include "core/solid_mask.hpp"
#include "core/splat.hpp"
#include "reference/face_rows.hpp"
#include "reference/passes.hpp"
#include "reference/staggered.hpp"
#include "support/fields.hpp"
#include "support/obstacles.hpp"

namespace fluid::reference {
namespace {

using test::firstBitDifference;

struct Grid {
    int width;
    int height;
};

enum class Walls { Lid, Periodic, Tunnel };

using Case = std::tuple<Grid, Walls, bool /* obstacles */, int /* threads */>;

class StaggeredFastPath : public ::testing::TestWithParam<Case> {
protected:
    void SetUp() override
    {
        const auto [g, walls, obstacles, threads] = GetParam();
        SimParams p;
        p.layout = Layout::Staggered;
        p.gridWidth = g.width;
        p.gridHeight = g.height;
        p.viscosity = 2e-3f;
        p.vorticity = 5.0f;
        p.velocityDissipation = 0.3f;
        p.boundary = walls == Walls::Periodic ? BoundaryMode::Periodic
                     : walls == Walls::Tunnel ? BoundaryMode::Tunnel
                                              : BoundaryMode::Box;
        p.lidSpeed = walls == Walls::Lid ? 0.75f : 0.0f;
        k_ = makePassConstants(p);
        if (obstacles) {
            solid_ = SolidMask(test::mixedObstacles(g.width, g.height));
            k_.solid = &solid_;
        }
        rows_ = {threads, false};
        // Velocities of up to ~5 cells per step: traces leave the grid through
        // every wall and reach into the obstacles.
        velocity_ = test::randomField(g.width, g.height, 2, 7, 5.0f / k_.dtOverCellSize);
        other_ = test::randomField(g.width, g.height, 2, 8, 3.0f);
        scalar_ = test::randomField(g.width, g.height, 1, 9, 10.0f);
    }

    // `pass` run on the row loops and on the per-face rules, compared bit for bit.
    template <typename Pass>
    void expectSame(const Field& like, Pass&& pass, const char* name)
    {
        Field fast(like.width(), like.height(), like.components(), 12345.0f);
        Field perFace = fast;
        pass(fast, rows_);
        pass(perFace, Exec{1, true});
        EXPECT_EQ(firstBitDifference(fast, perFace), "") << name;
    }

    PassConstants k_;
    SolidMask solid_;
    Exec rows_;
    Field velocity_, other_, scalar_;
};

TEST_P(StaggeredFastPath, StencilsMatchPerFaceBitForBit)
{
    const PassConstants& k = k_;
    expectSame(
        velocity_, [&](Field& out, Exec e) { diffuse(velocity_, other_, out, k, e); }, "diffuse");
    expectSame(
        scalar_, [&](Field& out, Exec e) { divergence(velocity_, out, k, e); }, "divergence");
    expectSame(
        velocity_, [&](Field& out, Exec e) { gradient(velocity_, scalar_, out, k, e); }, "gradient");
    expectSame(
        scalar_, [&](Field& out, Exec e) { curl(velocity_, out, k, e); }, "curl");
    expectSame(
        velocity_, [&](Field& out, Exec e) { vorticity(velocity_, scalar_, out, k, e); }, "vorticity");
}

// The splat's faces: each row's weights from the vectorised loop against
// splatWeightAt per face, for segments either way and points, near walls and
// far enough to underflow.
TEST_P(StaggeredFastPath, SplatMatchesPerFaceBitForBit)
{
    const PassConstants& k = k_;
    const glm::vec2 domain(static_cast<float>(k.width) * k.cellSize, static_cast<float>(k.height) * k.cellSize);
    Splat splats[4];
    splats[0].from = domain * glm::vec2(0.1f, 0.8f);
    splats[0].to = domain * glm::vec2(0.9f, 0.15f);
    splats[0].radius = 0.2f * domain.x;
    splats[1].from = splats[0].to;
    splats[1].to = splats[0].from;
    splats[1].radius = 0.03f * domain.y;
    splats[2].from = splats[2].to = domain * glm::vec2(0.02f, 0.97f);
    splats[2].radius = 0.5f * domain.x;
    splats[3].from = domain * glm::vec2(-0.2f, 0.5f);
    splats[3].to = domain * glm::vec2(0.5f, 1.3f);
    splats[3].radius = 0.01f * domain.x;
    for (const Splat& each : splats)
        expectSame(
            velocity_,
            [&](Field& out, Exec e) {
                staggered::splat(velocity_, toCells(each, k), {3.5f, -2.25f}, out, k, e);
            },
            "splat");
}

// Level 0 of the viscous multigrid: the smoother's rows, from an iterate and from zero.
TEST_P(StaggeredFastPath, ViscousSmootherMatchesPerFaceBitForBit)
{
    const PassConstants& k = k_;
    const LevelOperator op = viscousLevel(k, 0);
    for (const bool zeroGuess : {false, true})
        expectSame(
            velocity_, [&](Field& out, Exec e) { staggered::smooth(velocity_, other_, op, zeroGuess, out, k, e); },
            zeroGuess ? "smooth from zero" : "smooth");
}

TEST_P(StaggeredFastPath, AdvectionMatchesPerFaceBitForBit)
{
    const PassConstants& k = k_;
    expectSame(
        velocity_, [&](Field& out, Exec e) { advect(velocity_, velocity_, true, k.velocityDecay, out, k, e); },
        "advect");
    Field backward(velocity_.width(), velocity_.height(), 2);
    advect(velocity_, other_, true, 1.0f, backward, k, rows_);
    expectSame(
        velocity_,
        [&](Field& out, Exec e) {
            maccormack(velocity_, velocity_, other_, backward, true, k.velocityDecay, out, k, e);
        },
        "maccormack");
    // Scalars read the velocity at their centres from the faces.
    const Field dye = test::randomField(velocity_.width(), velocity_.height(), 3, 10);
    expectSame(
        dye, [&](Field& out, Exec e) { advect(velocity_, dye, false, k.dyeDecay, out, k, e); }, "advect dye");
    const Field forwardDye = test::randomField(velocity_.width(), velocity_.height(), 3, 11);
    expectSame(
        dye, [&](Field& out, Exec e) { maccormack(velocity_, dye, forwardDye, dye, false, k.dyeDecay, out, k, e); },
        "maccormack dye");
}

// The rules a run of faces at a time (FaceVelocity::ruled: the curl's faces
// beyond and on the walls) against its u and v one face at a time, along every
// row and column from beyond one wall to beyond the other, each component
// alone and both together.
TEST_P(StaggeredFastPath, RuledFacesMatchTheRulesBitForBit)
{
    const PassConstants& k = k_;
    const auto expectRun = [&](glm::ivec2 first, glm::ivec2 step, int count) {
        std::vector<float> u(static_cast<std::size_t>(count)), v(u.size()), uAlone(u.size()), vAlone(u.size());
        const FaceVelocity faces(velocity_, k);
        faces.ruled(first, step, count, u.data(), v.data());
        faces.ruled(first, step, count, uAlone.data(), nullptr);
        faces.ruled(first, step, count, nullptr, vAlone.data());
        for (int n = 0; n < count; ++n) {
            const glm::ivec2 c = first + n * step;
            const auto at = static_cast<std::size_t>(n);
            const auto bits = [](float x) { return std::bit_cast<std::uint32_t>(x); };
            const std::uint32_t wantU = bits(faces.u(c));
            const std::uint32_t wantV = bits(faces.v(c));
            EXPECT_EQ(bits(u[at]), wantU) << "u at " << c.x << ", " << c.y;
            EXPECT_EQ(bits(v[at]), wantV) << "v at " << c.x << ", " << c.y;
            EXPECT_EQ(bits(uAlone[at]), wantU) << "u alone at " << c.x << ", " << c.y;
            EXPECT_EQ(bits(vAlone[at]), wantV) << "v alone at " << c.x << ", " << c.y;
        }
    };
    for (int r = -1; r <= k.height; ++r) expectRun({-1, r}, {1, 0}, k.width + 2);
    for (int i = -1; i <= k.width; ++i) expectRun({i, -1}, {0, 1}, k.height + 2);
}

std::string caseName(const ::testing::TestParamInfo<Case>& info)
{
    const auto [g, walls, obstacles, threads] = info.param;
    const char* w = walls == Walls::Lid ? "Lid" : walls == Walls::Periodic ? "Periodic" : "Tunnel";
    return std::to_string(g.width) + "x" + std::to_string(g.height) + "_" + w + (obstacles ? "_Obstacles" : "") +
           "_threads" + std::to_string(threads);
}

INSTANTIATE_TEST_SUITE_P(GridsRulesThreads, StaggeredFastPath,
                         ::testing::Combine(::testing::Values(Grid{1, 1}, Grid{4, 7}, Grid{5, 5}, Grid{6, 9},
                                                              Grid{37, 23}, Grid{64, 48}),
                                            ::testing::Values(Walls::Lid, Walls::Periodic, Walls::Tunnel),
                                            ::testing::Bool(), ::testing::Values(1, 3)),
                         caseName);

}  // namespace
}  // namespace fluid::reference
