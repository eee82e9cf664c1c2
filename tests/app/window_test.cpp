// The real app in a real window: starts its own Xvfb server (or uses DISPLAY
// when Xvfb is not installed), launches fluidsim, drags the mouse across it
// with synthetic X input (xdotool), saves screenshots with the F12 key, and
// checks the pixels: dye along the left-drag path and nowhere else; a right
// drag then moves that dye without adding any.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

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

namespace {

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
    bool running() const { return pid_ > 0 && !reaped(); }
    // Asks the child to end (SIGTERM, which the app takes as "quit": it exits
    // 0 after its frame), kills it after 5 s; says how it ended: "exit N",
    // "signal N", or "" when nothing was started.
    std::string stop()
    {
        if (pid_ <= 0) return "";
        if (!reaped()) kill(pid_, SIGTERM);
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

std::string readFile(const fs::path& path)
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

Image load(const fs::path& path)
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
        workDir_ = fs::temp_directory_path() / ("fluidsim-window-test-" + std::to_string(getpid()));
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
            EXPECT_EQ(appEnded, "exit 0") << readFile(workDir_ / "fluidsim.log");
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
    // (no glow around the strokes), and the brush the bounds below are worked
    // out for (radius 0.02 m, dye amount 0.6; the defaults are brighter).
    void launchApp(const std::vector<std::string>& extra = {})
    {
        std::vector<std::string> argv = {FLUIDSIM_EXE,       "--no-config",
                                         "--width",          std::to_string(kWidth),
                                         "--height",         std::to_string(kHeight),
                                         "--grid",           "96",
                                         "--idle-after",     "0",
                                         "--first-sight",    "off",
                                         "--bloom",          "off",
                                         "--splat-radius",   "0.02",
                                         "--dye-amount",     "0.6",
                                         "--screenshot-dir", (workDir_ / "shots").string()};
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
double changedFraction(const Image& a, const Image& b)
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

// Driven so that nothing depends on how fast the machine draws frames: the
// fluid is paused before the first stroke (strokes paint on the still fluid,
// and a stroke's dye depends on its length, not on frames or speed), and time
// advances only by a fixed number of single steps (N).
//
// The bounds follow from the brush model (src/app/stroke_queue.hpp) at the
// brush launchApp() sets: radius r = 0.02 m = 9.6 px (the 480 px short side is 1 m), a
// drawn line of peak dye 0.6, shown as 1 - exp(-exposure * dye) with
// exposure 1 in the stroke's colour, whose brightest channel is 1.
TEST_F(WindowTest, LeftDragPaintsAlongThePathRightDragMovesDyeWithoutAddingAny)
{
    launchApp();
    // Hide the panel (every pixel shows the fluid), pause, paint a horizontal
    // stroke through the middle, screenshot.
    xdotoolChain(keys("F1 space") + drag(1, {{160, 240}, {480, 240}}));
    const Image painted = screenshot();
    ASSERT_EQ(painted.width, kWidth);
    ASSERT_EQ(painted.height, kHeight);

    // Along the path, every 40 px from 20 px (2 r) after its start to 20 px
    // before its end: the line's peak 0.6, sampled at most half a cell (0.26 r)
    // off the line on a 96-cell grid, is >= 0.6 exp(-0.26^2) = 0.56, brightness
    // >= 1 - exp(-0.56) = 0.43 (more where the brush rested: dye rate). Bound
    // 0.30, a margin for the stroke's ends and 8-bit rounding.
    float faintest = 1.0f;
    for (int x = 180; x <= 460; x += 40) {
        faintest = std::min(faintest, painted.maxIn(x - 10, 225, x + 10, 255));
        EXPECT_GT(painted.maxIn(x - 10, 225, x + 10, 255), 0.30f) << "no dye on the path at x = " << x;
    }
    std::printf("[ measured ] faintest dye on the path: %.3f\n", static_cast<double>(faintest));
    // Nowhere else: at 90 px (9 r) and more from the stroke the Gaussian is
    // below 1e-35; the bound 0.05 is 8-bit rounding plus a margin.
    EXPECT_LT(painted.maxIn(0, 0, kWidth - 1, 150), 0.05f) << "dye above the stroke";
    EXPECT_LT(painted.maxIn(0, 330, kWidth - 1, kHeight - 1), 0.05f) << "dye far below the stroke";
    EXPECT_LT(painted.maxIn(0, 0, 70, kHeight - 1), 0.05f) << "dye behind the start of the stroke";

    // A right drag down across the stroke, still paused (its impulse goes
    // into the fluid), then exactly 40 steps (2/3 s of fluid time).
    xdotoolChain(drag(3, {{320, 170}, {320, 330}}) + keys("--repeat 40 --delay 10 n"));
    const Image pushed = screenshot();

    // The push: the fluid along the drag moves down at force * u, u ~ 0.36 m/s
    // (less for the projection, which spreads a narrow jet's momentum), so in
    // 2/3 s the stroke's dye moves tens of pixels below it. Before, nothing
    // lies 40-200 px below the stroke (4 r and more); after, it must hold dye
    // at least 0.1 (a quarter of the line's 0.43).
    const float below = painted.maxIn(290, 280, 350, 440), pushedBelow = pushed.maxIn(290, 280, 350, 440);
    const float start = pushed.maxIn(310, 160, 330, 190);
    std::printf("[ measured ] below the stroke: %.3f before, %.3f after the push; where the push started: %.3f\n",
                static_cast<double>(below), static_cast<double>(pushedBelow), static_cast<double>(start));
    EXPECT_LT(below, 0.05f) << "dye below the stroke before the push";
    EXPECT_GT(pushedBelow, 0.10f) << "the right drag pushed no dye below the stroke";
    // It adds none: where the drag started, 70 px (7 r) above the stroke, a
    // painting drag would leave 0.43 or more; the push only carries dye
    // downwards, away from there.
    EXPECT_LT(start, 0.05f) << "dye appeared where the right drag started";

    // Only the press: the app closes on it, and a release sent after that
    // would go to a window that no longer exists (BadWindow).
    xdotoolChain("keydown --window " + window_ + " Escape");
    EXPECT_TRUE(waitFor([&] { return !app_.running(); }, 20s)) << "Esc did not quit";
}

// Smoke in the window: Shift+click places an emitter, whose heat rises with
// gravity on, carrying its smoke up; E removes it. Paused, so time advances
// only by counted single steps (N). The emitter sits at (320, 400): 80 px
// (0.17 m) above the floor; its radius is the brush's, 0.02 m = 9.6 px.
TEST_F(WindowTest, ShiftClickPlacesASmokeEmitterWhoseSmokeRises)
{
    launchApp({"--gravity", "9.81", "--emitter-smoke", "3", "--emitter-heat", "600"});
    xdotoolChain(keys("F1 space") + "mousemove --window " + window_ +
                 " 320 400 sleep 0.1 keydown shift sleep 0.1 click 1 sleep 0.1 keyup shift sleep 0.1 " +
                 keys("--repeat 60 --delay 10 n"));
    const Image risen = screenshot();
    // One second of steps: 600 K/s over 293 K lifts at up to 2 g near the
    // centre; the smoke reaches well above the emitter. 30-150 px above it
    // (3 to 15 radii: nothing gets there without rising) must hold smoke of
    // at least 0.1 (measured 0.26).
    const float above = risen.maxIn(290, 250, 350, 370);
    const float below = risen.maxIn(290, 425, 350, 470);
    const float aside = std::max(risen.maxIn(0, 0, 200, kHeight - 1), risen.maxIn(440, 0, kWidth - 1, kHeight - 1));
    std::printf("[ measured ] smoke above the emitter %.3f, below it %.3f, far aside %.3f\n",
                static_cast<double>(above), static_cast<double>(below), static_cast<double>(aside));
    EXPECT_GT(above, 0.10f) << "no smoke rose above the emitter";
    EXPECT_GT(above, below) << "the smoke did not rise: as much below the emitter as above";
    EXPECT_LT(aside, 0.05f) << "smoke far from the plume";

    // E removes the emitter: the smoke stops coming, so the spot at the
    // emitter (3/s while it ran) fades as the plume carries it away.
    const float atEmitter = risen.maxIn(310, 390, 330, 410);
    xdotoolChain(keys("e") + keys("--repeat 60 --delay 10 n"));
    const Image after = screenshot();
    const float afterAtEmitter = after.maxIn(310, 390, 330, 410);
    std::printf("[ measured ] at the emitter: %.3f while it ran, %.3f a second after E\n",
                static_cast<double>(atEmitter), static_cast<double>(afterAtEmitter));
    EXPECT_LT(afterAtEmitter, atEmitter - 0.1f) << "the emitter kept emitting after E";

    xdotoolChain("keydown --window " + window_ + " Escape");
    EXPECT_TRUE(waitFor([&] { return !app_.running(); }, 20s)) << "Esc did not quit";
}

// Obstacles: --obstacle's circle is drawn where the flags put it; Ctrl+drag
// paints solid (and no dye), Ctrl+Shift+drag erases. The modifiers go through
// the X server (XTEST), as a real keyboard's would. At --grid 96 in 640x480
// the domain is 4/3 x 1 m, 480 px per metre: the circle (0.1 m at a quarter
// of the width, half the height) is 48 px across at (160, 240), the brush of
// 0.05 m is 24 px in radius. The obstacle colour's brightest channel is 0.45.
TEST_F(WindowTest, CtrlDragPaintsObstaclesCtrlShiftDragErasesThem)
{
    launchApp({"--obstacle", "circle", "--obstacle-brush", "0.05"});
    xdotoolChain(keys("F1 space"));
    const Image start = screenshot();
    const auto mean = [](const Image& image, int x0, int y0, int x1, int y1) {
        return image.sumIn(x0, y0, x1, y1) / ((x1 - x0 + 1) * (y1 - y0 + 1));
    };
    constexpr double kObstacle = 0.45;  // kObstacleColour's red; 8-bit rounding and a cell edge: 0.02
    EXPECT_NEAR(mean(start, 150, 230, 170, 250), kObstacle, 0.02) << "no circle at (160, 240)";
    EXPECT_LT(start.maxIn(200, 0, kWidth - 1, kHeight - 1), 0.05f) << "obstacle or dye away from the circle";

    xdotoolChain("keydown Control_L " + drag(1, {{320, 120}, {560, 120}}) + "keyup Control_L");
    const Image painted = screenshot();
    for (int x = 340; x <= 540; x += 40)
        EXPECT_NEAR(mean(painted, x - 5, 115, x + 5, 125), kObstacle, 0.02) << "no obstacle on the path at x = " << x;
    EXPECT_LE(painted.maxIn(300, 90, 580, 150), kObstacle + 0.02) << "dye on the obstacle stroke";
    EXPECT_LT(painted.maxIn(200, 180, kWidth - 1, kHeight - 1), 0.05f) << "obstacle or dye away from the stroke";

    xdotoolChain("keydown Control_L keydown Shift_L " + drag(1, {{460, 120}, {600, 120}}) +
                 "keyup Shift_L keyup Control_L");
    const Image erased = screenshot();
    EXPECT_LT(erased.maxIn(490, 90, kWidth - 1, 150), 0.05f) << "the erased part is still there";
    EXPECT_NEAR(mean(erased, 340, 115, 400, 125), kObstacle, 0.02) << "erased beyond the erasing stroke";
    EXPECT_NEAR(mean(erased, 150, 230, 170, 250), kObstacle, 0.02) << "the circle went";

    xdotoolChain("keydown --window " + window_ + " Escape");
    EXPECT_TRUE(waitFor([&] { return !app_.running(); }, 20s)) << "Esc did not quit";
}

// The tunnel's obstacle opens clear of the panel: the circle (0.1 m, by
// default at a quarter of the width, under the panel at 1024x768) is moved
// right of the panel's edge (10 + 22 font heights = 296 px), so all of it
// shows with the panel open. Obstacle pixels: the obstacle colour (0.45,
// 0.42, 0.40), which the tunnel's grey dye streaks (r = g = b) never match.
TEST_F(WindowTest, TheTunnelsObstacleOpensClearOfThePanel)
{
    launchApp({"--width", "1024", "--height", "768", "--boundary", "tunnel", "--obstacle", "circle"});
    const auto obstacle = [](const Image& image, int& minX) {
        int count = 0;
        minX = image.width;
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x) {
                const unsigned char* p = &image.rgb[3 * static_cast<std::size_t>(y * image.width + x)];
                if (std::abs(p[0] - 115) <= 3 && std::abs(p[1] - 107) <= 3 && std::abs(p[2] - 102) <= 3) {
                    ++count;
                    minX = std::min(minX, x);
                }
            }
        return count;
    };
    xdotoolChain(keys("space"));
    const Image withPanel = screenshot();
    xdotoolChain(keys("F1"));
    const Image without = screenshot();
    int leftShown = 0, leftHidden = 0;
    const int shown = obstacle(withPanel, leftShown);
    const int hidden = obstacle(without, leftHidden);
    std::printf("[ measured ] obstacle pixels: %d with the panel, %d without; left edge at x = %d\n", shown, hidden,
                leftHidden);
    ASSERT_GT(hidden, 1000) << "no obstacle drawn (a circle 0.1 m across is 77 px at 768 px per m)";
    EXPECT_GE(shown, hidden * 98 / 100) << "the panel covers part of the obstacle";
    EXPECT_GT(leftHidden, 296) << "the obstacle reaches under the panel";
    xdotoolChain("keydown --window " + window_ + " Escape");
}

// A view that shows nothing now says why on the canvas: the temperature with
// smoke off (gravity 0) against the same view with smoke on (gravity 9.81; no
// heat yet, so the field is the same zero). The pictures differ only by the
// note, in the middle of the window, and there by a readable line or more.
TEST_F(WindowTest, TheTemperatureViewWithSmokeOffSaysWhy)
{
    std::vector<Image> shots;
    for (const char* gravity : {"0", "9.81"}) {
        launchApp({"--view", "temperature", "--gravity", gravity});
        xdotoolChain(keys("F1 space"));
        shots.push_back(screenshot());
        EXPECT_EQ(app_.stop(), "exit 0") << readFile(workDir_ / "fluidsim.log");
    }
    ASSERT_EQ(shots[0].width, shots[1].width);
    int changed = 0, outsideMiddle = 0;
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            const std::size_t n = 3 * static_cast<std::size_t>(y * kWidth + x);
            bool differs = false;
            for (int c = 0; c < 3; ++c)
                differs |= std::abs(int(shots[0].rgb[n + std::size_t(c)]) - int(shots[1].rgb[n + std::size_t(c)])) > 2;
            changed += differs;
            outsideMiddle += differs && std::abs(y - kHeight / 2) > kHeight / 8;
        }
    std::printf("[ measured ] the note changed %d pixels, %d of them outside the middle band\n", changed,
                outsideMiddle);
    EXPECT_GT(changed, kWidth * 15) << "no note on the canvas";
    EXPECT_EQ(outsideMiddle, 0) << "the pictures differ beyond the note";
}

// Projector mode: --fullscreen covers the screen (Xvfb's 1024x768) and hides
// the panel, F1 brings the panel back, F11 turns it into a window of --width x
// --height and back.
TEST_F(WindowTest, FullscreenCoversTheScreenAndF11TogglesAWindow)
{
    launchApp({"--fullscreen"});
    const auto geometry = [&] {
        xdotoolChain("getwindowgeometry " + window_);
        const auto at = lastXdotoolOutput_.find("Geometry: ");
        return at == std::string::npos
                   ? std::string("?")
                   : lastXdotoolOutput_.substr(at + 10, lastXdotoolOutput_.find('\n', at) - at - 10);
    };
    EXPECT_TRUE(waitFor([&] { return geometry() == "1024x768"; }, 30s)) << "full screen is " << geometry();
    const Image full = screenshot();
    EXPECT_EQ(full.width, 1024);
    // Panel hidden: the top-left corner shows the fluid's grid area, not the
    // panel's title bar (the fluid is black at rest; the panel is lighter).
    EXPECT_LT(full.maxIn(0, 0, 300, 20), 0.05f) << "the panel is showing in projector mode";
    xdotoolChain(keys("F11"));
    EXPECT_TRUE(waitFor([&] { return geometry() == std::to_string(kWidth) + "x" + std::to_string(kHeight); }, 30s))
        << "F11 left a window of " << geometry();
    xdotoolChain(keys("F11"));
    EXPECT_TRUE(waitFor([&] { return geometry() == "1024x768"; }, 30s)) << "F11 again gave " << geometry();
}

// --idle-after brushes without a motion source: the idle brush follows fluid
// time, which must advance with every step (it once advanced only when motion
// frames were fed, so without --motion the brush never started). Black start
// (launchApp), paused, then exactly 60 steps (1 s of fluid time) with N: the
// brush starts after 0.5 s and leaves dye (0.02 per step at its centre,
// spread along its moving path: 0.145 to 0.149 measured, as the steps run
// before the pause vary); without it the canvas stays exactly black, so the
// bound is 0.05, well above 8-bit rounding.
TEST_F(WindowTest, IdleAfterBrushesWithoutMotionInput)
{
    launchApp({"--idle-after", "0.5"});
    xdotoolChain(keys("F1 space") + keys("--repeat 60 --delay 10 n"));
    const Image idle = screenshot();
    const float brightest = idle.maxIn(0, 0, kWidth - 1, kHeight - 1);
    std::printf("[ measured ] brightest pixel after 1 s of fluid time idle: %.3f\n", static_cast<double>(brightest));
    EXPECT_GT(brightest, 0.05f) << "the idle brush did not paint after --idle-after 0.5 without --motion";
}

// The window's first minute (STYLE.md habit 20), as a newcomer gets it: no
// flags but the size, no settings file, a 1280x800 screen.
class FirstSightTest : public WindowTest {
protected:
    std::string screen() const override { return "1280x800x24"; }

    // The X server's Xft.dpi (the RESOURCE_MANAGER string xrdb would set),
    // from which GLFW takes the content scale of a window opened after it:
    // dpi / 96. Through libX11 loaded at run time, so the test needs no X
    // headers (xdotool and Xvfb bring the library; xprop cannot make the atom).
    // The connection stays open until the test ends: the server resets (and
    // forgets the property) when its last client leaves.
    void setXftDpi(int dpi)
    {
        void* x11 = dlopen("libX11.so.6", RTLD_NOW);
        ASSERT_NE(x11, nullptr) << dlerror();
        using Open = void* (*)(const char*);
        using Root = unsigned long (*)(void*);
        using Intern = unsigned long (*)(void*, const char*, int);
        using Change = int (*)(void*, unsigned long, unsigned long, unsigned long, int, int, const unsigned char*, int);
        using Close = int (*)(void*);
        const auto open = reinterpret_cast<Open>(dlsym(x11, "XOpenDisplay"));
        const auto root = reinterpret_cast<Root>(dlsym(x11, "XDefaultRootWindow"));
        const auto intern = reinterpret_cast<Intern>(dlsym(x11, "XInternAtom"));
        const auto change = reinterpret_cast<Change>(dlsym(x11, "XChangeProperty"));
        const auto close = reinterpret_cast<Close>(dlsym(x11, "XCloseDisplay"));
        ASSERT_TRUE(open && root && intern && change && close);
        void* display = open(display_.c_str());
        ASSERT_NE(display, nullptr) << "cannot open " << display_;
        const std::string resources = "Xft.dpi:\t" + std::to_string(dpi) + "\n";
        constexpr unsigned long kXaString = 31;  // XA_STRING
        change(display, root(display), intern(display, "RESOURCE_MANAGER", 0), kXaString, 8, 0 /* PropModeReplace */,
               reinterpret_cast<const unsigned char*>(resources.data()), static_cast<int>(resources.size()));
        reinterpret_cast<int (*)(void*)>(dlsym(x11, "XSync"))(display);
        closeX11_ = [=] {
            close(display);
            dlclose(x11);
        };
    }

    void TearDown() override
    {
        if (closeX11_) closeX11_();  // while the server runs (it ends the test process otherwise)
        WindowTest::TearDown();
    }

    std::function<void()> closeX11_;
};

// Lit: a pixel whose brightest channel is at least this (the canvas is 0 to
// 0.09 where there is no dye; the burst's splats are 0.78 at their centres).
constexpr float kLit = 0.25f;

// With no input at all, the burst of colour is there from the first frame
// that runs a step (the burst is at fluid time 0; every frame after the grid
// is picked runs at least one step), so the first screenshot sees it. Dye
// lights at least 2% of the window's pixels, counted only right of the panel
// (x >= 320) and above the hint (y < 680), so neither can pass for dye.
TEST_F(FirstSightTest, WithNoInputTheBurstLightsAtLeastTwoPercentOfTheWindow)
{
    constexpr int kW = 1280, kH = 800;
    const auto launched = std::chrono::steady_clock::now();
    launchDefault(kW, kH);
    const Image first = screenshot();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - launched).count();
    ASSERT_EQ(first.width, kW);
    ASSERT_EQ(first.height, kH);
    std::size_t lit = 0;
    for (int y = 0; y < 680; ++y)
        for (int x = 320; x < kW; ++x) lit += first.at(x, y) >= kLit;
    const double fraction = static_cast<double>(lit) / (kW * kH);
    std::printf(
        "[ measured ] %.1f%% of the window lit by dye (brightness >= %.2f) in the first screenshot, "
        "%.1f s after launch\n",
        100.0 * fraction, static_cast<double>(kLit), seconds);
    EXPECT_GE(fraction, 0.02) << "the window starts (almost) black";
}

// The panel leaves the fluid visible: paused (nothing moves), hiding it with
// F1 changes at most a fifth of the window's pixels, at both sizes. At least
// 5% must change: the panel was there to hide.
TEST_F(FirstSightTest, HidingThePanelChangesAtMostAFifthOfTheWindow)
{
    for (const auto& [w, h] : {std::pair{1280, 800}, std::pair{1024, 768}}) {
        launchDefault(w, h);
        xdotoolChain(keys("space"));
        const Image withPanel = screenshot();
        xdotoolChain(keys("F1"));
        const Image without = screenshot();
        ASSERT_EQ(withPanel.width, w);
        ASSERT_EQ(without.width, w);
        const double changed = changedFraction(withPanel, without);
        std::printf("[ measured ] %dx%d: hiding the panel changed %.1f%% of the pixels\n", w, h, 100.0 * changed);
        EXPECT_LE(changed, 0.20) << w << "x" << h << ": the panel covers more than a fifth of the window";
        EXPECT_GE(changed, 0.05) << w << "x" << h << ": F1 hid no panel";
        EXPECT_EQ(app_.stop(), "exit 0") << readFile(workDir_ / "fluidsim.log");
    }
}

// HiDPI: at twice the dpi (Xft.dpi 192, a content scale of 2) the window
// opens twice as large (--width 640 --height 400: 1280x800 pixels, GLFW's
// GLFW_SCALE_TO_MONITOR) and the panel's fonts and sizes double with it, so it
// covers about what it covers of a 640x400 window at 96 dpi: hiding it changes
// at least 30% of the pixels (12-16% at 1280x800 and 96 dpi, the test above).
TEST_F(FirstSightTest, AtTwiceTheDpiThePanelIsDrawnTwiceAsLarge)
{
    setXftDpi(192);
    launchDefault(640, 400);
    xdotoolChain(keys("space"));
    const Image withPanel = screenshot();
    xdotoolChain(keys("F1"));
    const Image without = screenshot();
    ASSERT_EQ(withPanel.width, 1280);
    const double changed = changedFraction(withPanel, without);
    std::printf("[ measured ] 1280x800 at 192 dpi: hiding the panel changed %.1f%% of the pixels\n", 100.0 * changed);
    EXPECT_GE(changed, 0.30) << "the panel is not drawn larger at twice the dpi";
}

}  // namespace
