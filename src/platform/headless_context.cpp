#include "platform/headless_context.hpp"

#include "platform/driver_pin.hpp"

#include <epoxy/egl.h>
#include <epoxy/gl.h>

#include <cstring>
#include <optional>
#include <vector>

namespace fluid::platform {

namespace {

std::string eglErrorName(EGLint error)
{
    switch (error) {
        case EGL_SUCCESS:
            return "EGL_SUCCESS";
        case EGL_NOT_INITIALIZED:
            return "EGL_NOT_INITIALIZED";
        case EGL_BAD_ACCESS:
            return "EGL_BAD_ACCESS";
        case EGL_BAD_ALLOC:
            return "EGL_BAD_ALLOC";
        case EGL_BAD_ATTRIBUTE:
            return "EGL_BAD_ATTRIBUTE";
        case EGL_BAD_CONFIG:
            return "EGL_BAD_CONFIG";
        case EGL_BAD_CONTEXT:
            return "EGL_BAD_CONTEXT";
        case EGL_BAD_DISPLAY:
            return "EGL_BAD_DISPLAY";
        case EGL_BAD_MATCH:
            return "EGL_BAD_MATCH";
        case EGL_BAD_PARAMETER:
            return "EGL_BAD_PARAMETER";
        default:
            return "EGL error " + std::to_string(error);
    }
}

bool hasExtension(const char* list, const char* name)
{
    if (list == nullptr) return false;
    const std::size_t n = std::strlen(name);
    for (const char* p = std::strstr(list, name); p != nullptr; p = std::strstr(p + n, name))
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

}  // namespace

struct HeadlessContext::Impl {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
    std::string platform;
    // What a context without a version request offers ("OpenGL 3.0 Mesa ...
    // on llvmpipe ..."), asked only when 3.3 core is refused: the reason to
    // give is then the version, not the EGL error.
    std::optional<std::string> older;

    ~Impl()
    {
        if (display == EGL_NO_DISPLAY) return;
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
        eglTerminate(display);
    }

    // What the driver gives when no version is asked for (its newest
    // compatibility context); nullopt if not even that.
    static std::optional<std::string> probeDefaultContext(EGLDisplay candidate, EGLConfig config)
    {
        const EGLint attribs[] = {EGL_NONE};
        EGLContext probe = eglCreateContext(candidate, config, EGL_NO_CONTEXT, attribs);
        if (probe == EGL_NO_CONTEXT) return std::nullopt;
        std::optional<std::string> found;
        if (eglMakeCurrent(candidate, EGL_NO_SURFACE, EGL_NO_SURFACE, probe)) {
            found = describeCurrentGl();
            keepGlDriverLoaded();  // the probe loaded the driver too (sanitized builds only)
            // 3.3 or newer, only not as a core profile (MESA_GLSL_VERSION_OVERRIDE=120 does that).
            if (!glslTooOld() && epoxy_gl_version() >= 33) *found += " but no 3.3 core context";
            eglMakeCurrent(candidate, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        }
        eglDestroyContext(candidate, probe);
        return found;
    }

    // Tries one display; on failure appends the reason to `why` and cleans up.
    bool tryDisplay(EGLDisplay candidate, const char* name, std::string& why)
    {
        const auto fail = [&](const std::string& what) {
            why += std::string(why.empty() ? "" : "; ") + name + ": " + what + " (" + eglErrorName(eglGetError()) + ")";
            if (candidate != EGL_NO_DISPLAY) eglTerminate(candidate);
            return false;
        };
        if (candidate == EGL_NO_DISPLAY) return fail("no display");
        EGLint major = 0, minor = 0;
        if (!eglInitialize(candidate, &major, &minor)) return fail("eglInitialize failed");
        if (!hasExtension(eglQueryString(candidate, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context"))
            return fail("EGL_KHR_surfaceless_context is missing");
        if (!eglBindAPI(EGL_OPENGL_API)) return fail("eglBindAPI(EGL_OPENGL_API) failed");

        // EGL_SURFACE_TYPE defaults to EGL_WINDOW_BIT; we render only into FBOs,
        // so any surface type (0: no bits required) will do.
        const EGLint configAttribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
        EGLConfig config = nullptr;
        EGLint count = 0;
        if (!eglChooseConfig(candidate, configAttribs, &config, 1, &count) || count == 0)
            return fail("no EGL config with EGL_OPENGL_BIT");

        const EGLint contextAttribs[] = {
            EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
        EGLContext made = eglCreateContext(candidate, config, EGL_NO_CONTEXT, contextAttribs);
        if (made == EGL_NO_CONTEXT) {
            const EGLint error = eglGetError();
            if (!older) older = probeDefaultContext(candidate, config);
            why += std::string(why.empty() ? "" : "; ") + name + ": cannot create an OpenGL 3.3 core context (" +
                   eglErrorName(error) + ")";
            eglTerminate(candidate);
            return false;
        }
        if (!eglMakeCurrent(candidate, EGL_NO_SURFACE, EGL_NO_SURFACE, made)) {
            eglDestroyContext(candidate, made);
            return fail("eglMakeCurrent without a surface failed");
        }
        display = candidate;
        context = made;
        platform = name;
        return true;
    }
};

HeadlessContext::HeadlessContext() : impl_(std::make_unique<Impl>())
{
    std::string why;
    const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!hasExtension(clientExtensions, "EGL_EXT_platform_base"))
        throw ContextError(
            "no OpenGL without a display: EGL_EXT_platform_base is missing; is libEGL from Mesa or "
            "a GPU driver installed? (Debian: libegl1 libegl-mesa0)");

    bool made = false;
    if (hasExtension(clientExtensions, "EGL_MESA_platform_surfaceless")) {
        made = impl_->tryDisplay(eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr),
                                 "EGL surfaceless", why);
    } else {
        why += "EGL surfaceless: EGL_MESA_platform_surfaceless is missing";
    }
    if (!made && hasExtension(clientExtensions, "EGL_EXT_platform_device")) {
        EGLint count = 0;
        eglQueryDevicesEXT(0, nullptr, &count);
        std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count > 0 ? count : 0));
        if (count > 0) eglQueryDevicesEXT(count, devices.data(), &count);
        for (EGLDeviceEXT device : devices) {
            if ((made = impl_->tryDisplay(eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, device, nullptr),
                                          "EGL device", why)))
                break;
        }
        if (devices.empty()) why += std::string(why.empty() ? "" : "; ") + "EGL device: no devices";
    }
    if (!made && impl_->older) throw GlVersionError(*impl_->older);
    if (!made) throw ContextError("no OpenGL 3.3 core context without a display: " + why);
    keepGlDriverLoaded();  // sanitized builds only (see driver_pin.hpp); before a refusal, which unloads it
    requireGl33();
}

HeadlessContext::~HeadlessContext() = default;

void HeadlessContext::makeCurrent() const
{
    if (!eglMakeCurrent(impl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, impl_->context))
        throw ContextError("HeadlessContext::makeCurrent(): " + eglErrorName(eglGetError()));
}

GlVersionError::GlVersionError(const std::string& found)
    : ContextError("OpenGL 3.3 core needed; this driver gives " + found)
{
}

namespace {

std::string glString(GLenum name)
{
    const auto* s = reinterpret_cast<const char*>(glGetString(name));
    return std::string(s ? s : "?");
}

}  // namespace

bool glslTooOld()
{
    return epoxy_gl_version() >= 33 && epoxy_glsl_version() < 330;
}

std::string describeCurrentGl()
{
    // GLSL is named only when it is what falls short: the shaders say #version 330.
    const std::string glsl = glslTooOld() ? " with GLSL " + glString(GL_SHADING_LANGUAGE_VERSION) : "";
    return "OpenGL " + glString(GL_VERSION) + glsl + " on " + glString(GL_RENDERER);
}

std::string HeadlessContext::description() const
{
    const auto str = [](GLenum name) {
        const auto* s = reinterpret_cast<const char*>(glGetString(name));
        return std::string(s ? s : "?");
    };
    return str(GL_RENDERER) + " / OpenGL " + str(GL_VERSION) + " / via " + impl_->platform;
}

void requireGl33()
{
    if (epoxy_gl_version() < 33 || glslTooOld()) throw GlVersionError(describeCurrentGl());
}

}  // namespace fluid::platform
