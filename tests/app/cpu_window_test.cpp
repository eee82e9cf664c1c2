// The window on the CPU backend (--backend cpu, window_fixture.hpp): a drag
// paints, every step runs on the CPU reference, and the live window's frame
// equals, to the byte, its input log replayed in the window on the CPU, and
// the same log replayed on the GPU within float32 rounding.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "app/window_fixture.hpp"

namespace fluid::window_test {
namespace {

// The largest difference of any channel of any pixel, in 8-bit levels.
int largestDifference(const Image& a, const Image& b)
{
    if (a.rgb.size() != b.rgb.size() || a.rgb.empty()) return 256;
    int largest = 0;
    for (std::size_t n = 0; n < a.rgb.size(); ++n) largest = std::max(largest, std::abs(int(a.rgb[n]) - int(b.rgb[n])));
    return largest;
}

class CpuWindow : public WindowTest {
protected:
    // The log replayed in the window on `backend`, to its end (where the
    // replay pauses), the panel hidden and the pointer off the window.
    Image replayed(const fs::path& input, const char* backend)
    {
        (void)app_.stop();
        fs::remove(workDir_ / "fluidsim.log");
        start({FLUIDSIM_EXE,       "--no-config",
               "--width",          std::to_string(kWidth),
               "--height",         std::to_string(kHeight),
               "--idle-after",     "0",
               "--first-sight",    "off",
               "--bloom",          "off",
               "--exposure",       "1",
               "--screenshot-dir", (workDir_ / "shots").string(),
               "--replay",         input.string(),
               "--backend",        backend,
               "--threads",        "1"},
              {"DISPLAY=" + display_});
        EXPECT_TRUE(
            waitFor([&] { return readFile(workDir_ / "fluidsim.log").find("replayed") != std::string::npos; }, 300s))
            << readFile(workDir_ / "fluidsim.log");
        xdotoolChain(keys("F1") + kPointerAway);
        return screenshot();
    }

    // Far from the window (at the screen's top left, 640x480 in 1024x768):
    // no brush outline on the fluid.
    static constexpr const char* kPointerAway = "mousemove 1020 760 ";
};

// The steps an input log holds (its end line).
int loggedSteps(const std::string& log)
{
    const auto at = log.rfind("\nend ");
    return at == std::string::npos ? -1 : std::atoi(log.c_str() + at + 5);
}

// Paused before the stroke, time advances only by counted single steps:
// nothing depends on the machine's speed. The proof that the CPU reference
// stepped is its own step timer's count at exit (the window's pixels cannot
// tell: on llvmpipe the two solvers agree to the bit), checked against the
// steps of the input log; what the window showed is checked against the
// log replayed in the window on each backend.
TEST_F(CpuWindow, PaintsAndShowsTheCpuSolversFluid)
{
    const fs::path input = workDir_ / "in.rec";
    launchApp({"--backend", "cpu", "--threads", "1", "--vorticity", "1", "--record-input", input.string()});
    EXPECT_NE(readFile(workDir_ / "fluidsim.log").find("the CPU reference solver on 1 thread"), std::string::npos)
        << readFile(workDir_ / "fluidsim.log");
    xdotoolChain(keys("F1 space") + drag(1, {{160, 240}, {480, 300}}) + singleSteps(60) + kPointerAway);
    const Image live = screenshot();
    ASSERT_EQ(live.width, kWidth);
    ASSERT_EQ(live.height, kHeight);
    // The drag painted (window_test.cpp's brush: a line of peak brightness
    // 0.43, carried along by the steps), and the far corner stayed dark.
    const float onPath = live.maxIn(280, 240, 360, 300), corner = live.maxIn(0, 0, 60, 60);
    std::printf("[ measured ] dye near the drag's middle %.3f, in the far corner %.3f\n", static_cast<double>(onPath),
                static_cast<double>(corner));
    EXPECT_GT(onPath, 0.25f) << "no dye along the drag";
    EXPECT_LT(corner, 0.05f) << "light far from the drag";
    xdotoolChain("keydown --window " + window_ + " Escape");
    ASSERT_TRUE(waitFor([&] { return !app_.running(); }, 60s)) << "Esc did not quit";
    ASSERT_EQ(app_.stop(), "exit 0") << readFile(workDir_ / "fluidsim.log");
    const std::string log = readFile(workDir_ / "fluidsim.log");
    const int steps = loggedSteps(readFile(input));
    EXPECT_GE(steps, 60) << log;
    const std::string ran = "fluidsim: the CPU reference solver ran " + std::to_string(steps) + " steps, ";
    const auto line = log.find(ran);
    ASSERT_NE(line, std::string::npos) << "not every logged step ran on the CPU reference:\n" << log;
    EXPECT_NE(log.find("projection", line), std::string::npos) << "the CPU step's groups were not timed:\n" << log;

    const Image cpu = replayed(input, "cpu");
    const Image gpu = replayed(input, "gpu");
    const int toCpu = largestDifference(live, cpu), toGpu = largestDifference(live, gpu);
    std::printf(
        "[ measured ] the live frame's largest difference from the CPU replay's %d, from the GPU replay's %d "
        "levels of 255\n",
        toCpu, toGpu);
    // One backend, one log: the same calls on the same data, uploaded and
    // drawn alike, to the byte.
    EXPECT_EQ(toCpu, 0) << "the live CPU window does not show what its CPU replay shows";
    // The GPU's fluid after these ~70 steps at moderate confinement agrees to
    // kHundredStepsMaxRel (2e-5 of the largest value, tests/sim/
    // parity_tolerances.hpp); the view, 1 - exp(-dye) at exposure 1, has a
    // slope of at most 1, so the pixels differ by under 0.01 of a level
    // before rounding: one level where a value straddles a rounding edge,
    // and one more for the view's own float rounding on another driver.
    EXPECT_LE(toGpu, 2) << "the CPU window's frame is not the GPU's within float32 rounding";
}

}  // namespace
}  // namespace fluid::window_test
