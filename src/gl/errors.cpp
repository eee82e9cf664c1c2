#include "gl/errors.hpp"

#include <span>

namespace fluid::gl {

namespace {

struct NamedEnum {
    GLenum value;
    const char* name;
};

// A row naming an enum by its own spelling, so the name cannot drift from it.
#define FLUID_GL_NAMED(e) \
    NamedEnum             \
    {                     \
        e, #e             \
    }

constexpr NamedEnum kErrors[] = {
    FLUID_GL_NAMED(GL_NO_ERROR),
    FLUID_GL_NAMED(GL_INVALID_ENUM),
    FLUID_GL_NAMED(GL_INVALID_VALUE),
    FLUID_GL_NAMED(GL_INVALID_OPERATION),
    FLUID_GL_NAMED(GL_INVALID_FRAMEBUFFER_OPERATION),
    FLUID_GL_NAMED(GL_OUT_OF_MEMORY),
};

constexpr NamedEnum kFramebufferStatuses[] = {
    FLUID_GL_NAMED(GL_FRAMEBUFFER_COMPLETE),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_UNDEFINED),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_UNSUPPORTED),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE),
    FLUID_GL_NAMED(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS),
};

#undef FLUID_GL_NAMED

const char* nameIn(std::span<const NamedEnum> names, GLenum value, const char* unknown)
{
    for (const NamedEnum& n : names)
        if (n.value == value) return n.name;
    return unknown;
}

}  // namespace

const char* errorName(GLenum error)
{
    return nameIn(kErrors, error, "unknown GL error");
}

const char* framebufferStatusName(GLenum status)
{
    return nameIn(kFramebufferStatuses, status, "unknown framebuffer status");
}

void throwOnError(const char* where)
{
    std::string errors;
    for (GLenum e = glGetError(); e != GL_NO_ERROR; e = glGetError()) {
        if (!errors.empty()) errors += ", ";
        errors += errorName(e);
    }
    if (!errors.empty()) throw GlError(std::string(where) + ": " + errors);
}

}  // namespace fluid::gl
