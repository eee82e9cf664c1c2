// The RAII owners: move-only, noexcept moves that empty the source, and
// destruction that really deletes the GL object.
#include <gtest/gtest.h>

#include <type_traits>

#include "gl/handle.hpp"
#include "support/gl_context.hpp"

namespace fluid::gl {
namespace {

template <typename T>
constexpr bool kMoveOnly = !std::is_copy_constructible_v<T> && !std::is_copy_assignable_v<T> &&
                           std::is_nothrow_move_constructible_v<T> && std::is_nothrow_move_assignable_v<T>;

static_assert(kMoveOnly<Texture>);
static_assert(kMoveOnly<Framebuffer>);
static_assert(kMoveOnly<VertexArray>);
static_assert(kMoveOnly<ProgramHandle>);
static_assert(kMoveOnly<ShaderHandle>);
static_assert(kMoveOnly<Query>);
static_assert(kMoveOnly<Sampler>);
static_assert(kMoveOnly<Buffer>);
static_assert(kMoveOnly<Fence>);

using HandleTest = test::GlTest;

TEST_F(HandleTest, MoveLeavesSourceEmptyAndDestructorDeletes)
{
    GLuint id = 0;
    {
        Texture a = Texture::create();
        ASSERT_TRUE(a);
        id = a.id();
        glBindTexture(GL_TEXTURE_2D, id);  // a name becomes a texture once bound
        glBindTexture(GL_TEXTURE_2D, 0);
        EXPECT_TRUE(glIsTexture(id));

        Texture b = std::move(a);
        EXPECT_FALSE(a);  // NOLINT(bugprone-use-after-move): checking the moved-from state is the point
        EXPECT_EQ(b.id(), id);

        Texture c;
        EXPECT_FALSE(c);
        c = std::move(b);
        EXPECT_EQ(c.id(), id);
        EXPECT_TRUE(glIsTexture(id));
    }
    EXPECT_FALSE(glIsTexture(id));
}

TEST_F(HandleTest, ResetDeletesAndEmpties)
{
    ProgramHandle p = ProgramHandle::create();
    const GLuint id = p.id();
    ASSERT_TRUE(glIsProgram(id));
    p.reset();
    EXPECT_FALSE(p);
    EXPECT_FALSE(glIsProgram(id));
}

TEST_F(HandleTest, LiveCountFollowsCreateMoveAndDelete)
{
    const long before = liveGlObjects();
    {
        Texture a = Texture::create();
        Buffer b = Buffer::create();
        EXPECT_EQ(liveGlObjects(), before + 2);
        Texture moved = std::move(a);  // a move hands over ownership: no new object
        EXPECT_EQ(liveGlObjects(), before + 2);
        Fence f = Fence::insert();
        EXPECT_EQ(liveGlObjects(), before + 3);
        b.reset();
        EXPECT_EQ(liveGlObjects(), before + 2);
        Texture empty;  // owns nothing, counts nothing
        EXPECT_EQ(liveGlObjects(), before + 2);
    }
    EXPECT_EQ(liveGlObjects(), before);
}

}  // namespace
}  // namespace fluid::gl
