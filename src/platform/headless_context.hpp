// HeadlessContext: an OpenGL 3.3 core context with no window and no display,
// made through EGL on Mesa's surfaceless platform, or on the EGL device
// platform when that is missing (NVIDIA's driver). Used by the tests, the
// benchmarks and the headless runner. Made current on construction.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

namespace fluid::platform {

class ContextError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class HeadlessContext {
public:
    // Throws ContextError explaining every attempt that failed.
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

// Throws ContextError unless the current context offers GL >= 3.3 (which
// guarantees the float render targets fluidsim needs).
void requireGl33();

}  // namespace fluid::platform
