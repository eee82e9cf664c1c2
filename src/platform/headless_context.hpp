// HeadlessContext: an OpenGL 3.3 core context with no window and no display,
// made through EGL on Mesa's surfaceless platform, or on the EGL device
// platform when that is missing (NVIDIA's driver). Used by the tests, the
// benchmarks and the headless runner. Made current on construction.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

namespace fluid::platform {

// what() is one line.
class ContextError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The driver gives OpenGL, only older than 3.3 core: what() says what was
// found and what is needed, "OpenGL 3.3 core needed; this driver gives OpenGL
// 3.0 Mesa 22.3.6 on llvmpipe (LLVM 15.0.6, 256 bits)".
class GlVersionError : public ContextError {
public:
    explicit GlVersionError(const std::string& found);
};

// "OpenGL <GL_VERSION> on <GL_RENDERER>" of the current context (with its
// GLSL version when that is older than 3.30).
std::string describeCurrentGl();
// The current context is 3.3 or newer but its GLSL is older than 3.30.
bool glslTooOld();

class HeadlessContext {
public:
    // Throws GlVersionError when the driver offers only an older OpenGL,
    // ContextError (one line naming every attempt) when it offers none.
    HeadlessContext();
    ~HeadlessContext();
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;

    void makeCurrent() const;
    // "llvmpipe (LLVM 15.0.6, 256 bits) / OpenGL 4.5 (Core Profile) Mesa 22.3.6 / via EGL surfaceless".
    std::string description() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Throws GlVersionError unless the current context offers GL >= 3.3 (which
// guarantees the float render targets fluidsim needs) and GLSL >= 3.30.
void requireGl33();

}  // namespace fluid::platform
