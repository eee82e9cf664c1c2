// The window tests' fixture (window_test.cpp, first_sight_test.cpp): the real
// app in a real window. WindowTest starts its own Xvfb server (or uses DISPLAY
// when Xvfb is not installed), launches fluidsim, drives it with synthetic X
// input (xdotool) and saves screenshots with the F12 key for the tests to
// read pixel by pixel.
#pragma once

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace fluid::window_test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr int kWidth = 640;
constexpr int kHeight = 480;

// A child process, killed and reaped when the owner goes.
class Child {
public:
    Child() = default;
    Child(const std::vector<std::string>& argv, const std::vector<std::string>& extraEnv, const fs::path& output)
    {
        // Ours, then the inherited ones that ours do not replace (getenv
        // takes the first of two entries of a name).
        std::vector<std::string> env = extraEnv;
        const auto replaced = [&](const std::string& entry) {
            for (const std::string& e : extraEnv)
                if (entry.substr(0, entry.find('=') + 1) == e.substr(0, e.find('=') + 1)) return true;
            return false;
        };
        for (char** e = environ; *e; ++e)
            if (!replaced(*e)) env.emplace_back(*e);
        std::vector<char*> args, envp;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
        args.push_back(nullptr);
        envp.push_back(nullptr);

        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
        if (posix_spawnp(&pid_, args[0], &actions, nullptr, args.data(), envp.data()) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
    }
    ~Child() { stop(); }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    Child(Child&& other) noexcept
        : pid_(std::exchange(other.pid_, -1)), status_(other.status_), reaped_(std::exchange(other.reaped_, false))
    {
    }
    Child& operator=(Child&& other) noexcept
    {
        stop();
        pid_ = std::exchange(other.pid_, -1);
        status_ = other.status_;
        reaped_ = std::exchange(other.reaped_, false);
        return *this;
    }

    bool started() const { return pid_ > 0; }
    // Stops the child (SIGSTOP) until thaw(): what X sends it meanwhile waits
    // in its queue, and its next poll takes all of it at once, as after a
    // slow frame, however fast the machine.
    void freeze() const
    {
        if (running()) kill(pid_, SIGSTOP);
    }
    void thaw() const
    {
        if (running()) kill(pid_, SIGCONT);
    }
    bool running() const { return pid_ > 0 && !reaped(); }
    // Asks the child to end (SIGTERM, or `signal`, which the app takes as
    // "quit": it exits 128 + the signal after its frame, kCleanStop for
    // SIGTERM), kills it after 5 s; says how it ended: "exit N", "signal N",
    // or "" when nothing was started.
    std::string stop(int signal = SIGTERM)
    {
        if (pid_ <= 0) return "";
        if (!reaped()) kill(pid_, signal);
        for (int n = 0; n < 50 && !reaped(); ++n) std::this_thread::sleep_for(100ms);
        if (!reaped()) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &status_, 0);
            reaped_ = true;
        }
        pid_ = -1;
        reaped_ = false;
        return WIFEXITED(status_) ? "exit " + std::to_string(WEXITSTATUS(status_))
                                  : "signal " + std::to_string(WTERMSIG(status_));
    }

private:
    // Reaps the child if it has ended, keeping its status.
    bool reaped() const
    {
        if (!reaped_ && waitpid(pid_, &status_, WNOHANG) == pid_) reaped_ = true;
        return reaped_;
    }

    pid_t pid_ = -1;
    mutable int status_ = 0;
    mutable bool reaped_ = false;
};

// How the app ends when Child::stop() asks it to: a clean stop by SIGTERM,
// 128 + the signal as every fluidsim process (src/app/stop_signals.hpp).
inline const std::string kCleanStop = "exit " + std::to_string(128 + SIGTERM);

inline std::string readFile(const fs::path& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

template <typename Condition>
bool waitFor(Condition condition, std::chrono::seconds limit)
{
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (condition()) return true;
        std::this_thread::sleep_for(100ms);
    }
    return condition();
}

struct Image {
    int width = 0;
    int height = 0;
    std::vector<float> brightness;  // max(r, g, b) in [0, 1], rows top to bottom
    std::vector<unsigned char> rgb;
    float at(int x, int y) const { return brightness[static_cast<std::size_t>(y * width + x)]; }
    float maxIn(int x0, int y0, int x1, int y1) const
    {
        float m = 0.0f;
        for (int y = std::max(y0, 0); y <= std::min(y1, height - 1); ++y)
            for (int x = std::max(x0, 0); x <= std::min(x1, width - 1); ++x) m = std::max(m, at(x, y));
        return m;
    }
    double sumIn(int x0, int y0, int x1, int y1) const
    {
        double s = 0.0;
        for (int y = std::max(y0, 0); y <= std::min(y1, height - 1); ++y)
            for (int x = std::max(x0, 0); x <= std::min(x1, width - 1); ++x) s += at(x, y);
        return s;
    }
};

inline Image load(const fs::path& path)
{
    Image image;
    int channels = 0;
    unsigned char* pixels = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
    if (!pixels) return image;
    image.brightness.resize(static_cast<std::size_t>(image.width * image.height));
    for (std::size_t n = 0; n < image.brightness.size(); ++n)
        image.brightness[n] = std::max({pixels[3 * n], pixels[3 * n + 1], pixels[3 * n + 2]}) / 255.0f;
    image.rgb.assign(pixels, pixels + 3 * image.brightness.size());
    stbi_image_free(pixels);
    return image;
}

class WindowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        // One folder per test, so that a failed test's files, which it keeps,
        // are not wiped by the next test's set-up.
        const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
        // A parameterised test's names hold '/', which would nest the folder
        // in parents that the clean-up below leaves behind.
        std::string name = std::string(test->test_suite_name()) + "." + test->name();
        std::replace(name.begin(), name.end(), '/', '-');
        workDir_ = fs::temp_directory_path() / ("fluidsim-window-test-" + std::to_string(getpid()) + "-" + name);
        fs::remove_all(workDir_);
        fs::create_directories(workDir_);
        ASSERT_EQ(std::system("command -v xdotool >/dev/null"), 0)
            << "xdotool is not installed (scripts/setup.sh installs it); the window test cannot run";
        startDisplay();
        ASSERT_FALSE(display_.empty()) << "no X display: Xvfb is not installed and DISPLAY is unset";
    }

    void TearDown() override
    {
        // The app must end cleanly: a crash, a sanitizer report at exit (the
        // asan run of scripts/test.sh) or an error exit fails the test here.
        const std::string appEnded = app_.stop();
        if (!appEnded.empty()) {
            EXPECT_TRUE(appEnded == kCleanStop || appEnded == "exit 0")  // stopped here, or closed by Esc
                << appEnded << "\n"
                << readFile(workDir_ / "fluidsim.log");
            const std::string log = readFile(workDir_ / "fluidsim.log");
            for (const char* report : {"Sanitizer", "runtime error:", "GL debug"})
                EXPECT_EQ(log.find(report), std::string::npos) << report << " in the app's log:\n" << log;
        }
        xvfb_.stop();
        if (!HasFailure())
            fs::remove_all(workDir_);
        else
            std::printf("window test files kept in %s\n", workDir_.c_str());
    }

    // The Xvfb screen; the first-sight tests need room for 1280x800.
    virtual std::string screen() const { return "1024x768x24"; }

    void startDisplay()
    {
        if (std::system("command -v Xvfb >/dev/null") != 0) {
            if (const char* d = std::getenv("DISPLAY")) display_ = d;
            return;
        }
        // A private server: the test cannot disturb (or be disturbed by) a desktop.
        for (int n = 90 + getpid() % 100; n < 300; ++n) {
            if (fs::exists("/tmp/.X" + std::to_string(n) + "-lock")) continue;
            const std::string name = ":" + std::to_string(n);
            xvfb_ = Child({"Xvfb", name, "-screen", "0", screen(), "-nolisten", "tcp"}, {}, workDir_ / "xvfb.log");
            const fs::path socket = "/tmp/.X11-unix/X" + std::to_string(n);
            if (waitFor([&] { return fs::exists(socket) || !xvfb_.running(); }, 10s) && xvfb_.running()) {
                display_ = name;
                return;
            }
            xvfb_.stop();
        }
    }

    // Runs an xdotool command line on our display.
    int xdotool(const std::string& args)
    {
        const fs::path log = workDir_ / "xdotool.log";
        const int status =
            std::system(("DISPLAY=" + display_ + " xdotool " + args + " >" + log.string() + " 2>&1").c_str());
        lastXdotoolOutput_ = readFile(log);
        return status;
    }

    // A black, still start whose pixels follow from the brush model alone:
    // --idle-after 0 and --first-sight off (no idle brush, no burst, no idle
    // splats, no hint may paint into what the test measures), --bloom off
    // (no glow around the strokes), the brush the bounds below are worked
    // out for (radius 0.02 m, dye amount 0.6; the defaults are brighter), and
    // the book's look: dye that never fades, carried as the velocity is and
    // shown at exposure 1 (the window's own are the first-sight tests').
    void launchApp(const std::vector<std::string>& extra = {})
    {
        std::vector<std::string> argv = {FLUIDSIM_EXE,
                                         "--no-config",
                                         "--width",
                                         std::to_string(kWidth),
                                         "--height",
                                         std::to_string(kHeight),
                                         "--grid",
                                         "96",
                                         "--idle-after",
                                         "0",
                                         "--first-sight",
                                         "off",
                                         "--bloom",
                                         "off",
                                         "--dye-dissipation",
                                         "0",
                                         "--dye-advection",
                                         "as-velocity",
                                         "--exposure",
                                         "1",
                                         "--splat-radius",
                                         "0.02",
                                         "--dye-amount",
                                         "0.6",
                                         "--screenshot-dir",
                                         (workDir_ / "shots").string()};
        argv.insert(argv.end(), extra.begin(), extra.end());
        start(argv, {"DISPLAY=" + display_});
    }

    // What a newcomer gets: no flags but the size (and where F12 saves), no
    // settings file (HOME and XDG_CONFIG_HOME are empty directories).
    void launchDefault(int width, int height)
    {
        const fs::path home = workDir_ / "home";
        fs::create_directories(home);
        start({FLUIDSIM_EXE, "--width", std::to_string(width), "--height", std::to_string(height), "--screenshot-dir",
               (workDir_ / "shots").string()},
              {"DISPLAY=" + display_, "HOME=" + home.string(), "XDG_CONFIG_HOME=" + (home / "config").string()});
    }

    void start(const std::vector<std::string>& argv, const std::vector<std::string>& env)
    {
        app_ = Child(argv, env, workDir_ / "fluidsim.log");
        ASSERT_TRUE(app_.started());
        ASSERT_TRUE(waitFor(
            [&] { return readFile(workDir_ / "fluidsim.log").find("Drag to paint") != std::string::npos; }, 60s))
            << "fluidsim did not start:\n"
            << readFile(workDir_ / "fluidsim.log");
        const fs::path idFile = workDir_ / "window-id";
        ASSERT_EQ(std::system(("DISPLAY=" + display_ + " timeout 30 xdotool search --sync --name '^fluidsim$' > " +
                               idFile.string())
                                  .c_str()),
                  0);
        std::istringstream ids(readFile(idFile));
        ids >> window_;
        ASSERT_FALSE(window_.empty());
    }

    // Runs one xdotool process with a chain of commands: the X server gets
    // them in this order, so the app sees them in this order, however slowly
    // it draws.
    void xdotoolChain(const std::string& commands)
    {
        ASSERT_EQ(xdotool(commands), 0) << "xdotool " << commands << "\n" << lastXdotoolOutput_;
    }

    std::string keys(const std::string& names) { return "key --window " + window_ + " " + names + " "; }

    // `count` single steps: presses of N 10 ms apart, each followed by Shift.
    // GLFW on X11 takes a release and a press of one key at the same server
    // time for auto-repeat, which the app ignores, and a loaded server stamps
    // a burst of xdotool's keys with one time (a run lost 5 of 120 N presses
    // that way, with "--repeat 120 n"); Shift between them keeps every N a press.
    std::string singleSteps(int count)
    {
        std::string names;
        for (int n = 0; n < count; ++n) names += "n Shift_L ";
        return keys("--delay 10 " + names);
    }

    // Presses `button` at the first point, moves through the others in steps of
    // 7 px every 40 ms, releases: about 0.36 m/s (480 px is 1 m).
    std::string drag(int button, std::vector<std::pair<int, int>> points)
    {
        const auto move = [&](int x, int y) {
            return "mousemove --window " + window_ + " " + std::to_string(x) + " " + std::to_string(y) + " ";
        };
        std::string chain =
            move(points[0].first, points[0].second) + "sleep 0.1 mousedown " + std::to_string(button) + " sleep 0.1 ";
        for (std::size_t n = 1; n < points.size(); ++n) {
            const auto [x0, y0] = points[n - 1];
            const auto [x1, y1] = points[n];
            const int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0)) / 7;
            for (int k = 1; k <= steps; ++k)
                chain += move(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) + "sleep 0.04 ";
        }
        return chain + "sleep 0.1 mouseup " + std::to_string(button) + " ";
    }

    Image screenshot()
    {
        const fs::path dir = workDir_ / "shots";
        // Finished screenshots only: the app writes NAME.png.partial-XXXXXX
        // and renames it to NAME.png when complete (app/atomic_file.hpp);
        // taking the temporary raced with that rename.
        const auto finished = [&] {
            std::vector<fs::path> shots;
            if (fs::exists(dir))
                for (const auto& entry : fs::directory_iterator(dir))
                    if (entry.path().extension() == ".png") shots.push_back(entry.path());
            return shots;
        };
        const auto before = finished().size();
        xdotoolChain(keys("F12"));
        if (!waitFor([&] { return finished().size() > before; }, 30s)) {
            ADD_FAILURE() << "no screenshot appeared in " << dir << " within 30 s of F12";
            return Image();  // empty: the caller's checks fail on it, nothing is renamed
        }
        fs::path newest;
        for (const fs::path& shot : finished())
            if (newest.empty() || shot.filename() > newest.filename()) newest = shot;
        Image image;
        waitFor(
            [&] {
                image = load(newest);
                return image.width > 0;
            },
            10s);
        fs::rename(newest, workDir_ / ("shot-" + std::to_string(shots_++) + ".png"));
        return image;
    }

    fs::path workDir_;
    Child xvfb_;
    Child app_;
    std::string display_;
    std::string window_;
    std::string lastXdotoolOutput_;
    int shots_ = 0;
};

// Pixels of `a` and `b` (of one size) whose colour differs by more than 8-bit
// rounding in any channel, as a fraction of all.
inline double changedFraction(const Image& a, const Image& b)
{
    if (a.width != b.width || a.height != b.height || a.brightness.empty()) {
        ADD_FAILURE() << "screenshots of different sizes or none: " << a.width << "x" << a.height << " and " << b.width
                      << "x" << b.height;
        return 1.0;
    }
    std::size_t changed = 0;
    for (std::size_t n = 0; n < a.brightness.size(); ++n)
        for (std::size_t c = 0; c < 3; ++c)
            if (std::abs(int(a.rgb[3 * n + c]) - int(b.rgb[3 * n + c])) > 2) {
                ++changed;
                break;
            }
    return static_cast<double>(changed) / static_cast<double>(a.brightness.size());
}

}  // namespace fluid::window_test
