// The motion-input passes, GPU against CPU (motion_flow, motion_blur,
// add_force against reference::motionFlow, motionBlur, addForceField), each
// alone from the same inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "reference/cpu_solver.hpp"
#include "reference/motion.hpp"
#include "sim/gpu_motion.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/parity_tolerances.hpp"
#include "support/fields.hpp"
#include "support/gl_context.hpp"
#include "support/synthetic_motion.hpp"

namespace fluid {
namespace {

SimParams motionParams()
{
    SimParams p;
    p.gridWidth = 40;
    p.gridHeight = 30;
    return p;
}

// Two discs, one moving, plus noise around the threshold: every branch of
// the flow (no change, clipped, regular) is taken somewhere.
LumaFrame frameAt(int n, const SimParams& p)
{
    LumaFrame f = test::discFrame(p.gridWidth, p.gridHeight, 12.0f + 1.5f * static_cast<float>(n), 15.0f, 6.0f);
    const Field noise = test::randomField(p.gridWidth, p.gridHeight, 1, 100u + static_cast<unsigned>(n), 0.05f);
    for (int j = 0; j < p.gridHeight; ++j)
        for (int i = 0; i < p.gridWidth; ++i) f.luma[static_cast<std::size_t>(j * p.gridWidth + i)] += noise.at(i, j);
    return f;
}

void expectClose(const Field& gpu, const Field& cpu, const char* what)
{
    const test::FieldError e = test::compareFields(gpu, cpu);
    EXPECT_TRUE(e.finite) << what;
    EXPECT_LE(e.maxAbs, test::kMotionMaxRel * std::max(e.maxRef, 1e-30)) << what << ": " << test::describe(e);
    EXPECT_GT(e.maxRef, 0.0) << what << " is all zero: the test exercises nothing";
}

using MotionParityTest = test::GlTest;

TEST_F(MotionParityTest, FlowAndBlurMatchTheReference)
{
    const SimParams sim = motionParams();
    MotionParams motion;
    motion.threshold = 0.03f;
    const MotionFrameConstants k = makeMotionFrameConstants(motion, sim, 30.0);
    sim::GpuMotion gpu(sim.gridWidth, sim.gridHeight);
    reference::CpuMotion cpu(sim.gridWidth, sim.gridHeight);
    for (int n = 0; n < 4; ++n) {
        const LumaFrame f = frameAt(n, sim);
        gpu.pushFrame(f, k);
        cpu.pushFrame(f, k);
        if (n == 0) continue;
        SCOPED_TRACE(n);
        expectClose(gpu.downloadFlow(), cpu.flow(), "motion_flow");
        expectClose(gpu.downloadForce(), cpu.force(), "motion_blur");
    }
}

// On the velocity's grid and with the dye on a finer one of its own (the dye
// then in its own draw), on both layouts (the staggered one blends each face
// toward the mean motion of its two cells), and in the tunnel, whose inflow
// face stays at the inflow speed.
TEST_F(MotionParityTest, AddForceFieldMatchesTheReference)
{
    struct Case {
        const char* name;
        Layout layout;
        int dyeGridWidth;
        BoundaryMode boundary;
    };
    for (const Case& c : {Case{"collocated", Layout::Collocated, 0, BoundaryMode::Box},
                          Case{"collocated, own dye grid", Layout::Collocated, 80, BoundaryMode::Box},
                          Case{"staggered", Layout::Staggered, 0, BoundaryMode::Box},
                          Case{"staggered, own dye grid", Layout::Staggered, 80, BoundaryMode::Box},
                          Case{"staggered, periodic", Layout::Staggered, 0, BoundaryMode::Periodic},
                          Case{"staggered, tunnel", Layout::Staggered, 0, BoundaryMode::Tunnel}}) {
        SCOPED_TRACE(c.name);
        SimParams sim = motionParams();
        sim.layout = c.layout;
        sim.dyeGridWidth = c.dyeGridWidth;
        sim.boundary = c.boundary;
        const FluidState start = test::randomState(fieldGrids(sim), 5u, 0.5f);
        const Field force = test::randomField(sim.gridWidth, sim.gridHeight, 2, 9u, 1.0f);
        MotionParams motion;
        motion.dye = 3.0f;
        const ForceFieldConstants k = makeForceFieldConstants(motion, sim, 30.0);

        GpuSolver gpu(sim);
        gpu.upload(start);
        gl::RenderTarget forceTarget(sim.gridWidth, sim.gridHeight, gl::TextureFormat::RG32F, "test force");
        forceTarget.upload(force.data());
        gpu.addForceField(forceTarget, k);
        const FluidState g = gpu.download();

        CpuSolver cpu(sim);
        cpu.upload(start);
        cpu.addForceField(force, k);
        expectClose(g.velocity, cpu.state().velocity, "add_force velocity");
        expectClose(g.dye, cpu.state().dye, "add_force dye");
        EXPECT_GT(test::compareFields(cpu.state().velocity, start.velocity).relativeL2, 1e-3) << "no push";
    }
}

}  // namespace
}  // namespace fluid
