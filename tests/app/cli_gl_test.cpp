// A driver without OpenGL 3.3 core, simulated with Mesa's overrides: the
// headless run says in one line what it found and what it needs, and exits 1.
// Label gpu: it needs the Mesa EGL driver the GL tests run on (llvmpipe in CI).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/run_process.hpp"

namespace {

using fluid::test::countLines;
using fluid::test::ProcessRequest;
using fluid::test::ProcessResult;
using fluid::test::runProcess;

// Mesa's EGL through glvnd, in software, also on a machine whose GPU has
// another vendor's driver (NVIDIA): the overrides below are Mesa's.
constexpr const char* kMesaVendorFile = "/usr/share/glvnd/egl_vendor.d/50_mesa.json";

ProcessResult headlessGpuRun(std::vector<std::pair<std::string, std::string>> env)
{
    if (std::filesystem::exists(kMesaVendorFile)) {
        env.emplace_back("__EGL_VENDOR_LIBRARY_FILENAMES", kMesaVendorFile);
        env.emplace_back("LIBGL_ALWAYS_SOFTWARE", "1");
    }
    ProcessRequest request;
    request.argv = {FLUIDSIM_EXE, "--headless", "--no-config", "--grid", "16", "--steps", "1"};
    request.env = std::move(env);
    return runProcess(request);
}

std::string describe(const ProcessResult& run)
{
    return "exit " + std::to_string(run.exitCode) + ", signal " + std::to_string(run.signal) + "\nstdout:\n" + run.out +
           "stderr:\n" + run.err;
}

bool startsWith(const std::string& s, const std::string& prefix)
{
    return s.rfind(prefix, 0) == 0;
}
bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

const std::string kHint = "; --backend cpu runs without OpenGL\n";

class CliGl : public ::testing::Test {
protected:
    void SetUp() override
    {
        // The overrides are Mesa's: without Mesa's EGL (scripts/setup.sh installs
        // it) they change nothing.
        const ProcessResult plain = headlessGpuRun({});
        ASSERT_EQ(plain.exitCode, 0) << describe(plain);
        if (plain.out.find("Mesa") == std::string::npos)
            GTEST_SKIP() << "not a Mesa driver, whose overrides these tests use:\n" << plain.out;
    }
};

TEST_F(CliGl, OpenGl30GivesOneLineSayingWhatWasFoundAndExit1)
{
    const ProcessResult run = headlessGpuRun({{"MESA_GL_VERSION_OVERRIDE", "3.0"}});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(countLines(run.err), 1) << describe(run);
    EXPECT_EQ(run.out, "") << "nothing before the one line, not even the run's header";
    EXPECT_TRUE(startsWith(run.err, "fluidsim: OpenGL 3.3 core needed; this driver gives OpenGL 3.0 ")) << run.err;
    EXPECT_TRUE(endsWith(run.err, kHint)) << run.err;
}

TEST_F(CliGl, Glsl130GivesOneLineNamingTheGlslVersionAndExit1)
{
    const ProcessResult run =
        headlessGpuRun({{"MESA_GL_VERSION_OVERRIDE", "3.3"}, {"MESA_GLSL_VERSION_OVERRIDE", "130"}});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(countLines(run.err), 1) << describe(run);
    EXPECT_EQ(run.out, "") << "nothing before the one line, not even the run's header";
    EXPECT_TRUE(startsWith(run.err, "fluidsim: OpenGL 3.3 core needed; this driver gives OpenGL 3.3")) << run.err;
    EXPECT_NE(run.err.find(" with GLSL 1.30 on "), std::string::npos) << run.err;
    EXPECT_TRUE(endsWith(run.err, kHint)) << run.err;
}

TEST_F(CliGl, NoCoreProfileGivesOneLineAndExit1)
{
    const ProcessResult run = headlessGpuRun({{"MESA_GLSL_VERSION_OVERRIDE", "120"}});
    EXPECT_EQ(run.exitCode, 1) << describe(run);
    EXPECT_EQ(countLines(run.err), 1) << describe(run);
    EXPECT_EQ(run.out, "") << "nothing before the one line, not even the run's header";
    EXPECT_TRUE(startsWith(run.err, "fluidsim: OpenGL 3.3 core needed; this driver gives OpenGL ")) << run.err;
    EXPECT_NE(run.err.find(" but no 3.3 core context"), std::string::npos) << run.err;
    EXPECT_TRUE(endsWith(run.err, kHint)) << run.err;
}

}  // namespace
