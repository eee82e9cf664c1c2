// The pass table (core/field_pass.hpp) itself: every row is well formed, has a
// CPU mirror, and builds on the GPU in every variant a solver can ask for with
// every sampler and constant it names active; a misspelt uniform or a row the
// solver does not know is an error, not a silent no-op. Each row's parity
// with its mirror is in pass_parity_test.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/field_pass.hpp"
#include "gl/errors.hpp"
#include "reference/passes.hpp"
#include "sim/field_pass_program.hpp"
#include "sim/gpu_solver.hpp"
#include "support/gl_context.hpp"

namespace fluid {
namespace {

TEST(FieldPassTable, RowsAreWellFormedAndEachHasACpuMirror)
{
    std::set<std::string> names;
    for (const FieldPass* row : kFieldPasses) {
        SCOPED_TRACE(row->name);
        EXPECT_TRUE(names.insert(row->name).second) << "two rows share the name";
        EXPECT_NE(row->shader, nullptr);
        EXPECT_GE(row->inputCount, 1u);
        EXPECT_LE(row->inputCount, FieldPass::kMaxInputs);
        EXPECT_LE(row->constantCount, FieldPass::kMaxConstants);
        for (std::size_t n = 0; n < row->inputCount; ++n) EXPECT_NE(row->inputs[n].sampler, nullptr);
        for (std::size_t n = 0; n < row->constantCount; ++n) {
            EXPECT_NE(row->constants[n].uniform, nullptr);
            EXPECT_NE(row->constants[n].member, nullptr);
        }
        EXPECT_NE(row->runsInStep, nullptr);
        EXPECT_NO_THROW(reference::cpuMirror(*row));
    }
}

TEST(FieldPassTable, ARowWithoutAMirrorIsNamedInTheError)
{
    const FieldPass orphan{
        "no_such_pass", "curl.frag", nullptr, {{{Slot::Velocity, "uVelocity"}}}, 1, Slot::Curl, {}, 0, passes::always};
    try {
        reference::cpuMirror(orphan);
        FAIL() << "expected std::logic_error";
    } catch (const std::logic_error& e) {
        EXPECT_NE(std::string(e.what()).find("no_such_pass"), std::string::npos) << e.what();
    }
}

using FieldPassProgramTest = test::GlTest;

// Every row, for every boundary rule, with and without obstacles, with the
// dye on the velocity's grid and on its own: compiles, links, and every
// sampler and constant of the row is an active uniform (setConstants throws
// otherwise).
TEST_F(FieldPassProgramTest, EveryRowBuildsInEveryVariantWithItsUniformsActive)
{
    const PassConstants k = makePassConstants(SimParams{});
    for (const FieldPass* row : kFieldPasses)
        for (const BoundaryMode b : {BoundaryMode::Box, BoundaryMode::Periodic, BoundaryMode::Tunnel})
            for (const bool obstacles : {false, true})
                for (const bool dyeShared : {true, false}) {
                    SCOPED_TRACE(std::string(row->name) + " boundary " + std::to_string(static_cast<int>(b)) +
                                 (obstacles ? " obstacles" : "") + (dyeShared ? "" : " dye grid"));
                    const sim::FieldPassProgram program(*row, sim::PassVariant{b, obstacles, dyeShared});
                    EXPECT_NO_THROW(program.setConstants(k, k));
                }
    glUseProgram(0);
}

TEST_F(FieldPassProgramTest, AMisspeltUniformThrowsNamingTheShaderAndTheUniform)
{
    FieldPass misspelt = passes::vorticity;
    misspelt.constants[0].uniform = "uVorticitySclae";
    const sim::FieldPassProgram program(misspelt, sim::PassVariant{});
    try {
        program.setConstants(makePassConstants(SimParams{}), makePassConstants(SimParams{}));
        FAIL() << "expected gl::GlError";
    } catch (const gl::GlError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("uVorticitySclae"), std::string::npos) << message;
        EXPECT_NE(message.find("vorticity.frag"), std::string::npos) << message;
    }
    glUseProgram(0);
}

TEST_F(FieldPassProgramTest, TheSolverRefusesARowThatIsNotInTheTable)
{
    SimParams p;
    p.gridWidth = 16;
    p.gridHeight = 16;
    GpuSolver solver(p);
    const FieldPass copy = passes::curl;  // the same row, but not the table's
    EXPECT_THROW(solver.run(copy), std::invalid_argument);
}

}  // namespace
}  // namespace fluid
