#include "support/gl_context.hpp"

#include <epoxy/gl.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "gl/errors.hpp"
#include "platform/headless_context.hpp"

namespace fluid::test {

namespace {

struct SharedContext {
    std::unique_ptr<platform::HeadlessContext> context;
    std::string error;
};

SharedContext& shared()
{
    static SharedContext s = [] {
        SharedContext made;
        try {
            made.context = std::make_unique<platform::HeadlessContext>();
        } catch (const std::exception& e) {
            made.error = e.what();
        }
        return made;
    }();
    return s;
}

bool skipRequested()
{
    const char* skip = std::getenv("FLUIDSIM_SKIP_GPU_TESTS");
    return skip != nullptr && std::string(skip) == "1";
}

}  // namespace

void GlTest::SetUp()
{
    if (skipRequested()) GTEST_SKIP() << "FLUIDSIM_SKIP_GPU_TESTS=1: GPU test skipped on request";
    SharedContext& s = shared();
    ASSERT_TRUE(s.context) << "no headless OpenGL 3.3 context, so this GPU test cannot run.\n"
                           << s.error
                           << "\nInstall Mesa's EGL (scripts/setup.sh) or set FLUIDSIM_SKIP_GPU_TESTS=1 to skip "
                              "GPU tests on purpose.";
    s.context->makeCurrent();
    while (glGetError() != GL_NO_ERROR) {
    }
}

void GlTest::TearDown()
{
    if (shared().context && !IsSkipped()) {
        EXPECT_NO_THROW(gl::throwOnError("end of test"));
    }
}

bool onLlvmpipe()
{
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return renderer != nullptr && std::string(renderer).find("llvmpipe") != std::string::npos;
}

}  // namespace fluid::test
