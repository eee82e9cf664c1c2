// FluidStepper (src/app/window/fluid_stepper.hpp), the window's seam between
// the backends: every call reaches the solver that steps, which ends where
// the bare solver driven alike ends, to the bit; and on the CPU the display's
// textures hold the CPU's fields exactly (an upload of float32 is lossless).
// A FluidSession on the CPU keeps its fluid across a grid change, measures
// its step and the pressure residual, and takes motion input as the GPU's
// does (label gpu).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <epoxy/gl.h>

#include "app/window/fluid_session.hpp"
#include "app/window/fluid_stepper.hpp"
#include "core/obstacles.hpp"
#include "reference/cpu_solver.hpp"
#include "sim/parity_tolerances.hpp"
#include "support/gl_context.hpp"

namespace fluid::app {
namespace {

using FluidStepperTest = test::GlTest;

SimParams smallParams()
{
    SimParams p;
    p.gridWidth = 32;
    p.gridHeight = 24;
    p.domainWidth = 32.0f / 24.0f;
    p.dyeGridWidth = 64;  // the dye on its own grid, as the window's
    p.vorticity = 2.0f;
    return p;
}

Splat stroke(const SimParams& p, float y)
{
    Splat s;
    s.from = {0.3f * p.domainWidth, y * p.domainHeight()};
    s.to = {0.6f * p.domainWidth, y * p.domainHeight()};
    s.velocity = {1.0f, 0.3f};
    s.radius = 0.08f;
    s.dye = {1.0f, 0.5f, 0.2f};
    s.heat = 5.0f;
    return s;
}

// The calls the window makes, in an order that would show a call that did
// not reach the stepping solver: new parameters and a mask change what the
// following steps do.
template <typename Solver>
void drive(Solver& solver)
{
    const SimParams p = solver.params();
    solver.splat(stroke(p, 0.5f));
    const Splat during[] = {stroke(p, 0.3f)};
    solver.step(during);
    SimParams changed = p;
    changed.viscosity = 3e-3f;
    changed.vorticity = 8.0f;
    changed.gravity = 9.81f;  // smoke on: the temperature moves the fluid
    solver.setParams(changed);
    Field mask = emptyMask(p);
    for (int j = 8; j < 16; ++j)
        for (int i = 18; i < 22; ++i) mask.at(i, j) = 1.0f;
    solver.setObstacles(mask);
    for (int n = 0; n < 3; ++n) solver.step();
    solver.clearDye();
    solver.splat(stroke(p, 0.7f));
    solver.step();
}

void expectSameBits(const FluidState& actual, const FluidState& expected, const std::string& what)
{
    for (const FieldSpec& spec : kFieldSpecs)
        EXPECT_TRUE((actual.*spec.member).values() == (expected.*spec.member).values()) << what << ": " << spec.name;
}

TEST_F(FluidStepperTest, OnTheCpuEveryCallReachesTheCpuSolverAndTheDisplayShowsItsFields)
{
    const SimParams p = smallParams();
    FluidStepper stepper(p, Backend::Cpu, 1);
    CpuSolver bare(p, 1);
    ASSERT_NE(stepper.cpu(), nullptr);
    EXPECT_EQ(stepper.gpu(), nullptr);
    drive(stepper);
    drive(bare);
    expectSameBits(stepper.cpu()->state(), bare.state(), "the stepper's CPU solver");
    expectSameBits(stepper.download(), bare.state(), "the stepper's download");
    const GpuSolver& display = stepper.display();
    expectSameBits(display.download(), bare.state(), "the display's textures");
    EXPECT_TRUE(display.obstacles().values() == bare.obstacles().values()) << "the display's mask";
    EXPECT_FLOAT_EQ(display.params().vorticity, 8.0f) << "the display's parameters";
}

TEST_F(FluidStepperTest, OnTheGpuTheDisplayIsTheSolverThatSteps)
{
    const SimParams p = smallParams();
    FluidStepper stepper(p, Backend::Gpu, 1);
    GpuSolver bare(p);
    EXPECT_EQ(stepper.cpu(), nullptr);
    ASSERT_EQ(stepper.gpu(), &stepper.display());
    drive(stepper);
    drive(bare);
    expectSameBits(stepper.download(), bare.download(), "the stepper's GPU solver");
}

// A grid change keeps the fluid: the CPU's fields resampled onto the new
// grid (a download from the CPU, no GL read-back) and shown.
TEST_F(FluidStepperTest, ACpuSessionKeepsItsFluidAcrossAGridChange)
{
    Options options;
    options.backend = Backend::Cpu;
    options.threads = 1;
    PanelState state;
    state.autoGrid = false;
    state.gridShortSide = 32;
    PanelStats stats;
    FluidSession fluid{options, state, stats};
    constexpr glm::ivec2 kFramebuffer{640, 480};
    fluid.allocateGrid(kFramebuffer, false);
    fluid.splat(stroke(fluid.params(), 0.5f));
    // Nine steps, one timed: the residual is measured on the eighth frame.
    for (int n = 0; n < 9; ++n) {
        fluid.step({}, Button::None, n == 0);
        fluid.measureResidual();
    }
    EXPECT_GT(fluid.stepMilliseconds(), 0.0) << "the CPU step's wall time";
    EXPECT_TRUE(std::isfinite(stats.pressureResidual) && stats.pressureResidual > 0.0) << stats.pressureResidual;
    const auto dyeSum = [](const Field& dye) {
        double sum = 0.0;
        for (const float v : dye.values()) sum += static_cast<double>(v);
        return sum / static_cast<double>(dye.size());
    };
    const double before = dyeSum(fluid.solver().download().dye);
    ASSERT_GT(before, 0.0);
    state.gridShortSide = 48;
    fluid.allocateGrid(kFramebuffer, true);
    ASSERT_EQ(fluid.solver().grids().simulation.height, 48);
    // Bilinear resampling keeps the mean but at the domain's edges (the stroke is far from them).
    EXPECT_NEAR(dyeSum(fluid.solver().download().dye), before, 0.02 * before);
    fluid.step({}, Button::None, false);
    EXPECT_NE(fluid.cpuStepsSummary().find("ran 10 steps"), std::string::npos) << fluid.cpuStepsSummary();
}

// 40x30 grey frames of a disc crossing from right to left (as the headless
// motion tests'), 20 of them at 30 frames/s: 2/3 s of motion.
std::string writeMovingDisc()
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(::testing::TempDir()) / "fluid-stepper-motion";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (int n = 0; n < 20; ++n) {
        const double cx = 32.0 - 1.0 * n;
        char name[32];
        std::snprintf(name, sizeof name, "f%03d.pgm", 100 + n);
        std::ofstream f(dir / name, std::ios::binary);
        f << "P5\n40 30\n255\n";
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x) f.put(static_cast<char>(std::hypot(x + 0.5 - cx, y - 14.5) < 6.0 ? 230 : 25));
    }
    return "images:" + dir.string();
}

// --motion on the CPU: the reference's motion passes push the CPU's fluid,
// which ends where the GPU session's ends (the steps' parity bound), and the
// display's overlay gets the camera's picture.
TEST_F(FluidStepperTest, ACpuSessionTakesMotionInputAsTheGpuSessionDoes)
{
    const std::string source = writeMovingDisc();
    struct Run {
        Options options;
        PanelState state;
        PanelStats stats;
        std::optional<FluidSession> fluid;
        explicit Run(Backend backend, const std::string& motion)
        {
            options.backend = backend;
            options.threads = 1;
            options.motionSource = motion;
            options.firstSight = false;
            options.idleAfter = 0.0;
            static_cast<AppSettings&>(state) = options;
            state.autoGrid = false;
            state.gridShortSide = 30;
            fluid.emplace(options, state, stats);
            fluid->allocateGrid({400, 300}, false);
            for (int n = 0; n < 40; ++n) fluid->step({}, Button::None, false);
        }
    };
    Run cpu(Backend::Cpu, source), gpu(Backend::Gpu, source);
    ASSERT_TRUE(cpu.stats.motionActive) << cpu.stats.motionSource;
    const Field cpuVelocity = cpu.fluid->solver().download().velocity;
    const Field gpuVelocity = gpu.fluid->solver().download().velocity;
    double largest = 0.0, difference = 0.0;
    for (std::size_t n = 0; n < cpuVelocity.values().size(); ++n) {
        largest = std::max(largest, static_cast<double>(std::abs(gpuVelocity.values()[n])));
        difference =
            std::max(difference, static_cast<double>(std::abs(cpuVelocity.values()[n] - gpuVelocity.values()[n])));
    }
    EXPECT_GT(largest, 0.01) << "the disc moved no fluid";
    EXPECT_LE(difference, test::kHundredStepsMaxRel * largest) << "largest velocity " << largest;

    const GLuint picture = cpu.fluid->motionTexture();
    ASSERT_NE(picture, 0u) << "no camera picture for the overlay";
    std::vector<float> texels(40 * 30);
    glBindTexture(GL_TEXTURE_2D, picture);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, texels.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    EXPECT_GT(*std::max_element(texels.begin(), texels.end()), 0.8f) << "the disc is not in the picture";
    EXPECT_LT(*std::min_element(texels.begin(), texels.end()), 0.2f) << "the background is not in the picture";
}

}  // namespace
}  // namespace fluid::app
