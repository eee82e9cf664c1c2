// A GL test that draws through the window's own FieldDisplay and Bloom: both
// made after the test's context and released before it.
#pragma once

#include <optional>

#include "app/window/bloom.hpp"
#include "app/window/field_display.hpp"
#include "support/gl_context.hpp"

namespace fluid::app::test_support {

class DisplayTest : public test::GlTest {
protected:
    void SetUp() override
    {
        test::GlTest::SetUp();  // the context first
        display_.emplace();
        bloom_.emplace();
    }
    void TearDown() override
    {
        display_.reset();
        bloom_.reset();
        test::GlTest::TearDown();
    }

    std::optional<FieldDisplay> display_;
    std::optional<Bloom> bloom_;
};

}  // namespace fluid::app::test_support
