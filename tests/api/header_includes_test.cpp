// The public headers include the standard library and each other only: no GL
// loader (epoxy, glad, GLEW), no GL header, no GLFW, no internal header.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

namespace {

TEST(ApiHeader, IncludesOnlyTheStandardLibraryAndItself)
{
    const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    const std::regex standard(R"(^[a-z_]+$)");  // <vector>, <functional>, ...
    for (const char* path : {FLUIDSIM_PUBLIC_HEADER, FLUIDSIM_VERSION_HEADER}) {
        std::ifstream file(path);
        ASSERT_TRUE(file) << path;
        std::string line;
        int includes = 0;
        while (std::getline(file, line)) {
            std::smatch m;
            if (!std::regex_search(line, m, include)) continue;
            ++includes;
            const std::string name = m[2];
            const bool ours = name.rfind("fluidsim/", 0) == 0;
            EXPECT_TRUE(ours || std::regex_match(name, standard)) << path << " includes " << name;
        }
        if (std::string(path) == FLUIDSIM_PUBLIC_HEADER) {
            EXPECT_GT(includes, 0) << "the scan read nothing";
        }
    }
}

}  // namespace
