// A headless OpenGL 3.3 core context through EGL, for the examples: no
// window, no surface (EGL_KHR_surfaceless_context), current on the calling
// thread while the object lives. It is the application's business, not
// fluidsim's: the library's GPU backend runs in whatever context is current.
// Header-only and EGL only, so it needs no GL loader.
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstring>
#include <stdexcept>
#include <string>

class HeadlessEgl {
public:
    HeadlessEgl()
    {
        display_ = surfacelessDisplay();
        if (display_ == EGL_NO_DISPLAY) fail("no EGL display");
        if (!eglInitialize(display_, nullptr, nullptr)) fail("eglInitialize failed");
        const char* extensions = eglQueryString(display_, EGL_EXTENSIONS);
        if (!extensions || !std::strstr(extensions, "EGL_KHR_surfaceless_context"))
            fail("the EGL display cannot make a context current without a surface");
        if (!eglBindAPI(EGL_OPENGL_API)) fail("eglBindAPI(EGL_OPENGL_API) failed");
        // A surface type mask of 0 matches every config: no surface is made.
        const EGLint configAttribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
        EGLConfig config = nullptr;
        EGLint count = 0;
        if (!eglChooseConfig(display_, configAttribs, &config, 1, &count) || count < 1)
            fail("no EGL config renders OpenGL");
        const EGLint contextAttribs[] = {
            EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        context_ = eglCreateContext(display_, config, EGL_NO_CONTEXT, contextAttribs);
        if (context_ == EGL_NO_CONTEXT) fail("no OpenGL 3.3 core context");
        if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_)) fail("eglMakeCurrent failed");
    }
    HeadlessEgl(const HeadlessEgl&) = delete;
    HeadlessEgl& operator=(const HeadlessEgl&) = delete;
    ~HeadlessEgl() { release(); }

    /// The driver's name for itself, e.g. "Mesa (surfaceless)".
    std::string vendor() const
    {
        const char* vendor = eglQueryString(display_, EGL_VENDOR);
        return vendor ? vendor : "unknown";
    }

private:
    // Mesa's surfaceless platform needs no X server or GPU device node; where
    // it is missing, the default display.
    static EGLDisplay surfacelessDisplay()
    {
        const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
        if (clientExtensions && std::strstr(clientExtensions, "EGL_MESA_platform_surfaceless")) {
            const auto getPlatformDisplay =
                reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
            if (getPlatformDisplay) {
                EGLDisplay display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
                if (display != EGL_NO_DISPLAY) return display;
            }
        }
        return eglGetDisplay(EGL_DEFAULT_DISPLAY);
    }

    void release()
    {
        if (display_ == EGL_NO_DISPLAY) return;
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (context_ != EGL_NO_CONTEXT) eglDestroyContext(display_, context_);
        eglTerminate(display_);
        display_ = EGL_NO_DISPLAY;
    }

    [[noreturn]] void fail(const std::string& what)
    {
        const EGLint error = eglGetError();
        release();
        throw std::runtime_error("headless EGL: " + what + " (EGL error 0x" + hex(error) + ")");
    }

    static std::string hex(EGLint value)
    {
        static const char digits[] = "0123456789abcdef";
        std::string out;
        for (int shift = 12; shift >= 0; shift -= 4) out += digits[(value >> shift) & 0xf];
        return out;
    }

    EGLDisplay display_ = EGL_NO_DISPLAY;
    EGLContext context_ = EGL_NO_CONTEXT;
};
