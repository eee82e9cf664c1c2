// A program built again is loaded from the binary of its first build: a
// program object of its own that draws what the compiled one drew, and
// never the binary of other sources.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gl/errors.hpp"
#include "gl/program.hpp"
#include "gl/program_binaries.hpp"
#include "gl/render_target.hpp"
#include "shaders/shader_sources.hpp"
#include "support/gl_context.hpp"

namespace fluid::gl {
namespace {

using ProgramBinariesTest = test::GlTest;

SourceFile vertex()
{
    return {"fullscreen.vert", std::string(shaders::source("fullscreen.vert"))};
}

// A fragment stage that writes (uValue, VALUE, 0, 1); `tag`, a comment,
// makes its text this test's own, so that its first build is compiled
// whatever other tests of this program built before it.
SourceFile fragment(const std::string& tag, float value)
{
    return {"value.frag", "// " + tag + "\n#define VALUE " + std::to_string(value) +
                              "\nuniform float uValue;\nout vec4 fragResult;\n"
                              "void main() { fragResult = vec4(uValue, VALUE, 0.0, 1.0); }\n"};
}

// The first texel that `program` draws into a 2 x 2 target with uValue = u.
std::vector<float> drawn(const Program& program, float u)
{
    RenderTarget target(2, 2, TextureFormat::RGBA32F, "program binaries test");
    VertexArray emptyVertexArray = VertexArray::create();
    program.use();
    glUniform1f(program.requiredUniform("uValue"), u);
    target.bindAsTarget();
    glBindVertexArray(emptyVertexArray.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::vector<float> texels(2 * 2 * 4);
    target.download(texels.data());
    return {texels.begin(), texels.begin() + 4};
}

// Programs loaded where the driver offers a binary format; where it offers
// none every program is compiled, and none is loaded.
std::size_t loadedOnce()
{
    return program_binaries::available() ? 1 : 0;
}

TEST_F(ProgramBinariesTest, LlvmpipeOffersThem)
{
    // Without them every program is compiled, which is correct but slow: the
    // CI's driver must keep the suite's time down (any other may offer none).
    if (test::onLlvmpipe()) {
        EXPECT_TRUE(program_binaries::available());
    }
}

TEST_F(ProgramBinariesTest, AProgramBuiltAgainIsLoadedAndDrawsWhatTheCompiledOneDrew)
{
    const SourceFile value = fragment("built again", 2.5f);
    const Program compiled = Program::build({vertex()}, {value});
    const std::size_t loads = program_binaries::loads();
    const Program loaded = Program::build({vertex()}, {value});
    EXPECT_EQ(program_binaries::loads(), loads + loadedOnce());
    EXPECT_NE(loaded.id(), compiled.id());
    EXPECT_EQ(loaded.name(), "value.frag");
    EXPECT_EQ(drawn(compiled, 1.5f), (std::vector<float>{1.5f, 2.5f, 0.0f, 1.0f}));
    EXPECT_EQ(drawn(loaded, -7.0f), (std::vector<float>{-7.0f, 2.5f, 0.0f, 1.0f}));
    // Each object keeps its own uniforms: the loaded one's value did not
    // reach the compiled one.
    compiled.use();
    GLfloat u = 0.0f;
    glGetUniformfv(compiled.id(), compiled.requiredUniform("uValue"), &u);
    EXPECT_EQ(u, 1.5f);
}

TEST_F(ProgramBinariesTest, OtherSourcesAreCompiledNotTakenForAKeptOne)
{
    const Program one = Program::build({vertex()}, {fragment("other sources", 1.0f)});
    std::size_t loads = program_binaries::loads();
    // Another fragment stage: one constant differs.
    const Program two = Program::build({vertex()}, {fragment("other sources", 2.0f)});
    EXPECT_EQ(program_binaries::loads(), loads);
    EXPECT_EQ(drawn(two, 0.0f)[1], 2.0f);
    // Another vertex stage, the same fragment stage.
    SourceFile otherVertex = vertex();
    otherVertex.text = "// another vertex stage\n" + otherVertex.text;
    const Program three = Program::build({otherVertex}, {fragment("other sources", 1.0f)});
    EXPECT_EQ(program_binaries::loads(), loads);
    // Each of them again: loaded, each its own.
    loads = program_binaries::loads();
    EXPECT_EQ(drawn(Program::build({vertex()}, {fragment("other sources", 2.0f)}), 0.0f)[1], 2.0f);
    EXPECT_EQ(drawn(Program::build({vertex()}, {fragment("other sources", 1.0f)}), 0.0f)[1], 1.0f);
    EXPECT_EQ(program_binaries::loads(), loads + 2 * loadedOnce());
}

// Off (the benchmark's other half): compiled every time, nothing kept; on
// again, the program is kept at its next build and loaded at the one after.
TEST_F(ProgramBinariesTest, OffEveryProgramIsCompiled)
{
    const SourceFile value = fragment("off", 4.0f);
    program_binaries::setEnabled(false);
    const std::size_t loads = program_binaries::loads(), kept = program_binaries::kept();
    for (int n = 0; n < 2; ++n) EXPECT_EQ(drawn(Program::build({vertex()}, {value}), 0.5f)[1], 4.0f);
    EXPECT_EQ(program_binaries::loads(), loads);
    EXPECT_EQ(program_binaries::kept(), kept);
    program_binaries::setEnabled(true);
    for (int n = 0; n < 2; ++n) EXPECT_EQ(drawn(Program::build({vertex()}, {value}), 0.5f)[1], 4.0f);
    EXPECT_EQ(program_binaries::loads(), loads + loadedOnce());
    EXPECT_EQ(program_binaries::kept(), kept + loadedOnce());
}

TEST_F(ProgramBinariesTest, ASourceThatFailsIsNeverKept)
{
    const std::size_t kept = program_binaries::kept();
    const SourceFile broken{"broken.frag", "out vec4 fragResult;\nvoid main() { fragResult = vec4(nothing); }\n"};
    for (int n = 0; n < 2; ++n) EXPECT_THROW(Program::build({vertex()}, {broken}), GlError);
    EXPECT_EQ(program_binaries::kept(), kept);
}

}  // namespace
}  // namespace fluid::gl
