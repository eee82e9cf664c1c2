// The project's Markdown (README.md, docs/, bench/README.md and the rest)
// is plain text: no control character but the line end. A formula written
// through a tool that reads "\b" and "\t" as escapes comes out with a
// backspace and tabs where \big and \tfrac were meant, and renders as
// garbage without any other check noticing (docs/algorithm.md §3.2c did).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace fluid::app {
namespace {

std::vector<std::filesystem::path> markdownFiles(const std::filesystem::path& root)
{
    std::vector<std::filesystem::path> files;
    for (const char* folder : {"", "docs", "bench", "examples", "packaging"}) {
        const std::filesystem::path dir = root / folder;
        if (!std::filesystem::is_directory(dir)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.is_regular_file() && entry.path().extension() == ".md") files.push_back(entry.path());
    }
    return files;
}

// "line L, column C: 0xNN" for the first control character other than \n, or "".
std::string firstControlCharacter(const std::string& text)
{
    int line = 1, column = 1;
    for (const char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte == '\n') {
            ++line;
            column = 1;
            continue;
        }
        if (byte < 0x20 || byte == 0x7f) {
            char where[64];
            std::snprintf(where, sizeof where, "line %d, column %d: 0x%02x", line, column, byte);
            return where;
        }
        ++column;
    }
    return "";
}

TEST(DocsText, NoMarkdownFileHoldsAControlCharacter)
{
    const std::vector<std::filesystem::path> files = markdownFiles(FLUIDSIM_SOURCE_DIR);
    ASSERT_GE(files.size(), 5u) << "README.md, docs/*.md and bench/README.md, under " << FLUIDSIM_SOURCE_DIR;
    for (const auto& path : files) {
        std::ifstream in(path, std::ios::binary);
        ASSERT_TRUE(in) << path;
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_EQ(firstControlCharacter(text), "") << path;
    }
}

TEST(DocsText, ABackspaceOrATabIsFound)
{
    EXPECT_EQ(firstControlCharacter("$$w = \\big(\\tfrac12)$$\n"), "");
    EXPECT_EQ(firstControlCharacter("a\nb\bc"), "line 2, column 2: 0x08");
    EXPECT_EQ(firstControlCharacter("\tfrac"), "line 1, column 1: 0x09");
    EXPECT_EQ(firstControlCharacter("windows\r\n"), "line 1, column 8: 0x0d");
}

}  // namespace
}  // namespace fluid::app
