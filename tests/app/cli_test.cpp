// The fluidsim binary refuses what it cannot honour before it opens anything:
// one line on stderr, exit code 2. Run with a private HOME and config
// directory and a DISPLAY that names no server (the refusals come first; were
// they missing, the app would fail to open a window instead, with exit 1).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iterator>

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

// SIGINT or SIGTERM during a headless run: the run stops after the step in
// progress, the CSV is closed with every row so far (a whole file under its
// real name), and the exit code is 128 + the signal. Time is not guessed: the
// signal goes once the run has printed its header, which it does just before
// the first step (and a run of 10^8 steps cannot end first).
void expectStopsCleanly(const fs::path& home, int signal, int expectedExit)
{
    const fs::path log = home / "run.log";
    const fs::path csv = home / "energy.csv";
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        // stdout and stderr into one file through one descriptor, so neither
        // writes over the other.
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0) _exit(127);
        setenv("HOME", home.c_str(), 1);
        setenv("XDG_CONFIG_HOME", (home / "config").c_str(), 1);
        const std::string csvPath = csv.string();
        execl(FLUIDSIM_EXE, FLUIDSIM_EXE, "--headless", "--backend", "cpu", "--threads", "1", "--grid", "32",
              "--steps", "100000000", "--export-energy", csvPath.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    bool started = false;
    for (int tries = 0; tries < 6000 && !started; ++tries) {  // up to 60 s for a loaded machine
        std::ifstream in(log);
        std::stringstream text;
        text << in.rdbuf();
        started = text.str().find("fluidsim: demo on the CPU") != std::string::npos;
        if (!started) usleep(10000);
    }
    kill(pid, signal);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    ASSERT_TRUE(started) << text.str();
    ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal: " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    EXPECT_EQ(WEXITSTATUS(status), expectedExit) << text.str();
    EXPECT_NE(text.str().find(signal == SIGINT ? "stopped by SIGINT" : "stopped by SIGTERM"), std::string::npos)
        << text.str();

    std::ifstream file(csv);
    ASSERT_TRUE(file) << "no " << csv << "\n" << text.str();
    std::string line;
    int rows = 0;
    ASSERT_TRUE(std::getline(file, line));
    EXPECT_EQ(line, "t,kinetic_energy,max_divergence,pressure_residual");
    while (std::getline(file, line)) {
        ++rows;
        EXPECT_EQ(std::count(line.begin(), line.end(), ','), 3) << "row " << rows << ": '" << line << "'";
    }
    EXPECT_GE(rows, 2) << "t = 0 and at least the step in progress";
    std::ifstream bytes(csv, std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(bytes)), std::istreambuf_iterator<char>());
    EXPECT_EQ(all.back(), '\n') << "the last row is whole";
}

TEST_F(Cli, SigintStopsAHeadlessRunWithItsCsvClosedAndExit130) { expectStopsCleanly(home_, SIGINT, 130); }

TEST_F(Cli, SigtermStopsAHeadlessRunWithItsCsvClosedAndExit143) { expectStopsCleanly(home_, SIGTERM, 143); }

TEST_F(Cli, BadValuesGetOneLineAndExitCode2)
{
    const Outcome run = fluidsim("--max-steps-per-frame 99");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lines(run.output), 1) << run.output;
    EXPECT_NE(run.output.find("1..16"), std::string::npos) << run.output;
}

}  // namespace
