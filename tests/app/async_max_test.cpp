// AsyncMax's sum measure (the panel's kinetic energy): the blocks' sums add
// up to the field's sum of r^2 + g^2, each texel counted once, on a grid that
// the 16 x 16 blocks do not divide (the clamped reads past the edge must not
// count). Collected without waiting: the test polls until the fence passes.
#include <gtest/gtest.h>

#include <vector>

#include "app/window/async_max.hpp"
#include "gl/render_target.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using AsyncMaxTest = test::GlTest;

TEST_F(AsyncMaxTest, SumOfSquaresCountsEveryTexelOnce)
{
    constexpr int kWidth = 37, kHeight = 21;  // 3 x 2 cells a block, the last ones partly outside
    std::vector<float> values(2 * kWidth * kHeight);
    double expected = 0.0;
    for (std::size_t n = 0; n < values.size(); ++n) {
        values[n] = 0.25f * static_cast<float>(n % 7) - 0.5f;  // small integers over 4: exact sums
        expected += static_cast<double>(values[n]) * static_cast<double>(values[n]);
    }
    gl::RenderTarget field(kWidth, kHeight, gl::TextureFormat::RG32F, "test field");
    field.upload(values.data());
    AsyncMax reduction;
    reduction.request(field.texture(), MaxMeasure::SumOfSquaresRedGreen, {kWidth, kHeight});
    std::optional<glm::vec2> result;
    for (int tries = 0; tries < 100000 && !result; ++tries) result = reduction.collect();
    ASSERT_TRUE(result.has_value());
    EXPECT_FLOAT_EQ(result->x, static_cast<float>(expected));
}

}  // namespace
}  // namespace fluid::app
