// The fluidsim binary refuses what it cannot honour before it opens anything:
// one line on stderr, exit code 2. Run with a private HOME and config
// directory and a DISPLAY that names no server (the refusals come first; were
// they missing, the app would fail to open a window instead, with exit 1).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

struct Outcome {
    int exitCode = -1;
    std::string output;  // stdout and stderr
};

class Cli : public ::testing::Test {
protected:
    void SetUp() override
    {
        home_ = fs::temp_directory_path() / ("fluidsim-cli-test-" + std::to_string(getpid()));
        fs::remove_all(home_);
        fs::create_directories(home_ / "config");
    }
    void TearDown() override { fs::remove_all(home_); }

    Outcome fluidsim(const std::string& args)
    {
        const fs::path out = home_ / "output.txt";
        const std::string command = "cd '" + home_.string() + "' && HOME='" + home_.string() + "' XDG_CONFIG_HOME='"
            + (home_ / "config").string() + "' DISPLAY=:59999 WAYLAND_DISPLAY= timeout 60 '" FLUIDSIM_EXE "' " + args
            + " >'" + out.string() + "' 2>&1";
        const int status = std::system(command.c_str());
        Outcome run;
        run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        std::ifstream in(out);
        std::stringstream text;
        text << in.rdbuf();
        run.output = text.str();
        return run;
    }

    fs::path home_;
};

int lines(const std::string& text)
{
    int n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

TEST_F(Cli, HeadlessOnlyFlagsAreRefusedInWindowMode)
{
    const Outcome run = fluidsim("--backend cpu --scenario cavity --steps 5");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("--backend is for headless runs"), std::string::npos) << run.output;
}

TEST_F(Cli, ADirectoryAsConfigIsRefusedAtStart)
{
    fs::create_directories(home_ / "dir");
    const Outcome run = fluidsim("--config dir");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("--config dir is a directory"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(home_ / "dir.tmp"));
    EXPECT_FALSE(fs::exists(home_ / "imgui.ini"));
}

TEST_F(Cli, BadValuesGetOneLineAndExitCode2)
{
    const Outcome run = fluidsim("--max-steps-per-frame 99");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("1..16"), std::string::npos) << run.output;
}

}  // namespace
