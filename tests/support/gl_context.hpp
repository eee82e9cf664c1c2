// The one headless GL context of a test program, shared by every GL test.
// Derive GPU tests from GlTest. A missing context FAILS the test with the
// reason; only FLUIDSIM_SKIP_GPU_TESTS=1 skips on purpose (CI never sets it).
#pragma once

#include <gtest/gtest.h>

namespace fluid::test {

class GlTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;  // asserts the test left no GL error behind
};

// Whether the current context is Mesa's llvmpipe, whose compiler is known to
// treat two forms of one computation alike, so that where a test allows
// another driver a rounding of difference it can ask llvmpipe for none.
bool onLlvmpipe();

}  // namespace fluid::test
