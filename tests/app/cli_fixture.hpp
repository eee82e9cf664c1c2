// The CLI tests' fixture: a private directory for each test (made empty with
// a config/ folder before it, removed after it) that the fluidsim binary runs
// in as its HOME and working directory, so no test reads or writes the
// user's settings or another test's files. Header-only, like run_process.hpp.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/run_process.hpp"

namespace fluid::test {

// Base: ::testing::Test, or TestWithParam<T> for a parameterised suite.
template <typename Base = ::testing::Test>
class CliDir : public Base {
protected:
    // `name` tells the directories of different suites apart, the process id
    // those of suites run at once.
    explicit CliDir(const std::string& name)
        : dir_(std::filesystem::temp_directory_path() / ("fluidsim-" + name + "-" + std::to_string(getpid())))
    {
    }
    void SetUp() override
    {
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_ / "config");
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

#ifdef FLUIDSIM_EXE
    // fluidsim with `words` (split at spaces) in the directory, without a display.
    ProcessResult run(const std::string& words) const
    {
        return runFluidsim(FLUIDSIM_EXE, words, dir_.string());
    }
    // The same, its stdout and stderr in `output`: the exit code.
    int run(const std::string& words, std::string& output) const
    {
        const ProcessResult result = run(words);
        output = result.out + result.err;
        return result.exitCode;
    }
#endif

    std::filesystem::path dir_;
};

using CliDirTest = CliDir<>;

#ifdef FLUIDSIM_EXE
// The fixture and helpers of the binary's own tests (cli_test.cpp and the
// files split from it by subject): one type across the files, as GoogleTest
// wants of a suite's fixture.
namespace cli {

namespace fs = std::filesystem;

struct Outcome {
    int exitCode = -1;
    std::string output;  // stdout and stderr
};

// Runs through the shell with a DISPLAY that names no server: the refusals
// come first; were they missing, the app would fail to open a window
// instead, with exit 1.
class Cli : public CliDirTest {
protected:
    Cli() : CliDirTest("cli-test") {}

    Outcome fluidsim(const std::string& args)
    {
        const fs::path out = dir_ / "output.txt";
        const std::string command = "cd '" + dir_.string() + "' && HOME='" + dir_.string() + "' XDG_CONFIG_HOME='" +
                                    (dir_ / "config").string() +
                                    "' DISPLAY=:59999 WAYLAND_DISPLAY= timeout 60 '" FLUIDSIM_EXE "' " + args + " >'" +
                                    out.string() + "' 2>&1";
        const int status = std::system(command.c_str());
        Outcome run;
        run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        std::ifstream in(out);
        std::stringstream text;
        text << in.rdbuf();
        run.output = text.str();
        return run;
    }
};

inline int lines(const std::string& text)
{
    int n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

// A tiny headless run on the CPU, in `home`, with these extra flags.
inline ProcessResult headlessRun(const fs::path& home, std::vector<std::string> flags,
                                 std::optional<rlim_t> fileSizeLimit = std::nullopt)
{
    ProcessRequest request;
    request.argv = {FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1", "--grid", "16"};
    request.argv.insert(request.argv.end(), flags.begin(), flags.end());
    request.env = {{"HOME", home.string()}, {"XDG_CONFIG_HOME", (home / "config").string()}};
    request.workDir = home.string();
    request.fileSizeLimit = fileSizeLimit;
    return runProcess(request);
}

inline std::string describe(const ProcessResult& run)
{
    return "exit " + std::to_string(run.exitCode) + ", signal " + std::to_string(run.signal) + "\nstdout:\n" + run.out +
           "stderr:\n" + run.err;
}

// A headless run with `flags` (after headlessRun's) refused in one line:
// exit 2 and `err` on stderr.
inline void expectRefused(const fs::path& home, std::vector<std::string> flags, const std::string& err)
{
    const auto run = headlessRun(home, std::move(flags));
    EXPECT_EQ(run.exitCode, 2) << describe(run);
    EXPECT_EQ(run.err, err) << describe(run);
}

inline std::string contents(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace cli
#endif

}  // namespace fluid::test
