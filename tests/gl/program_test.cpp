// Shader errors must name the file and line the user has to fix.
#include <gtest/gtest.h>

#include "gl/errors.hpp"
#include "gl/program.hpp"
#include "shaders/shader_sources.hpp"
#include "support/gl_context.hpp"

namespace fluid::gl {
namespace {

using ProgramTest = test::GlTest;

SourceFile embedded(const char* name)
{
    return {name, std::string(shaders::source(name))};
}

// Every pass in every variant GpuSolver builds: box or periodic, with one
// output or two, point or line splats, one or two packed sweeps, a scalar
// field on the velocity's grid or its own, for the multigrid passes the
// pressure or the viscous equation and the zero-guess first sweep.
TEST_F(ProgramTest, EveryEmbeddedPassCompilesAndLinksInEveryVariant)
{
    for (const char* variant :
         {"", "#define PERIODIC 1\n", "#define TWO_OUTPUTS 1\n", "#define PERIODIC 1\n#define TWO_OUTPUTS 1\n",
          "#define POINT_SPLAT 1\n", "#define PERIODIC 1\n#define POINT_SPLAT 1\n#define TWO_OUTPUTS 1\n",
          "#define TWO_SWEEPS 1\n", "#define PERIODIC 1\n#define TWO_SWEEPS 1\n", "#define ZERO_GUESS 1\n",
          "#define PERIODIC 1\n#define ZERO_GUESS 1\n", "#define VISCOUS 1\n",
          "#define VISCOUS 1\n#define ZERO_GUESS 1\n#define PERIODIC 1\n", "#define ON_VELOCITY_GRID 1\n",
          "#define PERIODIC 1\n#define ON_VELOCITY_GRID 1\n", "#define DYE_ON_OWN_GRID 1\n",
          "#define PERIODIC 1\n#define DYE_ON_OWN_GRID 1\n", "#define TWO_OUTPUTS 1\n#define WITH_DYE 1\n",
          "#define PERIODIC 1\n#define TWO_OUTPUTS 1\n#define WITH_DYE 1\n"})
        // The rows of the pass table (core/field_pass.hpp) are built in each of
        // their variants by tests/sim/field_pass_test.cpp.
        for (const char* pass : {"splat.frag", "advect.frag", "diffuse.frag", "pressure.frag", "pack.frag",
                                 "unpack.frag", "pressure_packed.frag", "smooth.frag", "restrict_residual.frag",
                                 "prolong_correction.frag", "advect_scalar.frag", "add_force.frag"}) {
            SCOPED_TRACE(std::string(pass) + " with '" + variant + "'");
            // The multigrid passes read their equation from multigrid.glsl (VISCOUS or not).
            const bool multigrid = std::string(pass) == "smooth.frag" ||
                                   std::string(pass) == "restrict_residual.frag" ||
                                   std::string(pass) == "prolong_correction.frag";
            StageSources fragment{SourceFile{"variant", variant}, embedded("common.glsl")};
            if (multigrid) fragment.push_back(embedded("multigrid.glsl"));
            if (std::string(pass).rfind("advect", 0) == 0) {
                // The scalar field's read (uSource) is advection.glsl's; advect.frag
                // carries it along in its WITH_DYE variant.
                const bool scalar = std::string(pass) == "advect_scalar.frag" ||
                                    std::string(variant).find("WITH_DYE") != std::string::npos;
                if (scalar) fragment.insert(fragment.begin() + 1, SourceFile{"scalar", "#define SCALAR_SOURCE 1\n"});
                fragment.push_back(embedded("advection.glsl"));
            }
            fragment.push_back(embedded(pass));
            Program p = Program::build({embedded("fullscreen.vert")}, fragment);
            EXPECT_NE(p.id(), 0u);
            EXPECT_EQ(p.name(), pass);
            GLint activeUniforms = 0;
            glGetProgramiv(p.id(), GL_ACTIVE_UNIFORMS, &activeUniforms);
            EXPECT_GT(activeUniforms, 0);
        }
}

// A uniform the code relies on but the program lacks (misspelt, or optimised
// away) is an error naming both, not a silent no-op.
TEST_F(ProgramTest, ARequiredUniformThatIsMissingThrowsWithItsName)
{
    const Program p = Program::build({embedded("fullscreen.vert")}, {embedded("copy.frag")});
    EXPECT_GE(p.requiredUniform("uSource"), 0);
    try {
        (void)p.requiredUniform("uSorce");
        ADD_FAILURE() << "no exception for a missing uniform";
    } catch (const GlError& e) {
        EXPECT_NE(std::string(e.what()).find("uSorce"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("copy.frag"), std::string::npos) << e.what();
    }
}

TEST_F(ProgramTest, TheCopyFloorOfTheBenchmarkCompiles)
{
    const Program p = Program::build({embedded("fullscreen.vert")}, {embedded("copy.frag")});
    EXPECT_NE(p.id(), 0u);
}

TEST_F(ProgramTest, CompileErrorNamesFileAndLine)
{
    const SourceFile broken{"broken.frag",
                            "out vec4 colour;\nvoid main()\n{\n    colour = vec4(undeclaredThing);\n}\n"};
    try {
        Program::build({embedded("fullscreen.vert")}, {embedded("common.glsl"), broken});
        FAIL() << "a shader with an undeclared identifier compiled";
    } catch (const GlError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("Program::build()"), std::string::npos) << message;
        EXPECT_NE(message.find("broken.frag:4"), std::string::npos) << message;
        EXPECT_NE(message.find("undeclaredThing"), std::string::npos) << message;
    }
}

TEST_F(ProgramTest, LinkErrorIsReported)
{
    // The fragment stage has no main(): compiles, but cannot link.
    const SourceFile noMain{"nomain.frag", "out vec4 colour;\nvoid helper() { colour = vec4(1.0); }\n"};
    try {
        Program::build({embedded("fullscreen.vert")}, {noMain});
        FAIL() << "a program without main() linked";
    } catch (const GlError& e) {
        EXPECT_NE(std::string(e.what()).find("failed to link"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("nomain.frag"), std::string::npos) << e.what();
    }
}

TEST(ProgramLog, AttributesMesaAndNvidiaStyleLines)
{
    const StageSources files{{"common.glsl", ""}, {"advect.frag", ""}};
    EXPECT_EQ(attributeLog("0:200012(5): error: bad", files), "advect.frag:12(5): error: bad");
    EXPECT_EQ(attributeLog("1(100007) : error C0000: bad", files), "common.glsl:7 : error C0000: bad");
    EXPECT_EQ(attributeLog("0:1(1): error: in the #version line", files), "0:1(1): error: in the #version line");
    EXPECT_EQ(attributeLog("no number here", files), "no number here");
}

TEST(ShaderSources, UnknownNameListsWhatExists)
{
    try {
        shaders::source("nope.frag");
        FAIL();
    } catch (const std::out_of_range& e) {
        EXPECT_NE(std::string(e.what()).find("nope.frag"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("advect.frag"), std::string::npos);
    }
}

}  // namespace
}  // namespace fluid::gl
