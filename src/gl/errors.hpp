// GL error reporting: names for status enums, and a check that runs only in
// debug builds (never in release step loops, where glGetError stalls).
#pragma once

#include <epoxy/gl.h>

#include <stdexcept>
#include <string>

namespace fluid::gl {

// Thrown for every GL failure we detect; the message names the function and
// what the driver said.
class GlError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

const char* errorName(GLenum error);
const char* framebufferStatusName(GLenum status);

// Drains glGetError; throws GlError naming `where` if anything was pending.
void throwOnError(const char* where);

#ifdef NDEBUG
inline void debugCheck(const char*) {}
#else
inline void debugCheck(const char* where)
{
    throwOnError(where);
}
#endif

}  // namespace fluid::gl
