// A CPU-only client of the API links no GL: this test program links the CPU
// part library alone, and asks the dynamic loader what it pulled in.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

namespace {

std::string sharedLibrariesOfThisProgram()
{
    // ldd reads the program's dependencies as the loader resolves them,
    // transitive ones included.
    // The path itself: /proc/self/exe inside ldd's process would be ldd's own.
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    const std::string command = "ldd '" + self + "' 2>&1";
    const std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    if (!pipe) return out;
    std::array<char, 512> line{};
    while (std::fgets(line.data(), static_cast<int>(line.size()), pipe.get())) out += line.data();
    return out;
}

TEST(ApiLinking, TheCpuOnlyProgramLoadsNoGlLibrary)
{
    const std::string libraries = sharedLibrariesOfThisProgram();
    ASSERT_NE(libraries.find("libc.so"), std::string::npos) << "ldd did not run: " << libraries;
    for (const char* gl : {"libepoxy", "libGL.so", "libGLX", "libEGL", "libOpenGL", "libglfw", "libGLdispatch"})
        EXPECT_EQ(libraries.find(gl), std::string::npos) << gl << " is linked:\n" << libraries;
}

}  // namespace
