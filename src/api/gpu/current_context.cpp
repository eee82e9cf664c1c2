#include "api/gpu/current_context.hpp"

#include <dlfcn.h>

namespace fluidsim::detail {

namespace {

using GetCurrentContext = void* (*)();

// `function` of `library` when the process has already loaded that library
// (RTLD_NOLOAD): a context made through it could only exist then, and
// loading it just to ask would start a driver for nothing.
bool currentThrough(const char* library, const char* function)
{
    void* handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) return false;
    // POSIX: a data pointer from dlsym converts to a function pointer.
    const auto get = reinterpret_cast<GetCurrentContext>(dlsym(handle, function));
    const bool current = get && get() != nullptr;
    dlclose(handle);  // balances this dlopen's reference; the library stays loaded
    return current;
}

}  // namespace

bool glContextIsCurrent()
{
    // EGL (headless, Wayland, GLFW's EGL backend) and GLX (X11: GLFW's default),
    // through the GLVND dispatchers and the legacy libGL.
    return currentThrough("libEGL.so.1", "eglGetCurrentContext") ||
           currentThrough("libGLX.so.0", "glXGetCurrentContext") ||
           currentThrough("libGL.so.1", "glXGetCurrentContext");
}

}  // namespace fluidsim::detail
